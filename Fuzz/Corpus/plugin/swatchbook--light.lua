return {
  id = "light", name = "Light", variant = "light", extends = "default",
  palette = {
    paper = "#FFFFFF", ink = "#1F2328", slate = "#24292F", sky = "#0969DA",
    amber = "#9A6700", rust = "#CF222E", fog = "#57606A", mist = "#EAEEF2",
  },
  roles = {
    background = { bg = "paper" },
    text = { fg = "ink" },
    header = { fg = "paper", bg = "slate", bold = true },
    row_title = { fg = "sky", bold = true },
    label = { fg = "ink" },
    hex = { fg = "ink" },
    selection = { fg = "amber", underline = true },
    indicator = { fg = "amber", bold = true },
    border = { fg = "fog" },
    status = { fg = "ink", bg = "mist" },
    error = { fg = "rust", bold = true },
    muted = { fg = "fog" },
  },
}
