import SwatchbookCore
import Testing

@testable import SwatchbookSession

/// `--bind` as fzf's: its key names and action names, chains with `+`,
/// and errors that list what would have been valid.
@Suite struct KeyMapTests {
    static let names: [(String, Key)] = [
        ("ctrl-a", .control("a")), ("CTRL-Z", .control("z")), ("alt-b", .alt(.character("b"))),
        ("alt-B", .alt(.character("B"))), ("alt-enter", .alt(.enter)), ("alt-bs", .alt(.backspace)),
        ("alt-bspace", .alt(.backspace)), ("alt-up", .alt(.up)), ("alt-/", .alt(.character("/"))),
        ("ctrl-alt-x", .alt(.control("x"))), ("shift-tab", .backTab), ("btab", .backTab),
        ("f1", .function(1)),
        ("F12", .function(12)), ("home", .home), ("end", .end), ("pgup", .pageUp), ("pgdn", .pageDown),
        ("del", .delete), ("space", .space), ("enter", .enter), ("esc", .escape), ("tab", .tab), ("up", .up),
        ("bspace", .backspace), ("x", .character("x")),
    ]

    @Test(arguments: names)
    func aKeyNameBinds(_ name: String, _ key: Key) throws {
        var map = KeyMap.standard
        try map.bind("\(name):toggle")
        #expect(map.actions(for: key, typing: false) == [.toggle])
    }

    @Test func fzfActionNamesAndSwatchbookOnesBindAlike() throws {
        var map = KeyMap.standard
        try map.bind("ctrl-j:down,alt-x:accept,f2:tap,f3:toggle-preview,f4:inspect,f5:toggle+down")
        #expect(map.actions(for: .control("j"), typing: false) == [.move(.down)])
        #expect(map.actions(for: .alt(.character("x")), typing: false) == [.tap])
        #expect(map.actions(for: .function(2), typing: false) == [.tap])
        #expect(map.actions(for: .function(3), typing: false) == [.inspect])
        #expect(map.actions(for: .function(4), typing: false) == [.inspect])
        #expect(map.actions(for: .function(5), typing: false) == [.toggle, .move(.down)])
        try map.bind("f6:select-all+deselect-all+toggle-all+clear-query+first+last+cancel+abort")
        #expect(map.actions(for: .function(6), typing: false)?.count == 8)
    }

    /// A key has a meaning on the filter line and another outside it; a
    /// binding replaces the one of its kind.
    @Test func editingBindingsApplyOnlyWhileTyping() throws {
        var map = KeyMap.standard
        #expect(map.actions(for: .left, typing: true) == [.edit(.backwardChar)])
        #expect(map.actions(for: .left, typing: false) == [.move(.left)])
        #expect(map.actions(for: .control("a"), typing: false) == nil)
        try map.bind("left:kill-line")
        #expect(map.actions(for: .left, typing: true) == [.edit(.killLine)])
        #expect(map.actions(for: .left, typing: false) == [.move(.left)])
        try map.bind("left:ignore")
        #expect(map.actions(for: .left, typing: true) == nil)
        #expect(map.actions(for: .left, typing: false) == nil)
    }

    @Test func everyEditingActionHasItsFzfName() throws {
        for edit in LineEdit.allCases {
            var map = KeyMap.standard
            try map.bind("f9:" + edit.rawValue)
            #expect(map.actions(for: .function(9), typing: true) == [.edit(edit)])
        }
    }

    @Test func anUnknownActionListsEveryAction() {
        var map = KeyMap.standard
        do {
            try map.bind("a:acept")
            Issue.record("acept bound")
        } catch {
            #expect(
                error.sentence.hasPrefix("unknown action \"acept\" (did you mean accept?); actions: up down"))
            for name in KeyMap.actions.flatMap({ [$0.name] + $0.aliases }) + ["ignore"] {
                #expect(error.help?.split(separator: " ").contains(Substring(name)) == true, "\(name)")
            }
        }
        #expect(throws: Diagnostic.self) { try map.bind("a:down+") }
    }

    @Test func anUnknownKeyListsTheKeyNames() {
        var map = KeyMap.standard
        do {
            try map.bind("ctlr-a:down")
            Issue.record("ctlr-a bound")
        } catch {
            #expect(error.message == "unknown key \"ctlr-a\"")
            let help = error.help ?? ""
            for name in ["ctrl-a…ctrl-z", "alt-", "f1…f12", "btab/shift-tab/s-tab", "pgdn", "del", "esc"] {
                #expect(help.contains(name), "\(name): \(help)")
            }
        }
        #expect(throws: Diagnostic.self) { try map.bind("ctrl-ab:down") }
        #expect(throws: Diagnostic.self) { try map.bind("alt-nope:down") }
    }

    @Test func keysSpellsChords() throws {
        #expect(
            try Key.parse("<C-a><A-b><A-BS><A-Enter><M-x><Del><F1><F12><Ins>")
                == [
                    .control("a"), .alt(.character("b")), .alt(.backspace), .alt(.enter),
                    .alt(.character("x")),
                    .delete, .function(1), .function(12), .insert,
                ])
        #expect(throws: Diagnostic.self) { try Key.parse("<C-ab>") }
        #expect(throws: Diagnostic.self) { try Key.parse("<F13>") }
        for key in [Key.control("a"), .alt(.backspace), .function(3), .delete] {
            #expect(try Key.parse("<\(key.label)>") == [key], "\(key.label)")
        }
    }

    /// `swatchbook help keys` holds every action, with its keys.
    @Test func theReferenceListsEveryAction() {
        let reference = KeyMap.reference
        for entry in KeyMap.actions {
            #expect(reference.contains(entry.name), "\(entry.name)")
        }
        #expect(reference.contains("ctrl-a"))
        #expect(reference.contains("tab:toggle+next-item"))
    }
}
