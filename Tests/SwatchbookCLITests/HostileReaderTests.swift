import Foundation
import Testing

/// Hostile palette files through the bundled readers: each is read in time
/// linear in its size, or is one line naming the file (and the line or the
/// entry) with exit 65, never the time budget, a C stack overflow or a
/// colour made of a NaN.
@Suite("hostile palette files")
struct HostileReaderTests {
    /// Writes `text` as `name` in a scratch folder and runs `arguments`
    /// (the file's name in them as "FILE") there.
    static func run(
        _ name: String, _ text: String, _ arguments: [String] = ["render", "FILE", "--format", "plain"]
    ) throws -> CommandRunner.Result {
        let scratch = ScratchFolder()
        scratch.write(name, text)
        return try CommandRunner.run(arguments.map { $0 == "FILE" ? name : $0 }, in: scratch.url)
    }

    static func run(_ name: String, bytes: [UInt8], _ arguments: [String] = []) throws -> CommandRunner.Result
    {
        let scratch = ScratchFolder()
        try Data(bytes).write(to: scratch.url.appendingPathComponent(name))
        return try CommandRunner.run(["render", name, "--format", "plain"] + arguments, in: scratch.url)
    }

    /// The one line of standard error a bad file gives, and exit 65.
    static func expectError(
        _ result: CommandRunner.Result, _ message: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(result.status == 65, "\(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.stderr == message + "\n", sourceLocation: sourceLocation)
    }

    // MARK: design tokens

    /// 8,000 aliases, each naming the one before: every token was resolved
    /// by walking its whole chain again, past the 5 s budget.
    @Test func aLongAliasChainIsResolvedOnce() throws {
        var tokens = [##""t0": {"$value": "#123456"}"##]
        for index in 1..<8_000 { tokens.append(#""t\#(index)": {"$value": "{c.t\#(index - 1)}"}"#) }
        let document = #"{"c": {"$type": "color", "# + tokens.joined(separator: ", ") + "}}"
        let result = try Self.run("chain.tokens.json", document, ["render", "FILE", "--format", "gpl"])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.text.split(separator: "\n")
        #expect(lines.filter { $0.hasPrefix(" 18  52  86") }.count == 8_000)
        // a cycle is still found, on the walk
        let cycle =
            #"{"c": {"$type": "color", "a": {"$value": "{c.b}"}, "b": {"$value": "{c.c}"}, "c": {"$value": "{c.a}"}}}"#
        Self.expectError(
            try Self.run("cycle.tokens.json", cycle),
            "cycle.tokens.json:1:94: c.c: the alias {c.a} refers back to itself (a cycle)")
    }

    // MARK: CSS

    /// 100,000 `/*` never closed: the comment pattern was quadratic inside
    /// Lua's C library, where the watchdog cannot stop it but by killing it.
    @Test func anUnclosedCommentIsFoundInOnePass() throws {
        let sheet = ":root { --a: #fff; }\n\n" + String(repeating: "/*   ", count: 100_000)
        Self.expectError(try Self.run("comments.css", sheet), "comments.css:3: a comment is never closed")
        // closed comments keep the line count of what follows them
        let lines = "/* one\ntwo */ :root {\n  --a: #fff; /* three\n */\n}\n}\n"
        Self.expectError(try Self.run("lines.css", lines), #"lines.css:6: a "}" closes no rule"#)
    }

    /// Each `--vN` is `var(--vN+1) var(--vN+1)`: 2^22 copies of `red`. As in
    /// a browser, a value past the bound is invalid, and says so.
    @Test func aDoublingVarIsInvalidPastTheBound() throws {
        var sheet = ":root {\n  --ok: #123456;\n"
        for index in 0..<22 { sheet += "  --v\(index): var(--v\(index + 1)) var(--v\(index + 1));\n" }
        sheet += "  --v22: red;\n  --safe: var(--v0, #abcdef);\n}\n"
        let result = try Self.run("doubling.css", sheet, ["render", "FILE", "--format", "gpl"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stderr
                == "doubling.css:10: warning: --v7 is more than 65536 bytes once its var() are substituted, so it is invalid, as in a browser (and so is what uses it)\n"
                + "warning: 1 reference written as the colour it names (gpl holds none)\n")
        #expect(result.text.contains("ok") && result.text.contains("v22"))
        #expect(result.text.contains("171 205 239\tsafe"), "an invalid var() takes its fallback")
        #expect(!result.text.contains("\tv0\n"))
    }

    /// A chain 250 deep resolved through nested string.gsub calls, and
    /// overflowed the C stack.
    @Test func aDeepVarChainResolves() throws {
        var sheet = ":root {\n"
        for index in 0..<250 { sheet += "  --d\(index): var(--d\(index + 1));\n" }
        sheet += "  --d250: #abcdef;\n}\n"
        let result = try Self.run("deep.css", sheet, ["render", "FILE", "--format", "gpl"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.text.split(separator: "\n").filter { $0.hasPrefix("171 205 239") }.count == 251)
        // a cycle is still an error
        let cycle = ":root {\n  --a: var(--b);\n  --b: var(--a);\n}\n"
        Self.expectError(
            try Self.run("cycle.css", cycle), "cycle.css:3: var(--a) refers back to itself (a cycle)")
        // a name of nothing drops its declaration, as in a browser, and says so
        let missing = ":root {\n  --a: var(--nowhere);\n  --b: var(--a);\n  --c: #123456;\n}\n"
        let dropped = try Self.run("missing.css", missing, ["render", "FILE", "--format", "gpl"])
        #expect(dropped.status == 0, "\(dropped.stderr)")
        #expect(
            dropped.stderr
                == "missing.css:2: warning: var(--nowhere) names no custom property and has no fallback, so its declaration is invalid, as in a browser (and so is what uses it)\n"
        )
        #expect(dropped.text.hasSuffix(" 18  52  86\tc\n"), "\(dropped.text)")
        #expect(!dropped.text.contains("\ta\n") && !dropped.text.contains("\tb\n"))
    }

    /// 600 rules each resolving a 600-long chain in a selector of its own
    /// (which may change the chain's end) need 360,000 substitutions: past
    /// the reader's bound, one line naming it.
    @Test func substitutionsPastTheBoundAreOneError() throws {
        var sheet = ":root {\n"
        for index in 0..<600 { sheet += "  --r\(index): var(--r\(index + 1));\n" }
        sheet += "  --r600: #123456;\n}\n"
        for index in 0..<600 { sheet += ".s\(index) { --r600: #654321; --x: var(--r0); }\n" }
        let result = try Self.run("contexts.css", sheet)
        #expect(result.status == 65, "\(result.stderr)")
        #expect(
            result.stderr.hasSuffix(
                ": the sheet needs more than 100000 var() substitutions (a bound of the CSS reader)\n"),
            "\(result.stderr)")
        #expect(result.stderr.hasPrefix("contexts.css:"), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1)
    }

    @Test func nestedFallbacksAreSubstituted() throws {
        let sheet = ":root {\n  --blue: #0000ff;\n  --a: var(--x, var(--y, var(--blue)));\n}\n"
        let result = try Self.run("nested.css", sheet, ["render", "FILE", "--format", "gpl"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.text.contains("  0   0 255\ta\n"), "\(result.text)")
    }

    // MARK: terminal schemes

    static func itermXML(green: String) -> String {
        var entries = ""
        for index in 0..<16 {
            let value = index == 3 ? green : "0.5"
            entries += """
                <key>Ansi \(index) Color</key><dict><key>Blue Component</key><real>0.5</real>\
                <key>Green Component</key><real>\(value)</real><key>Red Component</key><real>0.5</real></dict>

                """
        }
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict>
            \(entries)</dict></plist>

            """
    }

    /// NaN and infinity in an iTerm2 preset were drawn as 0.
    @Test(arguments: ["nan", "inf", "-inf", "1e400"])
    func nonFiniteITermComponentsAreErrors(_ value: String) throws {
        let result = try Self.run("scheme.itermcolors", Self.itermXML(green: value))
        #expect(result.status == 65, "\(result.stderr)")
        #expect(
            result.stderr.hasPrefix(
                "scheme.itermcolors: Ansi 3 Color: expected the Green Component to be a number from 0 to 1, got "
            ),
            "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1)
    }

    @Test(arguments: [Double.nan, Double.infinity])
    func nonFiniteComponentsOfABinaryPlistAreErrors(_ value: Double) throws {
        var plist: [String: Any] = [:]
        for index in 0..<16 {
            plist["Ansi \(index) Color"] = [
                "Red Component": 0.5, "Green Component": index == 3 ? value : 0.5, "Blue Component": 0.5,
            ]
        }
        let data = try PropertyListSerialization.data(fromPropertyList: plist, format: .binary, options: 0)
        #expect(data.starts(with: Array("bplist".utf8)))
        let result = try Self.run("binary.itermcolors", bytes: [UInt8](data))
        #expect(result.status == 65, "\(result.stderr)")
        #expect(
            result.stderr.hasPrefix(
                "binary.itermcolors: Ansi 3 Color: expected the Green Component to be a number from 0 to 1, got "
            ),
            "\(result.stderr)")
    }

    /// A binary plist of `levels` arrays, each naming the next twice, over
    /// one string: a few hundred bytes that stand for 2^levels strings.
    static func sharedReferences(levels: Int) -> [UInt8] {
        var bytes = Array("bplist00".utf8)
        var offsets: [UInt8] = []
        for level in 0..<levels {
            offsets.append(UInt8(bytes.count))
            bytes += [0xA2, UInt8(level + 1), UInt8(level + 1)]
        }
        offsets.append(UInt8(bytes.count))
        bytes += [0x51, UInt8(ascii: "x")]
        let table = bytes.count
        bytes += offsets
        func big(_ value: Int) -> [UInt8] {
            (0..<8).reversed().map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) }
        }
        bytes += [0, 0, 0, 0, 0, 0, 1, 1] + big(levels + 1) + big(0) + big(table)
        return bytes
    }

    /// Forty arrays each naming the next twice (203 bytes) were copied at
    /// each reference: a gigabyte and SIGABRT under --max-memory 32.
    @Test func sharedReferencesCountAgainstTheMemoryCap() throws {
        let bomb = Self.sharedReferences(levels: 40)
        #expect(bomb.count < 210)
        let result = try Self.run("bomb.itermcolors", bytes: bomb, ["--max-memory", "32"])
        Self.expectError(
            result,
            "bomb.itermcolors: reading it needs more than the memory cap of 32 MiB (--max-memory)")
        // Shared references that fit are decoded, each copy counted: this
        // one is read, and holds no colours.
        Self.expectError(
            try Self.run("small.itermcolors", bytes: Self.sharedReferences(levels: 8)),
            "small.itermcolors: names no colours (expected the ANSI colours of a terminal scheme)")
    }

    /// kitty's rgb:ffffffffffffffffffffffff/0/0 wrapped to black.
    @Test func anOverlongX11ChannelIsAnError() throws {
        let conf = "color0 #000000\ncolor1 rgb:ffffffffffffffffffffffff/0/0\n"
        Self.expectError(
            try Self.run("wide.conf", conf),
            #"wide.conf:2: expected a colour for color1 (rgb: takes 1 to 4 hex digits a channel), got "rgb:ffffffffffffffffffffffff/0/0""#
        )
    }

    /// An array never closed indexed a nil value inside the reader.
    @Test(arguments: [
        (
            "[colors.normal]\nblack = \"#000000\"\n[colors.bright]\nlist = [\n  \"#111111\",\n",
            "alacritty.toml:4: the array opened here is never closed"
        ),
        (
            "[colors.normal]\nblack = \"#000000\nred = \"#ff0000\"\n",
            "alacritty.toml:2: the string opened here is never closed"
        ),
        (
            "[colors.normal]\nblack = \"#000000\"\n[colors.primary\n",
            #"alacritty.toml:3: expected a "]" closing the table name"#
        ),
        (
            "[colors.normal]\nblack = { r = 0\n",
            "alacritty.toml:2: the inline table opened here is never closed"
        ),
    ])
    func unclosedTOMLIsAnErrorAtItsLine(_ text: String, _ message: String) throws {
        Self.expectError(try Self.run("alacritty.toml", text), message)
    }

    /// A long run of spaces inside a line: "^%s*(.-)%s*$" backtracked over
    /// it once for every space, inside Lua's C library.
    @Test(arguments: [
        ("kitty.conf", "color0 #000000\n# a" + String(repeating: " ", count: 200_000) + "b\n"),
        ("foot.ini", "[colors]\nregular0=000000\nalpha=a" + String(repeating: " ", count: 200_000) + "b\n"),
        (
            "alacritty.toml",
            "[colors.normal]\nblack = \"#000000\"\nx = \"a" + String(repeating: " ", count: 200_000) + "b\"\n"
        ),
        ("scheme.Xresources", "*.color0: #000000\n*.name" + String(repeating: "a", count: 200_000) + "\n"),
        (
            "spaces.css",
            ":root {\n  --a: #fff;\n  --b: a" + String(repeating: " ", count: 200_000) + "b;\n}\n"
        ),
    ])
    func longRunsOfSpacesAreReadInOnePass(_ name: String, _ text: String) throws {
        let result = try Self.run(name, text)
        #expect(result.status == 0, "\(result.stderr)")
    }

    // MARK: Adobe Swatch Exchange

    /// One CMYK entry named "Ink": a NaN in it gave #FFFFFF.
    static func ase(cmyk: [Float]) -> [UInt8] {
        var block: [UInt8] = []
        func u16(_ v: UInt16) { block += [UInt8(v >> 8), UInt8(v & 0xFF)] }
        u16(4)
        for unit in "Ink".utf16 { u16(unit) }
        u16(0)
        block += Array("CMYK".utf8)
        for value in cmyk {
            let bits = value.bitPattern
            block += [
                UInt8(bits >> 24), UInt8((bits >> 16) & 0xFF), UInt8((bits >> 8) & 0xFF), UInt8(bits & 0xFF),
            ]
        }
        u16(2)
        var file = Array("ASEF".utf8) + [0, 1, 0, 0, 0, 0, 0, 1, 0, 1]
        let length = UInt32(block.count)
        file += [
            UInt8(length >> 24), UInt8((length >> 16) & 0xFF), UInt8((length >> 8) & 0xFF),
            UInt8(length & 0xFF),
        ]
        return file + block
    }

    @Test func aNaNInAnAdobeSwatchIsAnError() throws {
        let result = try Self.run("ink.ase", bytes: Self.ase(cmyk: [0, .nan, 0, 0]))
        #expect(result.status == 65, "\(result.stderr)")
        #expect(
            result.stderr.hasPrefix(#"ink.ase: byte 36: the colour "Ink" has CMYK component 2 "#),
            "\(result.stderr)")
        #expect(result.stderr.hasSuffix("expected a number from 0 to 1\n"), "\(result.stderr)")
        let good = try Self.run("ink.ase", bytes: Self.ase(cmyk: [0, 1, 0, 0]))
        #expect(good.status == 0, "\(good.stderr)")
        #expect(good.text.contains("#FF00FF"), "\(good.text)")
    }
}
