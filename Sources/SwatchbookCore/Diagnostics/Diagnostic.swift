/// A problem worth one line to the user, carrying where it was found.
///
/// Errors are structured where they arise and formatted in one place
/// (``formatted``) so every message reads `file:line: message` or
/// `file: data.path: message`, and maps to one exit code.
public struct Diagnostic: Error, Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        /// Bad command-line use (exit 64).
        case usage
        /// Bad data, script or theme (exit 65).
        case data
        /// An input file missing or unreadable (exit 66).
        case inputMissing
        /// A bug or a failure of the machine (exit 70).
        case `internal`
        /// The output could not be written (exit 74).
        case output
        /// The output would replace files Swatchbook did not write (exit 73).
        case cannotCreate
        /// The user cancelled a pick (exit 130).
        case cancelled
    }

    public var kind: Kind
    public var file: String?
    public var line: Int?
    /// The column of `line` (from 1), when the reader knows it.
    public var column: Int?
    public var dataPath: String?
    public var message: String
    /// Which kind of problem it is, for `check --format` and its rules.
    public var code: DiagnosticCode?
    /// What the user may have meant, shown after the message.
    public var suggestion: Suggestion?
    /// Where to read more ("see 'swatchbook help render'"), shown last.
    public var help: String?
    /// The Lua traceback, shown with `--verbose`.
    public var traceback: String?
    /// Further problems found in the same file after this one: `check`
    /// reports every one, a command that stops shows this one.
    public var others: [Diagnostic] = []
    /// Warnings about the same file found before it failed, which `check`
    /// reports with the problems.
    public var warnings: [Warning] = []

    public init(
        _ kind: Kind, file: String? = nil, line: Int? = nil, dataPath: String? = nil,
        _ message: String, suggestion: Suggestion? = nil, help: String? = nil, traceback: String? = nil
    ) {
        self.kind = kind
        self.file = file
        self.line = line
        self.dataPath = dataPath
        self.message = message
        self.suggestion = suggestion
        self.help = help
        self.traceback = traceback
    }

    /// The same problem said of `subject`, the option or function that
    /// gave the value (`--expand: 9 names no element …`): the modules below
    /// the CLI say what is wrong, and their caller says where it came from.
    public func about(_ subject: String) -> Diagnostic {
        var said = self
        said.message = subject + ": " + message
        return said
    }

    /// The message with its suggestion and help: the line without its location.
    public var sentence: String {
        message + (suggestion?.phrase ?? "") + (help.map { "; " + $0 } ?? "")
    }

    /// The one line shown to the user.
    public var formatted: String {
        var location = ""
        if let file {
            location = file + Self.place(line: line, column: column) + ": "
        }
        if let dataPath { location += dataPath + ": " }
        return location + sentence
    }

    public var exitCode: Int32 {
        switch kind {
        case .usage: 64
        case .data: 65
        case .inputMissing: 66
        case .internal: 70
        case .output: 74
        case .cannotCreate: 73
        case .cancelled: 130
        }
    }
}

extension Diagnostic {
    /// `:LINE:COLUMN`, `:LINE` or nothing, after a file's name.
    static func place(line: Int?, column: Int?) -> String {
        guard let line else { return "" }
        return ":\(line)" + (column.map { ":\($0)" } ?? "")
    }

    /// Every problem of a file as one diagnostic, as `check` lists them: the
    /// first, carrying the others (and `warnings`, when given); nil when
    /// there are none.
    public static func all(_ problems: [Diagnostic], warnings: [Warning] = []) -> Diagnostic? {
        guard var first = problems.first else { return nil }
        first.others = Array(problems.dropFirst())
        if !warnings.isEmpty { first.warnings = warnings }
        return first
    }
}

/// A warning: something accepted but probably not meant.
public struct Warning: Sendable, Equatable {
    public var file: String
    /// The line of `file` it is about, when a palette file's reader knows it.
    public var line: Int?
    /// The column of `line` (from 1), when the reader knows it.
    public var column: Int?
    public var dataPath: String?
    public var message: String
    /// Which kind of warning it is, for `check --format` and its rules.
    public var code: DiagnosticCode?
    public var suggestion: Suggestion?
    /// How many more places have the same slip, and what each is ("item"):
    /// a misspelt key in a generated table is reported once.
    public var more = 0
    public var noun = "place"

    public init(file: String, dataPath: String? = nil, _ message: String, suggestion: Suggestion? = nil) {
        self.file = file
        self.dataPath = dataPath
        self.message = message
        self.suggestion = suggestion
    }

    public var formatted: String {
        file + Diagnostic.place(line: line, column: column) + ": " + (dataPath.map { $0 + ": " } ?? "")
            + "warning: "
            + message
            + (suggestion?.phrase ?? "") + morePlaces
    }

    /// How many more places have it: " (and 3 more items)", or nothing.
    public var morePlaces: String {
        switch more {
        case 0: ""
        case 1: " (and 1 more \(noun))"
        default: " (and \(more) more \(noun)s)"
        }
    }

    /// The warning told as an error (`check --strict`), at the same place.
    public var asProblem: Diagnostic {
        var problem = Diagnostic(
            .data, file: file, line: line, dataPath: dataPath, message + morePlaces, suggestion: suggestion)
        problem.column = column
        problem.code = code
        return problem
    }
}
