import Foundation
import SwatchbookCore
import Testing

@testable import SwatchbookImport
@testable import SwatchbookLua

/// The LuaLS stubs against the live module: every function registered in
/// `swatchbook`, every colour and generator method and every plugin key has
/// its stub, and no stub names what the host does not have.
@Suite struct LuaStubsTests {
    /// The names a script sees, gathered by a plugin as item names.
    static func liveNames() throws -> [String: Set<String>] {
        let fixture = ScriptFixture([
            "names.lua": """
            local sb = require "swatchbook"
            local function keys(t, only)
              local items = {}
              for k, v in pairs(t) do
                if type(k) == "string" and (not only or type(v) == only) then
                  items[#items + 1] = { name = k, color = "#000000" }
                end
              end
              table.sort(items, function(a, b) return a.name < b.name end)
              return items
            end
            local colour = getmetatable(sb.color("#fff")).__index
            local random = getmetatable(sb.random(1)).__index
            return { name = "names", api = 1, data = { { name = "names", rows = {
              { name = "functions", items = keys(sb, "function") },
              { name = "tables", items = keys(sb, "table") },
              { name = "json", items = keys(sb.json) },
              { name = "plist", items = keys(sb.plist) },
              { name = "colour", items = keys(colour) },
              { name = "random", items = keys(random) },
            } } } }
            """
        ])
        let plugin = try fixture.load("names.lua")
        var names: [String: Set<String>] = [:]
        for row in plugin.catalogue!.sections[0].rows {
            guard case .items(let items) = row.content else { continue }
            names[row.name] = Set(items.map(\.name))
        }
        return names
    }

    @Test func everyRegisteredFunctionHasAStub() throws {
        let live = try Self.liveNames()
        #expect(live["functions"] == Set(LuaStubs.functions.map(\.name)))
        #expect(live["tables"] == Set(LuaStubs.tables.map(\.table)))
        #expect(live["json"] == Set(LuaStubs.tables.filter { $0.table == "json" }.map(\.name)))
        #expect(live["plist"] == Set(LuaStubs.tables.filter { $0.table == "plist" }.map(\.name)))
        #expect(live["colour"] == Set(LuaStubs.colorMethods.map(\.name)))
        #expect(live["random"] == Set(LuaStubs.randomMethods.map(\.name)))
    }

    /// Only the stubs ask for the registrations' docs: a plugin's state builds none.
    @Test func aPluginsStateRecordsNoDocumentation() throws {
        let runtime = try ScriptFixture().runtime()
        #expect(runtime.documentation == nil)
        #expect(LuaStubs.registered.count > 40)
    }

    /// Every table the schema declares is a class of the stubs, each key a field.
    @Test func everyTableOfTheSchemaIsAClass() {
        for table in LuaSchema.tables {
            #expect(LuaStubs.source.contains("---@class \(table.className)\n"), "\(table.name)")
            for field in table.fields {
                let line = "---@field \(field.name)\(field.isOptional ? "?" : "") \(field.type) "
                #expect(LuaStubs.source.contains(line), "\(table.name).\(field.name)")
            }
        }
    }

    /// Every `swatchbook.NAME` a type names is declared: a table, an alias,
    /// or a class of functions.
    @Test func everyTypeNamedIsDeclared() throws {
        let declared =
            Set(LuaSchema.tables.map(\.className) + LuaSchema.aliases.map(\.qualifiedName))
            .union(["swatchbook.Color", "swatchbook.Random"])
        let types = LuaSchema.tables.flatMap { $0.fields.map(\.type) } + LuaSchema.aliases.map(\.type)
        let named = try Regex(#"swatchbook\.[A-Za-z]+"#)
        for type in types {
            for match in type.matches(of: named) {
                #expect(declared.contains(String(type[match.range])), "\(type)")
            }
        }
    }

    /// A field's description follows its type on the line: one starting with
    /// a letter or a backtick cannot be read as more of the type.
    @Test func everyDescriptionStartsAsProse() {
        for table in LuaSchema.tables {
            for field in table.fields {
                let first = field.doc.first
                let prose = first?.isLetter == true || first == "`"
                #expect(prose, "\(table.name).\(field.name): \(field.doc)")
            }
        }
    }

    /// The readers take their keys from the schema; the plain catalogue
    /// tables' keys are known to the C reader too, so a table of only known
    /// keys is checked in one pass.
    @Test func theCatalogueKeysAreKnownInC() {
        for shape in CatalogueReader.Shape.allCases {
            #expect(shape.keys == shape.schema.keyList)
            for key in shape.keys {
                #expect(CatalogueReader.Shape.keyBits[key] != nil, "\(shape.schema.name).\(key)")
            }
        }
        #expect(PluginTableReader.knownKeys == LuaSchema.plugin.keys)
        #expect(ThemeTableReader.glyphNames == Set(Glyphs.named.map(\.name)))
        #expect(LuaSource.requiredFunctions == ["sections", "rows", "row"])
    }

    /// The stub file is Lua that loads (LuaLS reads it as code).
    @Test func theStubsAreLua() throws {
        let fixture = ScriptFixture([
            "stubs.lua": "local ok, err = load(\(LuaLiteral.string(LuaStubs.source)))\nassert(ok, err)\n"
                + "return { name = \"x\", api = 1, data = {} }"
        ])
        _ = try fixture.load("stubs.lua")
        for function in LuaStubs.functions {
            #expect(LuaStubs.source.contains("function sb.\(function.name)("), "\(function.name)")
        }
    }
}
