-- No colour at all: structure by bold, reverse and underline; swatches by shade.
return {
  id = "monochrome", name = "Monochrome", variant = "dark",
  roles = {
    header = { reverse = true, bold = true },
    row_title = { bold = true },
    focus = { reverse = true },
    selection = { underline = true },
    indicator = { bold = true },
    status = { reverse = true },
    error = { bold = true, underline = true },
    muted = { dim = true },
  },
  swatch = { fill = "shade", show_hex = true },
}
