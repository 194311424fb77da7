return {
  id = "solarized-dark", name = "Solarized dark", variant = "dark", extends = "default",
  palette = {
    base03 = "#002B36", base02 = "#073642", base01 = "#586E75", base00 = "#657B83",
    base0 = "#839496", base1 = "#93A1A1", base2 = "#EEE8D5", base3 = "#FDF6E3",
    yellow = "#B58900", orange = "#CB4B16", red = "#DC322F", magenta = "#D33682",
    violet = "#6C71C4", blue = "#268BD2", cyan = "#2AA198", green = "#859900",
    -- faint was base01 (2.79:1 on base03): secondary text takes the next tone, base00.
    back = "base03", fore = "base0", panel = "base02", strong = "base1", faint = "base00",
    -- blue is 4.08:1 on base03: row titles take cyan, the nearest accent that reaches 4.5:1.
    title = "cyan", accent = "yellow",
    -- No accent red reaches 4.5:1 on base03 (red is 3.25:1): red mixed 26% toward base3.
    alert = "#E5655E",
  },
  roles = {
    background = { bg = "back" },
    text = { fg = "fore" },
    header = { fg = "strong", bg = "panel", bold = true },
    row_title = { fg = "title", bold = true },
    label = { fg = "fore" },
    hex = { fg = "fore" },
    selection = { fg = "accent", underline = true },
    indicator = { fg = "accent", bold = true },
    border = { fg = "faint" },
    status = { fg = "strong", bg = "panel" },
    error = { fg = "alert", bold = true },
    muted = { fg = "faint" },
  },
}
