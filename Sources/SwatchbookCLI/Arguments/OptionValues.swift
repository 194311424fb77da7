import SwatchbookCore

/// Typed readings of option values, each failing with a usage diagnostic
/// that names the option and what it takes.
enum OptionValues {
    static func integer(
        _ text: String?, option: String, in range: ClosedRange<Int>
    ) throws(Diagnostic) -> Int? {
        guard let text else { return nil }
        guard let value = Int(text), range.contains(value) else {
            throw Diagnostic(
                .usage,
                "\(option): expected a whole number from \(range.lowerBound) to \(range.upperBound), got \"\(text)\""
            )
        }
        return value
    }

    static func seconds(_ text: String?, option: String) throws(Diagnostic) -> Double? {
        guard let text else { return nil }
        guard let value = Double(text), value > 0, value <= 3600, value.isFinite else {
            throw Diagnostic(.usage, "\(option): expected seconds between 0 and 3600, got \"\(text)\"")
        }
        return value
    }

    static func choice<T: RawRepresentable & CaseIterable>(
        _ text: String?, option: String, as type: T.Type
    ) throws(Diagnostic) -> T? where T.RawValue == String {
        guard let text else { return nil }
        if let value = T(rawValue: text) { return value }
        let allowed = T.allCases.map(\.rawValue)
        throw Diagnostic(
            .usage, "\(option): expected one of \(allowed.joined(separator: "|")), got \"\(text)\"",
            suggestion: Suggestion(for: text, among: allowed, spelled: .bare))
    }
}
