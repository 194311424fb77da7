import SwatchbookCore
import SwatchbookTestSupport
import Testing

@testable import SwatchbookSession

/// The filter being typed is fzf's query line: readline keys move its
/// cursor and delete around it, typing and pasting go in at the cursor.
@Suite struct FilterEditingTests {
    /// Keys typed after `/foo bar-baz` (cursor at the end), the line they
    /// leave, and where its cursor is.
    struct Edit: Sendable, CustomTestStringConvertible {
        var keys: String
        var text: String
        var cursor: Int
        var testDescription: String { keys }
    }

    static let edits: [Edit] = [
        Edit(keys: "<C-a>", text: "foo bar-baz", cursor: 0),
        Edit(keys: "<C-a><C-e>", text: "foo bar-baz", cursor: 11),
        Edit(keys: "<Home>", text: "foo bar-baz", cursor: 0),
        Edit(keys: "<Home><End>", text: "foo bar-baz", cursor: 11),
        Edit(keys: "<Left>", text: "foo bar-baz", cursor: 10),
        Edit(keys: "<C-b><C-b>", text: "foo bar-baz", cursor: 9),
        Edit(keys: "<C-a><Right>", text: "foo bar-baz", cursor: 1),
        Edit(keys: "<C-a><C-f><C-f>", text: "foo bar-baz", cursor: 2),
        Edit(keys: "<Right>", text: "foo bar-baz", cursor: 11),
        Edit(keys: "<C-a><Left>", text: "foo bar-baz", cursor: 0),
        Edit(keys: "<A-b>", text: "foo bar-baz", cursor: 8),
        Edit(keys: "<A-b><A-b><A-b>", text: "foo bar-baz", cursor: 0),
        Edit(keys: "<C-a><A-f>", text: "foo bar-baz", cursor: 3),
        Edit(keys: "<C-a><A-f><A-f>", text: "foo bar-baz", cursor: 7),
        Edit(keys: "<C-w>", text: "foo ", cursor: 4),
        Edit(keys: "<C-w><C-w>", text: "", cursor: 0),
        Edit(keys: "<A-BS>", text: "foo bar-", cursor: 8),
        Edit(keys: "<A-BS><A-BS>", text: "foo ", cursor: 4),
        Edit(keys: "<C-a><A-d>", text: " bar-baz", cursor: 0),
        Edit(keys: "<A-b><A-b><A-d>", text: "foo -baz", cursor: 4),
        Edit(keys: "<C-u>", text: "", cursor: 0),
        Edit(keys: "<Left><Left><C-u>", text: "az", cursor: 0),
        Edit(keys: "<C-a><C-k>", text: "", cursor: 0),
        Edit(keys: "<A-b><C-k>", text: "foo bar-", cursor: 8),
        Edit(keys: "<BS>", text: "foo bar-ba", cursor: 10),
        Edit(keys: "<C-h><C-h>", text: "foo bar-b", cursor: 9),
        Edit(keys: "<C-a><BS>", text: "foo bar-baz", cursor: 0),
        Edit(keys: "<Left><Del>", text: "foo bar-ba", cursor: 10),
        Edit(keys: "<C-a><Del><Del>", text: "o bar-baz", cursor: 0),
        Edit(keys: "<Del>", text: "foo bar-baz", cursor: 11),
        Edit(keys: "<C-a>x<Space>", text: "x foo bar-baz", cursor: 2),
        Edit(keys: "<A-b>q", text: "foo bar-qbaz", cursor: 9),
    ]

    @Test(arguments: edits)
    func editsTheLine(_ edit: Edit) throws {
        let session = try Session.open(FakeScript())
        var keys = KeyInterpreter(session: session)
        _ = try keys.replay(keys: Key.parse("/foo bar-baz" + edit.keys))
        #expect(keys.typing == edit.text)
        #expect(keys.line?.cursor == edit.cursor)
        #expect((session.state.filter ?? "") == edit.text, "the edited line is what filters")
    }

    @Test func aPasteGoesInAtTheCursor() throws {
        let session = try Session.open(FakeScript())
        var keys = KeyInterpreter(session: session)
        _ = try keys.replay(keys: Key.parse("/blue<C-a>"))
        try keys.type("sky\n")
        #expect(keys.typing == "sky blue")
        #expect(keys.line?.cursor == 4)
    }

    @Test func enterKeepsTheEditedLine() throws {
        let session = try Session.open(FakeScript())
        var keys = KeyInterpreter(session: session)
        _ = try keys.replay(keys: Key.parse("/xblue<C-a><Del><Enter>"))
        #expect(keys.typing == nil)
        #expect(session.state.filter == "blue")
        _ = try keys.press(.character("/"))
        #expect(keys.line == FilterLine("blue"), "typing again starts at the kept filter's end")
    }

    /// Outside a filter the editing keys do nothing, and Left and Home move
    /// the focus as they always did.
    @Test func editingKeysLeaveTheFocusAloneWhenNoFilterIsTyped() throws {
        let session = try Session.open(FakeScript())
        var keys = KeyInterpreter(session: session)
        _ = try keys.replay(keys: Key.parse("ll<C-a><C-u><C-w><Del>"))
        #expect(session.state.focusPath == ElementPath([1, 1, 3]))
        #expect(session.state.filter == nil)
        _ = try keys.replay(keys: Key.parse("<Left><Home>"))
        #expect(session.state.focusPath == ElementPath([1, 1, 1]))
    }

    /// A chain bound to one key runs in order; an editing chain belongs to
    /// the filter line and leaves the key's meaning outside it alone.
    @Test func chainsRunInOrder() throws {
        let session = try Session.open(FakeScript())
        var map = KeyMap.standard
        try map.bind("ctrl-x:right+right,alt-x:clear-query+end-of-line,ctrl-g:abort")
        var keys = KeyInterpreter(session: session, keyMap: map)
        _ = try keys.press(.control("x"))
        #expect(session.state.focusPath == ElementPath([1, 1, 3]))
        _ = try keys.replay(keys: Key.parse("/blue<A-x>"))
        #expect(keys.typing == "")
        #expect(try keys.press(.control("g")) == .handled, "abort while typing ends the typing")
        #expect(keys.typing == nil)
        #expect(try keys.press(.control("g")) == .quit)
    }
}
