import Foundation
import SwatchbookCore
import SwatchbookLua
import SwatchbookRender
import SwatchbookSession

/// `swatchbook themes`: the installed themes; `--show ID`: one resolved
/// theme and the file that set each role.
struct ThemesCommand {
    static let parser = ArgumentParser(
        command: "themes",
        options: [show.option, preview.option, ViewOptions.width.option, ViewOptions.color.option])
    static let show = OptionSpec.text(
        "--show", valueName: "ID", help: "one resolved theme and where each role came from",
        completion: .list("themes"))
    static let preview = FlagSpec(
        "--preview", help: "draw each theme (or each ID given) in itself: palette and roles as swatch strips")

    var terminal: TerminalInfo
    var warn: (String) -> Void

    func run(_ arguments: [String]) throws(Diagnostic) -> [UInt8] {
        let parsed = try Self.parser.parse(arguments)
        guard parsed.positionals.isEmpty || Self.preview.isSet(in: parsed) else {
            throw Diagnostic(.usage, "themes: unexpected \(parsed.positionals.joined(separator: " "))")
        }
        let catalog = ThemeChoice.catalog(warn: warn)
        if let id = try Self.show.value(in: parsed) { return try show(id, catalog) }
        if Self.preview.isSet(in: parsed) { return try preview(parsed, catalog) }
        var rows = [["ID", "NAME", "VARIANT", "PACK", "FILE"]]
        let resolver = catalog.resolver
        for id in catalog.entries.keys.sorted() {
            let entry = catalog.entries[id]!
            let theme = try resolver.resolve(id)
            rows.append([
                id, theme.name, theme.isDark ? "dark" : "light", entry.pack ?? "(built in)", entry.spec.file,
            ])
        }
        return Array(Self.table(rows).utf8)
    }

    private func show(_ id: String, _ catalog: ThemeCatalog) throws(Diagnostic) -> [UInt8] {
        guard catalog.entries[id] != nil else {
            throw ThemeChoice.notInstalled(id, in: catalog, origin: Diagnostic(.usage, "--show"))
        }
        let theme = try catalog.resolver.resolve(id)
        let files = try catalog.resolver.merged(id).roleFiles
        var rows = [["ROLE", "FG", "BG", "ATTRIBUTES", "SET BY"]]
        for role in Role.allCases {
            let style = theme.style(role)
            let attributes = AttributeName.allCases.filter { style.attributes.contains($0.attribute) }.map(
                \.rawValue)
            rows.append([
                role.rawValue, style.foreground?.hex ?? "-", style.background?.hex ?? "-",
                attributes.isEmpty ? "-" : attributes.joined(separator: ","), files[role] ?? "-",
            ])
        }
        let header = "\(theme.id): \(theme.name), \(theme.isDark ? "dark" : "light")\n"
        return Array((header + Self.table(rows)).utf8)
    }

    /// Every installed theme (or those named), each drawn in itself.
    private func preview(_ parsed: ArgumentParser.Parsed, _ catalog: ThemeCatalog) throws(Diagnostic)
        -> [UInt8]
    {
        let width =
            try ViewOptions.width.value(in: parsed) ?? terminal.width ?? Screen.defaultWidth
        let request =
            try ViewOptions.color.value(in: parsed) ?? .auto
        let depth = ColorDepth.resolve(
            request, environment: terminal.environment, isTerminal: terminal.isTerminal)
        var ids = parsed.positionals.isEmpty ? catalog.entries.keys.sorted() : parsed.positionals
        // An alias previews once, under its theme's id.
        if parsed.positionals.isEmpty { ids = ids.filter { catalog.entries[$0]?.spec.id == $0 } }
        let resolver = catalog.resolver
        var bytes: [UInt8] = []
        for id in ids {
            guard let entry = catalog.entries[id] else {
                throw ThemeChoice.notInstalled(id, in: catalog, origin: Diagnostic(.usage, "--preview"))
            }
            let theme = try resolver.resolve(id)
            let caption = [
                theme.name, theme.id, theme.isDark ? "dark" : "light",
                entry.pack.map { "pack " + $0 } ?? "built in",
            ]
            .joined(separator: " · ")
            let preview = ThemePreview(theme: theme, palette: try resolver.palette(id), caption: caption)
            // Colour, or none at all: without colour the preview is plain
            // text, as `render` draws off a terminal.
            bytes += preview.render(
                width: width, depth: depth, as: depth == .none && !terminal.isTerminal ? .plain : .ansi)
        }
        return bytes
    }

    /// Columns aligned by display width, cells sanitised.
    static func table(_ rows: [[String]]) -> String {
        let cells = rows.map { $0.map { Sanitizer.clean($0) } }
        let widths = (0..<(cells.first?.count ?? 0)).map { column in
            cells.map { TextWidth.of($0[column]) }.max() ?? 0
        }
        return cells.map { row in
            row.enumerated().map { column, cell in
                column == row.count - 1
                    ? cell : cell + String(repeating: " ", count: widths[column] - TextWidth.of(cell) + 2)
            }.joined()
        }.joined(separator: "\n") + "\n"
    }
}
