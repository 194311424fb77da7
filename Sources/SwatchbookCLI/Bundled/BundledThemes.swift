/// The theme packs of `Themes/`, compiled into the binary so every theme
/// works from any folder. Each file is a symlink in `BundledThemes/` named
/// `pack--file.lua` (resource names must be unique); a test checks this
/// table against `Themes/` byte for byte.
enum BundledThemes {
    static let files: [String: [UInt8]] = [
        "gruvbox/pack.lua": PackageResources.gruvbox__pack_lua,
        "gruvbox/gruvbox-dark.lua": PackageResources.gruvbox__gruvbox_dark_lua,
        "nord/pack.lua": PackageResources.nord__pack_lua,
        "nord/nord.lua": PackageResources.nord__nord_lua,
        "solarized/pack.lua": PackageResources.solarized__pack_lua,
        "solarized/solarized-dark.lua": PackageResources.solarized__solarized_dark_lua,
        "solarized/solarized-light.lua": PackageResources.solarized__solarized_light_lua,
        "swatchbook/pack.lua": PackageResources.swatchbook__pack_lua,
        "swatchbook/light.lua": PackageResources.swatchbook__light_lua,
        "swatchbook/high-contrast.lua": PackageResources.swatchbook__high_contrast_lua,
        "swatchbook/monochrome.lua": PackageResources.swatchbook__monochrome_lua,
    ]
}
