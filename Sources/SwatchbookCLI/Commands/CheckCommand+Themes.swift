import Foundation
import SwatchbookCore
import SwatchbookLua

/// Themes and packs under `check`: a theme is loaded, resolved over the
/// installed themes (and its own pack's), and each text role's WCAG
/// contrast against its background is reported; a role below its minimum
/// (4.5:1, 3:1 for the large kinds) is a problem (SB010).
extension CheckCommand {
    func checkTheme(file: String, url: URL) throws(Diagnostic) -> Outcome {
        let loaded = try ThemeLoader.loadCollecting(file: url, displayName: file)
        // Its own pack's themes too, named as the user named the file.
        var pack: String?
        if FileManager.default.fileExists(
            atPath: url.deletingLastPathComponent().appendingPathComponent("pack.lua").path)
        {
            let folder = (file as NSString).deletingLastPathComponent
            pack = folder.isEmpty ? "." : folder
        }
        let (catalog, installed) = catalogs.catalog(withPack: pack)
        // A theme of the pack, as the catalog read it, resolves with the
        // pack's other themes (and what they have merged already).
        let resolver =
            catalog.entries[loaded.spec.id]?.spec == loaded.spec
            ? installed : ThemeChoice.resolver(adding: loaded.spec, aliases: loaded.aliases, to: catalog)
        var outcome = try contrastOutcome(
            file: file, id: loaded.spec.id, resolver: resolver, problems: loaded.problems)
        outcome.warnings = loaded.warnings + outcome.warnings
        return outcome
    }

    /// `check nord`: an installed theme by id; nil when none has that id.
    func checkInstalledTheme(_ id: String) throws(Diagnostic) -> Outcome? {
        let (catalog, resolver) = catalogs.catalog(withPack: nil)
        guard let entry = catalog.entries[id] else { return nil }
        return try contrastOutcome(file: entry.spec.file, id: id, resolver: resolver)
    }

    /// A pack's manifest: it loads, and every theme file it lists exists
    /// (each missing one a problem). The theme files are checked as themes
    /// beside it: `check` names them after the pack.
    func checkPack(file: String, url: URL) throws(Diagnostic) -> Outcome {
        let (pack, warnings) = try PackManifest.loadWithWarnings(file: url, displayName: file)
        let missing = pack.themes.enumerated().filter { _, theme in
            !FileManager.default.fileExists(
                atPath: url.deletingLastPathComponent().appendingPathComponent(theme).path)
        }.map { index, theme in
            Diagnostic(
                .data, file: file, dataPath: "themes[\(index + 1)]", "no theme file \"\(theme)\" in the pack")
        }
        if let all = Diagnostic.all(missing, warnings: warnings) { throw all }
        return Outcome(file: file, warnings: warnings)
    }

    /// The theme's contrast table and warnings, with every problem found in
    /// its table (`problems`), in binding its colours or in their contrast:
    /// a theme with problems still reports the contrast of the roles that
    /// bind.
    private func contrastOutcome(
        file: String, id: String, resolver: ThemeResolver, problems: [Diagnostic] = []
    ) throws(Diagnostic) -> Outcome {
        var problems = problems
        let theme = try resolver.resolve(id, problems: &problems)
        let roleFiles = try resolver.merged(id).roleFiles
        var outcome = Outcome(file: file)
        var rows = [["ROLE", "FG", "BG", "CONTRAST", "LEVEL"]]
        for pair in theme.contrasts {
            let minimum = Theme.RoleContrast.minimum(for: pair.role)
            // 4.5:1, 3:1
            let figure = (minimum == minimum.rounded() ? "\(Int(minimum))" : "\(minimum)") + ":1"
            var verdict = ""
            if let ratio = pair.ratio {
                verdict = pair.isPoor ? "below \(figure)" : ratio >= 7 ? "AAA" : "AA"
            } else {
                verdict = "terminal colours, not measured"
            }
            rows.append([
                pair.role.rawValue, pair.foreground?.hex ?? "-", pair.background?.hex ?? "-",
                pair.ratio.map { Theme.RoleContrast.format($0, minimum: minimum) } ?? "-", verdict,
            ])
            guard pair.isPoor, let ratio = pair.ratio, let fg = pair.foreground, let bg = pair.background
            else {
                continue
            }
            let role = "roles.\(pair.role.rawValue)"
            var message =
                "contrast \(Theme.RoleContrast.format(ratio, minimum: minimum)) (\(fg.hex) on \(bg.hex)) is below \(figure) (WCAG AA)"
            // Named where the failing colour was written (the palette entry
            // a child theme changed, say), and where the role was set.
            let reversed = theme.style(pair.role).attributes.contains(.reverse)
            var place = (file: file, dataPath: role)
            if let origin = resolver.origin(of: pair.role, background: reversed, in: id),
                origin.dataPath != role + (reversed ? ".bg" : ".fg")
            {
                place = (origin.file ?? file, origin.dataPath)
                message += " for \(role)"
            }
            if let setBy = roleFiles[pair.role], setBy != place.file {
                message += place.dataPath == role ? "; set in \(setBy)" : ", set in \(setBy)"
            }
            problems.append(
                Diagnostic(.data, file: place.file, dataPath: place.dataPath, message).coded(.lowContrast))
        }
        outcome.problem = Diagnostic.all(problems)
        let heading = "\(file): \(theme.id) (\(theme.name), \(theme.isDark ? "dark" : "light"))\n"
        let table = ThemesCommand.table(rows).split(separator: "\n").map { "  " + $0 + "\n" }.joined()
        outcome.contrastTable = heading + table
        return outcome
    }
}

/// The installed themes, with a pack's own themes added, each read once
/// for a whole check: checking every theme of a pack of 1,000 would read
/// the pack 1,000 times over.
final class ThemeCatalogs {
    private var catalogs: [String: (ThemeCatalog, ThemeResolver)] = [:]

    /// The catalog with the pack in `folder` added (none when nil), and its
    /// resolver.
    func catalog(withPack folder: String?) -> (ThemeCatalog, ThemeResolver) {
        if let known = catalogs[folder ?? ""] { return known }
        var catalog = ThemeChoice.catalog()
        if let folder { catalog.addPacks(in: [folder]) }
        let entry = (catalog, catalog.resolver)
        catalogs[folder ?? ""] = entry
        return entry
    }
}
