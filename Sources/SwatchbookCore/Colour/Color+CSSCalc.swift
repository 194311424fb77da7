import Foundation

/// `calc()`, `min()`, `max()` and `clamp()` in a colour's components, with
/// CSS Values 4's types (``CSSColorFunction/Typed``).
extension CSSColorFunction {
    /// A value of `calc()`, with its CSS type.
    struct Typed {
        enum Kind { case number, percentage, angle }
        var value: Double
        var kind: Kind
    }
}

extension CSSColorFunction.Parser {
    /// A value of a calculation: a number, percentage or dimension,
    /// a constant, a channel keyword, a parenthesised sum, or a math
    /// function; a top-level NaN is 0 and an infinity the largest
    /// finite value, as CSS Values 4 has it.
    mutating func unit() -> CSSColorFunction.Typed? {
        guard index < tokens.count else { return nil }
        let token = tokens[index]
        index += 1
        switch token.kind {
        case .number: return CSSColorFunction.Typed(value: token.value, kind: .number)
        case .percentage: return CSSColorFunction.Typed(value: token.value, kind: .percentage)
        case .dimension:
            let degrees: Double
            switch name(token) {
            case "deg": degrees = 1
            case "grad": degrees = 0.9
            case "rad": degrees = 180 / .pi
            case "turn": degrees = 360
            default: return nil
            }
            return CSSColorFunction.Typed(value: token.value * degrees, kind: .angle)
        case .ident:
            let word = name(token)
            switch word {
            case "e": return CSSColorFunction.Typed(value: M_E, kind: .number)
            case "pi": return CSSColorFunction.Typed(value: .pi, kind: .number)
            case "infinity": return CSSColorFunction.Typed(value: .infinity, kind: .number)
            case "-infinity": return CSSColorFunction.Typed(value: -.infinity, kind: .number)
            case "nan": return CSSColorFunction.Typed(value: .nan, kind: .number)
            default:
                return channels.first(where: { $0.0 == word }).map {
                    CSSColorFunction.Typed(value: $0.1, kind: .number)
                }
            }
        case .open, .function:
            depth += 1
            defer { depth -= 1 }
            guard depth <= CSSColorFunction.maximumDepth else { return nil }
            let function = token.kind == .function ? name(token) : "("
            var results: [CSSColorFunction.Typed] = []
            repeat {
                skipSpace()
                guard let sum = sum() else { return nil }
                results.append(sum)
            } while take(.comma)
            guard close() else { return nil }
            guard let first = results.first, results.allSatisfy({ $0.kind == first.kind }) else {
                return nil
            }
            var result: CSSColorFunction.Typed
            switch (function, results.count) {
            case ("(", 1), ("calc", 1): result = first
            case ("min", _):
                result = CSSColorFunction.Typed(value: results.map(\.value).min()!, kind: first.kind)
            case ("max", _):
                result = CSSColorFunction.Typed(value: results.map(\.value).max()!, kind: first.kind)
            case ("clamp", 3):
                result = CSSColorFunction.Typed(
                    value: max(results[0].value, min(results[1].value, results[2].value)),
                    kind: first.kind)
            default: return nil
            }
            if function != "(" {
                if result.value.isNaN { result.value = 0 }
                result.value = min(max(result.value, -.greatestFiniteMagnitude), .greatestFiniteMagnitude)
            }
            return result
        default:
            return nil
        }
    }

    /// Products joined by `+` and `-`, which need whitespace around.
    mutating func sum() -> CSSColorFunction.Typed? {
        guard var left = product() else { return nil }
        while index + 2 < tokens.count, tokens[index].kind == .space,
            tokens[index + 1].kind == .plus || tokens[index + 1].kind == .minus
        {
            let subtract = tokens[index + 1].kind == .minus
            index += 2
            guard kind == .space else { return nil }
            index += 1
            guard let right = product(), right.kind == left.kind else { return nil }
            left.value += subtract ? -right.value : right.value
        }
        skipSpace()
        return left
    }

    /// Values joined by `*` and `/`: a product has at most one side
    /// that is not a number, and a divisor is a number.
    mutating func product() -> CSSColorFunction.Typed? {
        guard var left = unit() else { return nil }
        while true {
            let saved = index
            skipSpace()
            guard kind == .star || kind == .slash else {
                index = saved
                return left
            }
            let divide = kind == .slash
            index += 1
            skipSpace()
            guard let right = unit() else { return nil }
            if divide {
                guard right.kind == .number else { return nil }
                left.value /= right.value
            } else if left.kind == .number {
                left = CSSColorFunction.Typed(value: left.value * right.value, kind: right.kind)
            } else {
                guard right.kind == .number else { return nil }
                left.value *= right.value
            }
        }
    }
}
