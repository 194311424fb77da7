import Foundation
import SwatchbookCore
import SwatchbookRender
import SwatchbookSession

/// `swatchbook diff OLD NEW`: what changed between two versions of a
/// palette, for a review. Each side is opened as `render` opens it (a
/// palette file in any format, or a plugin), flattened to its colours and
/// compared by ``PaletteDiff``; the exit status says whether they differ,
/// as `diff(1)`'s does.
struct DiffCommand {
    /// What the report is written as.
    typealias Format = ReportFormat

    static let format = OptionSpec<Format>.choice(
        "--format", valueName: "FORMAT",
        help:
            "ansi, plain, html (a page for a CI artifact) or json (default: -o FILE's .html or .json, else ansi on a terminal or with colour asked for, else plain)"
    )
    static let threshold = OptionSpec<Double>(
        "--threshold", valueName: "ΔE",
        help:
            "leave out changes whose ΔE OK (×100) is below ΔE, space and authored text with them; a retargeted reference is always reported"
    ) { text throws(Diagnostic) in
        guard let value = Double(text), value.isFinite, value >= 0 else {
            throw Diagnostic(.usage, "--threshold: expected a ΔE OK of 0 or more, like 1.5, got \"\(text)\"")
        }
        return value
    }
    /// Given once it names both sides' format; twice, OLD's then NEW's.
    static let inputFormat = OptionSpec.text(
        "--input-format", valueName: "FORMAT", repeatable: true,
        help: "read the palette files as FORMAT; give it twice to name OLD's, then NEW's",
        completion: .list("formats"))

    static let parser = ArgumentParser(
        command: "diff",
        options: [
            format.option, RenderCommand.output.option, threshold.option, inputFormat.option,
            ViewOptions.color.option, ViewOptions.set.option, ViewOptions.allowRead.option,
            ViewOptions.seed.option, ViewOptions.scriptTimeout.option, ViewOptions.maxMemory.option,
            ViewOptions.verboseFlag.option,
        ])

    var terminal: TerminalInfo
    var locator: PluginLocator
    var warn: (String) -> Void

    /// The report's bytes, where they go (nil: stdout), and whether the
    /// two sides differ.
    struct Outcome {
        var bytes: [UInt8]
        var output: String?
        var differ: Bool
    }

    func run(_ arguments: [String]) throws(Diagnostic) -> Outcome {
        let parsed = try Self.parser.parse(arguments)
        guard parsed.positionals.count == 2 else {
            throw Diagnostic(
                .usage,
                "diff: expected OLD and NEW, got \(parsed.positionals.count) argument(s); see 'swatchbook help diff'"
            )
        }
        let formats = try Self.inputFormat.values(in: parsed)
        guard formats.count <= 2 else {
            throw Diagnostic(
                .usage, "--input-format: give it once for both sides, or twice: OLD's, then NEW's")
        }
        var sides: [[PaletteDiff.Entry]] = []
        for (index, argument) in parsed.positionals.enumerated() {
            var side = parsed
            side.positionals = [argument]
            var options = try ViewOptions(side, command: "diff")
            options.inputFormat = formats.isEmpty ? nil : formats[min(index, formats.count - 1)]
            sides.append(try entries(options))
        }
        let diff = PaletteDiff(
            old: sides[0], new: sides[1], threshold: try Self.threshold.value(in: parsed) ?? 0)
        var report = DiffReport(
            diff: diff, oldName: Sanitizer.clean(parsed.positionals[0]),
            newName: Sanitizer.clean(parsed.positionals[1]))

        let outputPath = try RenderCommand.output.value(in: parsed)
        let request = try ViewOptions.color.value(in: parsed) ?? .auto
        let toTerminal = terminal.isTerminal && outputPath == nil
        let format =
            try Self.format.value(in: parsed)
            ?? ReportFormat.chosen(output: outputPath, request: request, terminal: terminal)
        let bytes: [UInt8]
        switch format {
        case .json: bytes = report.json()
        case .html:
            bytes = report.write(
                with: HTMLWriter(title: "swatchbook diff: \(report.oldName) → \(report.newName)"))
        case .plain:
            report.swatches = false
            bytes = report.write(with: PlainWriter())
        case .ansi:
            let depth = ColorDepth.resolve(request, environment: terminal.environment, isTerminal: toTerminal)
            bytes = report.write(with: ANSIWriter(depth: depth == .none ? .truecolor : depth))
        }
        return Outcome(bytes: bytes, output: outputPath, differ: !diff.isEmpty)
    }

    /// One side's colours, loaded as render loads a catalogue. A lazy
    /// source is refused: its rows exist only as they are asked for, and
    /// asking for all of them is what it was made to avoid.
    private func entries(_ options: ViewOptions) throws(Diagnostic) -> [PaletteDiff.Entry] {
        let setup = SessionSetup(options: options, locator: locator, warn: warn)
        let opened = try setup.open(on: Screen(height: RenderCommand.defaultPageHeight))
        let source = opened.session.source
        guard source.isEager else {
            throw Diagnostic(
                .usage, file: opened.plugin.file,
                "diff: a lazy source cannot be diffed whole; its rows are asked for only as they are drawn")
        }
        let entries = PaletteDiff.entries(of: source)
        for warning in opened.plugin.sourceWarnings { warn(warning.formatted) }
        if let failure = opened.plugin.sourceFailure { throw failure }
        return entries
    }
}
