import SwatchbookCore

/// One option, declared once with its value's type: the parser's entry
/// (which `--help`, the man page and the completions read) and how its
/// text becomes a value, with the usage error naming the option when it
/// cannot. Commands read values through their specs, never by name.
struct OptionSpec<Value>: Sendable {
    let option: ArgumentParser.Option
    /// How one value's text becomes a value; for a command that reads its
    /// options in the order given (``ArgumentParser/Parsed/sequence``).
    let read: @Sendable (String) throws(Diagnostic) -> Value

    var name: String { option.name }

    init(
        _ name: String, short: String? = nil, valueName: String, repeatable: Bool = false, help: String,
        completion: ArgumentParser.Completion = .none,
        read: @escaping @Sendable (String) throws(Diagnostic) -> Value
    ) {
        option = ArgumentParser.Option(
            name: name, short: short, takesValue: true, repeatable: repeatable, valueName: valueName,
            help: help,
            completion: completion)
        self.read = read
    }

    /// The last value given, read; nil when the option is absent.
    func value(in parsed: ArgumentParser.Parsed) throws(Diagnostic) -> Value? {
        try parsed.value(name).map { text throws(Diagnostic) in try read(text) }
    }

    /// Every value given, in order (for a repeatable option).
    func values(in parsed: ArgumentParser.Parsed) throws(Diagnostic) -> [Value] {
        var values: [Value] = []
        for text in parsed.all(name) { values.append(try read(text)) }
        return values
    }
}

extension OptionSpec where Value == String {
    /// An option whose value is text, taken as given.
    static func text(
        _ name: String, short: String? = nil, valueName: String, repeatable: Bool = false, help: String,
        completion: ArgumentParser.Completion = .none
    ) -> Self {
        Self(
            name, short: short, valueName: valueName, repeatable: repeatable, help: help,
            completion: completion
        ) { $0 }
    }
}

extension OptionSpec where Value == Int {
    /// A whole number in `range`.
    static func integer(_ name: String, in range: ClosedRange<Int>, valueName: String = "N", help: String)
        -> Self
    {
        Self(name, valueName: valueName, help: help) { text throws(Diagnostic) in
            guard let value = Int(text), range.contains(value) else {
                throw Diagnostic(
                    .usage,
                    "\(name): expected a whole number from \(range.lowerBound) to \(range.upperBound), got \"\(text)\""
                )
            }
            return value
        }
    }
}

extension OptionSpec where Value == Double {
    /// A number of seconds, more than 0 and at most an hour.
    static func seconds(_ name: String, help: String) -> Self {
        Self(name, valueName: "SECONDS", help: help) { text throws(Diagnostic) in
            guard let value = Double(text), value > 0, value <= 3600, value.isFinite else {
                throw Diagnostic(.usage, "\(name): expected seconds between 0 and 3600, got \"\(text)\"")
            }
            return value
        }
    }
}

extension OptionSpec where Value == ElementPath {
    /// A catalogue path, digits and dots: `2.1.3`.
    static func path(_ name: String, repeatable: Bool = false, help: String) -> Self {
        Self(name, valueName: "PATH", repeatable: repeatable, help: help) { text throws(Diagnostic) in
            guard let path = ElementPath(parsing: text) else {
                throw Diagnostic(.usage, "\(name): expected a path like 2.1.3, got \"\(text)\"")
            }
            return path
        }
    }
}

extension OptionSpec where Value: RawRepresentable & CaseIterable & Sendable, Value.RawValue == String {
    /// One of a fixed set of words, which the completions offer.
    static func choice(_ name: String, valueName: String, help: String) -> Self {
        let cases = Value.allCases.map { ($0.rawValue, $0) }
        let allowed = cases.map(\.0)
        let byWord = Dictionary(cases, uniquingKeysWith: { first, _ in first })
        return Self(name, valueName: valueName, help: help, completion: .words(allowed)) {
            text throws(Diagnostic) in
            if let value = byWord[text] { return value }
            throw Diagnostic(
                .usage, "\(name): expected one of \(allowed.joined(separator: "|")), got \"\(text)\"",
                suggestion: Suggestion(for: text, among: allowed, spelled: .bare))
        }
    }
}

/// An option that takes no value.
struct FlagSpec: Sendable {
    let option: ArgumentParser.Option

    var name: String { option.name }

    init(_ name: String, help: String) {
        option = ArgumentParser.Option(name: name, takesValue: false, help: help)
    }

    func isSet(in parsed: ArgumentParser.Parsed) -> Bool { parsed.has(name) }
}
