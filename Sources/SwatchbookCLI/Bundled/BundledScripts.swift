/// The plugins of `Scripts/` and the files they read, compiled into the
/// binary so `swatchbook render picker` works from any folder. Each file is
/// a symlink in `BundledScripts/`; a test checks this table against
/// `Scripts/` byte for byte.
enum BundledScripts {
    static let files: [String: [UInt8]] = [
        "categories.json": PackageResources.categories_json,
        "categories.lua": PackageResources.categories_lua,
        "colors.lua": PackageResources.colors_lua,
        "huge.lua": PackageResources.huge_lua,
        "picker.lua": PackageResources.picker_lua,
        "random-palette.lua": PackageResources.random_palette_lua,
        "tokens.lua": PackageResources.tokens_lua,
        "trips.lua": PackageResources.trips_lua,
    ]

    /// The names to type for the bundled plugins, sorted: each `.lua` file
    /// without its extension.
    static var pluginNames: [String] {
        files.keys.filter { $0.hasSuffix(".lua") }.map { String($0.dropLast(".lua".count)) }.sorted()
    }
}
