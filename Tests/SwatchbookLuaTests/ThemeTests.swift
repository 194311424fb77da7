import Foundation
import SwatchbookCore
import Testing

@testable import SwatchbookLua

@Suite("Theme files: inheritance, late binding, unset, cycles")
struct ThemeTests {
    static func specs(_ files: [String: String]) throws -> (ScriptFixture, [String: ThemeSpec], [Warning]) {
        let fixture = ScriptFixture(files)
        var specs: [String: ThemeSpec] = ["default": ThemeSpec(.standard, file: "(built in) default")]
        var warnings: [Warning] = []
        for name in files.keys.sorted() {
            let loaded = try ThemeLoader.load(
                file: fixture.folder.appendingPathComponent(name), displayName: "Themes/" + name)
            specs[loaded.spec.id] = loaded.spec
            warnings += loaded.warnings
        }
        return (fixture, specs, warnings)
    }

    static let base = """
        return { id = "base", name = "Base", variant = "dark",
          palette = { red = "#CC0000", ink = "red" },
          roles = { header = { fg = "ink", bold = true, underline = true }, label = { fg = "red" } } }
        """

    @Test func aChildPaletteRecoloursInheritedRoles() throws {
        let (_, specs, _) = try Self.specs([
            "base.lua": Self.base,
            "child.lua": ##"return { id = "child", extends = "base", palette = { red = "#00AA00" } }"##,
        ])
        let child = try ThemeResolver(specs: specs).resolve("child")
        #expect(
            child.style(.header).foreground == Color(rgb: 0x00AA00),
            "ink → red, bound late to the child's red")
        #expect(child.style(.label).foreground == Color(rgb: 0x00AA00))
        #expect(child.style(.header).attributes == [.bold, .underline])
        #expect(child.name == "Base")
        let base = try ThemeResolver(specs: specs).resolve("base")
        #expect(base.style(.header).foreground == Color(rgb: 0xCC0000))
    }

    @Test func falseUnsetsAnInheritedField() throws {
        let (_, specs, _) = try Self.specs([
            "base.lua": Self.base,
            "plain.lua":
                ##"return { id = "plain", extends = "base", roles = { header = { fg = false, underline = false } } }"##,
        ])
        let plain = try ThemeResolver(specs: specs).resolve("plain")
        #expect(plain.style(.header).foreground == nil)
        #expect(plain.style(.header).attributes == [.bold])
    }

    @Test func themesExtendTheBuiltInDefault() throws {
        let (_, specs, _) = try Self.specs([
            "mine.lua":
                ##"return { id = "mine", extends = "default", roles = { header = { bg = "navy" } } }"##
        ])
        let mine = try ThemeResolver(specs: specs).resolve("mine")
        #expect(mine.style(.header).background == Color(rgb: 0x000080))
        #expect(mine.style(.header).foreground == Theme.standard.style(.header).foreground)
        #expect(mine.style(.rowTitle) == Theme.standard.style(.rowTitle))
    }

    @Test func cyclesAreErrors() throws {
        let (_, specs, _) = try Self.specs([
            "a.lua": ##"return { id = "a", extends = "b" }"##,
            "b.lua": ##"return { id = "b", extends = "a" }"##,
        ])
        #expect(throws: Diagnostic.self) { try ThemeResolver(specs: specs).resolve("a") }
        do {
            _ = try ThemeResolver(specs: specs).resolve("a")
        } catch {
            #expect(error.formatted == "Themes/a.lua: extends: inheritance cycle: a → b → a")
        }
        let (_, loops, _) = try Self.specs([
            "p.lua":
                ##"return { id = "p", palette = { x = "y", y = "x" }, roles = { text = { fg = "x" } } }"##
        ])
        do {
            _ = try ThemeResolver(specs: loops).resolve("p")
            Issue.record("a palette cycle must fail")
        } catch {
            #expect(
                error.formatted
                    == "Themes/p.lua: roles.text.fg: palette names refer to each other in a cycle: x → y → x")
        }
    }

    @Test func mistakesNameTheirPath() throws {
        let (_, specs, warnings) = try Self.specs([
            "w.lua":
                ##"return { id = "w", palete = {}, roles = { hedaer = {}, text = { fg = "inkk", bodl = true } }, palette = { ink = "#111111" } }"##
        ])
        #expect(
            warnings.map(\.formatted) == [
                ##"Themes/w.lua: warning: unknown key "palete" (did you mean "palette"?)"##,
                ##"Themes/w.lua: roles: warning: unknown key "hedaer" (did you mean "header"?)"##,
                ##"Themes/w.lua: roles.text: warning: unknown key "bodl" (did you mean "bold"?)"##,
            ])
        do {
            _ = try ThemeResolver(specs: specs).resolve("w")
            Issue.record("an unknown palette name must fail")
        } catch {
            #expect(
                error.formatted
                    == ##"Themes/w.lua: roles.text.fg: "inkk" is neither a colour nor a palette entry (did you mean "ink"?)"##
            )
        }
        let fixture = ScriptFixture(["bad.lua": ##"return { roles = { text = { fg = "#GG0000" } } }"##])
        #expect(throws: Diagnostic.self) {
            try ThemeLoader.load(
                file: fixture.folder.appendingPathComponent("bad.lua"), displayName: "bad.lua")
        }
    }
}
