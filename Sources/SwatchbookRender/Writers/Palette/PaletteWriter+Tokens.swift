import SwatchbookCore

extension PaletteWriter {
    /// W3C design tokens (DTCG 2025.10). A catalogue read from a tokens
    /// file is written over the document it came from: its groups, their
    /// `$`-members and its other tokens as read, each colour token at its
    /// path from its entry (the colour in its space, its alias, description
    /// and extensions), and a token the catalogue no longer holds (filtered
    /// out) left out. Any other catalogue is written as nested groups, one
    /// for each section, row and tree node.
    static func tokens(_ entries: [PaletteEntry], palette: PaletteInfo, losses: inout PaletteLosses)
        -> [UInt8]
    {
        var writer = TokenWriter(entries: entries, targets: referenceTargets(entries), losses: losses)
        if let document = palette.tokens, let byKey = writer.entriesByPath(in: document) {
            writer.paths = entries.map { $0.authored?.key ?? "" }
            let (bytes, _, _) = writer.group(document, path: "", inherited: nil, depth: 0, byKey: byKey)
            writer.out = bytes
        } else {
            if let document = palette.tokens {
                writer.losses.add(.nonColour, TokenDocument(document).nonColourCount)
            }
            writer.writeGroups(title: palette.title, about: palette.description)
        }
        losses = writer.losses
        return writer.out + [UInt8(ascii: "\n")]
    }

    /// A group or token name DTCG allows: no `{`, `}` or `.`, not starting with `$`.
    static func tokenKey(_ name: String) -> String {
        // Printable ASCII with none of the three (nearly every name) is kept
        // as it is by the general form below, character by character.
        var key =
            isPrintableASCII(name) && !name.utf8.contains(where: { $0 == 0x7B || $0 == 0x7D || $0 == 0x2E })
            ? name : Sanitizer.clean(name).map { "{}.".contains($0) ? "-" : String($0) }.joined()
        if key.hasPrefix("$") { key = "_" + key.dropFirst() }
        return key.isEmpty ? "color" : key
    }
}

/// The state of one tokens write: the entries, where each was written,
/// and the bytes.
private struct TokenWriter {
    let entries: [PaletteEntry]
    /// The entry each one's reference names, when it is written too.
    let targets: [Int?]
    var losses: PaletteLosses
    /// The dotted path each entry is written at.
    var paths: [String] = []
    var out: [UInt8] = []

    init(entries: [PaletteEntry], targets: [Int?], losses: PaletteLosses) {
        self.entries = entries
        self.targets = targets
        self.losses = losses
    }

    /// Each colour token's entry by path, when every entry is a colour
    /// token of `document` (a catalogue read from it, filtered or not);
    /// nil when any is not, and the document cannot place it.
    func entriesByPath(in document: JSONValue) -> [String: Int]? {
        let colours = TokenDocument(document).colourPaths
        var byKey: [String: Int] = [:]
        for (index, entry) in entries.enumerated() {
            guard let key = entry.authored?.key, colours.contains(key), byKey[key] == nil else { return nil }
            byKey[key] = index
        }
        return byKey
    }

    // MARK: over the document

    /// A group of the document as written: its bytes, how many tokens it
    /// wrote, and whether it had any to write. A group all of whose tokens
    /// were left out is left out too.
    mutating func group(
        _ group: JSONValue, path: String, inherited: String?, depth: Int, byKey: [String: Int]
    ) -> (bytes: [UInt8], written: Int, hadTokens: Bool) {
        guard case .object(let members) = group else { return (Self.compact(group), 0, false) }
        let kind = TokenDocument.type(of: group, inherited: inherited)
        var parts: [[UInt8]] = []
        var written = 0
        var hadTokens = false
        for member in members {
            let key = Self.quoted(member.key) + Array(": ".utf8)
            let childPath = path.isEmpty ? member.key : path + "." + member.key
            if member.key.hasPrefix("$") && !(member.key == "$root" && TokenDocument.isToken(member.value)) {
                parts.append(key + Self.compact(member.value))
            } else if TokenDocument.isToken(member.value) {
                hadTokens = true
                if TokenDocument.type(of: member.value, inherited: kind) == "color" {
                    guard let index = byKey[childPath] else { continue }
                    parts.append(key + colourToken(index, as: member.value))
                } else {
                    parts.append(key + Self.compact(member.value))
                }
                written += 1
            } else if case .object = member.value {
                let child = self.group(
                    member.value, path: childPath, inherited: kind, depth: depth + 1, byKey: byKey)
                hadTokens = hadTokens || child.hadTokens
                if child.written > 0 || !child.hadTokens {
                    parts.append(key + child.bytes)
                    written += child.written
                }
            } else {
                parts.append(key + Self.compact(member.value))
            }
        }
        return (Self.block(parts, depth: depth), written, hadTokens)
    }

    /// A colour token with its members in the order read: `$value` from
    /// the entry, `$description` and `$extensions` from what it authored,
    /// any other member as it was.
    mutating func colourToken(_ index: Int, as read: JSONValue) -> [UInt8] {
        let authored = entries[index].authored
        var parts: [[UInt8]] = []
        var sawDescription = false
        var sawExtensions = false
        guard case .object(let members) = read else { return [] }
        for member in members {
            let key = Self.quoted(member.key) + Array(": ".utf8)
            switch member.key {
            case "$value":
                var isText = false
                if case .string(let text) = member.value, !text.hasPrefix("{") { isText = true }
                parts.append(key + value(index, asText: isText))
            case "$description":
                sawDescription = true
                if let description = authored?.description { parts.append(key + Self.quoted(description)) }
            case "$extensions":
                sawExtensions = true
                if let extensions = extensions(of: index) { parts.append(key + Self.compact(extensions)) }
            default:
                parts.append(key + Self.compact(member.value))
            }
        }
        if !sawDescription, let description = authored?.description {
            parts.append(Array("\"$description\": ".utf8) + Self.quoted(description))
        }
        if !sawExtensions, let extensions = extensions(of: index) {
            parts.append(Array("\"$extensions\": ".utf8) + Self.compact(extensions))
        }
        return Array("{ ".utf8) + Array(parts.joined(separator: Array(", ".utf8))) + Array(" }".utf8)
    }

    // MARK: as groups of the catalogue

    /// Nested groups, each token `{ "$type": "color", "$value": … }`.
    ///
    /// A row of items named as its section (a flat palette, the loose
    /// tokens of a tokens file) is one group. The plugin's own fields go
    /// under `$extensions."org.swatchbook".fields`.
    mutating func writeGroups(title: String?, about: String?) {
        final class Group {
            /// Its keys from the root, joined by dots; nil for the root.
            let path: String?
            var keys: [String] = []
            var groups: [String: Group] = [:]
            var groupKeys: [String: String] = [:]
            var tokens: [String: Int] = [:]
            var unique = Slug.Unique()

            init(path: String?) { self.path = path }

            /// The dotted path of `key` in this group.
            func path(of key: String) -> String { path.map { $0 + "." + key } ?? key }

            func group(_ name: String) -> Group {
                if let key = groupKeys[name], let group = groups[key] { return group }
                let key = unique.claim(PaletteWriter.tokenKey(name))
                let group = Group(path: path(of: key))
                groups[key] = group
                groupKeys[name] = key
                keys.append(key)
                return group
            }
        }
        let root = Group(path: nil)
        paths = []
        // The group of the last entry's names: a run of entries in the same
        // groups finds it once (finding one makes no change once it is made).
        var last: (names: [String], group: Group)?
        for (index, entry) in entries.enumerated() {
            var names = entry.groups
            if !entry.inTree, names.count == 2, names[0] == names[1] { names.removeLast() }
            var group = root
            if let last, last.names == names {
                group = last.group
            } else {
                for name in names { group = group.group(name) }
                last = (names, group)
            }
            let key = group.unique.claim(PaletteWriter.tokenKey(entry.name))
            if key != entry.name { losses.add(.renamed) }
            group.keys.append(key)
            group.tokens[key] = index
            paths.append(group.path(of: key))
        }
        // The palette's description as the root group's, its title in
        // the root's extensions, where the tokens reader finds them.
        var top: [[UInt8]] = []
        if let about { top.append(Array("\"$description\": ".utf8) + Self.quoted(about)) }
        if let title {
            top.append(
                Array("\"$extensions\": ".utf8)
                    + Self.compact(
                        .object([.init("org.swatchbook", .object([.init("title", .string(title))]))])))
        }
        // Written into one buffer as ``block(_:depth:)`` joins its parts: `{`,
        // each member on a line of its own at `depth + 1`, `}` (`{}` for none).
        var bytes: [UInt8] = []
        bytes.reserveCapacity(entries.count * 160)
        func write(_ group: Group, depth: Int, top: [[UInt8]]) {
            var count = 0
            func member() {
                bytes.put(count == 0 ? "\n" : ",\n")
                bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: (depth + 1) * 2))
                count += 1
            }
            bytes.put("{")
            for part in top {
                member()
                bytes += part
            }
            for key in group.keys {
                member()
                JSONString.append(key, to: &bytes, controls: .escaped)
                bytes.put(": ")
                if let child = group.groups[key] {
                    write(child, depth: depth + 1, top: [])
                } else {
                    appendToken(group.tokens[key]!, to: &bytes)
                }
            }
            if count > 0 {
                bytes.put("\n")
                bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: depth * 2))
            }
            bytes.put("}")
        }
        write(root, depth: 0, top: top)
        out = bytes
    }

    /// A token written over no document: `{ "$type": "color", "$value": … }`
    /// with its description and extensions, appended to `text`.
    mutating func appendToken(_ index: Int, to text: inout [UInt8]) {
        let entry = entries[index]
        text.put("{ \"$type\": \"color\", \"$value\": ")
        appendValue(index, asText: false, to: &text)
        if let description = entry.authored?.description {
            text.put(", \"$description\": ")
            text += Self.quoted(description)
        }
        if let extensions = extensions(of: index) {
            text.put(", \"$extensions\": ")
            text += Self.compact(extensions)
        }
        text.put(" }")
    }

    /// A token's `$extensions`: those read, and the plugin's own fields
    /// under `"org.swatchbook".fields`, where the tokens reader finds them.
    func extensions(of index: Int) -> JSONValue? {
        let entry = entries[index]
        var members: [JSONValue.Member] = []
        if case .object(let read)? = entry.authored?.extensions { members = read }
        if !entry.fields.isEmpty {
            let fields = JSONValue.array(entry.fields.map { .array([.string($0.key), .string($0.value)]) })
            if let own = members.firstIndex(where: { $0.key == "org.swatchbook" }),
                case .object(var kept) = members[own].value
            {
                kept.removeAll { $0.key == "fields" }
                members[own].value = .object(kept + [.init("fields", fields)])
            } else {
                members.append(.init("org.swatchbook", .object([.init("fields", fields)])))
            }
        }
        return members.isEmpty ? nil : .object(members)
    }

    // MARK: values

    /// A token's `$value`: its alias when what it names is written, else
    /// its colour: the CSS text it was read as when `asText`, or the
    /// colour object in its own space.
    mutating func value(_ index: Int, asText: Bool) -> [UInt8] {
        var text: [UInt8] = []
        appendValue(index, asText: asText, to: &text)
        return text
    }

    /// ``value(_:asText:)`` appended to `text`, part by part: a token's
    /// value is most of a file.
    mutating func appendValue(_ index: Int, asText: Bool, to text: inout [UInt8]) {
        let entry = entries[index]
        if entry.authored?.reference != nil {
            if let target = targets[index] {
                text += Self.quoted("{\(paths[target])}")
                return
            }
            losses.add(.unwrittenTarget)
        }
        if asText {
            text += Self.quoted(entry.authored?.color?.css ?? entry.color.hex)
            return
        }
        // Every component to the last digit: a hex's are its steps of 1/255,
        // whose texts are made once.
        if entry.authored?.color == nil {
            let c = entry.color
            text.put("{ \"colorSpace\": \"srgb\", \"components\": [")
            text += Self.channels[Int(c.red)]
            text.put(", ")
            text += Self.channels[Int(c.green)]
            text.put(", ")
            text += Self.channels[Int(c.blue)]
            text.put("], ")
            if c.alpha < 255 {
                text.put("\"alpha\": ")
                text += Self.channels[Int(c.alpha)]
                text.put(", ")
            }
        } else {
            let color = entry.authored!.color!.withoutDevice
            text.put("{ \"colorSpace\": \"")
            text += color.space.rawValue.utf8
            text.put("\", \"components\": [")
            for (i, component) in color.components.enumerated() {
                if i > 0 { text.put(", ") }
                text += (component.map(AuthoredColor.number) ?? "\"none\"").utf8
            }
            text.put("], ")
            if color.alpha < 1 { text += "\"alpha\": \(AuthoredColor.number(color.alpha)), ".utf8 }
        }
        text.put("\"hex\": \"")
        text += entry.color.hex.utf8.prefix(7)
        text.put("\" }")
    }

    /// The text of an eight-bit channel as a component, `n / 255` to the
    /// last digit, as ``AuthoredColor/number(_:)`` writes it, for each `n`.
    static let channels: [[UInt8]] = (0...255).map { Array(AuthoredColor.number(Double($0) / 255).utf8) }

    // MARK: JSON text

    static func quoted(_ text: String) -> [UInt8] {
        var bytes: [UInt8] = []
        JSONString.append(text, to: &bytes, controls: .escaped)
        return bytes
    }

    /// A kept value on one line.
    static func compact(_ value: JSONValue) -> [UInt8] {
        Array(((try? value.encoded()) ?? "null").utf8)
    }

    /// `{`, each part on a line of its own at `depth + 1`, `}`.
    static func block(_ parts: [[UInt8]], depth: Int) -> [UInt8] {
        guard !parts.isEmpty else { return Array("{}".utf8) }
        var out = [UInt8(ascii: "{")]
        for (index, part) in parts.enumerated() {
            out += Array((index == 0 ? "\n" : ",\n").utf8)
            out += [UInt8](repeating: UInt8(ascii: " "), count: (depth + 1) * 2)
            out += part
        }
        out.append(UInt8(ascii: "\n"))
        out += [UInt8](repeating: UInt8(ascii: " "), count: depth * 2)
        out.append(UInt8(ascii: "}"))
        return out
    }
}

extension [UInt8] {
    /// Appends the bytes of a literal, copied as they are.
    fileprivate mutating func put(_ text: StaticString) {
        text.withUTF8Buffer { append(contentsOf: $0) }
    }
}
