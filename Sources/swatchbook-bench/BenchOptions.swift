/// The benchmark's flags: what to measure, catalogue size, terminal width and repeat count.
struct BenchOptions {
    /// Which measurement runs.
    enum Mode {
        /// The render pipeline, phase by phase, on a catalogue built by `data`.
        case pipeline
        /// The same catalogue served by a lazy `source`, drawn whole.
        case lazy
        /// `Scripts/huge.lua`: opening it and drawing its first viewport.
        case huge
        /// One Lua callback round trip (a tap) and one `sb.color` call.
        case calls
        /// Browse: a key to its frame at 200×60, and the frame's bytes.
        case frames
        /// Shelves, outline and details on the same catalogue, whole and one viewport.
        case layouts
        /// Typing a filter in browse over 10^4, 10^5 and 10^6 names.
        case filter
    }

    var mode = Mode.pipeline
    var sections = 1000
    var rows = 10
    var items = 50
    var width = 120
    var repeats = 5
    /// Write the generated plugin here and exit, so whole-process runs of
    /// `swatchbook render` read exactly the catalogue measured in process.
    var pluginOutput: String?
    /// The script `--huge` opens; found beside the package when nil.
    var script: String?
    /// `--filter`: one catalogue size instead of the three, and where to
    /// write its names and plugin instead of measuring.
    var names: Int?
    var namesOutput: String?

    static let usage = """
        usage: swatchbook-bench [--lazy | --huge | --calls | --frames | --layouts | --filter] [--sections N] [--rows N] [--items N]
                                [--width N] [--repeat N] [--write-plugin FILE] [--script PATH]
        Times Swatchbook in process and prints medians, one `<name> <value>` per line.
          (default)  the render pipeline phase by phase on a generated S×R×I catalogue
                     built by a `data` function (`swatchbook.<phase>_ms`)
          --lazy     the same catalogue served by a lazy `source`, laid out, drawn and
                     written whole (`swatchbook.lazy_*`)
          --huge     Scripts/huge.lua (or --script PATH): open, then the first 120×40
                     viewport (`huge.*`)
          --calls    one Lua callback round trip (a tap) and one `sb.color` call (`calls.*`)
          --frames   browse: a focus move, a strip scroll and a page down, key to frame
                     at 200×60 on the demo and on huge.lua (`frames.*`)
          --filter   typing a filter in browse over 10^4, 10^5 and 10^6 names (--names N for
                     one size; --write-names DIR writes names.txt and names.lua there)
          --layouts  shelves, outline and details on the generated catalogue, built once:
                     drawn whole, and one 120×40 viewport mid-document (`layouts.*`)
        --write-plugin FILE writes the generated plugin (of the default mode or --lazy)
        to FILE instead.
        """

    struct UsageError: Error {
        let message: String
    }

    /// Parses `arguments` (without the program name); nil asks for help.
    static func parse(_ arguments: [String]) throws(UsageError) -> BenchOptions? {
        var options = BenchOptions()
        var remaining = arguments[...]
        var modeFlag: String?
        while let flag = remaining.popFirst() {
            if flag == "--help" || flag == "-h" { return nil }
            if let mode = modes[flag] {
                if let earlier = modeFlag, earlier != flag {
                    throw UsageError(message: "\(flag) cannot be combined with \(earlier)")
                }
                modeFlag = flag
                options.mode = mode
                continue
            }
            guard let value = remaining.popFirst() else {
                throw UsageError(message: "\(flag) needs a value")
            }
            switch flag {
            case "--sections": options.sections = try positive(value, flag)
            case "--rows": options.rows = try positive(value, flag)
            case "--items": options.items = try positive(value, flag)
            case "--width": options.width = try positive(value, flag)
            case "--repeat": options.repeats = try positive(value, flag)
            case "--write-plugin": options.pluginOutput = value
            case "--script": options.script = value
            case "--names": options.names = try positive(value, flag)
            case "--write-names": options.namesOutput = value
            default: throw UsageError(message: "unknown flag \(flag)")
            }
        }
        if options.pluginOutput != nil,
            options.mode == .huge || options.mode == .calls || options.mode == .layouts
        {
            throw UsageError(message: "--write-plugin goes with the default mode or --lazy")
        }
        return options
    }

    private static let modes: [String: Mode] = [
        "--lazy": .lazy, "--huge": .huge, "--calls": .calls, "--frames": .frames, "--layouts": .layouts,
        "--filter": .filter,
    ]

    private static func positive(_ text: String, _ flag: String) throws(UsageError) -> Int {
        guard let value = Int(text), value >= 1 else {
            throw UsageError(
                message: "\(flag): expected a whole number of at least 1, got \"\(text)\"")
        }
        return value
    }
}
