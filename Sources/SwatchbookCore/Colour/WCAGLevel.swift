/// The WCAG 2.1 conformance a contrast ratio reaches for text: what a
/// designer asks of a ratio before the number itself.
public enum WCAGLevel: String, Sendable, CaseIterable {
    /// 7:1 and above: AAA for any text.
    case aaa = "AAA"
    /// 4.5:1: AA for body text (AAA for large text).
    case aa = "AA"
    /// 3:1: AA for large text (18pt, or 14pt bold) only.
    case aaLarge = "AA large"
    /// Below 3:1: no level.
    case fail

    /// The level `ratio` reaches. The thresholds are compared unrounded, as
    /// WCAG says: 4.499 is not AA even though it shows as 4.5.
    public init(ratio: Double) {
        self =
            switch ratio {
            case 7...: .aaa
            case 4.5...: .aa
            case 3...: .aaLarge
            default: .fail
            }
    }
}
