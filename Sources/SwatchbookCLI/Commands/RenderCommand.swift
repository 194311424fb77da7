import Foundation
import SwatchbookCore
import SwatchbookLua
import SwatchbookRender
import SwatchbookSession

/// `swatchbook render`: lay out the catalogue and draw it headless, after
/// replaying what a user would do (`--tap`, `--keys`, `--filter`).
struct RenderCommand {
    static let format = OptionSpec<OutputFormat>.choice(
        "--format", valueName: "FORMAT",
        help:
            "\(formatList { !$0.isPalette }); a palette file: \(formatList { $0.isPalette && !$0.isScheme }); or a terminal scheme: \(formatList(\.isScheme)) (default: -o FILE's extension, else ansi on a terminal or with colour asked for, else plain)"
    )

    /// The names of the formats that `include`, as `--format`'s help lists them.
    private static func formatList(_ include: (OutputFormat) -> Bool) -> String {
        OutputFormat.allCases.filter(include).map(\.rawValue).joined(separator: ", ")
    }
    static let tap = OptionSpec.path(
        "--tap", repeatable: true, help: "tap PATH before drawing, as a user would (repeatable)")
    static let inspect = OptionSpec.path(
        "--inspect",
        help:
            "write the inspector of PATH (fields; hex, rgb, hsl, oklch, contrast, nearest name); with --height, beside the screen, PATH focused"
    )
    static let output = OptionSpec.text(
        "--output", short: "-o", valueName: "FILE", help: "write to FILE atomically instead of stdout",
        completion: .files)

    static let strict = FlagSpec(
        "--strict", help: "a palette format that cannot hold what was read is an error (65), not a warning")
    static let collapse = FlagSpec(
        "--collapse",
        help: "keep tree nodes open or closed as the catalogue says (a whole-document render opens them all)")
    static let namePrefix = OptionSpec.text(
        "--prefix", valueName: "TEXT",
        help: "begin every css and scss name with TEXT- (default: names as read)")

    static let parser = ArgumentParser(
        command: "render",
        options: [
            ViewOptions.height.option, format.option, tap.option, inspect.option, output.option,
            strict.option, collapse.option, RenderBatch.outputDir.option,
            namePrefix.option,
        ]
            + ViewOptions.options)

    /// The longest lazy catalogue drawn whole without --height.
    static let lazyWholeLimit = 100_000
    /// Lines paging moves by when the whole document is drawn.
    static let defaultPageHeight = 24

    var terminal: TerminalInfo
    var locator: PluginLocator
    var warn: (String) -> Void

    /// What a render made: its bytes (those not yet in the file of `-o`,
    /// or on a streamed stdout), the file being written (nil: stdout),
    /// stdout when bytes went to it already, and the session that drew them.
    struct Rendered {
        var bytes: [UInt8]
        var output: AtomicOutput?
        var streamed: StreamedOutput?
        var session: Session
        /// What the catalogue is called: its palette's title, else its
        /// file's stem or plugin's name (sanitised).
        var title: String
    }

    /// The refusal of a lazy source too long to draw whole.
    private func tooLong(_ lines: String, plugin: String) -> Diagnostic {
        Diagnostic(
            .usage, file: plugin,
            "a lazy source of \(lines) lines is too long to draw whole; draw a viewport with --height N")
    }

    /// The format `-o PATH`'s extension names; nil for a name with no
    /// extension. An extension no format has is an error: plain text under
    /// a `.pdf` name would be taken for what it is not.
    static func format(named path: String?) throws(Diagnostic) -> OutputFormat? {
        guard let path else { return nil }
        if let format = OutputFormat(extensionOf: path) { return format }
        let name = String(path.split(separator: "/").last ?? "")
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
        let known = OutputFormat.allCases.flatMap(\.spec.extensions).map { "." + $0 }.joined(separator: ", ")
        throw Diagnostic(
            .usage,
            "-o: no format writes \(name[dot...]) files (\(name)); name the file \(known), or give --format")
    }

    /// Renders the catalogue the arguments name.
    func run(_ arguments: [String]) throws(Diagnostic) -> Rendered {
        let parsed = try Self.parser.parse(arguments)
        if parsed.positionals.count > 1 {
            throw Diagnostic(
                .usage,
                "render: \(parsed.positionals.count) files given, and one report goes to stdout or -o; give --output-dir DIR to write one report per file"
            )
        }
        var options = try ViewOptions(parsed, command: "render")
        // A report shows everything, a tree's every level too. A saved view
        // state says which nodes are open; taps and keys replay a session
        // from browse's start, trees as the catalogue has them; and
        // --collapse keeps the catalogue's own.
        let taps = try Self.tap.values(in: parsed)
        let replays = !options.keys.isEmpty || !taps.isEmpty
        if options.wholeDocument && options.statePath == nil && !replays && !Self.collapse.isSet(in: parsed) {
            options.expand.insert(.all, at: 0)
        }
        // A file is never a terminal, so -o writes the same bytes wherever it runs.
        let outputPath = try Self.output.value(in: parsed)
        let toTerminal = terminal.isTerminal && outputPath == nil
        let colourAsked = ColorDepth.isForced(options.request, environment: terminal.environment)
        let format: OutputFormat
        if let given = try Self.format.value(in: parsed) {
            format = given
        } else if let named = try Self.format(named: outputPath) {
            format = named
        } else {
            format = toTerminal || colourAsked ? .ansi : .plain
        }
        let inspect = try Self.inspect.value(in: parsed)

        // A viewport is a screen, with a screen's sticky header; the JSON
        // and transcript describe the same window without drawing over it.
        let screen = Screen(
            width: options.width ?? (toTerminal ? terminal.width : nil) ?? Screen.defaultWidth,
            height: options.height ?? Self.defaultPageHeight,
            stickyHeaders: options.height != nil && format.drawsCanvas)
        let setup = SessionSetup(options: options, locator: locator, warn: warn)
        let opened = try setup.open(on: screen)
        let session = opened.session
        if format.isPalette {
            guard session.source.isEager else {
                throw Diagnostic(
                    .usage, file: opened.plugin.file,
                    "--format \(format.rawValue): a lazy source cannot be written as a palette; its rows are asked for only as they are drawn"
                )
            }
            guard inspect == nil else {
                throw Diagnostic(.usage, "--inspect: a palette format has no inspector")
            }
        }
        var interpreter = KeyInterpreter(session: session, keyMap: options.keyMap)
        _ = try interpreter.replay(filter: options.filter, taps: taps, tapsFrom: "--tap", keys: options.keys)
        if let note = session.filterMessage { warn(note) }
        // A screen with the inspector is browse's after `i`: the panel beside
        // a narrower catalogue, and the inspected element focused in it.
        let split = inspect != nil && options.height != nil && format.drawsCanvas
        if let inspect, split {
            session.resize(
                width: screen.width - InspectorPanel.width(onScreen: screen.width), height: screen.height)
            if let shown = try? session.shownPath(of: inspect),
                session.navigator.target(at: shown, in: session.state) != nil
            {
                try session.focus(inspect)
            }
        }

        // A whole-document report shows a focus only when one was asked
        // for; a viewport is a screen, and a screen has its focus.
        let focusAsked = options.focus != nil || !options.keys.isEmpty || !taps.isEmpty
        // A lazy source's whole document is measured as it is drawn, so a
        // canvas stops at the limit (below); a described one is laid out at
        // once, so its every row is asked first and it is measured exactly.
        let lazyWhole = options.height == nil && !session.source.isEager
        if lazyWhole && format.describer != nil { session.askEveryRow() }
        var layout = session.layout
        if options.height == nil && !focusAsked {
            var unfocused = session.state
            unfocused.focus = nil
            layout = layout.reused(for: unfocused) ?? layout
        }
        if lazyWhole && format.describer != nil && layout.documentHeight > Self.lazyWholeLimit {
            throw tooLong("\(layout.documentHeight)", plugin: opened.plugin.file)
        }
        let depth: ColorDepth =
            switch format.spec.colours {
            case .none: .none
            case .exact: .truecolor
            case .terminal:
                ColorDepth.resolve(options.request, environment: terminal.environment, isTerminal: toTerminal)
            }
        var pipeline = RenderPipeline(theme: opened.theme, depth: depth, settings: session.settings)
        pipeline.title = opened.plugin.documentTitle
        pipeline.palette = opened.plugin.palette
        pipeline.namePrefix = try Self.namePrefix.value(in: parsed)
        pipeline.itemData = opened.plugin.json(of:)
        pipeline.simulation = options.simulation
        // A long document goes to its file as it is drawn, so the disk has
        // most of it by the time the render ends.
        let output = outputPath.map(AtomicOutput.init(path:))
        try output?.open()
        // Stdout takes a long drawing as it comes when the render cannot
        // start over (see StreamedOutput).
        let streamed = output == nil && session.source.isEager && inspect == nil ? StreamedOutput() : nil
        pipeline.spill = output ?? streamed
        let lineLimit = lazyWhole ? LineLimit(lines: Self.lazyWholeLimit) : nil
        pipeline.lineLimit = lineLimit
        let bytes: [UInt8]
        var losses: [String] = []
        if let inspect {
            let shown: ElementPath
            do throws(Diagnostic) { shown = try session.shownPath(of: inspect) } catch {
                output?.discard()
                throw error.about("--inspect")
            }
            guard let element = session.navigator.locate(shown, in: session.state) else {
                output?.discard()
                throw Diagnostic(.usage, "--inspect: \(inspect) names no element of the catalogue")
            }
            let inspection = Inspection(element, readBy: opened.reader, simulating: options.simulation)
            bytes =
                split
                ? pipeline.render(
                    session.visibleLayout(), beside: inspection, width: screen.width, as: format)
                : pipeline.render(inspection, width: screen.width, as: format)
        } else if format.isPalette {
            let written = pipeline.writePalette(layout, as: format)
            if let failure = written.failure {
                output?.discard()
                throw Diagnostic(.data, file: opened.plugin.input?.displayName ?? opened.plugin.file, failure)
            }
            bytes = written.bytes
            losses = written.losses.messages(for: format)
        } else {
            bytes = pipeline.render(layout, options.height == nil ? Viewport() : session.viewport, as: format)
        }
        if lineLimit?.isExceeded == true {
            output?.discard()
            throw tooLong("more than \(Self.lazyWholeLimit)", plugin: opened.plugin.file)
        }
        for warning in opened.plugin.sourceWarnings { warn(warning.formatted) }
        // Each loss names the file it is about, when there is one (the
        // message names the format).
        for loss in losses { warn((outputPath.map { "\($0): " } ?? "") + "warning: " + loss) }
        do throws(Diagnostic) {
            if let failure = opened.plugin.sourceFailure { throw failure }
            if !losses.isEmpty, Self.strict.isSet(in: parsed) {
                throw Diagnostic(
                    .data, file: outputPath,
                    "--strict: \(format.rawValue) cannot hold all that was read (\(losses.count) kinds of loss above); nothing written"
                )
            }
            if let path = options.statePath {
                try StateFile.save(session.stateToSave, to: path, over: opened.saved)
            }
        } catch {
            output?.discard()
            throw error
        }
        return Rendered(
            bytes: bytes, output: output, streamed: streamed, session: session,
            title: Sanitizer.clean(opened.plugin.documentTitle))
    }
}
