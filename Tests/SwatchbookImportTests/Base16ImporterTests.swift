import Foundation
import SwatchbookCore
import Testing

@testable import SwatchbookImport
@testable import SwatchbookLua
import SwatchbookTestSupport

/// The importer reports and skips a scheme it cannot take (strict, it
/// stops), and writes the pack of the rest all or nothing: every scheme is
/// checked before a byte is written, and the destination is created,
/// replaced or refused whole.
@Suite("base16 import: packs, destinations, all or nothing")
struct Base16ImporterTests {
    static let fixtures = Base16SchemeTests.fixtures.path
    static let fixtureIDs = ["base16-ocean", "base16-solarized-light", "base24-dracula", "base24-one-dark"]

    /// Imports from `folder` as the current directory.
    static func run(_ inputs: [String], _ output: String, in folder: URL, strict: Bool = false) -> Result<
        Base16Importer.Summary, Diagnostic
    > {
        Result { () throws(Diagnostic) in
            try Base16Importer.run(
                inputs: inputs, output: output, currentDirectory: folder.path, strict: strict,
                check: GeneratedPackCheck())
        }
    }

    static func failure(_ inputs: [String], _ output: String, in folder: URL, strict: Bool = false)
        -> Diagnostic?
    {
        if case .failure(let error) = run(inputs, output, in: folder, strict: strict) { return error }
        return nil
    }

    static func contents(_ url: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).sorted()
    }

    @Test func theFixtureFolderBecomesAPack() throws {
        let scratch = ScratchFolder()
        let summary = try Self.run([Self.fixtures + "/base16"], "mine", in: scratch.url).get()
        #expect(summary == .init(folder: "mine", themeIDs: Self.fixtureIDs, replacedPack: false))
        #expect(
            summary.description
                == "imported 4 schemes into mine: base16-ocean, base16-solarized-light, base24-dracula, base24-one-dark"
        )
        let pack = scratch.url.appendingPathComponent("mine")
        #expect(
            Self.contents(pack) == [".swatchbook-import"] + Self.fixtureIDs.map { $0 + ".lua" } + ["pack.lua"]
        )
        #expect(Self.contents(scratch.url) == ["mine"], "no hidden folder left behind")

        var catalog = ThemeCatalog(builtIn: [.standard])
        catalog.addPacks(in: [pack.path])
        #expect(catalog.problems.isEmpty, "\(catalog.problems.map(\.formatted))")
        #expect(catalog.warnings.isEmpty, "\(catalog.warnings.map(\.formatted))")
        for id in Self.fixtureIDs { #expect(catalog.entries[id]?.pack == "mine", "\(id)") }
        #expect(
            try catalog.resolver.resolve("base16-ocean").style(.background).background == Color(rgb: 0x2B303B)
        )

        let manifest = try PackManifest.load(
            file: pack.appendingPathComponent("pack.lua"), displayName: "pack.lua")
        #expect(
            manifest
                == PackManifest(
                    name: "mine", version: "1.0.0",
                    author:
                        "Chris Kempson (http://chriskempson.com), Ethan Schoonover (modified by aramisgithub), FredHappyface (https://github.com/fredHappyface)",
                    license: "as each source scheme", themes: Self.fixtureIDs.map { $0 + ".lua" }))
    }

    @Test func filesAndFoldersMixAndAFileIsReadOnce() throws {
        let scratch = ScratchFolder()
        let base16 = Self.fixtures + "/base16"
        let summary = try Self.run(
            [base16 + "/ocean.yaml", base16 + "/", base16 + "/ocean.yaml"], "p", in: scratch.url
        )
        .get()
        #expect(summary.themeIDs == Self.fixtureIDs)
    }

    @Test func aBadSchemeIsSkippedAndTheRestWritten() throws {
        let scratch = ScratchFolder()
        let bad = Self.fixtures + "/base16-bad/bad-hex.yaml"
        let summary = try Self.run([Self.fixtures + "/base16", bad], "mine", in: scratch.url).get()
        #expect(summary.themeIDs == Self.fixtureIDs)
        let error = try #require(summary.skipped.first)
        #expect(summary.skipped.count == 1)
        #expect(error.kind == .data)
        #expect(error.file == bad && error.line == 18)
        #expect(Self.contents(scratch.url) == ["mine"])
    }

    @Test func aBadSchemeAnywhereStopsAStrictImportWritingNothing() throws {
        let scratch = ScratchFolder()
        let bad = Self.fixtures + "/base16-bad/bad-hex.yaml"
        let error = try #require(
            Self.failure([Self.fixtures + "/base16", bad], "mine", in: scratch.url, strict: true))
        #expect(error.file == bad && error.line == 18)
        #expect(Self.contents(scratch.url).isEmpty, "not even a hidden folder")
    }

    @Test func twoSchemesMakingOneIDAreAnError() throws {
        let scratch = ScratchFolder()
        let ocean = try String(contentsOfFile: Self.fixtures + "/base16/ocean.yaml", encoding: .utf8)
        scratch.write("a/ocean.yaml", ocean)
        scratch.write("b/Ocean.yml", ocean)
        let summary = try Self.run(["a", "b"], "out", in: scratch.url).get()
        #expect(summary.themeIDs == ["base16-ocean"])
        let error = try #require(summary.skipped.first)
        #expect(error.kind == .data)
        #expect(
            error.formatted
                == ##"b/Ocean.yml: makes theme "base16-ocean", as a/ocean.yaml does; each scheme needs its own slug"##
        )
        #expect(Self.contents(scratch.url) == ["a", "b", "out"])
    }

    @Test func anEmptyFolderIsFilled() throws {
        let scratch = ScratchFolder()
        try FileManager.default.createDirectory(
            at: scratch.url.appendingPathComponent("empty"), withIntermediateDirectories: true)
        let summary = try Self.run([Self.fixtures + "/base16/ocean.yaml"], "empty", in: scratch.url).get()
        #expect(summary.description == "imported 1 scheme into empty: base16-ocean")
        #expect(
            Self.contents(scratch.url.appendingPathComponent("empty")) == [
                ".swatchbook-import", "base16-ocean.lua", "pack.lua",
            ])
        #expect(Self.contents(scratch.url) == ["empty"])
    }

    @Test func aPackTheImportWroteIsReplacedWhole() throws {
        let scratch = ScratchFolder()
        _ = try Self.run([Self.fixtures + "/base16"], "pack", in: scratch.url).get()
        let summary = try Self.run([Self.fixtures + "/base16/dracula.yaml"], "pack", in: scratch.url).get()
        #expect(summary.replacedPack)
        #expect(
            summary.description
                == "imported 1 scheme into pack (replacing the pack that was there): base24-dracula")
        #expect(
            Self.contents(scratch.url.appendingPathComponent("pack")) == [
                ".swatchbook-import", "base24-dracula.lua", "pack.lua",
            ])
        #expect(Self.contents(scratch.url) == ["pack"], "the old pack and the hidden folder are gone")
    }

    @Test func aPackSomeoneElseWroteIsLeftAlone() throws {
        let scratch = ScratchFolder()
        scratch.write("pack/pack.lua", ##"return { name = "old", themes = { "stale.lua" } }"##)
        scratch.write("pack/stale.lua", ##"return { id = "stale" }"##)
        let error = try #require(Self.failure([Self.fixtures + "/base16"], "pack", in: scratch.url))
        #expect(error.kind == .cannotCreate)
        #expect(Self.contents(scratch.url.appendingPathComponent("pack")) == ["pack.lua", "stale.lua"])
    }

    @Test func aFolderThatIsNotAPackIsLeftAlone() throws {
        let scratch = ScratchFolder()
        scratch.write("notes/todo.txt", "keep me")
        scratch.write("file.lua", "not a folder")
        for target in ["notes", "file.lua"] {
            let error = try #require(Self.failure([Self.fixtures + "/base16"], target, in: scratch.url))
            #expect(error.kind == .cannotCreate)
        }
        #expect(
            Self.failure([Self.fixtures + "/base16"], "file.lua", in: scratch.url)?.formatted
                == "file.lua: exists and is not a folder; nothing written")
        #expect(
            Self.failure([Self.fixtures + "/base16"], "notes", in: scratch.url)?.formatted
                == "notes: holds todo.txt, which theme import did not write; nothing written (it replaces only a pack it wrote)"
        )
        #expect(Self.contents(scratch.url) == ["file.lua", "notes"])
        #expect(Self.contents(scratch.url.appendingPathComponent("notes")) == ["todo.txt"])
        #expect(
            try String(contentsOf: scratch.url.appendingPathComponent("file.lua"), encoding: .utf8)
                == "not a folder")
        let blocked = try #require(
            Self.failure([Self.fixtures + "/base16"], "file.lua/themes/pack", in: scratch.url))
        #expect(blocked.kind == .output)
        #expect(
            blocked.formatted
                == "file.lua/themes/pack: cannot create: file.lua is not a folder; nothing written")
        #expect(Self.contents(scratch.url) == ["file.lua", "notes"])
    }

    @Test func missingInputsAre66() throws {
        let scratch = ScratchFolder()
        let missing = try #require(Self.failure(["nope.yaml"], "out", in: scratch.url))
        #expect(missing.kind == .inputMissing)
        #expect(missing.formatted == "nope.yaml: no such file")
        try FileManager.default.createDirectory(
            at: scratch.url.appendingPathComponent("blank"), withIntermediateDirectories: true)
        scratch.write("blank/readme.txt", "no schemes here")
        let empty = try #require(Self.failure(["blank"], "out", in: scratch.url))
        #expect(empty.kind == .inputMissing)
        #expect(empty.formatted == "blank: holds no .yaml or .yml scheme files")
        #expect(Self.contents(scratch.url) == ["blank"])
    }

    /// The pack's name comes from the folder and its author from schemes:
    /// both are written as data.
    @Test func packFieldsAreEscaped() throws {
        let scratch = ScratchFolder()
        let author = "A \"quoted\" \\ author\nwith a second line"
        scratch.write(
            "in/odd.yaml",
            "scheme: Odd\nauthor: \"A \\\"quoted\\\" \\\\ author\\nwith a second line\"\n"
                + Base16SchemeTests.flatSlots(16))
        let folder = "we\"ird ]] pack"
        _ = try Self.run(["in"], folder, in: scratch.url).get()
        let manifest = try PackManifest.load(
            file: scratch.url.appendingPathComponent(folder + "/pack.lua"), displayName: "pack.lua")
        #expect(manifest.name == folder)
        #expect(manifest.author == author)
    }

    /// Failures after the hidden folder exists (a write, or the destination
    /// changing before the move) remove it and leave the destination alone.
    @Test func aStagedPackIsRemovedWhenItCannotGoIn() throws {
        let scratch = ScratchFolder()
        let destination = scratch.url.appendingPathComponent("pack")
        let staged = try StagedPack(destination: destination, displayName: "pack")
        try staged.write("pack.lua", "return {}")
        #expect(throws: Diagnostic.self, "a file is written once") { try staged.write("pack.lua", "again") }
        scratch.write("pack/mine.txt", "someone else's file, created meanwhile")
        do {
            _ = try staged.install()
            Issue.record("a folder that is not a pack must not be replaced")
        } catch {
            #expect(
                error.formatted
                    == "pack: holds mine.txt, which theme import did not write; nothing written (it replaces only a pack it wrote)"
            )
        }
        #expect(Self.contents(scratch.url).count == 2, "the hidden folder is still there until discarded")
        staged.discard()
        #expect(Self.contents(scratch.url) == ["pack"])
        #expect(Self.contents(destination) == ["mine.txt"])

        let unused = try StagedPack(
            destination: scratch.url.appendingPathComponent("other"), displayName: "other")
        try unused.write("pack.lua", "return {}")
        unused.discard()
        #expect(Self.contents(scratch.url) == ["pack"])
    }
}
