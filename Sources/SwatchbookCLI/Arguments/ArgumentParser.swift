import SwatchbookCore

/// A small command-line parser: long options with values (`--width 80` or
/// `--width=80`), short aliases, flags, repeatable options and positionals.
/// Mistakes come back as usage diagnostics with a "did you mean".
struct ArgumentParser {
    struct Option {
        var name: String
        var short: String?
        var takesValue: Bool
        var repeatable = false
        var valueName = "VALUE"
        var help: String
        /// What completes the option's value.
        var completion: Completion = .none
    }

    /// What an option's value can be, for the completions.
    enum Completion {
        case words([String])
        /// Asked of the binary: `completions --list NAME`.
        case list(String)
        case files
        case none
    }

    struct Parsed {
        var values: [String: [String]] = [:]
        var flags: Set<String> = []
        var positionals: [String] = []
        /// Where each positional stands in the arguments, and the `--` that
        /// ended the options: what a command that runs once per positional
        /// (`render FILE... --output-dir`) leaves out of each run's arguments.
        var positionalIndices: [Int] = []
        var optionsEnd: Int?
        /// Every option value in command-line order, across options, for a
        /// command whose options are steps (`color --lighten 0.1 --mix red`).
        var sequence: [(name: String, value: String)] = []

        func value(_ name: String) -> String? { values[name]?.last }
        func all(_ name: String) -> [String] { values[name] ?? [] }
        func has(_ name: String) -> Bool { flags.contains(name) }
    }

    let command: String
    let options: [Option]

    /// The option `name` spells, by its long name or its short alias.
    static func option(named name: String, in options: [Option]) -> Option? {
        options.first { $0.name == name || $0.short == name }
    }

    func parse(_ arguments: [String]) throws(Diagnostic) -> Parsed {
        var parsed = Parsed()
        var index = 0
        var optionsEnded = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if optionsEnded || argument == "-" || !argument.hasPrefix("-") {
                parsed.positionals.append(argument)
                parsed.positionalIndices.append(index - 1)
                continue
            }
            if argument == "--" {
                optionsEnded = true
                parsed.optionsEnd = index - 1
                continue
            }
            var name = argument
            var inline: String?
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inline = String(argument[argument.index(after: equals)...])
            }
            guard let option = Self.option(named: name, in: options) else {
                throw Diagnostic(
                    .usage, "\(command): unknown option \(name)",
                    suggestion: Suggestion(for: name, among: options.map(\.name), spelled: .bare),
                    help: "see 'swatchbook help \(command)'")
            }
            guard option.takesValue else {
                if inline != nil {
                    throw Diagnostic(.usage, "\(command): \(option.name) takes no value")
                }
                parsed.flags.insert(option.name)
                continue
            }
            let value: String
            if let inline {
                value = inline
            } else if index < arguments.count {
                value = arguments[index]
                index += 1
            } else {
                throw Diagnostic(.usage, "\(command): \(option.name) needs a value (\(option.valueName))")
            }
            if !option.repeatable && parsed.values[option.name] != nil {
                throw Diagnostic(.usage, "\(command): \(option.name) given twice")
            }
            parsed.values[option.name, default: []].append(value)
            parsed.sequence.append((option.name, value))
        }
        return parsed
    }

    /// The options table of `help COMMAND`.
    var optionsHelp: String {
        let rows = options.map { option -> (String, String) in
            var left = option.short.map { $0 + ", " } ?? "    "
            left += option.name
            if option.takesValue { left += " " + option.valueName }
            return (left, option.help)
        }
        let width = (rows.map(\.0.count).max() ?? 0) + 2
        return rows.map { left, help in
            "  " + left + String(repeating: " ", count: width - left.count) + help
        }.joined(separator: "\n")
    }
}
