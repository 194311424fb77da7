return {
  id = "gruvbox-dark", name = "Gruvbox dark", variant = "dark", extends = "default",
  palette = {
    bg = "#282828", bg1 = "#3C3836", bg2 = "#504945", fg = "#EBDBB2", fg4 = "#A89984",
    gray = "#928374", red = "#FB4934", green = "#B8BB26", yellow = "#FABD2F",
    blue = "#83A598", purple = "#D3869B", aqua = "#8EC07C", orange = "#FE8019",
    -- Gruvbox has no red that reaches 4.5:1 on bg (red is 4.29:1): red mixed 8% toward fg.
    red_text = "#FA553E",
  },
  -- Half blocks end each swatch half a line above its label.
  swatch = { fill = "half" },
  roles = {
    background = { bg = "bg" },
    text = { fg = "fg" },
    header = { fg = "fg", bg = "bg2", bold = true },
    row_title = { fg = "yellow", bold = true },
    label = { fg = "fg" },
    hex = { fg = "fg" },
    selection = { fg = "orange", underline = true },
    indicator = { fg = "orange", bold = true },
    border = { fg = "gray" },
    status = { fg = "fg", bg = "bg1" },
    error = { fg = "red_text", bold = true },
    muted = { fg = "fg4" },
  },
}
