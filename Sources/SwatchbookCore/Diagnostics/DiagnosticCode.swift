/// A stable name for a kind of problem, `SB001`…: what `check --format
/// json|sarif|github|junit` prints as the rule, so CI can count, filter or
/// silence one kind. A code once given keeps its meaning; new kinds are
/// added at the end.
public enum DiagnosticCode: String, Sendable, Equatable, CaseIterable {
    /// A plugin, theme, pack or reader script fails to load or to run.
    case scriptError = "SB001"
    /// A field of a plugin, theme or pack table has the wrong type or value.
    case invalidField = "SB002"
    /// A key no table of its kind has (a warning, with the near name).
    case unknownKey = "SB003"
    /// A palette file is not one its format allows: a syntax error.
    case malformedFile = "SB004"
    /// A value that looks like a colour (`#…`, a colour function or keyword)
    /// but does not parse as one.
    case badColour = "SB005"
    /// A design token's `$type` is not one the format defines.
    case unknownType = "SB006"
    /// An alias or reference names nothing, or goes round in a circle.
    case brokenAlias = "SB007"
    /// A token or property is left out of the palette, and why.
    case dropped = "SB008"
    /// A rule inside `@media`, `@supports` or `@layer`, read as its own
    /// section named by its condition.
    case conditionalRule = "SB009"
    /// A pair of colours is below its minimum contrast.
    case lowContrast = "SB010"
    /// A theme's role names no colour.
    case unboundRole = "SB011"
    /// A script ran past its time budget or memory cap.
    case limit = "SB012"
    /// A file is missing or cannot be read.
    case unreadable = "SB013"

    /// The rule's short name, kebab-case, as linters name theirs.
    public var name: String {
        switch self {
        case .scriptError: "script-error"
        case .invalidField: "invalid-field"
        case .unknownKey: "unknown-key"
        case .malformedFile: "malformed-file"
        case .badColour: "bad-colour"
        case .unknownType: "unknown-type"
        case .brokenAlias: "broken-alias"
        case .dropped: "dropped"
        case .conditionalRule: "conditional-rule"
        case .lowContrast: "low-contrast"
        case .unboundRole: "unbound-role"
        case .limit: "limit"
        case .unreadable: "unreadable"
        }
    }

    /// One sentence on what the rule finds, for `--format sarif` and the docs.
    public var summary: String {
        switch self {
        case .scriptError: "A plugin, theme, pack or reader script fails to load or to run."
        case .invalidField: "A field of a plugin, theme or pack table has the wrong type or value."
        case .unknownKey: "A table has a key its kind does not define."
        case .malformedFile: "A palette file breaks its format's syntax."
        case .badColour: "A value looks like a colour but does not parse as one."
        case .unknownType: "A design token's $type is not one the format defines."
        case .brokenAlias: "An alias or reference names nothing, or is circular."
        case .dropped: "A token or property is left out of the palette."
        case .conditionalRule: "A rule inside @media, @supports or @layer is read as its own section."
        case .lowContrast: "A pair of colours is below its minimum contrast."
        case .unboundRole: "A theme role names no colour."
        case .limit: "A script ran past its time budget or memory cap."
        case .unreadable: "A file is missing or cannot be read."
        }
    }
}
