import Foundation
import SwatchbookCore
import SwatchbookImport

/// Loads a freshly written pack back the way `themes` will, before it is
/// moved into place.
///
/// The writer escapes everything it did not make itself, so a failure here
/// is a bug in Swatchbook, not in a scheme: it is reported as an internal
/// error, and the pack is never installed.
public struct GeneratedPackCheck: PackCheck {
    public init() {}

    public func verify(folder: URL, shownAs: String, themes: [ExpectedTheme], manifest: PackManifest)
        throws(Diagnostic)
    {
        for theme in themes {
            try verify(theme, folder: folder, shownAs: shownAs)
        }
        let written = try load("pack.lua", folder: folder, shownAs: shownAs) {
            (url, name) throws(Diagnostic) in
            try PackManifest.load(file: url, displayName: name)
        }
        guard written == manifest else {
            throw Diagnostic(
                .internal, file: shownAs + "/pack.lua", "the generated pack reads back differently")
        }
    }

    /// The theme loads without warnings, has the scheme's id, and resolves
    /// over the built-in default to the scheme's background and text.
    private func verify(_ scheme: ExpectedTheme, folder: URL, shownAs: String) throws(Diagnostic) {
        let fileName = scheme.fileName
        let loaded = try load(fileName, folder: folder, shownAs: shownAs) { (url, name) throws(Diagnostic) in
            try ThemeLoader.load(file: url, displayName: name)
        }
        let shown = shownAs + "/" + fileName
        if let warning = loaded.warnings.first {
            throw Diagnostic(.internal, file: shown, "the generated theme has a warning: \(warning.message)")
        }
        guard loaded.spec.id == scheme.id else {
            throw Diagnostic(.internal, file: shown, "the generated theme has id \"\(loaded.spec.id)\"")
        }
        let resolver = ThemeResolver(specs: [
            Theme.standard.id: ThemeSpec(.standard, file: "(built in) default"), scheme.id: loaded.spec,
        ])
        let theme: Theme
        do throws(Diagnostic) {
            theme = try resolver.resolve(scheme.id)
        } catch {
            throw Diagnostic(
                .internal, file: shown, "the generated theme does not resolve: \(error.formatted)")
        }
        guard theme.style(.background).background == scheme.background,
            theme.style(.text).foreground == scheme.text
        else {
            throw Diagnostic(.internal, file: shown, "the generated theme does not use the scheme's colours")
        }
    }

    /// Runs `loader` on a file of the pack; any failure is an internal error.
    private func load<T>(
        _ fileName: String, folder: URL, shownAs: String, _ loader: (URL, String) throws(Diagnostic) -> T
    )
        throws(Diagnostic)
        -> T
    {
        do throws(Diagnostic) {
            return try loader(folder.appendingPathComponent(fileName), shownAs + "/" + fileName)
        } catch {
            throw Diagnostic(.internal, "the generated \(fileName) does not load: \(error.formatted)")
        }
    }
}
