import Foundation
import SwatchbookCore
import SwatchbookLua
import SwatchbookRender
import SwatchbookSession

/// `swatchbook check FILE...`: loads each plugin in its own sandbox and
/// draws it once into a throwaway canvas; loads each theme, resolves it and
/// reports the contrast of its text roles; checks each pack's manifest.
/// Every problem and warning is reported without stopping at the first bad
/// file.
struct CheckCommand {
    static let strict = FlagSpec("--strict", help: "count every warning as a problem: exit 65 on any")
    static let format = OptionSpec<CheckFormat>.choice(
        "--format", valueName: "FORMAT",
        help: "text|json|sarif|github|junit: how to report (default text)")
    static let output = OptionSpec.text(
        "--output", short: "-o", valueName: "FILE",
        help: "write the report to FILE atomically instead of stdout")
    static let parser = ArgumentParser(
        command: "check",
        options: [
            ViewOptions.verboseFlag.option, strict.option, format.option, output.option,
            ViewOptions.allowRead.option,
        ])

    /// What checking one file found.
    struct Outcome {
        var file: String
        var problem: Diagnostic?
        var warnings: [Warning] = []
        /// A theme's contrast report, for stdout.
        var contrastTable: String?

        /// `--strict`: each warning becomes a problem of its own, told as one.
        mutating func makeWarningsProblems() {
            guard !warnings.isEmpty else { return }
            let told = warnings.map(\.asProblem)
            warnings = []
            problem = Diagnostic.all((problem.map { [$0] + $0.others } ?? []) + told)
        }
    }

    var locator: PluginLocator
    /// One line to stderr.
    var report: (String) -> Void
    /// Reports for stdout; a failed write ends the check (exit 74).
    var output: (String) throws(Diagnostic) -> Void
    /// The theme catalogs read so far in this check.
    let catalogs = ThemeCatalogs()
    /// `--allow-read`: what the plugins checked may read outside their folders.
    var allowedReads: [String] = []

    /// Checks every FILE and returns the exit code: 70 if the machine
    /// failed, else 65 if any file is invalid, else 66 if any is missing,
    /// else 0 (warnings do not fail a check).
    mutating func run(_ arguments: [String]) throws(Diagnostic) -> Int32 {
        let parsed = try Self.parser.parse(arguments)
        guard !parsed.positionals.isEmpty else {
            throw Diagnostic(.usage, "check: expected at least one FILE; see 'swatchbook help check'")
        }
        allowedReads = try ViewOptions.allowRead.values(in: parsed).map { resolve($0).path }
        let verbose = ViewOptions.verboseFlag.isSet(in: parsed)
        let strict = Self.strict.isSet(in: parsed)
        let format = try Self.format.value(in: parsed) ?? .text
        let outputPath = try Self.output.value(in: parsed)
        // What goes to stdout, held for -o: text's contrast tables.
        var held = ""
        // The readers, which load the user's, only once a folder is named.
        var loadedReaders: ReaderLocator.Readers?
        func readers() -> ReaderLocator.Readers {
            if let loadedReaders { return loadedReaders }
            let readers = ReaderLocator.Readers(
                userFolder: ReaderLocator(environment: locator.environment).userFolder, warn: report)
            loadedReaders = readers
            return readers
        }
        var outcomes: [Outcome] = []
        var seen: Set<String> = []
        for argument in parsed.positionals {
            // A file named twice (a pack's theme, and the pack's folder) is checked once.
            for file in expand(argument, readers: readers, verbose: verbose)
            where seen.insert(resolve(file).standardizedFileURL.path).inserted {
                var outcome = check(file, named: file == argument)
                if strict { outcome.makeWarningsProblems() }
                outcomes.append(outcome)
                guard format == .text else { continue }
                if let text = outcome.contrastTable {
                    if outputPath == nil { try output(text) } else { held += text }
                }
                for warning in outcome.warnings { report(warning.formatted) }
                if let problem = outcome.problem {
                    report(problem.formatted)
                    if verbose, let traceback = problem.traceback, !traceback.isEmpty {
                        report(traceback)
                    }
                    for other in problem.others { report(other.formatted) }
                }
            }
        }
        if format != .text {
            held = CheckReport(outcomes: outcomes, folder: locator.currentDirectory).write(format)
            if outputPath == nil { try output(held) }
        }
        if let outputPath { try OutputFile.writeAtomically(Array(held.utf8), to: outputPath) }
        report(Self.summary(outcomes))
        return Self.exitCode(outcomes)
    }

    /// A folder stands for what ``expand(folder:readers:)`` finds in it
    /// (the files left out listed with `--verbose`), or for itself when it
    /// holds nothing to check; a `pack.lua` for itself and the theme files
    /// it lists; anything else for itself.
    private func expand(_ argument: String, readers: () -> ReaderLocator.Readers, verbose: Bool) -> [String] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: resolve(argument).path, isDirectory: &isDirectory),
            isDirectory.boolValue
        else { return [argument] + themes(listedBy: argument) }
        let expansion = expand(folder: argument, readers: readers())
        if verbose {
            for (file, why) in expansion.skipped { report("\(file): skipped: \(why)") }
        }
        return expansion.files.isEmpty ? [argument] : expansion.files
    }

    /// The theme files a `pack.lua` lists that are there, named from where
    /// the pack was named; none for any other file, or a manifest that does
    /// not load (the pack's own check reports that, and missing files).
    private func themes(listedBy file: String) -> [String] {
        let url = resolve(file)
        guard url.lastPathComponent == "pack.lua",
            let pack = try? PackManifest.load(file: url, displayName: file)
        else { return [] }
        let folder = (file as NSString).deletingLastPathComponent
        return pack.themes.map { folder.isEmpty ? $0 : folder + "/" + $0 }
            .filter { FileManager.default.fileExists(atPath: resolve($0).path) }
    }

    /// Checks `file`: a plugin, theme or pack file; else a plugin name on
    /// the search path; else an installed theme's id.
    /// `named` says the user named `file` itself, not a folder or a pack
    /// it is in.
    func check(_ file: String, named: Bool = true) -> Outcome {
        var outcome = Outcome(file: file)
        do throws(Diagnostic) {
            let url = resolve(file)
            var isDirectory: ObjCBool = false
            if named, FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory),
                isDirectory.boolValue
            {
                // A folder stands for its files; this one had none to check.
                throw Diagnostic(
                    .inputMissing, file: file,
                    "holds no plugin, theme, pack or palette file a reader claims (--verbose lists what it holds)"
                )
            }
            if file == "-" || PluginLocator.isPaletteFile(file, at: url) {
                // A palette file is checked as its reader reads it.
                try checkPlugin(try locator.locate(file), into: &outcome)
            } else if FileManager.default.fileExists(atPath: url.path) {
                switch ScriptKind.of(file: url, displayName: file) {
                case .theme: return try checkTheme(file: file, url: url)
                case .pack: return try checkPack(file: file, url: url)
                case .plugin: try checkPlugin(.init(url: url, displayName: file), into: &outcome)
                }
            } else {
                let located: PluginLocator.Located
                do throws(Diagnostic) {
                    located = try locator.locate(file)
                } catch  where error.kind == .inputMissing {
                    if let installed = try checkInstalledTheme(file) { return installed }
                    throw error
                }
                try checkPlugin(located, into: &outcome)
            }
        } catch {
            outcome.problem = error
            outcome.warnings += error.warnings
        }
        return outcome
    }

    private func checkPlugin(_ located: PluginLocator.Located, into outcome: inout Outcome) throws(Diagnostic)
    {
        var context = PluginContext()
        context.input = located.input
        context.input?.checking = true
        context.allowedReads = allowedReads
        var probe = located.probe
        // A reader checked alone reads the sample it declares; without one,
        // its declaration is all there is to check.
        if located.input == nil,
            let reader = try? ReaderProbe(
                file: located.url, displayName: located.displayName, source: located.source,
                bundle: located.bundle)
        {
            outcome.warnings = reader.warnings
            guard let sample = reader.declaration.sample else { return }
            let bytes = Array(sample.utf8)
            if reader.declaration.detects, !reader.detects(Array(bytes.prefix(ReaderProbe.headBytes))) {
                outcome.warnings.append(
                    Warning(
                        file: located.displayName, dataPath: "reads.detect",
                        "does not recognise reads.sample, so files like it are not read unless named"
                            + " with --input-format"))
            }
            var input = InputFile(url: located.url, displayName: located.displayName + " (reads.sample)")
            input.contents = bytes
            context.input = input
            probe = reader
        }
        let plugin = try PluginLoader.load(
            file: located.url, displayName: located.displayName, source: located.source,
            bundle: located.bundle, probe: probe, context: context)
        outcome.warnings += plugin.warnings
        defer { outcome.warnings += plugin.sourceWarnings }
        let source = try draw(plugin)
        outcome.problem = Diagnostic.all(try lowPairs(of: plugin, in: source))
    }

    /// The minimum of a declared pair that sets none: WCAG AA for text.
    static let pairMinimum = 4.5

    /// A problem (SB010) for each pair the palette declares (a plugin's
    /// `pairs`, a tokens file's `$extensions["org.swatchbook"].pairs`, as
    /// `contrast` reads them) that is below its minimum.
    private func lowPairs(of plugin: Plugin, in source: any CatalogueSource) throws(Diagnostic)
        -> [Diagnostic]
    {
        guard source.isEager else { return [] }
        let file = plugin.input?.displayName ?? plugin.file
        var problems: [Diagnostic] = []
        var lowIndices: [Int] = []
        let declared = try ContrastCommand.declaredPairs(of: plugin, in: source, file: file)
        for (index, (pair, place)) in declared.enumerated() {
            let minimum = pair.minimum ?? Self.pairMinimum
            guard pair.ratio < minimum else { continue }
            let message =
                "fg \(ContrastReport.describe(pair.foreground)) on bg \(ContrastReport.describe(pair.background)): "
                + "contrast \(ContrastReport.ratio(pair.ratio, minimum: minimum)) is below \(ContrastReport.minimum(minimum))"
            problems.append(Diagnostic(.data, file: file, dataPath: place, message).coded(.lowContrast))
            lowIndices.append(index)
        }
        if let first = problems.first?.dataPath, first.hasPrefix(DeclaredPair.tokensPath) {
            let places = tokensPlaces(ofPairs: lowIndices, in: plugin.input)
            for (i, at) in places.enumerated() {
                problems[i].line = at?.line
                problems[i].column = at?.column
            }
        }
        return problems
    }

    /// Where a tokens file declares each of its pairs `indices` (from 0),
    /// so an annotation points at the line; nil where the file cannot be
    /// read again. The file is read and parsed once for them all.
    private func tokensPlaces(ofPairs indices: [Int], in input: InputFile?) -> [JSONPlace?] {
        guard let input, let bytes = input.contents ?? (try? Array(Data(contentsOf: input.url))) else {
            return Array(repeating: nil, count: indices.count)
        }
        let pairs: [JSONValue.Step] = [.key("$extensions"), .key("org.swatchbook"), .key("pairs")]
        return JSONValue.places(of: indices.map { pairs + [.index($0)] }, in: bytes)
    }

    /// Opens the plugin as `render --format plain` would, `on_load` first,
    /// and draws it to prove it draws; the bytes are thrown away. A `data`
    /// catalogue is drawn whole; a lazy source, which may be too big for
    /// that, as its first and last screens, so both ends of its index
    /// ranges are asked for.
    private func draw(_ plugin: Plugin) throws(Diagnostic) -> any CatalogueSource {
        let folder = (plugin.fileURL ?? resolve(plugin.file)).deletingLastPathComponent()
        let theme = try ThemeChoice.forPlugin(plugin, option: nil, folder: folder, warn: { _ in })
        let session = Session(
            script: plugin, settings: plugin.settings, screen: Screen(height: Self.screenHeight), state: nil,
            measure: { TextWidth.of($0) })
        try session.start()
        if let failure = plugin.sourceFailure { throw failure }
        let layout = session.layout
        let pipeline = RenderPipeline(theme: theme, depth: .none, settings: plugin.settings)
        if plugin.source.isEager {
            _ = pipeline.render(layout, Viewport(), as: .plain)
        } else {
            let screen = Self.screenHeight
            _ = pipeline.render(layout, Viewport(height: screen), as: .plain)
            let last = max(0, layout.documentHeight - screen)
            _ = pipeline.render(layout, Viewport(height: screen, top: last), as: .plain)
            if plugin.hasSearch { try filter(session, pipeline) }
        }
        if let failure = plugin.sourceFailure { throw failure }
        return session.source
    }

    /// What `check` types into the filter of a lazy source with a `search`.
    static let searchQuery = "a"

    /// Filters a lazy source as a user's first keystroke would, through its
    /// `search`, and draws the first screen of what it found: an answer of
    /// the wrong shape, or naming what is not there, fails the check with
    /// its data path instead of failing the user.
    private func filter(_ session: Session, _ pipeline: RenderPipeline) throws(Diagnostic) {
        try session.setFilter(Self.searchQuery)
        _ = pipeline.render(session.layout, session.viewport, as: .plain)
    }

    /// Lines of a screen of a lazy source that `check` draws.
    static let screenHeight = 24

    func resolve(_ path: String) -> URL {
        path.hasPrefix("/")
            ? URL(fileURLWithPath: path)
            : URL(fileURLWithPath: locator.currentDirectory).appendingPathComponent(path)
    }

    // MARK: Summary

    static func summary(_ outcomes: [Outcome]) -> String {
        let problems = outcomes.compactMap(\.problem).map { 1 + $0.others.count }.reduce(0, +)
        let warnings = outcomes.map(\.warnings.count).reduce(0, +)
        return [
            count(outcomes.count, "file") + " checked", count(problems, "problem"),
            count(warnings, "warning"),
        ].joined(separator: ", ")
    }

    private static func count(_ n: Int, _ noun: String) -> String {
        "\(n) \(noun)\(n == 1 ? "" : "s")"
    }

    /// The worst outcome: a machine failure, then bad data, then a missing file.
    static func exitCode(_ outcomes: [Outcome]) -> Int32 {
        let codes = Set(outcomes.compactMap { $0.problem?.exitCode })
        for code: Int32 in [70, 65, 66] where codes.contains(code) { return code }
        return codes.max() ?? 0
    }
}
