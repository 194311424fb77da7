import Foundation
import SwatchbookRender
import Testing

@testable import SwatchbookCLI

/// `swatchbook formats` lists what render writes, from each format's own
/// declaration, and what it reads, from each reader's `reads`.
@Suite struct FormatsCommandTests {
    static func listing(_ environment: [String: String] = [:]) throws -> [String: [[String: Any]]] {
        let result = try CommandRunner.run(["formats", "--json"], environment: environment)
        #expect(result.status == 0, "\(result.stderr)")
        return try #require(
            try JSONSerialization.jsonObject(with: Data(result.stdout)) as? [String: [[String: Any]]])
    }

    @Test func everyFormatAndEveryReaderIsListed() throws {
        let listing = try Self.listing()
        let written = try #require(listing["written"])
        #expect(written.compactMap { $0["name"] as? String } == OutputFormat.allCases.map(\.rawValue))
        #expect(
            written.allSatisfy { ["canvas", "description", "palette"].contains($0["kind"] as? String ?? "") })
        let read = try #require(listing["read"]).compactMap { $0["name"] as? String }
        let formats = try CommandRunner.run(["completions", "--list", "formats"]).text.split(separator: "\n")
        #expect(read == formats.map(String.init))
        // The table says the same.
        let table = try CommandRunner.run(["formats"])
        #expect(table.status == 0)
        for name in OutputFormat.allCases.map(\.rawValue) + read {
            #expect(table.text.contains("\n  \(name) "), "\(name)")
        }
    }

    /// Each extension listed is one `-o FILE.EXT` writes in that format.
    @Test(arguments: OutputFormat.allCases)
    func eachListedExtensionNamesItsFormat(_ format: OutputFormat) {
        for ext in format.spec.extensions {
            #expect(OutputFormat(extensionOf: "out/palette.\(ext)") == format, ".\(ext)")
            #expect(OutputFormat(extensionOf: "out/PALETTE.\(ext.uppercased())") == format, ".\(ext)")
        }
        #expect(OutputFormat(extensionOf: ".json") == nil, "a dot file has no extension")
        #expect(OutputFormat(extensionOf: "tokens.json") == .json)
    }

    /// A reader of the user's is listed by the format it declares; one
    /// whose format is no name is skipped with a warning, no escape of its
    /// text reaching the terminal.
    @Test func aUsersReaderIsListedAndABadOneSkipped() throws {
        let scratch = ScratchFolder()
        scratch.write(
            "config/swatchbook/readers/hex.lua",
            """
            return { name = "hex", api = 1, reads = { format = "hexlist", extensions = { "hex" } },
              data = function() return {} end }
            """)
        scratch.write(
            "config/swatchbook/readers/bad.lua",
            """
            return { name = "bad", api = 1, reads = { format = "bad\\27[31m", extensions = { "bad" } },
              data = function() return {} end }
            """)
        let environment = ["XDG_CONFIG_HOME": scratch.path("config")]
        let read = try #require(try Self.listing(environment)["read"])
        let hex = try #require(read.first { $0["name"] as? String == "hexlist" })
        #expect(hex["extensions"] as? [String] == ["hex"])
        #expect(hex["reader"] as? String == scratch.path("config") + "/swatchbook/readers/hex.lua")
        #expect(!read.contains { ($0["extensions"] as? [String]) == ["bad"] })
        let table = try CommandRunner.run(["formats"], environment: environment)
        #expect(!table.text.contains("\u{1B}") && !table.stderr.contains("\u{1B}"))
        #expect(table.stderr.contains("bad.lua: reads.format: expected the format's name"), "\(table.stderr)")
    }
}
