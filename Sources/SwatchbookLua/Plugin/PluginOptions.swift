import SwatchbookCore

/// A value of `ctx.options`: a plugin's `options` default, or a `--set`
/// value read as that default's type.
public enum OptionValue: Sendable, Equatable {
    case string(String)
    case integer(Int)
    case number(Double)
    case boolean(Bool)

    /// How the value reads in a message: as a script would write it.
    var written: String {
        switch self {
        case .string(let text): "\"\(text)\""
        case .integer(let value): String(value)
        case .number(let value): String(value)
        case .boolean(let value): value ? "true" : "false"
        }
    }
}

/// What `ctx.options` holds: the plugin's `options` defaults, with the
/// `--set KEY=VALUE` pairs over them.
enum PluginOptions {
    /// Each `--set` value takes the type of its key's default: a number
    /// (an integer when written whole), `true`/`false` (also yes/no, on/off,
    /// 1/0), or text. A plugin that declares no options takes every pair as
    /// text; one that does is warned of a key it does not declare, which is
    /// passed on as text all the same.
    static func resolve(
        defaults: [String: OptionValue], set: [String: String], file: String
    ) throws(Diagnostic) -> (options: [String: OptionValue], warnings: [Warning]) {
        var options = defaults
        var warnings: [Warning] = []
        for (key, text) in set.sorted(by: { $0.key < $1.key }) {
            guard let declared = defaults[key] else {
                if !defaults.isEmpty {
                    warnings.append(
                        Warning(
                            file: file, "--set \(key): the plugin has no option \"\(key)\"",
                            suggestion: Suggestion(for: key, among: defaults.keys.sorted())))
                }
                options[key] = .string(text)
                continue
            }
            func refuse(_ takes: String) -> Diagnostic {
                Diagnostic(
                    .usage, file: file,
                    "--set \(key)=\(text): the plugin's option \(key) takes \(takes) (its default is \(declared.written))"
                )
            }
            switch declared {
            case .string: options[key] = .string(text)
            case .integer, .number:
                if let whole = Int(text) {
                    options[key] = .integer(whole)
                } else if let value = Double(text), value.isFinite {
                    options[key] = .number(value)
                } else {
                    throw refuse("a number")
                }
            case .boolean:
                switch text.lowercased() {
                case "true", "yes", "on", "1": options[key] = .boolean(true)
                case "false", "no", "off", "0": options[key] = .boolean(false)
                default: throw refuse("true or false")
                }
            }
        }
        return (options, warnings)
    }
}
