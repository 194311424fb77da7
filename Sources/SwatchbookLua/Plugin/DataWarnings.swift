import SwatchbookCore

/// Warnings about a plugin's catalogue tables, each kind of slip reported
/// once, at the first place it was seen, with how many more places have it:
/// a misspelt key in a generated table is the same slip in every item.
final class DataWarnings {
    private struct Seen {
        var path: String
        var message: String
        var suggestion: Suggestion?
        var noun: String
        var more = 0
    }

    private var order: [String] = []
    private var seen: [String: Seen] = [:]

    var isEmpty: Bool { order.isEmpty }

    /// Notes `message` at `path`; `kind` tells slips apart (the same
    /// message about another key is another slip), `noun` names the
    /// element counted ("item").
    func add(
        _ kind: String, _ message: @autoclosure () -> String,
        suggestion: @autoclosure () -> Suggestion? = nil,
        at path: @autoclosure () -> String, noun: String
    ) {
        if seen[kind] != nil {
            seen[kind]!.more += 1
            return
        }
        order.append(kind)
        seen[kind] = Seen(path: path(), message: message(), suggestion: suggestion(), noun: noun)
    }

    /// The warnings in the order they were first seen.
    func warnings(file: String) -> [Warning] {
        order.compactMap { seen[$0] }.map { slip in
            var warning = Warning(
                file: file, dataPath: slip.path.isEmpty ? nil : slip.path, slip.message,
                suggestion: slip.suggestion)
            warning.more = slip.more
            warning.noun = slip.noun
            return warning
        }
    }
}
