-- A theme pack: the Nord palette (arcticicestudio's published colour values).
return {
  name = "nord", version = "1.0.0", author = "Swatchbook", license = "MIT",
  themes = { "nord.lua" },
}
