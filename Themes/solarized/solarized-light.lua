-- The light variant changes only what the palette's aliases point to: every
-- role is inherited and rebinds late.
return {
  id = "solarized-light", name = "Solarized light", variant = "light", extends = "solarized-dark",
  palette = {
    -- base00 text is 4.13:1 on base3: each text tone moves one step darker (base01, base02, base00).
    back = "base3", fore = "base01", panel = "base2", strong = "base02", faint = "base00",
    -- No accent reaches 4.5:1 on base3: blue, yellow and red mixed toward base03 (22%, 27%, 4%).
    title = "#1E76B0", accent = "#84700F", alert = "#D3322F",
  },
}
