import Foundation
import Testing

/// Every reader × writer pair over the fixtures (issue 28, item 6): a
/// palette read, written, and read back holds what the target format can
/// hold, exactly to that format's precision; what it cannot hold is named
/// in a warning; the second write is byte-identical to the first; a file
/// written in its own format reads back as the same model. Each output is
/// also read by an implementation that is not Swatchbook's: Python's
/// swatch for ASE, tinycss2 for CSS, a JSON Schema of DTCG 2025.10 for
/// tokens.
///
/// What each format holds is written here from the formats themselves,
/// not from the writers' declaration, so a writer that drifts from its
/// format fails.
@Suite("the round-trip matrix")
struct RoundTripMatrixTests {
    /// One colour of a catalogue as the JSON report gives it.
    struct Entry: Equatable, CustomStringConvertible {
        var groups: [String]
        var name: String
        var color: String
        var space: String?
        var components: [Double?] = []
        var alpha: Double?
        var css: String?
        var key: String?
        var details: String?
        var reference: String?
        var type: String?
        var extensions: String?
        var id: String?
        var fields: [[String]] = []

        var description: String {
            (groups + [name]).joined(separator: " > ") + " \(color)"
                + (space.map { " \($0)\(components.map { $0.map { "\($0)" } ?? "none" })" } ?? "")
                + (reference.map { " ref \($0)" } ?? "")
        }
    }

    static let writers = ["css", "gpl", "tokens", "ase"]

    static let fixtures = CommandRunner.root.appendingPathComponent("Tests/Fixtures/palettes")

    /// The palette fixtures (terminal schemes, GIMP, ASE, tokens with every
    /// space and aliases, CSS with modern syntax and var(), Sass and Less
    /// variables with references and maps), three of the
    /// GIMP palettes Debian ships, and the demo plugins that are palettes.
    static let sources: [String] = {
        let notPalettes: Set<String> = [
            "README.md", "solarized-dark.expected.json", "truncated.ase", "loop.tokens.json",
        ]
        let files = (try? FileManager.default.contentsOfDirectory(atPath: fixtures.path)) ?? []
        let gimp = ["Tango.gpl", "Named_Colors.gpl", "Blues.gpl"].map { "/usr/share/gimp/2.0/palettes/" + $0 }
        return files.filter { !notPalettes.contains($0) }.sorted().map { "Tests/Fixtures/palettes/" + $0 }
            + gimp
            + ["Scripts/colors.lua", "Scripts/categories.lua", "Scripts/tokens.lua"]
    }()

    /// The writer whose format a source file is in; nil for the others.
    static func ownFormat(_ source: String) -> String? {
        if source.hasSuffix(".tokens.json") { return "tokens" }
        return ["css", "gpl", "ase"].first { source.hasSuffix("." + $0) }
    }

    static func outputName(_ format: String) -> String {
        format == "tokens" ? "out.tokens.json" : "out.\(format)"
    }

    // MARK: reading the model

    static func entries(_ path: String, in folder: URL? = nil) throws -> [Entry] {
        let result = try CommandRunner.run(
            ["render", path, "--format", "json", "--expand", "all"], in: folder ?? CommandRunner.root)
        try #require(result.status == 0, "\(path): \(result.stderr)")
        let root = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout)) as? [String: Any])
        var entries: [Entry] = []
        func entry(_ object: [String: Any], groups: [String]) -> Entry {
            var entry = Entry(
                groups: groups, name: object["name"] as? String ?? "", color: object["color"] as? String ?? ""
            )
            entry.id = object["id"] as? String
            entry.fields = (object["fields"] as? [[String: String]] ?? []).map {
                [$0["key"] ?? "", $0["value"] ?? ""]
            }
            if let authored = object["authored"] as? [String: Any] {
                entry.space = authored["space"] as? String
                entry.components = (authored["components"] as? [Any] ?? []).map { $0 as? Double }
                entry.alpha = authored["alpha"] as? Double
                entry.css = authored["css"] as? String
                entry.key = authored["key"] as? String
                entry.details = authored["description"] as? String
                entry.reference = authored["reference"] as? String
                entry.type = authored["type"] as? String
                if let extensions = authored["extensions"] {
                    entry.extensions = String(
                        decoding: try! JSONSerialization.data(
                            withJSONObject: extensions, options: .sortedKeys),
                        as: UTF8.self)
                }
            }
            return entry
        }
        for section in root["sections"] as? [[String: Any]] ?? [] {
            let sectionName = section["name"] as? String ?? ""
            for row in section["rows"] as? [[String: Any]] ?? [] {
                let groups = [sectionName, row["name"] as? String ?? ""]
                for item in row["items"] as? [[String: Any]] ?? [] {
                    entries.append(entry(item, groups: groups))
                }
                var ancestors: [String] = []
                for node in row["nodes"] as? [[String: Any]] ?? [] {
                    let depth = node["depth"] as? Int ?? 0
                    ancestors = Array(ancestors.prefix(depth))
                    if node["color"] is String { entries.append(entry(node, groups: groups + ancestors)) }
                    ancestors.append(node["name"] as? String ?? "")
                }
            }
        }
        return entries
    }

    // MARK: what each format holds

    static let cssSpaces: Set<String> = [
        "srgb", "srgb-linear", "display-p3", "a98-rgb", "prophoto-rgb", "rec2020", "xyz-d50", "xyz-d65",
        "lab",
        "lch", "oklab", "oklch", "hsl", "hwb",
    ]

    /// The spaces `format` writes as they are (CSS Color 4, DTCG's colour
    /// module, Adobe's four models, and GIMP's eight-bit RGB).
    static func spaces(of format: String) -> Set<String> {
        switch format {
        case "css", "tokens": cssSpaces
        case "ase": ["srgb", "cmyk", "lab", "gray"]
        default: []
        }
    }

    /// Each loss `entry` makes in `format`, as the word its warning uses.
    static func losses(of entry: Entry, in format: String) -> Set<String> {
        var losses: Set<String> = []
        if let space = entry.space, space != "srgb", !spaces(of: format).contains(space) {
            losses.insert("written as|\(space)")
        }
        if (format == "gpl" || format == "ase"), entry.color.count > 7 { losses.insert("written opaque") }
        if entry.details != nil, format != "tokens" { losses.insert("description") }
        if entry.type != nil, format != "ase" { losses.insert("swatch type") }
        if entry.extensions != nil, format != "tokens" { losses.insert("$extensions") }
        if entry.reference != nil, format == "gpl" || format == "ase" { losses.insert("reference") }
        if !entry.fields.isEmpty, format != "tokens" { losses.insert("fields") }
        return losses
    }

    /// The key a reference names: `{a.b}` → `a.b`, `var(--x, …)` → `--x`,
    /// a Sass `$x` or Less `@x` itself.
    static func referencedKey(_ reference: String) -> String? {
        if reference.hasPrefix("{"), reference.hasSuffix("}") {
            return String(reference.dropFirst().dropLast())
        }
        if reference.hasPrefix("$") || reference.hasPrefix("@") { return reference }
        guard reference.hasPrefix("var(--"), reference.hasSuffix(")") else { return nil }
        return String(reference.dropFirst(4).prefix { $0 != "," && $0 != ")" && $0 != " " })
    }

    /// The entries as a format keeps them when it keeps everything they
    /// say: a reference to what is not among them, or to another colour (a
    /// Sass variable set again after it was used), is written as the colour,
    /// and the file's own strip (ASE's colours outside any group, which the
    /// reader names after the file) is named after whichever file it is.
    static func normalised(_ entries: [Entry], file: String) -> [Entry] {
        var colours: [String: String] = [:]
        for entry in entries {
            for key in [entry.key, entry.id].compactMap({ $0 }) where colours[key] == nil {
                colours[key] = entry.color
            }
        }
        let stem = String(URL(fileURLWithPath: file).lastPathComponent.split(separator: ".").first ?? "")
        return entries.map { entry in
            var entry = entry
            if let reference = entry.reference,
                referencedKey(reference).flatMap({ colours[$0] }) != entry.color
            {
                entry.reference = nil
            }
            if file.hasSuffix(".ase"), entry.groups == [stem, stem] { entry.groups = ["(the file)"] }
            // A colour written as a hex is sRGB in eight-bit steps.
            if entry.space == nil {
                let digits = Array(entry.color.dropFirst())
                let channels = stride(from: 0, to: digits.count, by: 2).map {
                    Double(Int(String(digits[$0..<$0 + 2]), radix: 16) ?? 0) / 255
                }
                entry.space = "srgb"
                entry.components = channels.prefix(3).map { $0 }
                entry.alpha = channels.count == 4 ? channels[3] : 1
            }
            return entry
        }
    }

    /// Two components the same to the format's precision: ASE holds 32-bit floats.
    static func same(_ a: [Double?], _ b: [Double?], in format: String) -> Bool {
        guard a.count == b.count else { return false }
        return zip(a, b).allSatisfy { x, y in
            guard let x, let y else { return x == nil && y == nil }
            return format == "ase" ? Float(x) == Float(y) : abs(x - y) <= 1e-12 * max(1, abs(x))
        }
    }

    /// What a written entry must be, given the entry read first.
    static func check(_ back: Entry, against source: Entry, in format: String, where place: String) {
        let opaque = format == "gpl" || format == "ase"
        #expect(
            opaque ? back.color.prefix(7) == source.color.prefix(7) : back.color == source.color,
            "\(place): the colour drawn")
        if let space = source.space, spaces(of: format).contains(space) {
            #expect(back.space == space, "\(place): the space")
            #expect(same(back.components, source.components, in: format), "\(place): \(back) for \(source)")
            if !opaque { #expect(back.alpha == source.alpha, "\(place): the alpha") }
            if format == "css", let css = source.css { #expect(back.css == css, "\(place): the CSS text") }
        } else {
            // GIMP's eight bits, CSS's hex, the RGB of tokens and ASE
            #expect(back.space == "srgb", "\(place): \(back) for \(source)")
        }
        #expect(back.details == (format == "tokens" ? source.details : nil), "\(place): the description")
        #expect(back.fields == (format == "tokens" ? source.fields : []), "\(place): the fields")
        #expect(back.type == (format == "ase" ? source.type ?? "process" : nil), "\(place): the swatch type")
        #expect(back.extensions == (format == "tokens" ? source.extensions : nil), "\(place): the extensions")
        if format == "gpl" || format == "ase" {
            #expect(back.name == source.name, "\(place): the name")
            #expect(back.reference == nil, "\(place): \(format) holds no reference")
        } else {
            #expect((back.reference != nil) == (source.reference != nil), "\(place): the reference")
        }
    }

    // MARK: the matrix

    @Test(.tags(.references), arguments: sources, writers)
    func readWriteReadBack(_ source: String, _ format: String) throws {
        if source.hasPrefix("/usr/") {
            try Requirement.need(source, from: "the Debian package gimp-data")
        }
        let scratch = ScratchFolder()
        let out = outputNameIn(scratch, format)
        let written = try CommandRunner.run(["render", source, "-o", out])
        try #require(written.status == 0, "\(source) as \(format): \(written.stderr)")
        let original = Self.normalised(try Self.entries(source), file: source)
        #expect(!original.isEmpty, "\(source) has colours to write")
        let back = Self.normalised(try Self.entries(out), file: out)

        // Own format: the same model.
        if Self.ownFormat(source) == format {
            #expect(
                back == original,
                "\(source) read back from its own format:\n\(zip(back, original).first { $0 != $1 }.map { "\($0) for \($1)" } ?? "counts \(back.count) \(original.count)")"
            )
        }
        // Any format: what it holds, entry by entry.
        #expect(back.count == original.count, "\(source) as \(format)")
        for (index, (got, wanted)) in zip(back, original).enumerated() {
            Self.check(got, against: wanted, in: format, where: "\(source) as \(format), colour \(index + 1)")
        }
        // Every loss warned of; no warning of a loss there is not.
        let expected = original.reduce(into: Set<String>()) { $0.formUnion(Self.losses(of: $1, in: format)) }
        let warnings = written.stderr.split(separator: "\n").filter { $0.contains("warning:") }
        // A converted space is named on the one line of conversions.
        func says(_ warning: Substring, _ loss: String) -> Bool {
            loss.split(separator: "|").allSatisfy { warning.contains($0) }
        }
        for loss in expected {
            #expect(warnings.contains { says($0, loss) }, "\(source) as \(format): no warning of \(loss)")
        }
        let explained = [
            "title", "palette's description", "non-colour", "names changed", "rounded to 8-bit",
            "what it names",
            "written as the colour it names", "written as the colours they name",
            "what they name",
        ]
        for warning in warnings where !expected.contains(where: { says(warning, $0) }) {
            #expect(
                explained.contains { warning.contains($0) },
                "\(source) as \(format): an unexpected \(warning)")
        }
        // Written again, the file is the same.
        let again = scratch.path("again" + (format == "tokens" ? ".tokens.json" : ".\(format)"))
        let second = try CommandRunner.run(["render", out, "-o", again])
        try #require(second.status == 0, "\(second.stderr)")
        let first = try Data(contentsOf: URL(fileURLWithPath: out))
        #expect(
            first == (try Data(contentsOf: URL(fileURLWithPath: again))),
            "\(source) as \(format): second write")

        try Self.checkIndependently(out, as: format, against: back)
    }

    func outputNameIn(_ scratch: ScratchFolder, _ format: String) -> String {
        scratch.path(Self.outputName(format))
    }

    /// What another implementation reads of the written file agrees with
    /// what Swatchbook reads of it.
    static func checkIndependently(_ path: String, as format: String, against back: [Entry]) throws {
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        switch format {
        case "ase":
            let read = try #require(
                try JSONSerialization.jsonObject(with: Data(Reference.ask("ase", stdin: bytes)))
                    as? [[String: Any]])
            #expect(read.count == back.count, "swatch reads as many colours")
            let modes = ["RGB": "srgb", "CMYK": "cmyk", "LAB": "lab", "Gray": "gray"]
            for (theirs, ours) in zip(read, back) {
                #expect(theirs["name"] as? String == ours.name)
                #expect(
                    modes[theirs["mode"] as? String ?? ""] == (ours.space ?? "srgb"), "\(theirs) for \(ours)")
                var values = (theirs["values"] as? [Double] ?? []).map { Optional($0) }
                if theirs["mode"] as? String == "LAB", let l = values.first ?? nil { values[0] = l * 100 }
                if ours.space != nil {
                    #expect(same(values, ours.components, in: "ase"), "\(theirs) for \(ours)")
                }
                #expect((theirs["type"] as? String)?.lowercased() == ours.type, "\(theirs) for \(ours)")
            }
        case "css":
            let rules = try #require(
                try JSONSerialization.jsonObject(with: Data(Reference.ask("css", stdin: bytes)))
                    as? [[String: Any]])
            let declarations = rules.flatMap { $0["declarations"] as? [[Any]] ?? [] }
            #expect(
                rules.allSatisfy { ($0["errors"] as? [String])?.isEmpty == true }, "tinycss2 reads it clean")
            #expect(declarations.count == back.count, "a declaration a colour")
            for (declaration, ours) in zip(declarations, back) {
                let value = declaration[1] as? String ?? ""
                if value.hasPrefix("var(") {
                    #expect(ours.reference == value)
                    continue
                }
                let colour = try #require(declaration[2] as? [Any], "tinycss2 reads \(value) as a colour")
                let space = colour[0] as? String
                let coordinates = (colour[1] as? [Any] ?? []).map { $0 as? Double }
                // CSS `none` reads as 0 in tinycss2's coordinates.
                let mine = ours.space == nil ? nil : ours.components.map { $0 ?? 0 }
                if let mine {
                    #expect(space == ours.space && same(coordinates, mine, in: "css"), "\(value) for \(ours)")
                }
            }
        case "tokens":
            let result = try CommandRunner.runShell(
                "Tools/validate-json Schemas/dtcg-2025.10.schema.json '\(path)'")
            #expect(result.status == 0, "DTCG 2025.10: \(result.stdout)\(result.stderr)")
        default:
            break
        }
    }

    // MARK: the schema and the references can fail

    @Test func theTokensSchemaRefusesWhatDTCGRefuses() throws {
        let scratch = ScratchFolder()
        for bad in [
            #"{"a": {"$value": {"colorSpace": "oklch", "components": [1, 2]}}}"#,
            #"{"a": {"$value": {"colorSpace": "cmyk", "components": [1, 2, 3]}}}"#,
            ##"{"a.b": {"$value": "#fff"}}"##,
            #"{"a": {"$value": {"colorSpace": "srgb", "components": [1, 1, 1], "hex": "fff"}}}"#,
        ] {
            let file = scratch.write("bad.tokens.json", bad)
            let result = try CommandRunner.runShell(
                "Tools/validate-json Schemas/dtcg-2025.10.schema.json '\(file)'")
            #expect(result.status == 1, "\(bad)")
        }
    }
}
