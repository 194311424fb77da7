import Foundation
import Testing

/// The palette writers under the hostile trial (issue 25, item 8): 40,000
/// colours that share one name write in every format, each name an
/// identifier still unique where the format needs one.
@Suite("palette writers on hostile catalogues")
struct HostileWriterTests {
    static let count = 40_000

    /// Every colour is `same`, but for a real `same-2`…`same-6` now and
    /// then, which the suffixes chosen for the others must step around.
    static let names: [String] = (0..<count).map { $0 % 997 == 0 ? "same-\($0 % 5 + 2)" : "same" }

    static func hex(_ index: Int) -> String {
        String(format: "#%02X%02X%02X", index & 0xFF, (index >> 8) & 0xFF, (index * 7) & 0xFF)
    }

    static let palette: String = {
        var text = "GIMP Palette\nName: Dupes\n"
        for (index, name) in names.enumerated() {
            text += "\(index & 0xFF) \((index >> 8) & 0xFF) \((index * 7) & 0xFF)\t\(name)\n"
        }
        return text
    }()

    /// Writes the palette as `format` and returns the file's bytes.
    static func write(_ format: String, in scratch: ScratchFolder) throws -> [UInt8] {
        let out = "out.\(format)"
        let result = try CommandRunner.run(
            ["render", "dupes.gpl", "--format", format, "-o", out], in: scratch.url)
        #expect(result.status == 0, "\(format): \(result.stderr)")
        return Array(try Data(contentsOf: scratch.url.appendingPathComponent(out)))
    }

    /// Each `(name, hex)` a CSS or Sass line declares, in order.
    static func declarations(_ text: String, marker: String) -> [(String, String)] {
        text.split(separator: "\n").compactMap { line in
            let line = line.trimmingCharacters(in: .whitespaces)
            guard line.hasPrefix(marker), let colon = line.firstIndex(of: ":") else { return nil }
            let name = String(line[line.index(line.startIndex, offsetBy: marker.count)..<colon])
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            return (name, String(value.dropLast()))
        }
    }

    @Test(.timeLimit(.minutes(10)), arguments: [("css", "--"), ("scss", "$")])
    func cssAndSassNamesStayUnique(_ format: String, _ marker: String) throws {
        let scratch = ScratchFolder()
        scratch.write("dupes.gpl", Self.palette)
        let first = try Self.write(format, in: scratch)
        let lines = Self.declarations(String(decoding: first, as: UTF8.self), marker: marker)
        #expect(lines.count == Self.count)
        #expect(Set(lines.map(\.0)).count == Self.count, "every name is declared once")
        #expect(lines.map(\.1) == (0..<Self.count).map(Self.hex), "each colour in its place")
        // a flat palette's names need no group before them
        #expect(lines.allSatisfy { $0.0.hasPrefix("same") })
        #expect(try Self.write(format, in: scratch) == first, "the same names every time")
    }

    @Test(.timeLimit(.minutes(10)))
    func tokenKeysStayUnique() throws {
        let scratch = ScratchFolder()
        scratch.write("dupes.gpl", Self.palette)
        let bytes = try Self.write("tokens", in: scratch)
        // A JSON object may not hold a key twice, which a decoder would
        // hide: the keys are counted as the writer wrote them, a token a line.
        let keys = String(decoding: bytes, as: UTF8.self).split(separator: "\n").compactMap { line in
            line.range(of: "\": { \"$type\"").map { String(line[..<$0.lowerBound]) }
        }
        #expect(keys.count == Self.count)
        #expect(Set(keys).count == Self.count, "every key is written once")
        let root = try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
        // A row named as its section (a flat palette read from a file) is one group.
        let group = try #require(root["Dupes"] as? [String: Any])
        #expect(group.count == Self.count)
    }

    /// GIMP and ASE names are labels, not identifiers: each colour keeps
    /// its own, duplicates and all.
    @Test(.timeLimit(.minutes(10)))
    func gimpAndASEKeepEveryName() throws {
        let scratch = ScratchFolder()
        scratch.write("dupes.gpl", Self.palette)
        let gpl = String(decoding: try Self.write("gpl", in: scratch), as: UTF8.self)
        let written = gpl.split(separator: "\n").filter { $0.first?.isNumber == true || $0.first == " " }
        #expect(written.map { String($0.split(separator: "\t").last ?? "") } == Self.names)
        let ase = try ASEFile(try Self.write("ase", in: scratch))
        #expect(ase.names == Self.names)
    }
}
