/// The tokens of CSS colour text (CSS Syntax 3's, the few a colour is made
/// of), which ``CSSColorFunction/Parser`` reads.
extension CSSColorFunction {
    struct Token {
        enum Kind: UInt8 {
            case number, percentage, dimension, ident, function, hash
            case open, close, comma, slash, plus, minus, star, space
        }
        var kind: Kind
        var value: Double = 0
        /// The name's bytes: an identifier's, a function's (without its
        /// parenthesis), a dimension's unit, a hash's digits.
        var start: Int = 0
        var end: Int = 0
    }

    /// CSS Syntax 3's tokens, the few a colour is made of; nil for any
    /// other byte (and for comments, which no colour needs).
    static func tokens(_ bytes: UnsafeBufferPointer<UInt8>) -> [Token]? {
        var tokens: [Token] = []
        tokens.reserveCapacity(16)
        var i = 0
        let n = bytes.count
        func isDigit(_ at: Int) -> Bool { at < n && bytes[at] >= 0x30 && bytes[at] <= 0x39 }
        func isNameStart(_ at: Int) -> Bool {
            guard at < n else { return false }
            let b = bytes[at]
            return (b >= 0x61 && b <= 0x7A) || b == 0x5F
        }
        func isName(_ at: Int) -> Bool { isNameStart(at) || isDigit(at) || (at < n && bytes[at] == 0x2D) }
        func startsIdent(_ at: Int) -> Bool {
            isNameStart(at)
                || (at < n && bytes[at] == 0x2D
                    && (isNameStart(at + 1) || (at + 1 < n && bytes[at + 1] == 0x2D)))
        }
        func startsNumber(_ at: Int) -> Bool {
            var j = at
            if j < n, bytes[j] == 0x2B || bytes[j] == 0x2D { j += 1 }
            return isDigit(j) || (j < n && bytes[j] == 0x2E && isDigit(j + 1))
        }
        while i < n {
            let b = bytes[i]
            switch b {
            case 0x20, 0x09, 0x0A, 0x0D, 0x0C:
                while i < n, [0x20, 0x09, 0x0A, 0x0D, 0x0C].contains(bytes[i]) { i += 1 }
                tokens.append(Token(kind: .space))
                continue
            case 0x28: tokens.append(Token(kind: .open))
            case 0x29: tokens.append(Token(kind: .close))
            case 0x2C: tokens.append(Token(kind: .comma))
            case 0x2F: tokens.append(Token(kind: .slash))
            case 0x2A: tokens.append(Token(kind: .star))
            case 0x23:
                var j = i + 1
                while isName(j) { j += 1 }
                guard j > i + 1 else { return nil }
                tokens.append(Token(kind: .hash, start: i + 1, end: j))
                i = j
                continue
            default:
                if startsNumber(i) {
                    let start = i
                    if bytes[i] == 0x2B || bytes[i] == 0x2D { i += 1 }
                    while isDigit(i) { i += 1 }
                    if i < n, bytes[i] == 0x2E, isDigit(i + 1) {
                        i += 1
                        while isDigit(i) { i += 1 }
                    }
                    if i < n, bytes[i] == 0x65 {
                        var j = i + 1
                        if j < n, bytes[j] == 0x2B || bytes[j] == 0x2D { j += 1 }
                        if isDigit(j) {
                            i = j
                            while isDigit(i) { i += 1 }
                        }
                    }
                    guard
                        let value = Double(
                            String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<i]), as: UTF8.self)),
                        value.isFinite
                    else { return nil }
                    if i < n, bytes[i] == 0x25 {
                        tokens.append(Token(kind: .percentage, value: value))
                        i += 1
                    } else if startsIdent(i) {
                        let unit = i
                        while isName(i) { i += 1 }
                        tokens.append(Token(kind: .dimension, value: value, start: unit, end: i))
                    } else {
                        tokens.append(Token(kind: .number, value: value))
                    }
                    continue
                }
                if startsIdent(i) {
                    let start = i
                    while isName(i) { i += 1 }
                    if i < n, bytes[i] == 0x28 {
                        tokens.append(Token(kind: .function, start: start, end: i))
                        i += 1
                    } else {
                        tokens.append(Token(kind: .ident, start: start, end: i))
                    }
                    continue
                }
                switch b {
                case 0x2B: tokens.append(Token(kind: .plus))
                case 0x2D: tokens.append(Token(kind: .minus))
                default: return nil
                }
            }
            i += 1
        }
        return tokens
    }
}
