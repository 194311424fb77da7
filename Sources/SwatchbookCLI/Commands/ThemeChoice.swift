import Foundation
import SwatchbookCore
import SwatchbookLua

/// The theme a command draws with: an installed theme by name, or a theme
/// file (`--theme path/to/theme.lua`), which may extend an installed one.
enum ThemeChoice {
    static let installed: [Theme] = [.standard]

    /// `origin` says where the name came from, so an error points there.
    static func resolve(
        _ name: String, origin: Diagnostic, relativeTo folder: URL? = nil, warn: (String) -> Void = { _ in }
    ) throws(Diagnostic) -> Theme {
        if name.hasSuffix(".lua") || name.contains("/") {
            return try fromFile(name, relativeTo: folder, warn: warn)
        }
        if let theme = installed.first(where: { $0.id == name }) { return theme }
        var failure = origin
        failure.message =
            "theme \"\(name)\" is not installed (installed: \(installed.map(\.id).joined(separator: ", ")))"
        if let guess = Suggestion.closest(to: name, in: installed.map(\.id)) {
            failure.message += "; did you mean \"\(guess)\"?"
        }
        if origin.kind == .usage { failure.message = "--theme: " + failure.message }
        throw failure
    }

    /// Loads a theme file in the sandbox and resolves it over the installed themes.
    static func fromFile(_ path: String, relativeTo folder: URL?, warn: (String) -> Void) throws(Diagnostic)
        -> Theme
    {
        let base = folder ?? URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        let url = path.hasPrefix("/") ? URL(fileURLWithPath: path) : base.appendingPathComponent(path)
        let loaded = try ThemeLoader.load(file: url, displayName: path)
        for warning in loaded.warnings { warn(warning.formatted) }
        var specs: [String: ThemeSpec] = [:]
        for theme in installed { specs[theme.id] = ThemeSpec(theme, file: "(built in) \(theme.id)") }
        specs[loaded.spec.id] = loaded.spec
        for alias in loaded.aliases { specs[alias] = loaded.spec }
        return try ThemeResolver(specs: specs).resolve(loaded.spec.id)
    }
}
