import SwatchbookCore
import SwatchbookTestSupport
import Testing

@testable import SwatchbookSession

/// Browse's key map, run on a session: the same keys `render --keys` plays.
@Suite struct KeyInterpreterTests {
    @Test func focusMovesLikeUIKit() throws {
        let session = try Session.open(FakeScript())
        var keys = KeyInterpreter(session: session)
        #expect(session.state.focusPath == ElementPath([1, 1, 1]))
        _ = try keys.replay(keys: [.right, .character("l"), .right])  // stops at the end of the strip
        #expect(session.state.focusPath == ElementPath([1, 1, 3]))
        _ = try keys.press(.down)  // skips the key/value row into the tree
        #expect(session.state.focusPath == ElementPath([2, 1, 1]))
        _ = try keys.press(.character("k"))  // back to the strip, on the item it last had focused
        #expect(session.state.focusPath == ElementPath([1, 1, 3]))
        _ = try keys.press(.character("G"))
        #expect(session.state.focusPath == ElementPath([2, 1, 2]))
        _ = try keys.press(.character("g"))
        #expect(session.state.focusPath == ElementPath([1, 1, 3]))
    }

    @Test func aNarrowStripScrollsTheFocusIntoViewWithTheSmallestMove() throws {
        let session = try Session.open(FakeScript(), width: 20)
        var keys = KeyInterpreter(session: session)
        _ = try keys.press(.right)
        let key = session.state.offsets.keys.first
        #expect(session.state.offsets.values.first == 11, "item 2 spans 15..<29; the strip shows 18 columns")
        _ = try keys.press(.left)
        #expect(key.map { session.state.offset(ofRow: $0) } == 0)
    }

    @Test func enterTapsTheFocusAndGivesThePick() throws {
        let session = try Session.open(FakeScript())
        var keys = KeyInterpreter(session: session)
        #expect(try keys.press(.right) == .handled)
        #expect(try keys.press(.enter) == .picked("#FFC0CB"))
        #expect(try keys.press(.space) == .picked("#FFC0CB"), "single selection: it stays selected")
    }

    @Test func aFilterIsTypedAfterASlashAndEscTakesItBackBeforeQuitting() throws {
        let session = try Session.open(FakeScript())
        var keys = KeyInterpreter(session: session)
        _ = try keys.replay(keys: Key.parse("/blux"))
        #expect(keys.typing == "blux")
        #expect(session.state.filter == "blux", "each key filters as it is typed")
        _ = try keys.replay(keys: [.backspace, .character("e"), .enter])
        #expect(keys.typing == nil)
        #expect(session.state.filter == "blue")
        #expect(try keys.press(.escape) == .handled, "the first Esc clears a kept filter")
        #expect(session.state.filter == nil)
        #expect(try keys.press(.escape) == .quit)
        #expect(try keys.press(.character("q")) == .quit)
    }

    @Test func escWhileTypingClearsTheFilter() throws {
        let session = try Session.open(FakeScript())
        var keys = KeyInterpreter(session: session)
        _ = try keys.replay(keys: Key.parse("/sal<Esc>"))
        #expect(keys.typing == nil)
        #expect(session.state.filter == nil)
    }

    @Test func aPasteIsTypedIntoTheFilterOnly() throws {
        let session = try Session.open(FakeScript())
        var keys = KeyInterpreter(session: session)
        try keys.type("q")
        #expect(session.state.filter == nil, "no filter is being typed: nothing happens")
        _ = try keys.press(.character("/"))
        try keys.type("bl\nue")
        #expect(keys.typing == "bl ue")
        #expect(session.state.filter == nil, "typing only records the text")
        try keys.settle()
        #expect(session.state.filter == "bl ue")
    }

    /// Keys typed together are filtered once, for the text they made: the
    /// work for each of them would be stale before it was drawn.
    @Test func typedKeysAreFilteredOnceWhenSettled() throws {
        let session = try Session.open(FakeScript())
        var keys = KeyInterpreter(session: session)
        _ = try keys.press(.character("/"))
        for c in "blu" { _ = try keys.press(.character(c)) }
        _ = try keys.press(.backspace)
        #expect(keys.pendingFilter == "bl")
        #expect(session.state.filter == nil)
        try keys.settle()
        #expect(session.state.filter == "bl" && keys.pendingFilter == nil)
        _ = try keys.press(.character("u"))
        _ = try keys.press(.enter)
        #expect(session.state.filter == "blu" && keys.pendingFilter == nil, "Enter applies at once")
    }

    @Test func themeAndHelpAreLeftToBrowseAndReloadAsksTheScript() throws {
        let script = FakeScript()
        let session = try Session.open(script)
        var keys = KeyInterpreter(session: session)
        #expect(try keys.press(.character("t")) == .unhandled(.nextTheme))
        #expect(try keys.press(.character("?")) == .unhandled(.help))
        #expect(try keys.press(.character("r")) == .handled)
        #expect(script.reloads == 1)
        #expect(try keys.press(.character("z")) == .handled, "an unbound key does nothing")
    }

    @Test func runStopsAtTheFirstQuit() throws {
        let session = try Session.open(FakeScript())
        var keys = KeyInterpreter(session: session)
        _ = try keys.replay(keys: [.right, .character("q"), .right])
        #expect(session.state.focusPath == ElementPath([1, 1, 2]))
    }

    /// `--keys` spells named keys in angle brackets.
    @Test func everyNamedKeyParsesBack() throws {
        #expect(
            try Key.parse("<Up><S-Tab><lt>x ") == [.up, .backTab, .character("<"), .character("x"), .space])
        #expect(throws: Diagnostic.self) { try Key.parse("<Entr>") }
        #expect(throws: Diagnostic.self) { try Key.parse("<Enter") }
    }
}

/// The session says what is wrong with a value; which option gave it is
/// the CLI's to say (`--keys: …`), and a plugin's call is not an option.
@Suite struct SessionErrorWordingTests {
    @Test func keysAndBindingsSayNoOptionName() {
        #expect(throws: Diagnostic(.usage, "unknown key <Nope>", suggestion: nil)) {
            _ = try Key.parse("<Nope>")
        }
        var map = KeyMap.standard
        #expect(throws: Diagnostic(.usage, "expected KEY:ACTION, got \"x\"")) { try map.bind("x") }
    }

    @Test func aTapOfNothingIsSaidOfWhereTheTapsCameFrom() throws {
        let session = try Session.open(FakeScript())
        #expect(throws: Diagnostic(.usage, "9.9 names no element of the catalogue")) {
            try session.tap(ElementPath([9, 9]))
        }
        var keys = KeyInterpreter(session: session)
        #expect(throws: Diagnostic(.usage, "--tap: 1.1.9 names no element of the catalogue")) {
            _ = try keys.replay(
                taps: [ElementPath([1, 1, 1]), ElementPath([1, 1, 9])], tapsFrom: "--tap", keys: [])
        }
        #expect(session.state.focusPath == ElementPath([1, 1, 1]), "the taps before it were made")
    }
}
