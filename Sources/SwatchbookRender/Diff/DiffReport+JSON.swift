import SwatchbookCore

extension DiffReport {
    /// The version of the JSON report's shape, raised when a member changes meaning.
    public static let jsonVersion = 1

    /// The machine-readable report: `version`, `old`, `new`, then arrays
    /// `added` and `removed` of entries, and `renamed`, `moved` and
    /// `changed` of `{old, new}` pairs (`changed` with `deltaE` and what
    /// changed; `indirect` when only an alias it follows changed, with the
    /// names it goes `through` to that colour). An entry is `{path, name, id, hex, space, authored,
    /// reference}`, each optional member only when known. Always written,
    /// even with nothing in it, so a CI step can read it either way.
    public func json() -> [UInt8] {
        let document = JSONValue.object([
            .init("version", .integer(Self.jsonVersion)),
            .init("old", .string(oldName)), .init("new", .string(newName)),
            .init("added", .array(diff.added.map(Self.json))),
            .init("removed", .array(diff.removed.map(Self.json))),
            .init("renamed", .array(diff.renamed.map { Self.json($0) })),
            .init("moved", .array(diff.moved.map { Self.json($0) })),
            .init("changed", .array(diff.changed.map { Self.json($0, changes: true) })),
        ])
        // Every number is finite (ΔE of eight-bit colours), so encoding cannot fail.
        return Array(((try? document.encoded()) ?? "{}").utf8) + [0x0A]
    }

    static func json(_ entry: PaletteDiff.Entry) -> JSONValue {
        var members: [JSONValue.Member] = [
            .init("path", .array(entry.groups.map(JSONValue.string))), .init("name", .string(entry.name)),
        ]
        if let id = entry.id { members.append(.init("id", .string(id))) }
        members.append(.init("hex", .string(entry.color.hex)))
        members.append(.init("space", .string(entry.space)))
        if let authored = entry.authoredText { members.append(.init("authored", .string(authored))) }
        if let reference = entry.reference { members.append(.init("reference", .string(reference))) }
        return .object(members)
    }

    static func json(_ pair: PaletteDiff.Pair, changes: Bool = false) -> JSONValue {
        var members: [JSONValue.Member] = [.init("old", json(pair.old)), .init("new", json(pair.new))]
        if changes {
            members += [
                .init("deltaE", .number(pair.deltaE)), .init("colorChanged", .bool(pair.colorChanged)),
                .init("spaceChanged", .bool(pair.spaceChanged)),
                .init("authoredChanged", .bool(pair.authoredChanged)),
                .init("referenceChanged", .bool(pair.referenceChanged)),
                .init("indirect", .bool(pair.indirect != nil)),
            ]
            if let chain = pair.indirect {
                members.append(.init("through", .array(chain.map(JSONValue.string))))
            }
        }
        return .object(members)
    }
}
