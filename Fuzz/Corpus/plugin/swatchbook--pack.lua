-- Swatchbook's own themes beside the built-in dark default: a light one, a
-- high-contrast one (WCAG AAA for text roles) and a monochrome one that needs
-- no colour at all.
return {
  name = "swatchbook", version = "1.0.0", author = "Swatchbook", license = "MIT",
  themes = { "light.lua", "high-contrast.lua", "monochrome.lua" },
}
