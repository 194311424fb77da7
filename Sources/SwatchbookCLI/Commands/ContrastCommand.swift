import Foundation
import SwatchbookCore
import SwatchbookLua
import SwatchbookRender
import SwatchbookSession

/// `swatchbook contrast`: the WCAG 2.1 contrast of a catalogue's colours,
/// pair by pair, and with `--min` a check that fails CI below a ratio.
struct ContrastCommand {
    static let scope = OptionSpec<ContrastMatrix.Scope>.choice(
        "--scope", valueName: "SCOPE",
        help: "row|section|all: which colours are set against each other (default row)")
    static let pair = OptionSpec(
        "--pair", valueName: "FG:BG", repeatable: true,
        help: "measure FG on BG, each a path, an id or a CSS colour, instead of the matrix (repeatable)"
    ) { text throws(Diagnostic) -> (String, String) in
        // A CSS colour may hold no colon; the last one splits, so `1.1.1:#FFF` reads.
        guard let colon = text.lastIndex(of: ":"), colon != text.startIndex,
            colon != text.index(before: text.endIndex)
        else { throw Diagnostic(.usage, "--pair: expected FG:BG, got \"\(text)\"") }
        return (String(text[..<colon]), String(text[text.index(after: colon)...]))
    }
    static let minimum = OptionSpec(
        "--min", valueName: "R", help: "exit 1 when a pair is below R:1 (a declared pair's own min wins)"
    ) { text throws(Diagnostic) -> Double in
        guard let value = Double(text), value >= 1, value <= 21 else {
            throw Diagnostic(.usage, "--min: expected a ratio from 1 to 21, got \"\(text)\"")
        }
        return value
    }
    static let format = OptionSpec<ContrastReport.Format>.choice(
        "--format", valueName: "FORMAT",
        help:
            "ansi|plain|html|json|transcript (default: ansi on a terminal or with colour asked for, else plain)"
    )

    static let parser = ArgumentParser(
        command: "contrast",
        options: [
            scope.option, pair.option, minimum.option, format.option, RenderCommand.output.option,
            ViewOptions.width.option, ViewOptions.color.option, ViewOptions.inputFormat.option,
            ViewOptions.set.option,
            ViewOptions.allowRead.option, ViewOptions.scheme.option, ViewOptions.simulate.option,
            ViewOptions.severity.option, ViewOptions.scriptTimeout.option,
            ViewOptions.maxMemory.option, ViewOptions.verboseFlag.option,
        ])

    var terminal: TerminalInfo
    var locator: PluginLocator
    var warn: (String) -> Void

    /// The report, where it goes (nil: stdout), and the pairs below their minimum.
    struct Measured {
        var bytes: [UInt8]
        var output: AtomicOutput?
        var failures: [String]
    }

    func run(_ arguments: [String]) throws(Diagnostic) -> Measured {
        let parsed = try Self.parser.parse(arguments)
        guard parsed.positionals.count == 1 else {
            throw Diagnostic(.usage, "contrast: expected one FILE or PLUGIN, got \(parsed.positionals.count)")
        }
        let options = try ViewOptions(parsed, command: "contrast")
        let outputPath = try Self.output(in: parsed)
        let format =
            try Self.format.value(in: parsed)
            ?? ContrastReport.Format(
                rawValue: ReportFormat.chosen(
                    output: outputPath, request: options.request, terminal: terminal
                )
                .rawValue)!
        let scope = try Self.scope.value(in: parsed)
        let given = try Self.pair.values(in: parsed)
        let minimum = try Self.minimum.value(in: parsed)

        let setup = SessionSetup(options: options, locator: locator, warn: warn)
        let opened = try setup.open(
            on: Screen(width: Screen.defaultWidth, height: RenderCommand.defaultPageHeight))
        let file = opened.plugin.input?.displayName ?? opened.plugin.file
        let source = opened.session.source
        guard source.isEager else {
            throw Diagnostic(
                .usage, file: file,
                "is a lazy source, which is never read whole; contrast measures a catalogue given as data")
        }
        var matrix: ContrastMatrix
        if !given.isEmpty {
            var pairs: [ContrastPair] = []
            for (fg, bg) in given {
                pairs.append(
                    ContrastPair(
                        foreground: try Self.find(fg, in: source, file: file, about: "--pair"),
                        background: try Self.find(bg, in: source, file: file, about: "--pair")))
            }
            matrix = ContrastMatrix(declared: pairs)
        } else if scope == nil,
            case let declared = try Self.declaredPairs(of: opened.plugin, in: source, file: file),
            !declared.isEmpty
        {
            matrix = ContrastMatrix(declared: declared.map(\.pair))
        } else {
            matrix = ContrastMatrix(source, scope: scope ?? .row)
        }
        if let simulation = options.simulation { matrix = matrix.simulated(simulation) }
        for warning in opened.plugin.sourceWarnings { warn(warning.formatted) }
        if let failure = opened.plugin.sourceFailure { throw failure }
        // Without --min the report is all there is: a declared min only
        // marks its pair until a check is asked for.
        let checked = minimum == nil ? [] : matrix.pairs.filter { $0.isBelow(minimum) }
        let failures = checked.map { pair in
            let floor = pair.minimum ?? minimum ?? 0
            return "\(file): fg \(ContrastReport.describe(pair.foreground)) on bg "
                + "\(ContrastReport.describe(pair.background)): \(ContrastReport.ratio(pair.ratio, minimum: floor)), "
                + "below \(ContrastReport.minimum(floor))"
        }
        let depth = ColorDepth.resolve(
            options.request, environment: terminal.environment, isTerminal: terminal.isTerminal)
        let toTerminal = terminal.isTerminal && outputPath == nil
        let width = options.width ?? (toTerminal ? terminal.width : nil) ?? Screen.defaultWidth
        let bytes = ContrastReport.write(
            matrix, as: format, title: opened.plugin.documentTitle, depth: depth, width: width)
        return Measured(bytes: bytes, output: outputPath.map(AtomicOutput.init(path:)), failures: failures)
    }

    /// The pairs the palette declares, each measured in `source` with the
    /// data path it was declared at (`pairs[2]`); a side that names no
    /// colour is bad data naming its place. `check` gates on these.
    static func declaredPairs(of plugin: Plugin, in source: any CatalogueSource, file: String)
        throws(Diagnostic) -> [(pair: ContrastPair, place: String)]
    {
        let (declaredPairs, place) = try declared(by: plugin, file: file)
        var pairs: [(pair: ContrastPair, place: String)] = []
        for (index, declared) in declaredPairs.enumerated() {
            let at = place + "[\(index + 1)]"
            let pair = ContrastPair(
                foreground: try find(declared.fg, in: source, file: file, about: at + ".fg", data: true),
                background: try find(declared.bg, in: source, file: file, about: at + ".bg", data: true),
                minimum: declared.min)
            pairs.append((pair, at))
        }
        return pairs
    }

    /// The pairs the palette declares, and where: a plugin's `pairs`, else
    /// a design-tokens file's `$extensions["org.swatchbook"].pairs`.
    private static func declared(by plugin: Plugin, file: String) throws(Diagnostic) -> (
        [DeclaredPair], String
    ) {
        if !plugin.declaredPairs.isEmpty || plugin.palette.tokens == nil {
            return (plugin.declaredPairs, "pairs")
        }
        return (try DeclaredPair.declared(in: plugin.palette.tokens!, file: file), DeclaredPair.tokensPath)
    }

    private static func output(in parsed: ArgumentParser.Parsed) throws(Diagnostic) -> String? {
        try RenderCommand.output.value(in: parsed)
    }

    /// The colour `text` names; a name that finds none is a usage error on
    /// the command line, and bad data (naming its data path) in a plugin.
    private static func find(
        _ text: String, in source: any CatalogueSource, file: String, about: String, data: Bool = false
    ) throws(Diagnostic) -> ContrastSwatch {
        if let found = ContrastSwatch.find(text, in: source, allowsColour: !data) { return found }
        let expected =
            data ? "a path like 1.2.3 or an item's id" : "a path like 1.2.3, an item's id or a CSS colour"
        throw Diagnostic(
            .data, file: file, "\(about): \"\(text)\" names no colour of the catalogue; expected \(expected)"
        ).coded(data ? .brokenAlias : .invalidField)
    }
}
