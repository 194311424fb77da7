import SwatchbookCore

/// Writes a catalogue's colours in the files other tools read: CSS custom
/// properties, Sass variables, a GIMP palette, W3C design tokens (DTCG
/// JSON) and Adobe Swatch Exchange. Sections and rows become prefixes (CSS,
/// Sass), comments the gpl reader understands (GIMP), nested groups
/// (tokens) or groups (ASE). Output is deterministic.
public enum PaletteWriter {
    public static func write(_ catalogue: Catalogue, as format: OutputFormat, title: String) -> [UInt8] {
        let entries = catalogue.paletteEntries
        switch format {
        case .css: return Array(css(entries, title: title, sass: false).utf8)
        case .scss: return Array(css(entries, title: title, sass: true).utf8)
        case .gpl: return Array(gpl(entries, title: title).utf8)
        case .tokens: return tokens(entries)
        case .ase: return ase(entries)
        default: return []
        }
    }

    /// The groups of an entry that name it: a row named as its section (a
    /// flat palette read from a file) counts once.
    static func prefix(_ groups: [String]) -> [String] {
        var kept: [String] = []
        for group in groups where kept.last != group { kept.append(group) }
        return kept
    }

    // MARK: CSS and Sass

    static func css(_ entries: [PaletteEntry], title: String, sass: Bool) -> String {
        var unique = Slug.Unique()
        var out = "/* \(comment(title)): written by swatchbook */\n"
        if !sass { out += ":root {\n" }
        var last: [String]?
        let indent = sass ? "" : "  "
        for entry in entries {
            if entry.groups != last {
                out += "\(indent)/* \(comment(prefix(entry.groups).joined(separator: " / "))) */\n"
                last = entry.groups
            }
            var name = (prefix(entry.groups) + [entry.name]).map(Slug.of).joined(separator: "-")
            // A Sass variable may not start with a digit; a custom property may.
            if sass, let first = name.first, first.isNumber { name = "c" + name }
            name = unique.claim(name)
            out += sass ? "$\(name): \(entry.color.hex);\n" : "  --\(name): \(entry.color.hex);\n"
        }
        if !sass { out += "}\n" }
        return out
    }

    /// Text safe inside a CSS comment: no `*/`, no line breaks, no controls.
    static func comment(_ text: String) -> String {
        Sanitizer.clean(text.replacingOccurrences(of: "*/", with: "* /")).map { $0.isNewline ? " " : $0 }
            .reduce(into: "") { $0.append($1) }
    }

    // MARK: GIMP

    /// `GIMP Palette`, the title, then `# Section:` and `# Row:` comments
    /// before the colours they hold, which GIMP shows as comments and the
    /// gpl reader reads back as groups.
    static func gpl(_ entries: [PaletteEntry], title: String) -> String {
        func line(_ text: String) -> String {
            Sanitizer.clean(text).map { $0.isNewline || $0 == "\t" ? " " : $0 }.reduce(into: "") {
                $0.append($1)
            }
        }
        var out = "GIMP Palette\nName: \(line(title))\nColumns: 8\n#\n"
        var section: String?
        var row: [String]?
        for entry in entries {
            let groups = entry.groups
            if groups.first != section {
                section = groups.first
                row = nil
                out += "# Section: \(line(section ?? ""))\n"
            }
            if groups != row {
                row = groups
                out += "# Row: \(line(groups.dropFirst().joined(separator: " / ")))\n"
            }
            let c = entry.color
            out += "\(pad(c.red)) \(pad(c.green)) \(pad(c.blue))\t\(line(entry.name))\n"
        }
        return out
    }

    private static func pad(_ value: UInt8) -> String {
        let text = String(value)
        return String(repeating: " ", count: 3 - text.count) + text
    }

    // MARK: Design tokens

    /// Nested groups, each token `{ "$type": "color", "$value": { colorSpace,
    /// components, alpha, hex } }`, with the item's `description` field as
    /// `$description`, an `alias` field as its `$value`, and other fields
    /// under `$extensions."org.swatchbook".fields`.
    ///
    /// A row of items named as its section (a flat palette, the loose
    /// tokens of a tokens file) is one group. An alias `{id}` is written as
    /// the path its target was written at, so the file reads back; when no
    /// colour written here has that id and the same colour (the target was
    /// filtered out, or was never a colour), the colour is written instead.
    static func tokens(_ entries: [PaletteEntry]) -> [UInt8] {
        final class Group {
            let path: [String]
            var keys: [String] = []
            var groups: [String: Group] = [:]
            var groupKeys: [String: String] = [:]
            var tokens: [String: Int] = [:]
            var unique = Slug.Unique()

            init(path: [String]) { self.path = path }

            func group(_ name: String) -> Group {
                if let key = groupKeys[name], let group = groups[key] { return group }
                let key = unique.claim(PaletteWriter.tokenKey(name))
                let group = Group(path: path + [key])
                groups[key] = group
                groupKeys[name] = key
                keys.append(key)
                return group
            }
        }
        let root = Group(path: [])
        // Where each id was first written, and its colour: what an alias may name.
        var written: [String: (path: String, hex: String, index: Int)] = [:]
        for (index, entry) in entries.enumerated() {
            var group = root
            var names = entry.groups
            if !entry.inTree, names.count == 2, names[0] == names[1] { names.removeLast() }
            for name in names { group = group.group(name) }
            let key = group.unique.claim(tokenKey(entry.name))
            group.keys.append(key)
            group.tokens[key] = index
            if let id = entry.id, written[id] == nil {
                written[id] = ((group.path + [key]).joined(separator: "."), entry.color.hex, index)
            }
        }
        // The id an entry's alias names, when that id was written with the same colour.
        func target(_ entry: PaletteEntry) -> String? {
            guard let text = entry.fields.first(where: { $0.key == "alias" })?.value,
                text.hasPrefix("{"), text.hasSuffix("}"), text.count > 2
            else { return nil }
            let id = String(text.dropFirst().dropLast())
            return written[id]?.hex == entry.color.hex ? id : nil
        }
        // Whether each written id is written as an alias: every chain ends at
        // a colour, so a cycle a plugin made is broken where it closes.
        var isAlias: [String: Bool] = [:]
        for entry in entries {
            guard let id = entry.id, isAlias[id] == nil, var index = written[id]?.index else { continue }
            var chain: [String] = []
            var onChain: Set<String> = []
            var current = id
            while isAlias[current] == nil {
                guard let next = target(entries[index]), next != current, !onChain.contains(next) else {
                    isAlias[current] = false
                    break
                }
                chain.append(current)
                onChain.insert(current)
                current = next
                index = written[next]!.index
            }
            for link in chain { isAlias[link] = true }
        }
        func alias(of index: Int) -> String? {
            let entry = entries[index]
            guard let id = target(entry) else { return nil }
            if let own = entry.id, written[own]?.index == index, isAlias[own] != true { return nil }
            return "{\(written[id]!.path)}"
        }
        var out: [UInt8] = []
        func string(_ text: String) { JSONString.append(text, to: &out, controls: .escaped) }
        func indent(_ depth: Int) {
            out.append(contentsOf: Array(repeating: UInt8(ascii: " "), count: depth * 2))
        }
        func emit(_ group: Group, depth: Int) {
            out.append(UInt8(ascii: "{"))
            for (index, key) in group.keys.enumerated() {
                out.append(contentsOf: Array((index == 0 ? "\n" : ",\n").utf8))
                indent(depth + 1)
                string(key)
                out.append(contentsOf: Array(": ".utf8))
                if let child = group.groups[key] {
                    emit(child, depth: depth + 1)
                } else if let index = group.tokens[key] {
                    token(index, depth: depth + 1)
                }
            }
            out.append(UInt8(ascii: "\n"))
            indent(depth)
            out.append(UInt8(ascii: "}"))
        }
        func token(_ index: Int, depth: Int) {
            let entry = entries[index]
            out.append(contentsOf: Array("{ \"$type\": \"color\", \"$value\": ".utf8))
            if let alias = alias(of: index) {
                string(alias)
            } else {
                let c = entry.color
                let components = [c.red, c.green, c.blue].map { number(Double($0) / 255) }.joined(
                    separator: ", ")
                out.append(
                    contentsOf: Array("{ \"colorSpace\": \"srgb\", \"components\": [\(components)], ".utf8))
                if c.alpha != 255 {
                    out.append(contentsOf: Array("\"alpha\": \(number(Double(c.alpha) / 255)), ".utf8))
                }
                out.append(contentsOf: Array("\"hex\": \"\(c.hex.prefix(7))\" }".utf8))
            }
            if let description = entry.fields.first(where: { $0.key == "description" })?.value {
                out.append(contentsOf: Array(", \"$description\": ".utf8))
                string(description)
            }
            let others = entry.fields.filter { $0.key != "description" && $0.key != "alias" }
            if !others.isEmpty {
                out.append(contentsOf: Array(", \"$extensions\": { \"org.swatchbook\": { \"fields\": [".utf8))
                for (index, field) in others.enumerated() {
                    out.append(contentsOf: Array((index == 0 ? "[" : ", [").utf8))
                    string(field.key)
                    out.append(contentsOf: Array(", ".utf8))
                    string(field.value)
                    out.append(UInt8(ascii: "]"))
                }
                out.append(contentsOf: Array("] } }".utf8))
            }
            out.append(contentsOf: Array(" }".utf8))
        }
        emit(root, depth: 0)
        out.append(UInt8(ascii: "\n"))
        return out
    }

    /// A group or token name DTCG allows: no `{`, `}` or `.`, not starting with `$`.
    static func tokenKey(_ name: String) -> String {
        var key = Sanitizer.clean(name).map { "{}.".contains($0) ? "-" : String($0) }.joined()
        if key.hasPrefix("$") { key = "_" + key.dropFirst() }
        return key.isEmpty ? "color" : key
    }

    /// A fraction with as few digits as give the 8-bit value back.
    static func number(_ value: Double) -> String {
        for digits in 3...6 {
            let text = String(format: "%.\(digits)f", value)
            if let back = Double(text), (back * 255).rounded() == (value * 255).rounded() {
                var trimmed = text
                while trimmed.hasSuffix("0") { trimmed.removeLast() }
                if trimmed.hasSuffix(".") { trimmed.removeLast() }
                return trimmed
            }
        }
        return String(value)
    }

    // MARK: Adobe Swatch Exchange

    /// `ASEF` 1.0: a group per row (named `Section / Row`, or the section's
    /// name when the row has it too), RGB entries; an item's `Type` field
    /// (global, spot, normal) is kept, else normal.
    static func ase(_ entries: [PaletteEntry]) -> [UInt8] {
        var blocks: [[UInt8]] = []
        func name(_ text: String) -> [UInt8] {
            let units = Array(Sanitizer.clean(text).utf16) + [0]
            var bytes = be16(UInt16(units.count))
            for unit in units { bytes += be16(unit) }
            return bytes
        }
        func block(_ kind: UInt16, _ data: [UInt8]) -> [UInt8] {
            be16(kind) + be32(UInt32(data.count)) + data
        }
        var open: [String]?
        for entry in entries {
            if entry.groups != open {
                if open != nil { blocks.append(block(0xC002, [])) }
                open = entry.groups
                blocks.append(block(0xC001, name(prefix(entry.groups).joined(separator: " / "))))
            }
            let c = entry.color
            var data = name(entry.name) + Array("RGB ".utf8)
            for channel in [c.red, c.green, c.blue] { data += be32(Float(Double(channel) / 255).bitPattern) }
            let type: UInt16 =
                switch entry.fields.first(where: { $0.key == "Type" })?.value {
                case "global": 0
                case "spot": 1
                default: 2
                }
            data += be16(type)
            blocks.append(block(0x0001, data))
        }
        if open != nil { blocks.append(block(0xC002, [])) }
        return Array("ASEF".utf8) + be16(1) + be16(0) + be32(UInt32(blocks.count)) + blocks.flatMap { $0 }
    }

    private static func be16(_ value: UInt16) -> [UInt8] { [UInt8(value >> 8), UInt8(value & 0xFF)] }

    private static func be32(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }
}
