-- Gruvbox (morhetz's published values), dark.
return {
  name = "gruvbox", version = "1.0.0", author = "Swatchbook", license = "MIT",
  themes = { "gruvbox-dark.lua" },
}
