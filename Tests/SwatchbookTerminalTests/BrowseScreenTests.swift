import SwatchbookCore
import SwatchbookRender
import SwatchbookSession
import SwatchbookTerminal
import SwatchbookTestSupport
import Testing

/// Browse and pick in memory: events into the model, the bytes it writes
/// read back by an emulated terminal. Only raw mode, signals and restore
/// need tmux (the CLI's BrowseTests and BrowseSignalTests).
@Suite("browse in memory: keys, mouse, help, inspector, status line, themes, clipboard")
struct BrowseScreenTests {
    /// A browse of `script` on a terminal of `width` × `height`, first frame drawn.
    final class Harness {
        let script: FakeScript
        let model: BrowseModel
        let screen: BrowseScreen
        let terminal: MemoryTerminal
        var emulated: EmulatedTerminal

        init(
            _ script: FakeScript = .listening(), mode: BrowseModel.Mode = .browse, width: Int = 60,
            height: Int = 16, term: String = "xterm-256color", themes: [Theme] = [],
            keyMap: KeyMap? = nil, multi: Bool = false
        ) throws {
            self.script = script
            let session = try Session.open(
                script, width: width, height: height - 1, selection: multi ? .multiple : .single)
            model = BrowseModel(
                session: session, interpreter: KeyInterpreter(session: session, multi: multi, keyMap: keyMap),
                theme: .standard,
                depth: .truecolor, mode: mode, terminalName: term)
            model.themes = themes
            terminal = MemoryTerminal(width: width, height: height)
            screen = BrowseScreen(model: model, backend: terminal)
            emulated = EmulatedTerminal(width: width, height: height)
            model.refreshStatus()
            screen.draw(full: true)
            emulated.apply(terminal.take())
        }

        /// Handles `events` as one batch, as the loop does with what one read brought.
        @discardableResult
        func send(_ events: [InputEvent]) -> BrowseModel.Outcome? {
            let outcome = screen.handle(events)
            emulated.apply(terminal.take())
            return outcome
        }

        /// Presses each key of `keys` (`--keys` syntax), one batch per key.
        @discardableResult
        func press(_ keys: String) throws -> BrowseModel.Outcome? {
            for key in try Key.parse(keys) {
                if let outcome = send([.key(key, [])]) { return outcome }
            }
            return nil
        }

        func click(_ element: LayoutElement) -> BrowseModel.Outcome? {
            let (x, y) = (element.clip.x, element.clip.y)
            return send([
                .mouse(MouseEvent(action: .press(.left), x: x, y: y)),
                .mouse(MouseEvent(action: .release(.left), x: x, y: y)),
            ])
        }

        /// The laid-out element named `title`.
        func element(_ title: String) throws -> LayoutElement {
            try #require(model.session.visibleLayout().elements.first { $0.title == title })
        }

        var text: String { emulated.lines.joined(separator: "\n") }
        var statusLine: String { emulated.lines.last ?? "" }
    }

    /// The default theme under another id and name, on a paler background.
    static func theme(_ id: String) -> Theme {
        var theme = Theme.standard
        theme.id = id
        theme.name = "Theme " + id
        theme.roles[.background] = Style(foreground: nil, background: Color(rgb: 0xEEEEEE), attributes: [])
        return theme
    }

    /// A strip far wider than the screen, and rows enough to scroll.
    static let long = Catalogue(sections: [
        Section(
            name: "Many",
            rows: (1...12).map { r in
                Row(
                    name: "Row \(r)",
                    content: .items(
                        (1...30).map { Item(name: "C\(r)-\($0)", color: Color(rgb: UInt32($0 * 0x0801))) }))
            })
    ])

    @Test(
        "the screen above the status line is what render paints after the same keys",
        arguments: [
            "", "jjl", "<Tab>l", "G", "ll<Enter>", "/pi", "/co<Enter>",
        ])
    func theScreenIsWhatRenderPaints(_ keys: String) throws {
        let browse = try Harness()
        try browse.press(keys)
        let session = try Session.open(FakeScript.listening(), width: 60, height: 15)
        var interpreter = KeyInterpreter(session: session)
        _ = try interpreter.replay(filter: nil, keys: try Key.parse(keys), picking: false)
        let rendered = RenderPipeline(theme: .standard, depth: .truecolor, settings: session.settings)
            .paint(session.visibleLayout())
        #expect(rendered.height == 15)
        #expect(browse.emulated.mismatches(with: rendered, depth: .truecolor) == [], "\(keys)")
    }

    @Test func theTerminalAlwaysShowsTheModelsFrame() throws {
        var generator = SeededGenerator(state: 27)
        let browse = try Harness(FakeScript.listening(Self.long), themes: [.standard, Self.theme("other")])
        let keys = [
            "j", "k", "l", "h", "<Enter>", "t", "i", "?", "G", "g", "<PgDn>", "/", "C", "1", "<Enter>",
        ]
        for _ in 0..<200 {
            let key = keys[generator.next(keys.count)]
            let outcome = try browse.press(key)
            #expect(outcome == nil, "\(key)")
            let frame = browse.model.frame(width: 60, height: 16)
            #expect(browse.emulated.mismatches(with: frame, depth: .truecolor) == [], "after \(key)")
            #expect(browse.emulated.problems == [])
        }
    }

    @Test func questionMarkOpensTheHelpAndAnyKeyClosesItWithoutActing() throws {
        let browse = try Harness(height: 40)
        #expect(!browse.text.contains("any other key closes it."))
        try browse.press("?")
        #expect(browse.model.showsHelp)
        #expect(browse.text.contains("any other key closes it."))
        #expect(browse.text.contains("Shift+wheel scrolls a strip."))
        let focus = browse.statusLine
        try browse.press("l")
        #expect(!browse.text.contains("any other key closes it."))
        #expect(browse.statusLine == focus, "the key that closed the help did not move the focus")
    }

    @Test func theHelpDrawsTheKeyMapAsBound() throws {
        var keyMap = KeyMap.standard
        try keyMap.bind("J:down")
        let browse = try Harness(height: 40, keyMap: keyMap)
        try browse.press("?")
        let down = try #require(browse.emulated.lines.first { $0.contains("focus down") })
        #expect(down.contains("Down j J"), "\(down)")
        #expect(browse.emulated.lines.contains { $0.contains("y") && $0.contains("OSC 52") })
        try browse.press("<Esc>J")
        let plain = try Harness(height: 40)
        try plain.press("j")
        #expect(browse.statusLine == plain.statusLine, "J moves the focus down, as j does")
        #expect(!browse.statusLine.contains("1.1.1"))
    }

    @Test func iShowsTheInspectorOfTheFocusAndFollowsIt() throws {
        let browse = try Harness(width: 100, height: 24)
        try browse.press("i")
        #expect(browse.text.contains("Nearest name"))
        #expect(browse.text.contains("#FA8072"))
        try browse.press("l")
        #expect(browse.text.contains("#FFC0CB"), "the inspector follows the focus to Pink")
        try browse.press("i")
        #expect(!browse.text.contains("Nearest name"))
    }

    @Test func theScriptsStatusIsAskedAfterEveryBatchAndShown() throws {
        let script = FakeScript.listening()
        script.statusText = "seen 0"
        let browse = try Harness(script, width: 80)
        #expect(browse.statusLine.contains("seen 0"))
        let asked = script.statusAsks
        script.statusText = "seen 1"
        try browse.press("j")
        #expect(browse.statusLine.contains("seen 1"))
        #expect(script.statusAsks == asked + 1, "once for the batch")
        browse.send([.key(.character("l"), []), .key(.character("l"), [])])
        #expect(script.statusAsks == asked + 2, "one batch of two keys, one ask")
    }

    @Test func aFailingStatusIsShownNotFatal() throws {
        let script = FakeScript.listening()
        script.statusFailure = Diagnostic(.data, file: "bad.lua", "status: expected text or nil, got a table")
        let browse = try Harness(script, width: 90)
        #expect(browse.statusLine.contains("bad.lua: status: expected text or nil, got a table"))
        #expect(try browse.press("j") == nil)
        #expect(try browse.press("q") == .quit)
    }

    /// A field of 60,000 bytes: the inspector keeps to the right half, its
    /// lines cut with `…`, and the catalogue keeps the left.
    @Test func theInspectorKeepsTheCatalogueBesideAHugeField() throws {
        let huge = Catalogue(sections: [
            Section(
                name: "Brand",
                rows: [
                    Row(
                        name: "Core",
                        content: .items([
                            Item(
                                name: "Primary", color: Color(rgb: 0x3366CC),
                                fields: [
                                    Field(
                                        key: "Notes", value: String(repeating: "lorem ipsum ", count: 5000)),
                                    Field(key: "Blob", value: String(repeating: "x", count: 60000)),
                                ]),
                            Item(name: "Second", color: Color(rgb: 0xCC6633)),
                        ]))
                ])
        ])
        let browse = try Harness(FakeScript.listening(huge), width: 100, height: 30)
        try browse.press("i")
        let lines = browse.emulated.lines
        #expect(lines.contains { $0.contains("Nearest name") })
        let left = lines.map { String($0.prefix(50)) }
        #expect(left.contains { $0.contains("Primary") } && left.contains { $0.contains("Second") })
        #expect(
            !left.contains { $0.contains("lorem") || $0.contains("xxxx") },
            "the panel keeps to the right half")
        #expect(lines.contains { $0.contains("lorem") && $0.contains("…") }, "the words are cut")
    }

    @Test func theStatusLineShowsTheFocus() throws {
        let browse = try Harness()
        #expect(browse.statusLine.contains("1.1.1"))
        try browse.press("l")
        #expect(browse.statusLine.contains("1.1.2"))
        #expect(browse.statusLine.contains("Pink #FFC0CB"))
    }

    @Test func aClickIsATapAndInPickItPicks() throws {
        let browse = try Harness()
        #expect(browse.click(try browse.element("Coral")) == nil)
        #expect(browse.script.log.contains("on_tap item 1.1.3 Coral"))
        #expect(browse.statusLine.contains("1.1.3"))
        let pick = try Harness(mode: .pick)
        #expect(pick.click(try pick.element("Pink")) == .picked("#FFC0CB"))
    }

    @Test func theWheelScrollsThePageAndShiftWheelTheStrip() throws {
        let browse = try Harness(FakeScript.listening(Self.long), height: 10)
        let top = browse.model.session.state.top
        browse.send([.mouse(MouseEvent(action: .wheelDown, x: 5, y: 3))])
        #expect(browse.model.session.state.top == top + 3)
        browse.send([.mouse(MouseEvent(action: .wheelUp, x: 5, y: 3))])
        #expect(browse.model.session.state.top == top)
        let item = try browse.element("C1-1")
        #expect(!browse.text.contains("C1-9"))
        for _ in 0..<8 {
            browse.send([
                .mouse(MouseEvent(action: .wheelDown, x: item.clip.x, y: item.clip.y, modifiers: .shift))
            ])
        }
        #expect(browse.model.session.state.top == top, "Shift+wheel scrolls the strip, not the page")
        #expect(browse.text.contains("C1-9"))
        browse.send([.mouse(MouseEvent(action: .wheelLeft, x: item.clip.x, y: item.clip.y))])
        #expect(browse.text.contains("C1-8"))
    }

    @Test func tCyclesTheInstalledThemesAndRedrawsWhole() throws {
        let light = Self.theme("light")
        let browse = try Harness(themes: [.standard, light])
        try browse.press("t")
        #expect(browse.model.theme.id == "light")
        #expect(browse.statusLine.contains("theme: \(light.name)"))
        try browse.press("t")
        #expect(browse.model.theme.id == Theme.standard.id)
        let alone = try Harness(width: 100, themes: [.standard])
        try alone.press("t")
        #expect(alone.statusLine.contains("is the only installed theme"))
    }

    @Test func yCopiesTheFocusedHexThroughOSC52OrSaysWhyNot() throws {
        let browse = try Harness()
        let model = browse.model
        #expect(
            model.update(.key(.character("y"), [])) == [.send(Array("\u{1B}]52;c;I0ZBODA3Mg==\u{1B}\\".utf8))]
        )
        #expect(model.message == "copied #FA8072 to the clipboard (OSC 52)")
        for term in ["linux", "dumb", ""] {
            let plain = try Harness(term: term)
            #expect(plain.model.update(.key(.character("y"), [])) == [])
            #expect(plain.model.message?.contains("cannot copy: it has no OSC 52") == true, "\(term)")
        }
    }

    @Test func ctrlCCancelsAndEnterPicks() throws {
        let browse = try Harness()
        #expect(browse.send([.key(.character("c"), .control)]) == .cancelled)
        #expect(try Harness().press("q") == .quit)
        let pick = try Harness(mode: .pick)
        #expect(try pick.press("l<Enter>") == .picked("#FFC0CB"))
        #expect(try Harness(mode: .pick).press("q") == .cancelled)
    }

    @Test func aResizeFitsTheSessionAndRedrawsWhole() throws {
        let browse = try Harness()
        browse.terminal.width = 40
        browse.terminal.height = 12
        browse.emulated = EmulatedTerminal(width: 40, height: 12)
        #expect(browse.screen.handle([], resized: true) == nil)
        browse.emulated.apply(browse.terminal.take())
        #expect(browse.model.session.screen.width == 40 && browse.model.session.screen.height == 11)
        #expect(
            browse.emulated.mismatches(with: browse.model.frame(width: 40, height: 12), depth: .truecolor)
                == [])
    }
}
