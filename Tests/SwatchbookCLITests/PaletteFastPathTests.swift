import Foundation
import SwatchbookTestSupport
import Testing

/// The readers and writers take a short way for the common case (a GIMP
/// colour line, an ASCII ASE name, an RGB component in range, a printable
/// ASCII name to write); the uncommon case next to it must read and write
/// as before, with its errors at the same place.
extension PaletteFileTests {
    @Test func gplColourLinesReadTheSameWhateverTheirSpacing() throws {
        let scratch = ScratchFolder()
        let file = scratch.write(
            "spacing.gpl",
            "GIMP Palette\r\nName: Spacing\r\n#\r\n  1   2   3\tOne \r\n4 5 6 Two\tWords\r\n7\t8\t9\n"
                + "10 11 12\n13 14 15 \u{B}Tab\u{C}\n# Row: Next\n16 17 18\r\r\n")
        let entries = try Self.entries(file)
        // a tab inside a name is kept, and shown as U+FFFD as every control is
        #expect(entries.map(\.name) == ["One", "Two\u{FFFD}Words", "", "", "Tab", ""])
        #expect(entries.map(\.color) == ["#010203", "#040506", "#070809", "#0A0B0C", "#0D0E0F", "#101112"])
        #expect(entries.map(\.row) == ["Spacing", "Spacing", "Spacing", "Spacing", "Spacing", "Next"])

        // an error is at its own line, after lines of every kind
        let bad = scratch.write("bad.gpl", "GIMP Palette\n1 2 3 a\n\n# c\r\nName: x\n  4 5 256 b\n")
        let result = try CommandRunner.run(["render", bad])
        #expect(result.status == 65, "\(result.stderr)")
        #expect(
            result.stderr.contains("bad.gpl:6: expected components from 0 to 255, got 4 5 256"),
            "\(result.stderr)")
    }

    /// An ASE file of the given colour blocks, each a name in UTF-16 units
    /// and an RGB colour.
    static func ase(_ colours: [(units: [UInt16], rgb: [Float])]) -> [UInt8] {
        func be16(_ value: UInt16) -> [UInt8] { [UInt8(value >> 8), UInt8(value & 0xFF)] }
        func be32(_ value: UInt32) -> [UInt8] { be16(UInt16(value >> 16)) + be16(UInt16(value & 0xFFFF)) }
        var bytes = Array("ASEF".utf8) + be16(1) + be16(0) + be32(UInt32(colours.count))
        for (units, rgb) in colours {
            var data = be16(UInt16(units.count)) + units.flatMap(be16) + Array("RGB ".utf8)
            for value in rgb { data += be32(value.bitPattern) }
            data += be16(2)
            bytes += be16(0x0001) + be32(UInt32(data.count)) + data
        }
        return bytes
    }

    @Test func aseNamesAndComponentsReadTheSameOnEveryPath() throws {
        let scratch = ScratchFolder()
        func units(_ text: String) -> [UInt16] { Array(text.utf16) + [0] }
        let file = scratch.path("names.ase")
        try Data(
            Self.ase([
                (units("Plain Blue"), [0, 0, 1]),
                (units("Café"), [1.0005, -0.0005, 0.5]),
                (units("🎨 Palette"), [0.2, 0.4, 0.6]),
                ([0x41, 0, 0x42, 0], [0, 0, 0]),  // a zero unit inside ends the name
                (Array("No end".utf16), [1, 1, 1]),  // no zero unit at all
                ([0xD800, 0x41, 0], [0.5, 0.5, 0.5]),  // a lone surrogate
                ([0x41, 0x7F, 0x80, 0], [0.25, 0.25, 0.25]),
                ([], [0, 1, 0]),
            ])
        ).write(to: URL(fileURLWithPath: file))
        let entries = try Self.entries(file)
        #expect(
            entries.map(\.name) == [
                "Plain Blue", "Café", "🎨 Palette", "A", "No end", "\u{FFFD}A", "A\u{FFFD}\u{FFFD}", "",
            ])
        #expect(entries[1].color == "#FF0080", "a rounding error past either end is clamped")
        // and so are the components it keeps, which a writer writes
        let tokens = String(decoding: try Self.write(file, as: "tokens"), as: UTF8.self)
        #expect(
            tokens.contains(
                "\"Café\": { \"$type\": \"color\", \"$value\": { \"colorSpace\": \"srgb\", \"components\": [1, 0, 0.5]"
            ))
        #expect(entries[2].color == "#336699")

        let bad = scratch.path("bad.ase")
        try Data(Self.ase([(units("Red"), [1, 0, 0]), (units("Over"), [0.5, 1.01, 0])]))
            .write(to: URL(fileURLWithPath: bad))
        let result = try CommandRunner.run(["render", bad])
        #expect(result.status == 65, "\(result.stderr)")
        #expect(
            result.stderr.contains(
                "bad.ase: byte 72: the colour \"Over\" has RGB component 2 1.0099999904633, expected a number from 0 to 1"
            ), "\(result.stderr)")
    }

    @Test func tokensWithADuplicateInALargeGroupFailAtTheKey() throws {
        let scratch = ScratchFolder()
        let members = (1...9).map { "    \"c\($0)\": { \"$value\": \"#00000\($0)\" },\n" }.joined()
        let file = scratch.write(
            "dup.tokens.json",
            "{\n  \"g\": {\n    \"$type\": \"color\",\n" + members
                + "    \"c4\": { \"$value\": \"#fff\" }\n  }\n}\n")
        let result = try CommandRunner.run(["render", file])
        #expect(result.status == 65, "\(result.stderr)")
        #expect(result.stderr.contains("dup.tokens.json:13:5: duplicate key \"c4\""), "\(result.stderr)")
    }

    @Test func writersKeepNamesThatAreNotPlainASCIIAsBefore() throws {
        let scratch = ScratchFolder()
        let file = scratch.write(
            "names.gpl",
            "GIMP Palette\nName: Names\n#\n1 2 3\tPlain name\n4 5 6\tA.b {c}\n7 8 9\tCafé\u{2028}Line\n"
                + "10 11 12\t$dollar\n")
        let gpl = String(decoding: try Self.write(file, as: "gpl"), as: UTF8.self)
        #expect(gpl.contains("  1   2   3\tPlain name\n"))
        #expect(gpl.contains("  7   8   9\tCafé Line\n"), "a line separator is a space")
        let tokens = String(decoding: try Self.write(file, as: "tokens"), as: UTF8.self)
        for key in ["\"Plain name\"", "\"A-b -c-\"", "\"Café\u{2028}Line\"", "\"_dollar\""] {
            #expect(tokens.contains(key + ": {"), "\(key) in \(tokens)")
        }
    }

    @Test func cssValuesWithoutVarCountTowardsTheSubstitutionBounds() throws {
        let scratch = ScratchFolder()
        // 70 plain values of 64,000 bytes: past 4 MiB at the 66th
        let plain = (0..<70).map { "  --p\($0): " + String(repeating: "x", count: 64000) + ";\n" }.joined()
        let big = scratch.write("big.css", ":root {\n  --keep: #123456;\n" + plain + "}\n")
        let result = try CommandRunner.run(["render", big, "--format", "plain"])
        #expect(result.status == 65, "\(result.stderr)")
        #expect(
            result.stderr.hasSuffix(
                "big.css:68: var() substitution made more than 4 MiB of values (a bound of the CSS reader)\n"),
            "\(result.stderr)")

        // a plain value past 64 KiB is as invalid as a substituted one
        let long = scratch.write(
            "long.css",
            ":root {\n  --keep: #123456;\n  --long: " + String(repeating: "y", count: 70000)
                + ";\n  --use: var(--long, #fff);\n}\n")
        let read = try CommandRunner.run(["render", long, "--format", "json"])
        #expect(read.status == 0, "\(read.stderr)")
        #expect(
            read.stderr.hasSuffix(
                "long.css:3: warning: --long is more than 65536 bytes once its var() are substituted, so it is"
                    + " invalid, as in a browser (and so is what uses it)\n"), "\(read.stderr)")
        #expect(try Self.entries(long).map(\.color) == ["#123456", "#FFFFFF"])
    }
}
