import Foundation

/// How the benchmark prints its numbers: `name value`, one to a line.
enum BenchReport {
    /// Three decimals, the precision every timing is printed with.
    static func decimal(_ value: Double) -> String {
        String(format: "%.3f", value)
    }

    /// `name=count` pairs in name order, comma separated.
    static func pairs(_ counts: [String: Int]) -> String {
        counts.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ",")
    }
}
