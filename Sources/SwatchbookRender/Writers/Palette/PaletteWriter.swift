import SwatchbookCore

/// Writes a catalogue's colours in the files other tools read: CSS custom
/// properties, Sass variables, a GIMP palette, W3C design tokens (DTCG
/// JSON) and Adobe Swatch Exchange; and terminals' colour schemes
/// (``SchemeSlot``, `PaletteWriter+Schemes.swift`).
///
/// Each writer writes what was authored (``Authored``): the colour in its
/// own space and syntax, the names and references as read, a tokens file's
/// groups and other tokens, an ASE file's models and types. What the
/// target cannot hold (``PaletteHolds``) is converted and counted
/// (``PaletteLosses``), never dropped in silence. Output is deterministic.
public enum PaletteWriter {
    /// A written palette and what it could not hold.
    public struct Written {
        public var bytes: [UInt8]
        public var losses: PaletteLosses
        /// Why nothing could be written (a terminal scheme from a catalogue
        /// with no scheme's colours): a data error, one line.
        public var failure: String?
    }

    /// Writes `catalogue` as `format`. `palette` is what the file said of
    /// itself, `title` the title to write when it gave none, and `prefix`
    /// (CSS and Sass) goes before every name.
    public static func write(
        _ catalogue: Catalogue, as format: OutputFormat, palette: PaletteInfo = PaletteInfo(),
        title: String, prefix: String? = nil
    ) -> Written {
        let entries = catalogue.paletteEntries
        var losses = PaletteLosses()
        guard let holds = PaletteHolds.of(format) else { return Written(bytes: [], losses: losses) }
        if let slots = holds.slots {
            return scheme(entries, as: format, slots: slots, palette: palette, title: title)
        }
        for entry in entries { losses.check(entry, against: holds) }
        if !holds.holds(.nonColour), let tokens = palette.tokens {
            losses.add(.nonColour, TokenDocument(tokens).nonColourCount)
        }
        if !holds.holds(.title), palette.title != nil { losses.add(.title) }
        if !holds.holds(.about), palette.description != nil { losses.add(.about) }
        let title = palette.title ?? title
        let bytes: [UInt8]
        switch format {
        case .css, .scss:
            bytes = Array(
                css(entries, title: title, sass: format == .scss, prefix: prefix, losses: &losses).utf8)
        case .gpl: bytes = Array(gpl(entries, title: title, palette: palette).utf8)
        case .tokens: bytes = tokens(entries, palette: palette, losses: &losses)
        case .ase: bytes = ase(entries, title: title)
        default: bytes = []
        }
        return Written(bytes: bytes, losses: losses)
    }

    /// A terminal scheme from `entries`' slots: each colour written
    /// checked as a palette's are (the ANSI number its reader gives it is
    /// no field the scheme loses), with the colours of no slot, the names
    /// that are not their slot's and the scheme's name where the format
    /// has none counted.
    static func scheme(
        _ entries: [PaletteEntry], as format: OutputFormat, slots: [SchemeSlot], palette: PaletteInfo,
        title: String
    ) -> Written {
        var losses = PaletteLosses()
        let holds = PaletteHolds.of(format)!
        guard var scheme = TerminalScheme(entries, title: title) else {
            return Written(bytes: [], losses: losses, failure: notAScheme(format))
        }
        if let title = palette.title { scheme.name = title }
        for slot in SchemeSlot.all where !slots.contains(slot) { scheme.colors[slot] = nil }
        // Each colour once, however many slots it fills (base16's base05 fills three).
        var written: [PaletteEntry] = []
        var renamed = 0
        for slot in SchemeSlot.all {
            guard let entry = scheme.colors[slot], !written.contains(where: { $0.id == entry.id }) else {
                continue
            }
            written.append(entry)
            let named = slots.contains { scheme.colors[$0]?.id == entry.id && $0.name == entry.name }
            if !named { renamed += 1 }
        }
        for var entry in written {
            entry.fields.removeAll { $0.key == "ANSI" }
            losses.check(entry, against: holds)
        }
        losses.add(.unslotted, entries.count - written.count)
        losses.add(.slotNames, renamed)
        let name = schemeName(scheme.name)
        if !holds.holds(.title), !name.isEmpty, name != schemeName(title) { losses.add(.title) }
        if palette.description != nil { losses.add(.about) }
        if let tokens = palette.tokens { losses.add(.nonColour, TokenDocument(tokens).nonColourCount) }
        let bytes = self.scheme(scheme, as: format, losses: &losses)
        return Written(bytes: bytes, losses: losses)
    }

    /// The groups of an entry that name it: a row named as its section (a
    /// flat palette read from a file) counts once.
    static func prefix(_ groups: [String]) -> [String] {
        var kept: [String] = []
        for group in groups where kept.last != group { kept.append(group) }
        return kept
    }

    /// Whether an entry is in no group of its file: the one strip of a flat
    /// palette, which its reader names after the palette's title.
    static func isLoose(_ entry: PaletteEntry, title: String) -> Bool {
        !entry.inTree && prefix(entry.groups) == [title]
    }

    /// For each entry, the entry its reference names when that one is
    /// written too (nil: none, or written as its colour). A DTCG alias
    /// `{a.b}` names the entry of key or id `a.b`, a CSS `var(--x)` the one
    /// of key `--x`, and only when that one has the same colour. A chain
    /// that closes on itself (only a plugin can make one) is cut where it
    /// closes, so every chain ends at a colour.
    static func referenceTargets(_ entries: [PaletteEntry]) -> [Int?] {
        var byKey: [String: Int] = [:]
        for (index, entry) in entries.enumerated() {
            for key in [entry.authored?.key, entry.id].compactMap({ $0 }) where byKey[key] == nil {
                byKey[key] = index
            }
        }
        // A reference to another colour than the entry's own is a plugin's
        // slip: written as an alias it would change the colour read back.
        var targets: [Int?] = entries.map { entry in
            entry.authored?.reference.flatMap(referencedKey).flatMap { byKey[$0] }.flatMap {
                entries[$0].color == entry.color ? $0 : nil
            }
        }
        var settled = [Bool](repeating: false, count: entries.count)
        for start in entries.indices where !settled[start] {
            var chain: [Int] = []
            var onChain: Set<Int> = []
            var current = start
            while !settled[current], let next = targets[current] {
                chain.append(current)
                onChain.insert(current)
                if onChain.contains(next) {
                    targets[current] = nil
                    break
                }
                current = next
            }
            for link in chain { settled[link] = true }
            settled[current] = true
        }
        return targets
    }

    /// The key a reference names: `{a.b}` → `a.b`, `var(--x)` or
    /// `var(--x, fallback)` → `--x`, `$x` and `@x` themselves; nil for any
    /// other text.
    static func referencedKey(_ reference: String) -> String? {
        if reference.hasPrefix("{"), reference.hasSuffix("}"), reference.count > 2 {
            return String(reference.dropFirst().dropLast())
        }
        // a Sass `$name` or Less `@name` variable, named as its reader keys it
        if let first = reference.first, first == "$" || first == "@", isIdentifier(reference.dropFirst()) {
            return reference
        }
        guard reference.hasPrefix("var("), reference.hasSuffix(")") else { return nil }
        let inside = reference.dropFirst(4).dropLast()
        let name = inside.prefix { $0 != "," && $0 != ")" }.trimmingCharacters(in: .whitespaces)
        guard name.hasPrefix("--"), isIdentifier(name.dropFirst(2)) else { return nil }
        return name
    }

    /// Text on one line, cleaned of controls (names are anyone's text).
    static func line(_ text: String) -> String {
        // Printable ASCII (nearly every name) has nothing to clean or join.
        if isPrintableASCII(text) { return text }
        return Sanitizer.clean(text).map { $0.isNewline || $0 == "\t" ? " " : $0 }.reduce(into: "") {
            $0.append($1)
        }
    }

    /// Whether every byte of `text` is printable ASCII (space to `~`): no
    /// control, no line break, nothing a writer would replace.
    static func isPrintableASCII(_ text: String) -> Bool {
        text.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F }
    }

    // MARK: CSS and Sass

    /// A rule per selector a CSS file's properties came from (`:root` for
    /// every other colour), each property named as it was read (a token as
    /// its path, `color-red-50`; any other colour by its groups and name,
    /// which is where its groups are kept, a flat palette's by its name),
    /// with its value in its own syntax and its `var()` kept when what it
    /// names is written too.
    static func css(
        _ entries: [PaletteEntry], title: String, sass: Bool, prefix namePrefix: String?,
        losses: inout PaletteLosses
    ) -> String {
        var selectors: [String] = []
        var bySelector: [String: [Int]] = [:]
        var unique: [String: Slug.Unique] = [:]
        var names: [String] = []
        var groupsSlugged: [String]?
        var sluggedInTree = false
        var groupsSlug = ""
        for (index, entry) in entries.enumerated() {
            let key = entry.authored?.key
            // The rule it was declared in; `:root` when the file or plugin names none.
            let selector = sass ? "" : entry.authored?.scope.map(cssSelector) ?? ":root"
            var name: String
            if let key, key.hasPrefix("--"), isIdentifier(key.dropFirst(2)) {
                name = String(key.dropFirst(2))
            } else if let key {
                name = key.split(separator: ".").map { Slug.of(String($0)) }.joined(separator: "-")
            } else {
                // A flat palette's colours need no group in their names; the
                // groups' part is made once for a run of entries in them.
                if entry.groups != groupsSlugged || entry.inTree != sluggedInTree {
                    groupsSlugged = entry.groups
                    sluggedInTree = entry.inTree
                    let groups = isLoose(entry, title: title) ? [] : prefix(entry.groups)
                    groupsSlug = groups.map(Slug.of).joined(separator: "-")
                }
                let own = Slug.of(entry.name)
                name = groupsSlug.isEmpty ? own : groupsSlug + "-" + own
            }
            if let namePrefix { name = Slug.of(namePrefix) + "-" + name }
            // A Sass variable may not start with a digit; a custom property may.
            if sass, let first = name.first, first.isNumber { name = "c" + name }
            let claimed = unique[selector, default: Slug.Unique()].claim(name)
            if claimed != name { losses.add(.renamed) }
            names.append(claimed)
            if bySelector[selector] == nil { selectors.append(selector) }
            bySelector[selector, default: []].append(index)
        }
        let targets = referenceTargets(entries)
        func value(_ index: Int) -> String {
            let entry = entries[index]
            if let reference = entry.authored?.reference {
                if let target = targets[index] {
                    let written = names[target]
                    if !sass, referencedKey(reference) == "--" + written, isSafeValue(reference) {
                        return reference
                    }
                    return sass ? "$" + written : "var(--\(written))"
                }
                losses.add(.unwrittenTarget)
            }
            // sRGB in eight-bit steps is a hex unless it was written otherwise.
            if let color = entry.authored?.color, color.space.isCSS, color.css != nil || !color.isHex,
                let text = color.cssText
            {
                return line(text)
            }
            return entry.color.hex
        }
        var out = "/* \(comment(title)): written by swatchbook */\n"
        out.reserveCapacity(entries.count * 48)
        for selector in selectors {
            // A rule read inside @media and the like goes back inside it.
            let (own, conditions) = conditionalParts(of: selector)
            let indent = String(repeating: "  ", count: conditions.count)
            if !sass {
                for (depth, condition) in conditions.enumerated() {
                    out += String(repeating: "  ", count: depth) + condition + " {\n"
                }
                out += indent + "\(own) {\n"
            }
            // A declaration a line, appended part by part.
            let lead = sass ? "$" : indent + "  --"
            for index in bySelector[selector]! {
                out += lead
                out += names[index]
                out += ": "
                out += value(index)
                out += ";\n"
            }
            if !sass {
                for depth in (0...conditions.count).reversed() {
                    out += String(repeating: "  ", count: depth) + "}\n"
                }
            }
        }
        return out
    }

    /// A rule's scope as the CSS reader names it, `.dark @media (…)
    /// @supports (…)`: its own selector and the conditional rules it is
    /// inside, outermost first.
    static func conditionalParts(of scope: String) -> (selector: String, conditions: [String]) {
        let marks = [" @media", " @supports", " @layer", " @container"]
        var cuts: [String.Index] = []
        var search = scope.startIndex
        while let found = marks.compactMap({ scope.range(of: $0, range: search..<scope.endIndex) })
            .min(by: { $0.lowerBound < $1.lowerBound })
        {
            cuts.append(found.lowerBound)
            search = found.upperBound
        }
        guard let first = cuts.first else { return (scope, []) }
        var conditions: [String] = []
        for (n, cut) in cuts.enumerated() {
            let end = n + 1 < cuts.count ? cuts[n + 1] : scope.endIndex
            conditions.append(scope[scope.index(after: cut)..<end].trimmingCharacters(in: .whitespaces))
        }
        return (String(scope[..<first]), conditions)
    }

    /// Whether a property name read from a file can be written as it is: a
    /// CSS identifier's letters, digits, `-` and `_` (anything else, from a
    /// plugin, is written as its slug).
    static func isIdentifier(_ name: Substring) -> Bool {
        !name.isEmpty
            && name.unicodeScalars.allSatisfy {
                $0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-" || $0 == "_"
            }
    }

    /// Whether a value read from a file can be written back as it is: no
    /// `;`, braces, comment or line break that would end the declaration.
    static func isSafeValue(_ text: String) -> Bool {
        !text.contains("/*") && !text.contains("*/") && line(text) == text
            && !text.unicodeScalars.contains { ";{}\\".unicodeScalars.contains($0) }
    }

    /// A selector read from a file, safe to write back: no braces, comment
    /// marks or line breaks.
    static func cssSelector(_ text: String) -> String {
        let cleaned = line(text).replacingOccurrences(of: "/*", with: "").replacingOccurrences(
            of: "*/", with: ""
        )
        .filter { $0 != "{" && $0 != "}" && $0 != ";" }
        return cleaned.trimmingCharacters(in: .whitespaces).isEmpty ? ":root" : cleaned
    }

    /// Text safe inside a CSS comment: no `*/`, no line breaks, no controls.
    static func comment(_ text: String) -> String {
        line(text.replacingOccurrences(of: "*/", with: "* /"))
    }

    // MARK: GIMP

    /// `GIMP Palette`, `Name:` and `Columns:` as read, the description as
    /// comments, then the colours,
    /// each named as written (an unnamed one stays unnamed). Colours in
    /// groups of their own are put under `# Section:` and `# Row:`
    /// comments, which GIMP shows as comments and the gpl reader reads
    /// back as groups.
    static func gpl(_ entries: [PaletteEntry], title: String, palette: PaletteInfo) -> String {
        var out = "GIMP Palette\nName: \(line(title))\n"
        if let columns = palette.columns { out += "Columns: \(columns)\n" }
        out += "#\n"
        // The description, as the comments before the first colour.
        for text in palette.description?.split(separator: "\n") ?? [] { out += "# \(line(String(text)))\n" }
        var section: String?
        var row: [String]?
        // Whether the entries of the last groups seen are loose, worked out
        // once for a run of them.
        var seen: (groups: [String], inTree: Bool, loose: Bool)?
        for entry in entries {
            let groups = entry.groups
            if seen == nil || seen!.groups != groups || seen!.inTree != entry.inTree {
                seen = (groups, entry.inTree, isLoose(entry, title: title))
            }
            if !seen!.loose {
                if groups.first != section {
                    section = groups.first
                    row = nil
                    out += "# Section: \(line(section ?? ""))\n"
                }
                if groups != row {
                    row = groups
                    out += "# Row: \(line(groups.dropFirst().joined(separator: " / ")))\n"
                }
            }
            let c = entry.color
            let name = line(entry.name)
            out += "\(pad(c.red)) \(pad(c.green)) \(pad(c.blue))" + (name.isEmpty ? "\n" : "\t\(name)\n")
        }
        return out
    }

    private static func pad(_ value: UInt8) -> String {
        let text = String(value)
        return String(repeating: " ", count: 3 - text.count) + text
    }

    // MARK: Adobe Swatch Exchange

    /// `ASEF` 1.0: each colour in its model (RGB, CMYK, LAB, Gray) with its
    /// values and type as read; a colour of another space as RGB. Colours
    /// in groups of their own are in a group (named `Section / Row`), the
    /// others in none.
    static func ase(_ entries: [PaletteEntry], title: String) -> [UInt8] {
        var file = ASEBytes()
        var open: [String]?
        for entry in entries {
            let group = isLoose(entry, title: title) ? nil : entry.groups
            if group != open {
                if open != nil { file.block(0xC002) { _ in } }
                open = group
                if let group { file.block(0xC001) { $0.name(prefix(group).joined(separator: " / ")) } }
            }
            let authored = entry.authored?.color
            let model: String
            var values: [Double]
            switch authored?.space {
            case .srgb?: (model, values) = ("RGB ", authored!.components.map { Color.unitClamped($0 ?? 0) })
            case .cmyk?: (model, values) = ("CMYK", authored!.components.map { Color.unitClamped($0 ?? 0) })
            case .gray?: (model, values) = ("Gray", authored!.components.map { Color.unitClamped($0 ?? 0) })
            case .lab?:
                let c = authored!.components.map { $0 ?? 0 }
                (model, values) = ("LAB ", [min(max(c[0], 0), 100) / 100, c[1], c[2]])
            default:
                let c = entry.color
                (model, values) = ("RGB ", [c.red, c.green, c.blue].map { Double($0) / 255 })
            }
            let type: UInt16 =
                switch entry.authored?.swatch {
                case .global?: 0
                case .spot?: 1
                default: 2
                }
            file.block(0x0001) { bytes in
                bytes.name(entry.name)
                bytes.out += model.utf8
                for value in values { bytes.put32(Float(value).bitPattern) }
                bytes.put16(type)
            }
        }
        if open != nil { file.block(0xC002) { _ in } }
        return file.finished()
    }

    /// An ASE file's bytes, written in one array: each block's length is
    /// filled in once its data is written, and the count of blocks at the end.
    private struct ASEBytes {
        var out: [UInt8] = Array("ASEF".utf8) + [0, 1, 0, 0, 0, 0, 0, 0]
        var count: UInt32 = 0

        mutating func put16(_ value: UInt16) {
            out.append(UInt8(value >> 8))
            out.append(UInt8(value & 0xFF))
        }

        mutating func put32(_ value: UInt32) {
            put16(UInt16(value >> 16))
            put16(UInt16(value & 0xFFFF))
        }

        /// A name: its length in UTF-16 units with the closing zero, the
        /// units, the zero.
        mutating func name(_ text: String) {
            let units = Sanitizer.clean(text).utf16
            put16(UInt16(units.count + 1))
            for unit in units { put16(unit) }
            put16(0)
        }

        mutating func block(_ kind: UInt16, _ data: (inout ASEBytes) -> Void) {
            put16(kind)
            let lengthAt = out.count
            put32(0)
            data(&self)
            let length = UInt32(out.count - lengthAt - 4)
            for i in 0..<4 { out[lengthAt + i] = UInt8((length >> (24 - 8 * UInt32(i))) & 0xFF) }
            count += 1
        }

        func finished() -> [UInt8] {
            var bytes = out
            for i in 0..<4 { bytes[8 + i] = UInt8((count >> (24 - 8 * UInt32(i))) & 0xFF) }
            return bytes
        }
    }

}
