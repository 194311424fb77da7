-- Nord: an arctic, north-bluish palette. Roles name palette entries, so a
-- theme extending this one recolours them by changing the palette.
return {
  id = "nord", name = "Nord", variant = "dark", extends = "default",
  palette = {
    nord0 = "#2E3440", nord1 = "#3B4252", nord2 = "#434C5E", nord3 = "#4C566A",
    nord4 = "#D8DEE9", nord5 = "#E5E9F0", nord6 = "#ECEFF4",
    nord7 = "#8FBCBB", nord8 = "#88C0D0", nord9 = "#81A1C1", nord10 = "#5E81AC",
    nord11 = "#BF616A", nord12 = "#D08770", nord13 = "#EBCB8B", nord14 = "#A3BE8C", nord15 = "#B48EAD",
  },
  roles = {
    background = { bg = "nord0" },
    text = { fg = "nord4" },
    header = { fg = "nord6", bg = "nord1", bold = true },
    row_title = { fg = "nord8", bold = true },
    label = { fg = "nord4" },
    hex = { fg = "nord5" },
    focus = { reverse = true, bold = true },
    selection = { fg = "nord13", underline = true },
    indicator = { fg = "nord13", bold = true },
    border = { fg = "nord3" },
    status = { fg = "nord6", bg = "nord2" },
    error = { fg = "nord11", bold = true },
    muted = { fg = "nord3" },
  },
}
