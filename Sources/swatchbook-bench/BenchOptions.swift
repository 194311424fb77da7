/// The benchmark's flags: catalogue size, terminal width and repeat count.
struct BenchOptions {
    var sections = 1000
    var rows = 10
    var items = 50
    var width = 120
    var repeats = 5
    /// Write the generated plugin here and exit, so whole-process runs of
    /// `swatchbook render` read exactly the catalogue measured in process.
    var pluginOutput: String?

    static let usage = """
        usage: swatchbook-bench [--sections N] [--rows N] [--items N] [--width N] [--repeat N]
                                [--write-plugin FILE]
        Times the render pipeline in process on a generated S×R×I catalogue and prints
        the median of each phase in milliseconds, one `swatchbook.<phase>_ms <value>` per line.
        --write-plugin FILE writes the generated Lua plugin to FILE instead.
        """

    struct UsageError: Error {
        let message: String
    }

    /// Parses `arguments` (without the program name); nil asks for help.
    static func parse(_ arguments: [String]) throws(UsageError) -> BenchOptions? {
        var options = BenchOptions()
        var remaining = arguments[...]
        while let flag = remaining.popFirst() {
            if flag == "--help" || flag == "-h" { return nil }
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
            default: throw UsageError(message: "unknown flag \(flag)")
            }
        }
        return options
    }

    private static func positive(_ text: String, _ flag: String) throws(UsageError) -> Int {
        guard let value = Int(text), value >= 1 else {
            throw UsageError(
                message: "\(flag): expected a whole number of at least 1, got \"\(text)\"")
        }
        return value
    }
}
