/// How many colours the output may use.
public enum ColorDepth: String, Sendable, CaseIterable {
    case none, ansi16 = "16", ansi256 = "256", truecolor

    /// What the user asked for with `--color`.
    public enum Request: String, Sendable, CaseIterable {
        case auto, always, never, truecolor
        case ansi256 = "256"
        case ansi16 = "16"
    }

    /// Decides the depth the way terminal tools agree on: an explicit
    /// request wins; then NO_COLOR, FORCE_COLOR, COLORTERM and TERM; output
    /// that is not a terminal gets none unless forced.
    public static func resolve(
        _ request: Request, environment: [String: String], isTerminal: Bool
    ) -> ColorDepth {
        switch request {
        case .never: return .none
        case .truecolor: return .truecolor
        case .ansi256: return .ansi256
        case .ansi16: return .ansi16
        case .always: return fromTerminalType(environment)
        case .auto:
            if let value = environment["NO_COLOR"], !value.isEmpty { return .none }
            if let value = environment["FORCE_COLOR"], !value.isEmpty {
                return fromTerminalType(environment)
            }
            guard isTerminal, environment["TERM"] != "dumb" else { return .none }
            return fromTerminalType(environment)
        }
    }

    /// Whether colour is asked for whatever the output is: a `--color`
    /// other than `auto` and `never`, or `FORCE_COLOR` (unless `NO_COLOR`).
    /// Asking for colour makes ANSI the default format, as bat, ls and Rich do.
    public static func isForced(_ request: Request, environment: [String: String]) -> Bool {
        switch request {
        case .never: return false
        case .always, .truecolor, .ansi256, .ansi16: return true
        case .auto:
            if let value = environment["NO_COLOR"], !value.isEmpty { return false }
            return !(environment["FORCE_COLOR"] ?? "").isEmpty
        }
    }

    /// The richest depth the environment claims, and at least 16 colours.
    private static func fromTerminalType(_ environment: [String: String]) -> ColorDepth {
        let colorterm = environment["COLORTERM"]?.lowercased() ?? ""
        if colorterm == "truecolor" || colorterm == "24bit" { return .truecolor }
        if let term = environment["TERM"], term.contains("256color") { return .ansi256 }
        return .ansi16
    }
}
