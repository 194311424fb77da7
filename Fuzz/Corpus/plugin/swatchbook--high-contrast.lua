-- Every text role at least 7:1 against its background (WCAG AAA).
return {
  id = "high-contrast", name = "High contrast", variant = "dark", extends = "default",
  palette = { black = "#000000", white = "#FFFFFF", yellow = "#FFFF00", cyan = "#00FFFF", pink = "#FF99CC" },
  roles = {
    background = { bg = "black" },
    text = { fg = "white" },
    header = { fg = "black", bg = "white", bold = true },
    row_title = { fg = "yellow", bold = true },
    label = { fg = "white" },
    hex = { fg = "white" },
    focus = { reverse = true, bold = true },
    selection = { fg = "cyan", underline = true, bold = true },
    indicator = { fg = "yellow", bold = true },
    border = { fg = "white" },
    status = { fg = "black", bg = "white" },
    error = { fg = "pink", bold = true },
    muted = { fg = "white" },
  },
}
