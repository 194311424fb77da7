import Foundation
import SwatchbookCore

/// Reads a parsed scheme file in either layout into a ``Base16Scheme``.
///
/// Classic files are flat: `scheme:`, `author:` and `base00`…`base0F` (or up
/// to `base17` for base24) at the top level, colours usually bare hex.
/// tinted-theming files say `system: "base16"` or `"base24"` and put the
/// colours under `palette:` with `name`, `author`, `variant`, and optional
/// `slug` and `description`. Keys this importer does not use are ignored,
/// since schemes carry metadata of their own; every key it does use is
/// checked, and a problem names the line it is on.
public struct Base16SchemeParser {
    /// The source file as the user named it.
    let file: String
    /// The file name without its extension: the slug when the file gives none.
    let stem: String

    /// Top-level keys this importer reads; every other key is the scheme's own business.
    static let schemeKeys: Set<String> = [
        "scheme", "name", "author", "system", "variant", "slug", "description", "palette",
    ]

    /// A value and the line its key is on, which is where an editor should
    /// land for "missing" and "duplicate" problems.
    private struct Keyed {
        var keyLine: Int
        var value: YAMLNode
    }

    /// Reads one scheme file; unreadable is exit 66, anything wrong inside is 65.
    static func read(_ url: URL, displayName: String) throws(Diagnostic) -> Base16Scheme {
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw Diagnostic(.inputMissing, file: displayName, "cannot be read (permission denied?)")
        }
        let document = try YAMLReader.read([UInt8](data), file: displayName)
        let stem = url.deletingPathExtension().lastPathComponent
        return try Base16SchemeParser(file: displayName, stem: stem).parse(document)
    }

    /// Reads a scheme from its text, as `sb.base16.decode` does: `stem`
    /// gives the slug of a scheme that names none.
    public static func parse(_ bytes: [UInt8], stem: String) throws(Diagnostic) -> Base16Scheme {
        try Base16SchemeParser(file: "", stem: stem).parse(YAMLReader.read(bytes, file: ""))
    }

    func parse(_ document: YAMLNode?) throws(Diagnostic) -> Base16Scheme {
        guard let document else {
            throw Diagnostic(.data, file: file, "expected a base16 scheme, the file holds no YAML document")
        }
        guard let entries = document.entries else {
            throw Diagnostic(
                .data, file: file, line: document.line,
                "expected a mapping of scheme keys (scheme, author, base00…), got \(document.kindDescription)"
            )
        }
        let top = try keyed(entries, normalise: { Self.schemeKeys.contains($0) ? $0 : nil })
        let isTinted = top["system"] != nil || top["palette"] != nil
        let name = try name(top, isTinted: isTinted, line: document.line)
        let (slots, slotsLine) = try slots(top, isTinted ? nil : entries, line: document.line)
        let system = try system(top["system"], slots: slots)
        let colors = try colors(slots, system: system, line: slotsLine)
        let slug = Base16Scheme.slug(
            from: (isTinted ? try optionalText(top["slug"], key: "slug") : nil) ?? stem)
        guard !slug.isEmpty else {
            throw Diagnostic(
                .data, file: file, "cannot make a theme id: the scheme has no slug and no file name")
        }
        return Base16Scheme(
            system: system, name: name, author: try optionalText(top["author"], key: "author"),
            description: try optionalText(top["description"], key: "description"), slug: slug,
            variant: try variant(top["variant"]) ?? Base16Scheme.inferredVariant(background: colors[0]),
            colors: colors, file: file)
    }

    /// tinted-theming's `name`; classic `scheme` (or `name`, which some use).
    private func name(_ top: [String: Keyed], isTinted: Bool, line: Int) throws(Diagnostic) -> String {
        let key = isTinted || (top["scheme"] == nil && top["name"] != nil) ? "name" : "scheme"
        guard let given = top[key] else {
            throw Diagnostic(.data, file: file, line: line, "missing \(key): the scheme needs a name")
        }
        let name = try text(given.value, key: key)
        guard !name.isEmpty else {
            throw error(given.value, key, "expected the scheme's name, got an empty value")
        }
        return name
    }

    /// The slot entries, and the line a missing slot is reported on: the
    /// top level of a flat file (`flat`), else the `palette` mapping.
    private func slots(_ top: [String: Keyed], _ flat: [YAMLNode.Entry]?, line: Int) throws(Diagnostic)
        -> ([String: Keyed], Int)
    {
        if let flat { return (try keyed(flat, normalise: Self.slotKey), line) }
        guard let palette = top["palette"] else {
            throw Diagnostic(
                .data, file: file, line: line,
                "missing palette: a tinted-theming scheme lists its colours under palette")
        }
        guard let entries = palette.value.entries else {
            throw error(
                palette.value, "palette",
                "expected a mapping of base00 to base0F, got \(palette.value.kindDescription)")
        }
        return (try keyed(entries, normalise: Self.slotKey), palette.keyLine)
    }

    /// Every slot the system needs, in order.
    private func colors(_ slots: [String: Keyed], system: Base16Scheme.System, line: Int) throws(Diagnostic)
        -> [Color]
    {
        var colors: [Color] = []
        for index in 0..<system.slotCount {
            let slot = Base16Scheme.slotName(index)
            guard let value = slots[slot.lowercased()] else {
                let last = Base16Scheme.slotName(system.slotCount - 1)
                throw Diagnostic(
                    .data, file: file, line: line,
                    "missing \(slot): a \(system.rawValue) scheme needs base00 to \(last)")
            }
            colors.append(try color(value.value, slot: slot))
        }
        return colors
    }

    /// The file's `variant`, in either case; nil when it gives none.
    private func variant(_ given: Keyed?) throws(Diagnostic) -> Base16Scheme.Variant? {
        guard let given else { return nil }
        let text = try text(given.value, key: "variant")
        guard let variant = Base16Scheme.Variant(rawValue: text.lowercased()) else {
            throw error(given.value, "variant", "expected \"dark\" or \"light\", got \(Self.quoted(text))")
        }
        return variant
    }

    /// `system` when given, else base24 when a flat file fills base10…base17.
    private func system(_ given: Keyed?, slots: [String: Keyed]) throws(Diagnostic) -> Base16Scheme.System {
        guard let given else {
            let base24Only = (16..<24).map { Base16Scheme.slotName($0).lowercased() }
            return base24Only.contains { slots[$0] != nil } ? .base24 : .base16
        }
        let text = try text(given.value, key: "system")
        guard let system = Base16Scheme.System(rawValue: text) else {
            throw error(given.value, "system", "expected \"base16\" or \"base24\", got \(Self.quoted(text))")
        }
        return system
    }

    /// A 6-digit hex colour, `#` optional, as both layouts write them.
    private func color(_ node: YAMLNode, slot: String) throws(Diagnostic) -> Color {
        let expected = "expected a 6-digit hex colour such as \"#2b303b\", got "
        guard let text = node.scalar else { throw error(node, slot, expected + node.kindDescription) }
        let digits = text.hasPrefix("#") ? text.dropFirst() : Substring(text)
        // With the `#`, parse takes hex only: a bare `orange` is not a base16 colour.
        guard digits.utf8.count == 6, let color = Color.parse("#" + digits) else {
            throw error(node, slot, expected + Self.quoted(text))
        }
        return color
    }

    /// Scalar-keyed entries by (normalised) key; a key the scheme uses that
    /// appears twice is an error, since YAML loaders disagree on which wins.
    private func keyed(_ entries: [YAMLNode.Entry], normalise: (String) -> String?) throws(Diagnostic)
        -> [String: Keyed]
    {
        var result: [String: Keyed] = [:]
        for entry in entries {
            guard let raw = entry.key.scalar, let key = normalise(raw) else { continue }
            if let first = result[key] {
                throw error(entry.key, raw, "given twice (first on line \(first.keyLine))")
            }
            result[key] = Keyed(keyLine: entry.key.line, value: entry.value)
        }
        return result
    }

    /// `base0c` and `base0C` alike, as some hand-written files spell them;
    /// nil for keys that are not slots.
    private static func slotKey(_ key: String) -> String? {
        let lower = key.lowercased()
        let slots = (0..<24).map { Base16Scheme.slotName($0).lowercased() }
        return slots.contains(lower) ? lower : nil
    }

    private func text(_ node: YAMLNode, key: String) throws(Diagnostic) -> String {
        guard let text = node.scalar else {
            throw error(node, key, "expected text, got \(node.kindDescription)")
        }
        return text
    }

    private func optionalText(_ keyed: Keyed?, key: String) throws(Diagnostic) -> String? {
        guard let keyed else { return nil }
        let value = try text(keyed.value, key: key)
        return value.isEmpty ? nil : value
    }

    private func error(_ node: YAMLNode, _ key: String, _ message: String) -> Diagnostic {
        Diagnostic(.data, file: file, line: node.line, "\(key): \(message)")
    }

    /// A value from the file, quoted for a message and cut short when long.
    static func quoted(_ text: String) -> String {
        var quoted = "\""
        for character in text.prefix(40) {
            if character == "\"" || character == "\\" { quoted.append("\\") }
            quoted.append(character)
        }
        return quoted + (text.count > 40 ? "…\"" : "\"")
    }
}
