-- Nord: an arctic, north-bluish palette. Roles name palette entries, so a
-- theme extending this one recolours them by changing the palette.
return {
  id = "nord", name = "Nord", variant = "dark", extends = "default",
  palette = {
    nord0 = "#2E3440", nord1 = "#3B4252", nord2 = "#434C5E", nord3 = "#4C566A",
    nord4 = "#D8DEE9", nord5 = "#E5E9F0", nord6 = "#ECEFF4",
    nord7 = "#8FBCBB", nord8 = "#88C0D0", nord9 = "#81A1C1", nord10 = "#5E81AC",
    nord11 = "#BF616A", nord12 = "#D08770", nord13 = "#EBCB8B", nord14 = "#A3BE8C", nord15 = "#B48EAD",
    -- Nord has no red that reaches 4.5:1 on nord0 (nord11 is 3.05:1): nord11 mixed 34% toward nord4.
    nord11_text = "#C88C95",
    -- nord3 is 1.69:1 on nord0, the snow storm as bright as text: the default theme's grey, nord3 to nord4.
    nord3_text = "#8A93A5",
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
    error = { fg = "nord11_text", bold = true },
    muted = { fg = "nord3_text" },
  },
}
