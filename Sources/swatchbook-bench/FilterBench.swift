import Foundation
import SwatchbookCore
import SwatchbookLua
import SwatchbookRender
import SwatchbookSession
import SwatchbookTerminal

/// The filter as browse runs it: a query typed key by key over a catalogue
/// of N names, each key timed to its frame at 200×60 (the filter, the
/// layout of the screen, painting and the frame's diff).
struct FilterBench {
    /// What is typed after `/`.
    static let query = "sea grn"

    /// N names, deterministic and varied: words of colour names and a number.
    static func names(_ count: Int) -> [String] {
        let first = [
            "Deep", "Light", "Dark", "Pale", "Medium", "Bright", "Dusty", "Misty", "Royal", "Burnt", "Warm",
            "Cool", "Soft", "Vivid", "Muted", "Electric", "Antique",
        ]
        let second = [
            "Sea", "Forest", "Sky", "Sand", "Stone", "Rose", "Olive", "Slate", "Coral", "Ocean", "Moss",
            "Storm",
            "Amber", "Ivory", "Pearl", "Plum", "Rust", "Steel", "Lemon", "Mint", "Peach", "Smoke", "Ash",
        ]
        let third = [
            "Green", "Blue", "Grey", "Red", "Brown", "Violet", "Yellow", "Orange", "Pink", "White", "Black",
        ]
        return (0..<count).map { i in
            "\(first[i % first.count]) \(second[(i / 3) % second.count]) \(third[(i / 7) % third.count]) \(i)"
        }
    }

    /// Names per part file: `sb.read` takes files of up to 16 MiB.
    static let namesPerPart = 100_000

    /// A plugin that reads the `parts` files `names-1.txt`… beside it: a
    /// hundred names a row, a hundred rows a section; each item's colour
    /// from its number.
    static func plugin(parts: Int) -> String {
        """
        local sb = require "swatchbook"
        return { name = "Names", api = 1, data = function()
          local sections, rows, items = {}, nil, nil
          local n = 0
          for part = 1, \(parts) do
          for name in sb.read("names-" .. part .. ".txt"):gmatch("[^\\n]+") do
            if n % 10000 == 0 then rows = {}; sections[#sections + 1] = { name = "Names " .. n, rows = rows } end
            if n % 100 == 0 then items = {}; rows[#rows + 1] = { name = "From " .. n, items = items } end
            items[#items + 1] = { name = name, color = sb.rgb(n % 256, (n // 256) % 256, (n // 65536) % 256) }
            n = n + 1
          end
          end
          return sections
        end }
        """
    }

    /// Writes `names.txt` (every name, for fzf), the part files and
    /// `names.lua` into `folder`.
    static func write(names count: Int, into folder: URL) throws(Diagnostic) {
        let manager = FileManager.default
        try? manager.createDirectory(at: folder, withIntermediateDirectories: true)
        let all = names(count)
        var files = [("names.txt", all.joined(separator: "\n") + "\n")]
        let parts = (count + namesPerPart - 1) / namesPerPart
        for part in 0..<parts {
            let slice = all[(part * namesPerPart)..<min(count, (part + 1) * namesPerPart)]
            files.append(("names-\(part + 1).txt", slice.joined(separator: "\n") + "\n"))
        }
        files.append(("names.lua", plugin(parts: parts)))
        for (file, contents) in files {
            let url = folder.appendingPathComponent(file)
            guard manager.createFile(atPath: url.path, contents: Data(contents.utf8)) else {
                throw Diagnostic(.internal, file: url.path, "cannot be written")
            }
        }
    }

    struct Result {
        var count: Int
        var load: Duration
        /// The first key after `/`: the names are folded then, once per load.
        var firstKey: Duration
        /// The keys after it, each refining the one before.
        var keys: [Duration]
        var clear: Duration
        var matches: Int
        /// The keys after the first, split into their parts (see ``Parts``).
        var parts: Parts
    }

    /// Where a key's time goes, each part's median over the keys after the
    /// first: the filter (matching the names, then keeping what the matches
    /// show and focusing the best), then the frame (laying out the screen,
    /// painting it, and the diff that writes it).
    struct Parts {
        /// The session's whole filter: the three below, and what is left.
        var filter: [Duration] = []
        /// Matching the names alone (``SearchIndex``).
        var match: [Duration] = []
        /// Keeping what the matches show (``CatalogueFilter``).
        var keep: [Duration] = []
        var layout: [Duration] = []
        var paint: [Duration] = []
        var diff: [Duration] = []
    }

    static func measure(count: Int, repeats: Int) throws(Diagnostic) -> Result {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "swatchbook-bench-\(getpid())-filter")
        defer { try? FileManager.default.removeItem(at: folder) }
        try write(names: count, into: folder)
        let clock = ContinuousClock()
        let (width, height) = (200, 60)
        var start = clock.now
        let file = folder.appendingPathComponent("names.lua")
        let plugin = try PluginLoader.load(
            file: file, displayName: "names.lua", context: .bench(width: width, height: height))
        let session = Session(
            script: plugin, settings: plugin.settings, screen: Screen(width: width, height: height - 1),
            state: nil, measure: { TextWidth.of($0) })
        try session.start()
        let load = start.duration(to: clock.now)
        var interpreter = KeyInterpreter(session: session)
        var differ = FrameDiffer(depth: .truecolor)
        let pipeline = RenderPipeline(theme: .standard, depth: .truecolor, settings: session.settings)
        var parts = Parts()
        var timesParts = false
        func frame() {
            let start = clock.now
            var layout = session.visibleLayout()
            layout.viewport.height = height
            let laidOut = clock.now
            let canvas = pipeline.paint(layout)
            let painted = clock.now
            withExtendedLifetime(differ.frame(canvas)) {}
            if timesParts {
                parts.layout.append(start.duration(to: laidOut))
                parts.paint.append(laidOut.duration(to: painted))
                parts.diff.append(painted.duration(to: clock.now))
            }
        }
        frame()
        var firstKeys: [Duration] = []
        var keys: [Duration] = []
        var clears: [Duration] = []
        for _ in 0..<repeats {
            _ = try interpreter.press(.character("/"))
            for (i, character) in query.enumerated() {
                start = clock.now
                _ = try interpreter.press(character == " " ? .space : .character(character))
                // Browse filters before each frame, for the keys typed since the last.
                try interpreter.settle()
                let filtered = clock.now
                timesParts = i > 0
                frame()
                let time = start.duration(to: clock.now)
                if i == 0 { firstKeys.append(time) } else { keys.append(time) }
                if i > 0 { parts.filter.append(start.duration(to: filtered)) }
            }
            timesParts = false
            _ = try interpreter.press(.enter)
            start = clock.now
            _ = try interpreter.press(.escape)
            frame()
            clears.append(start.duration(to: clock.now))
        }
        _ = try interpreter.press(.character("/"))
        for character in query {
            _ = try interpreter.press(character == " " ? .space : .character(character))
        }
        try interpreter.settle()
        let matches = session.lastFilterMatchCount
        if let catalogue = session.catalogue {
            try timeMatching(catalogue, repeats: repeats, into: &parts)
        }
        return Result(
            count: count, load: load, firstKey: firstKeys[0], keys: keys, clear: clears.median,
            matches: matches, parts: parts)
    }

    /// Times the filter's first two steps by themselves, typing the query
    /// as the session does: matching (each query among what the one before
    /// matched) and keeping what the matches show.
    static func timeMatching(_ catalogue: Catalogue, repeats: Int, into parts: inout Parts) throws(Diagnostic)
    {
        let clock = ContinuousClock()
        var index = SearchIndex(catalogue)
        for _ in 0..<repeats {
            index.forgetSearch()
            for (i, end) in Self.query.indices.enumerated() {
                let typed = FilterQuery(String(Self.query[...end]))
                var start = clock.now
                let matches = index.search(typed)
                if i > 0 { parts.match.append(start.duration(to: clock.now)) }
                start = clock.now
                let kept = CatalogueFilter(typed).apply(to: catalogue, index: index, matches: matches)
                if i > 0 { parts.keep.append(start.duration(to: clock.now)) }
                withExtendedLifetime(kept) {}
            }
        }
    }

    static func run(_ options: BenchOptions) throws(Diagnostic) {
        if let folder = options.namesOutput {
            try write(names: options.names ?? 100_000, into: URL(fileURLWithPath: folder))
            return
        }
        print(
            "# --filter: typing \"\(query)\" after / in browse, key to frame at 200×60 truecolor;"
                + " \(options.repeats) repeats (medians; the first key of the first run folds the names)")
        for count in options.names.map({ [$0] }) ?? [10_000, 100_000, 1_000_000] {
            let result = try measure(count: count, repeats: options.repeats)
            let name = "filter.\(count)"
            print("\(name)_load_ms", BenchReport.decimal(result.load.milliseconds))
            print("\(name)_first_key_ms", BenchReport.decimal(result.firstKey.milliseconds))
            print("\(name)_key_ms", BenchReport.decimal(result.keys.median.milliseconds))
            print("\(name)_key_max_ms", BenchReport.decimal(result.keys.max()!.milliseconds))
            print("\(name)_clear_ms", BenchReport.decimal(result.clear.milliseconds))
            print("\(name)_matches", result.matches)
            let parts = result.parts
            for (part, times) in [
                ("filter", parts.filter), ("match", parts.match), ("keep", parts.keep),
                ("layout", parts.layout),
                ("paint", parts.paint), ("diff", parts.diff),
            ] where !times.isEmpty {
                print("\(name)_key_\(part)_ms", BenchReport.decimal(times.median.milliseconds))
            }
        }
    }
}
