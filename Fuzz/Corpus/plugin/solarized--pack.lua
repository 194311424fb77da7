-- Solarized (Ethan Schoonover's published values), dark and light.
return {
  name = "solarized", version = "1.0.0", author = "Swatchbook", license = "MIT",
  themes = { "solarized-dark.lua", "solarized-light.lua" },
}
