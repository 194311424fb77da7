-- The light variant changes only what the palette's aliases point to: every
-- role is inherited and rebinds late.
return {
  id = "solarized-light", name = "Solarized light", variant = "light", extends = "solarized-dark",
  palette = { back = "base3", fore = "base00", panel = "base2", strong = "base01", faint = "base1" },
}
