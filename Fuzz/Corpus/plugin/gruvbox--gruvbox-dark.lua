return {
  id = "gruvbox-dark", name = "Gruvbox dark", variant = "dark", extends = "default",
  palette = {
    bg = "#282828", bg1 = "#3C3836", bg2 = "#504945", fg = "#EBDBB2", fg4 = "#A89984",
    gray = "#928374", red = "#FB4934", green = "#B8BB26", yellow = "#FABD2F",
    blue = "#83A598", purple = "#D3869B", aqua = "#8EC07C", orange = "#FE8019",
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
    error = { fg = "red", bold = true },
    muted = { fg = "fg4" },
  },
}
