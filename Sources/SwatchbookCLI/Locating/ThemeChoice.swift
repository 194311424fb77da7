import Foundation
import SwatchbookCore
import SwatchbookLua

/// The theme a command draws with: an installed theme by name (built in, or
/// from a theme pack on the search path), or a theme file
/// (`--theme path/to/theme.lua`), which may extend an installed one.
enum ThemeChoice {
    static let builtIn: [Theme] = [.standard]

    /// The installed themes: built in, bundled, then packs found from the
    /// current folder and environment.
    static func catalog(warn: (String) -> Void = { _ in }) -> ThemeCatalog {
        var catalog = ThemeCatalog(builtIn: builtIn)
        catalog.addBundledPacks(BundledThemes.files)
        catalog.addPacks(in: ThemeCatalog.searchPath(environment: ProcessInfo.processInfo.environment))
        for warning in catalog.warnings { warn(warning.formatted) }
        for problem in catalog.problems { warn(problem.formatted) }
        return catalog
    }

    /// `origin` says where the name came from, so an error points there.
    static func resolve(
        _ name: String, origin: Diagnostic, relativeTo folder: URL? = nil, warn: (String) -> Void = { _ in }
    ) throws(Diagnostic) -> Theme {
        let catalog = catalog(warn: warn)
        if name.hasSuffix(".lua") || name.contains("/") {
            return try fromFile(name, relativeTo: folder, over: catalog, warn: warn)
        }
        if catalog.entries[name] != nil { return try catalog.resolver.resolve(name) }
        throw notInstalled(name, in: catalog, origin: origin)
    }

    /// The error for a name no installed theme has, with a "did you mean".
    static func notInstalled(_ name: String, in catalog: ThemeCatalog, origin: Diagnostic) -> Diagnostic {
        let installed = catalog.entries.keys.sorted()
        var failure = origin
        failure.message =
            "theme \"\(name)\" is not installed (installed: \(installed.joined(separator: ", ")))"
        failure.suggestion = Suggestion(for: name, among: installed)
        if origin.kind == .usage { failure.message = origin.message + ": " + failure.message }
        return failure
    }

    /// Loads a theme file in the sandbox and resolves it over the installed themes.
    static func fromFile(
        _ path: String, relativeTo folder: URL?, over catalog: ThemeCatalog, warn: (String) -> Void
    )
        throws(Diagnostic) -> Theme
    {
        let base = folder ?? URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        let url = path.hasPrefix("/") ? URL(fileURLWithPath: path) : base.appendingPathComponent(path)
        let loaded = try ThemeLoader.load(file: url, displayName: path)
        for warning in loaded.warnings { warn(warning.formatted) }
        return try resolve(loaded.spec, aliases: loaded.aliases, over: catalog)
    }

    /// A theme not installed (a file, or a plugin's inline table) resolved
    /// over the installed ones, which it may extend.
    static func resolve(_ spec: ThemeSpec, aliases: [String] = [], over catalog: ThemeCatalog)
        throws(Diagnostic) -> Theme
    {
        try resolver(adding: spec, aliases: aliases, to: catalog).resolve(spec.id)
    }

    /// The installed themes and one more, which overrides any of its id.
    static func resolver(adding spec: ThemeSpec, aliases: [String], to catalog: ThemeCatalog) -> ThemeResolver
    {
        var specs = catalog.entries.mapValues(\.spec)
        specs[spec.id] = spec
        for alias in aliases { specs[alias] = spec }
        return ThemeResolver(specs: specs)
    }

    /// The theme a plugin asks for: `--theme` wins, then the plugin's
    /// `theme` (a name or file, or an inline table), else the default.
    static func forPlugin(_ plugin: Plugin, option: String?, folder: URL, warn: (String) -> Void)
        throws(Diagnostic) -> Theme
    {
        if let option {
            return try resolve(option, origin: Diagnostic(.usage, "--theme"), warn: warn)
        }
        if let name = plugin.themeName {
            return try resolve(
                name, origin: Diagnostic(.data, file: plugin.file, dataPath: "theme", ""), relativeTo: folder,
                warn: warn)
        }
        if let spec = plugin.inlineTheme { return try resolve(spec, over: catalog(warn: warn)) }
        return .standard
    }
}
