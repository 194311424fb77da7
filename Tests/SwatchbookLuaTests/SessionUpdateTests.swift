import Foundation
import SwatchbookCore
import SwatchbookSession
import Testing

@testable import SwatchbookLua

@Suite("sb.update and sb.reload")
struct SessionUpdateTests {
    @Test func updateRenamesAndRecoloursInPlace() throws {
        let session = try SessionTests.session(
            SessionTests.plugin(
                extra: """
                    on_load = function()
                      sb.update("1.1.2", { name = "Rose", color = "#FF007F" })
                      sb.update({2, 1, 1, 1}, { color = "#AA0000" })
                    end,
                    """))
        let items = session.visibleLayout().elements.filter { $0.kind == .item }
        #expect(items.map(\.title) == ["Salmon", "Rose", "Coral"])
        #expect(items[1].color == Color(rgb: 0xFF007F))
        guard case .children(let nodes)? = session.catalogue?.sections[1].rows[0].content else {
            Issue.record("the tree row should still hold children")
            return
        }
        #expect(nodes[0].children[0].color == Color(rgb: 0xAA0000))
    }

    static let lazy = """
        local sb = require "swatchbook"
        local generation = 0
        return { name = "Lazy", api = 1,
          source = {
            sections = function() return 2 end,
            rows = function() return 3 end,
            row = function(s, r) return { name = "Row " .. r, count = 5 } end,
            item = function(s, r, i)
              return { name = "Item " .. i, id = s .. "-" .. r .. "-" .. i, color = { generation, 0, i } }
            end,
          },
          on_tap = function() generation = generation + 100 sb.reload() end,
        }
        """

    @Test func aLazySourceKeepsItsStateAcrossReload() throws {
        let fixture = ScriptFixture(["lazy.lua": Self.lazy])
        let plugin = try fixture.load("lazy.lua")
        let session = Session(
            script: plugin, settings: plugin.settings, screen: Screen(width: 80, height: 20), state: nil,
            measure: { $0.count })
        try session.start()
        session.move(.right)
        try session.tap(ElementPath([1, 1, 2]))
        #expect(session.state.selected == ["#1-1-2"])
        // The tap reloaded the source: new colours, the same selection and focus.
        let item = session.visibleLayout().elements.first { $0.path == ElementPath([1, 1, 2]) }
        #expect(item?.color == Color(red: 100, green: 0, blue: 2))
        #expect(item?.isSelected == true && item?.isFocused == true)
    }
}
