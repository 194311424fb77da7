import Testing

@testable import SwatchbookRender

/// How `--color` and the environment decide the colour depth (SPEC §5).
@Suite struct ColorDepthTests {
    typealias Environment = [String: String]

    static func resolve(
        _ request: ColorDepth.Request = .auto, _ environment: Environment = [:],
        terminal: Bool = true
    ) -> ColorDepth {
        ColorDepth.resolve(request, environment: environment, isTerminal: terminal)
    }

    // MARK: --color

    @Test func requestsParseFromTheirOptionSpelling() {
        #expect(ColorDepth.Request(rawValue: "auto") == .auto)
        #expect(ColorDepth.Request(rawValue: "always") == .always)
        #expect(ColorDepth.Request(rawValue: "never") == .never)
        #expect(ColorDepth.Request(rawValue: "truecolor") == .truecolor)
        #expect(ColorDepth.Request(rawValue: "256") == .ansi256)
        #expect(ColorDepth.Request(rawValue: "16") == .ansi16)
        #expect(ColorDepth.Request(rawValue: "24bit") == nil)
        #expect(ColorDepth.Request.allCases.count == 6)
    }

    static let environments: [Environment] = [
        [:],
        ["NO_COLOR": "1"],
        ["FORCE_COLOR": "1"],
        ["NO_COLOR": "1", "FORCE_COLOR": "1"],
        ["TERM": "dumb"],
        ["COLORTERM": "truecolor", "TERM": "xterm-256color"],
        ["TERM": "xterm-256color", "NO_COLOR": "yes"],
    ]

    /// An explicit depth wins over everything, terminal or not.
    @Test(arguments: environments, [true, false])
    func explicitDepthsWin(environment: Environment, terminal: Bool) {
        #expect(Self.resolve(.never, environment, terminal: terminal) == .none)
        #expect(Self.resolve(.truecolor, environment, terminal: terminal) == .truecolor)
        #expect(Self.resolve(.ansi256, environment, terminal: terminal) == .ansi256)
        #expect(Self.resolve(.ansi16, environment, terminal: terminal) == .ansi16)
    }

    /// `always` colours even a pipe, at the richest depth the environment claims.
    @Test(arguments: environments, [true, false])
    func alwaysIsNeverNone(environment: Environment, terminal: Bool) {
        #expect(Self.resolve(.always, environment, terminal: terminal) != .none)
    }

    @Test func alwaysPicksTheDepthTheTerminalClaims() {
        #expect(Self.resolve(.always, [:], terminal: false) == .ansi16)
        #expect(Self.resolve(.always, ["NO_COLOR": "1"], terminal: false) == .ansi16)
        #expect(Self.resolve(.always, ["TERM": "dumb"], terminal: true) == .ansi16)
        #expect(Self.resolve(.always, ["TERM": "xterm-256color"], terminal: false) == .ansi256)
        #expect(Self.resolve(.always, ["COLORTERM": "24bit"], terminal: false) == .truecolor)
    }

    // MARK: NO_COLOR and FORCE_COLOR

    @Test(arguments: ["1", "0", "yes", " "])
    func nonEmptyNoColorTurnsColourOff(value: String) {
        #expect(Self.resolve(.auto, ["NO_COLOR": value, "COLORTERM": "truecolor"]) == .none)
        #expect(Self.resolve(.auto, ["NO_COLOR": value, "TERM": "xterm-256color"]) == .none)
    }

    @Test func noColorWinsOverForceColor() {
        let environment = ["NO_COLOR": "1", "FORCE_COLOR": "1", "COLORTERM": "truecolor"]
        #expect(Self.resolve(.auto, environment, terminal: true) == .none)
        #expect(Self.resolve(.auto, environment, terminal: false) == .none)
    }

    @Test func emptyNoColorIsIgnored() {
        #expect(Self.resolve(.auto, ["NO_COLOR": "", "COLORTERM": "truecolor"]) == .truecolor)
        #expect(Self.resolve(.auto, ["NO_COLOR": "", "TERM": "xterm"]) == .ansi16)
        #expect(
            Self.resolve(.auto, ["NO_COLOR": "", "FORCE_COLOR": "1"], terminal: false) == .ansi16)
    }

    @Test func forceColorColoursAPipe() {
        #expect(Self.resolve(.auto, ["FORCE_COLOR": "1"], terminal: false) == .ansi16)
        #expect(
            Self.resolve(.auto, ["FORCE_COLOR": "1", "TERM": "xterm-256color"], terminal: false)
                == .ansi256)
        #expect(
            Self.resolve(.auto, ["FORCE_COLOR": "1", "COLORTERM": "truecolor"], terminal: false)
                == .truecolor)
        #expect(
            Self.resolve(.auto, ["FORCE_COLOR": "1", "TERM": "dumb"], terminal: true) == .ansi16)
    }

    @Test func emptyForceColorIsIgnored() {
        #expect(Self.resolve(.auto, ["FORCE_COLOR": ""], terminal: false) == .none)
    }

    // MARK: COLORTERM and TERM on a terminal

    @Test(arguments: ["truecolor", "24bit", "TrueColor", "24BIT"])
    func colortermClaimsTruecolor(value: String) {
        #expect(Self.resolve(.auto, ["COLORTERM": value]) == .truecolor)
        #expect(Self.resolve(.auto, ["COLORTERM": value, "TERM": "xterm-256color"]) == .truecolor)
    }

    @Test func otherColortermValuesDoNotClaimTruecolor() {
        #expect(Self.resolve(.auto, ["COLORTERM": "yes", "TERM": "xterm-256color"]) == .ansi256)
        #expect(Self.resolve(.auto, ["COLORTERM": "1"]) == .ansi16)
    }

    @Test(arguments: ["xterm-256color", "screen-256color", "tmux-256color"])
    func termWith256ColorGives256(term: String) {
        #expect(Self.resolve(.auto, ["TERM": term]) == .ansi256)
    }

    @Test func otherTerminalsGetSixteen() {
        #expect(Self.resolve(.auto, ["TERM": "xterm"]) == .ansi16)
        #expect(Self.resolve(.auto, ["TERM": "linux"]) == .ansi16)
        #expect(Self.resolve(.auto, [:]) == .ansi16)
    }

    @Test func dumbTerminalGetsNone() {
        #expect(Self.resolve(.auto, ["TERM": "dumb"]) == .none)
        #expect(Self.resolve(.auto, ["TERM": "dumb", "COLORTERM": "truecolor"]) == .none)
    }

    // MARK: not a terminal

    @Test(
        arguments: [
            [:],
            ["TERM": "xterm-256color"],
            ["COLORTERM": "truecolor"],
            ["COLORTERM": "24bit", "TERM": "xterm-256color"],
            ["NO_COLOR": ""],
            ["FORCE_COLOR": ""],
        ] as [Environment])
    func notATerminalGetsNone(environment: Environment) {
        #expect(Self.resolve(.auto, environment, terminal: false) == .none)
    }

    @Test func depthRawValuesMatchTheOptionSpelling() {
        #expect(ColorDepth(rawValue: "none") == ColorDepth.none)
        #expect(ColorDepth(rawValue: "16") == .ansi16)
        #expect(ColorDepth(rawValue: "256") == .ansi256)
        #expect(ColorDepth(rawValue: "truecolor") == .truecolor)
    }
}

/// Whether colour is asked for, which makes ANSI the default format.
@Suite struct ColourAskedForTests {
    @Test func explicitDepthsAskForColourWhateverTheEnvironment() {
        for request in [ColorDepth.Request.always, .truecolor, .ansi256, .ansi16] {
            #expect(ColorDepth.isForced(request, environment: ["NO_COLOR": "1"]))
            #expect(ColorDepth.isForced(request, environment: [:]))
        }
        #expect(!ColorDepth.isForced(.never, environment: ["FORCE_COLOR": "1"]))
    }

    @Test func autoAsksOnlyWithForceColourAndNoNoColour() {
        #expect(!ColorDepth.isForced(.auto, environment: [:]))
        #expect(ColorDepth.isForced(.auto, environment: ["FORCE_COLOR": "1"]))
        #expect(!ColorDepth.isForced(.auto, environment: ["FORCE_COLOR": ""]))
        #expect(!ColorDepth.isForced(.auto, environment: ["FORCE_COLOR": "1", "NO_COLOR": "1"]))
        #expect(!ColorDepth.isForced(.auto, environment: ["COLORTERM": "truecolor"]))
    }
}
