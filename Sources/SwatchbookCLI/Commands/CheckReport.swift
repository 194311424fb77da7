import Foundation
import SwatchbookCore

/// `check --format`: what `check` found, for a person (text, the lines on
/// stderr) or for CI (json, sarif, github, junit, a document on stdout or
/// in `-o FILE`).
enum CheckFormat: String, CaseIterable, Sendable {
    case text, json, sarif, github, junit
}

/// One problem or warning as the machine-readable formats give it.
struct CheckFinding: Equatable {
    /// The file `check` was checking when it found this (a JUnit test case).
    var checked: String
    /// Where it is; nil when no file is known.
    var file: String?
    var line: Int?
    var column: Int?
    var isError: Bool
    var code: DiagnosticCode
    /// The message with its data path, without the suggestion.
    var message: String
    var suggestion: Suggestion?

    init(_ problem: Diagnostic, checked: String) {
        self.checked = checked
        file = problem.file
        line = problem.line
        column = problem.column
        isError = true
        code = problem.rule
        message =
            Sanitizer.cleanLines((problem.dataPath.map { $0 + ": " } ?? "") + problem.message)
            + (problem.help.map { "; " + $0 } ?? "")
        suggestion = problem.suggestion
    }

    init(_ warning: Warning, checked: String) {
        self.checked = checked
        file = warning.file
        line = warning.line
        column = warning.column
        isError = false
        code = warning.rule
        message = Sanitizer.cleanLines(
            (warning.dataPath.map { $0 + ": " } ?? "") + warning.message + warning.morePlaces)
        suggestion = warning.suggestion
    }

    var severity: String { isError ? "error" : "warning" }

    /// The message with its "did you mean", as a person reads it.
    var sentence: String { message + (suggestion?.phrase ?? "") }

    /// The file, when it is one on disk to point at: not a theme built
    /// into the binary (`(bundled) nord/nord.lua`, `(built in) default`).
    var artifact: String? {
        guard let file, !file.hasPrefix("(bundled) "), !file.hasPrefix("(built in) ") else { return nil }
        return file
    }

    /// `FILE:LINE:COLUMN: ` or as much of it as is known.
    var place: String {
        guard let file else { return "" }
        return file + (line.map { ":\($0)" + (column.map { ":\($0)" } ?? "") } ?? "") + ": "
    }
}

extension CheckCommand.Outcome {
    /// Every warning and problem of the file, in the order text lists them.
    var findings: [CheckFinding] {
        var findings = warnings.map { CheckFinding($0, checked: file) }
        if let problem {
            findings += ([problem] + problem.others).map { CheckFinding($0, checked: file) }
        }
        return findings
    }
}

/// The documents of ``CheckFormat``, built from the outcomes of one check.
struct CheckReport {
    var outcomes: [CheckCommand.Outcome]
    /// The working folder, that SARIF names files from.
    var folder: String

    func write(_ format: CheckFormat) -> String {
        switch format {
        case .text: ""
        case .json: json()
        case .sarif: sarif()
        case .github: github()
        case .junit: junit()
        }
    }

    private var findings: [CheckFinding] { outcomes.flatMap(\.findings) }

    // MARK: json

    /// An array of diagnostics, one a line (Schemas/check.schema.json).
    func json() -> String {
        let lines = findings.map { finding in
            Self.encode(
                .object([
                    .init("file", finding.file.map(JSONValue.string) ?? .null),
                    .init("line", finding.line.map(JSONValue.integer) ?? .null),
                    .init("column", finding.column.map(JSONValue.integer) ?? .null),
                    .init("severity", .string(finding.severity)),
                    .init("code", .string(finding.code.rawValue)),
                    .init("rule", .string(finding.code.name)),
                    .init("message", .string(finding.message)),
                    .init("suggestion", finding.suggestion.map { .string($0.word) } ?? .null),
                ]))
        }
        return lines.isEmpty ? "[]\n" : "[\n" + lines.joined(separator: ",\n") + "\n]\n"
    }

    /// Compact JSON; what is encoded here holds only finite numbers.
    private static func encode(_ value: JSONValue) -> String {
        (try? value.encoded()) ?? "null"
    }

    // MARK: sarif

    static let sarifSchema =
        "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"

    /// SARIF 2.1.0: one run, every code a rule, every finding a result.
    func sarif() -> String {
        let rules: [JSONValue] = DiagnosticCode.allCases.map { code in
            .object([
                .init("id", .string(code.rawValue)),
                .init("name", .string(code.name)),
                .init("shortDescription", .object([.init("text", .string(code.summary))])),
            ])
        }
        let indexes = Dictionary(uniqueKeysWithValues: DiagnosticCode.allCases.enumerated().map { ($1, $0) })
        let results: [JSONValue] = findings.map { finding in
            var result: [JSONValue.Member] = [
                .init("ruleId", .string(finding.code.rawValue)),
                .init("ruleIndex", .integer(indexes[finding.code] ?? 0)),
                .init("level", .string(finding.severity)),
                .init("message", .object([.init("text", .string(finding.sentence))])),
            ]
            if let file = finding.artifact {
                var physical: [JSONValue.Member] = [
                    .init("artifactLocation", .object([.init("uri", .string(uri(file)))]))
                ]
                if let line = finding.line {
                    var region: [JSONValue.Member] = [.init("startLine", .integer(line))]
                    if let column = finding.column { region.append(.init("startColumn", .integer(column))) }
                    physical.append(.init("region", .object(region)))
                }
                result.append(
                    .init("locations", .array([.object([.init("physicalLocation", .object(physical))])])))
            }
            return .object(result)
        }
        let driver: JSONValue = .object([
            .init("name", .string("swatchbook")),
            .init("version", .string(SwatchbookCLI.version)),
            .init("rules", .array(rules)),
        ])
        let log: JSONValue = .object([
            .init("$schema", .string(Self.sarifSchema)),
            .init("version", .string("2.1.0")),
            .init(
                "runs",
                .array([
                    .object([
                        .init("tool", .object([.init("driver", driver)])),
                        .init("results", .array(results)),
                    ])
                ])),
        ])
        return Self.encode(log) + "\n"
    }

    /// `file` as a URI reference: relative to the working folder when it
    /// is inside it, else a `file:` URI; every byte but a letter, digit,
    /// `-._~` and `/` percent-encoded.
    func uri(_ file: String) -> String {
        var path = file
        if path.hasPrefix("~/"), let home = ProcessInfo.processInfo.environment["HOME"] {
            path = home + path.dropFirst()
        }
        if path.hasPrefix("/") {
            let prefix = folder.hasSuffix("/") ? folder : folder + "/"
            guard path.hasPrefix(prefix), path.count > prefix.count else {
                return "file://" + PercentEncoding.encoded(path, keepingSlashes: true)
            }
            path = String(path.dropFirst(prefix.count))
        }
        return PercentEncoding.encoded(path, keepingSlashes: true)
    }

    // MARK: github

    /// GitHub Actions workflow commands, one per finding:
    /// `::error file=F,line=L,col=C,title=SB005 bad-colour::message`.
    func github() -> String {
        findings.map { finding in
            var properties: [String] = []
            if let file = finding.artifact { properties.append("file=" + Self.property(file)) }
            if finding.artifact != nil, let line = finding.line {
                properties.append("line=\(line)")
                if let column = finding.column { properties.append("col=\(column)") }
            }
            properties.append("title=" + Self.property(finding.code.rawValue + " " + finding.code.name))
            return "::\(finding.severity) " + properties.joined(separator: ",") + "::"
                + Self.data(finding.place + finding.sentence) + "\n"
        }.joined()
    }

    /// A command's message: `%`, CR and LF escaped, and no control
    /// character reaches the log as itself.
    static func data(_ text: String) -> String {
        Sanitizer.clean(
            text.replacingOccurrences(of: "%", with: "%25")
                .replacingOccurrences(of: "\r", with: "%0D")
                .replacingOccurrences(of: "\n", with: "%0A"))
    }

    /// A command's property value: as ``data(_:)``, and `:` and `,` too.
    static func property(_ text: String) -> String {
        data(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }

    // MARK: junit

    /// JUnit XML: a test case per file checked, a `<failure>` per problem
    /// (its code the type), the warnings in `<system-out>`.
    func junit() -> String {
        let failures = outcomes.map { $0.findings.filter(\.isError).count }.reduce(0, +)
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        let counts = "tests=\"\(outcomes.count)\" failures=\"\(failures)\" errors=\"0\""
        xml += "<testsuites name=\"swatchbook check\" \(counts)>\n"
        xml += "  <testsuite name=\"swatchbook.check\" \(counts) skipped=\"0\">\n"
        for outcome in outcomes {
            let findings = outcome.findings
            xml += "    <testcase classname=\"swatchbook.check\" name=\"\(Self.escaped(outcome.file))\""
            guard !findings.isEmpty else {
                xml += "/>\n"
                continue
            }
            xml += ">\n"
            for finding in findings where finding.isError {
                xml +=
                    "      <failure message=\"\(Self.escaped(finding.sentence))\" type=\"\(finding.code.rawValue)\">"
                    + Self.escaped(finding.place + finding.sentence, inAttribute: false) + "</failure>\n"
            }
            let warnings = findings.filter { !$0.isError }
            if !warnings.isEmpty {
                let lines = warnings.map { $0.place + "warning: " + $0.sentence + " [\($0.code.rawValue)]\n" }
                xml +=
                    "      <system-out>" + Self.escaped(lines.joined(), inAttribute: false)
                    + "</system-out>\n"
            }
            xml += "    </testcase>\n"
        }
        xml += "  </testsuite>\n</testsuites>\n"
        return xml
    }

    /// `text` safe in XML 1.0 text and attributes: no control character
    /// but a line break, and `&<>"'` as entities; a line break in an
    /// attribute as `&#10;`, which a parser would turn into a space.
    static func escaped(_ text: String, inAttribute: Bool = true) -> String {
        var escaped = ""
        for scalar in Sanitizer.cleanLines(text.replacingOccurrences(of: "\t", with: " ")).unicodeScalars {
            switch scalar {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&apos;"
            case "\n": escaped += inAttribute ? "&#10;" : "\n"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }
}
