import Foundation

/// Which colour `light-dark()` gives: its first (light) or its second.
public enum ColorScheme: String, CaseIterable, Sendable {
    case light, dark
}

/// CSS colour text, read as CSS Color 4 and 5 and CSS Values 4 read it:
/// the functions `rgb()`, `rgba()`, `hsl()`, `hsla()`, `hwb()`, `lab()`,
/// `lch()`, `oklab()`, `oklch()` and `color()` (`srgb`, `srgb-linear`,
/// `display-p3`, `a98-rgb`, `prophoto-rgb`, `rec2020`, `xyz`, `xyz-d65`,
/// `xyz-d50`), each also relative (`oklch(from #fa8072 calc(l + 0.1) c
/// h)`), `color-mix()`, `light-dark()`, and `calc()`, `min()`, `max()` and
/// `clamp()` in any component. Colours outside sRGB are gamut-mapped
/// (``Color/init(mapping:alpha:)``).
///
/// Both syntaxes are read: the modern one (`rgb(250 128 114 / 50%)`, `none`
/// for a missing component) and the legacy one with commas (`rgba(250, 128,
/// 114, 0.5)`, all numbers or all percentages, no `none`), as CSS reads them.
/// Inside a function a colour is a CSS `<color>`: hex only with `#`.
///
/// Bounded: text longer than ``maximumLength`` or nested deeper than
/// ``maximumDepth`` is no colour, so no input recurses without limit.
enum CSSColorFunction {
    static let maximumLength = 8192
    static let maximumDepth = 24

    /// One component as written.
    enum Value: Equatable {
        case number(Double)
        case percentage(Double)
        /// An angle, in degrees.
        case angle(Double)
        case none
    }

    /// A colour as CSS computes it: its space, its components in
    /// ``AuthoredColor``'s units (nil where missing) and its alpha (nil
    /// where `none`).
    struct Resolved {
        var space: AuthoredColor.Space
        var components: [Double?]
        var alpha: Double?

        /// The eight-bit sRGB colour shown.
        var color: Color {
            let c = components.map { $0 ?? 0 }
            let alpha = alpha ?? 0
            if let encoded = ColorConversion.encodedSRGB(space, c), Color.inGamut(encoded) {
                return Color(encoded: encoded, alpha: alpha)
            }
            // OKLab's own lightness decides white and black, not one
            // recomputed from linear light.
            switch space {
            case .oklab: return Color(mapping: OKLab(l: min(max(c[0], 0), 1), a: c[1], b: c[2]), alpha: alpha)
            case .oklch:
                return Color(mapping: OKLab(l: min(max(c[0], 0), 1), c: max(c[1], 0), h: c[2]), alpha: alpha)
            default: return Color(mapping: ColorConversion.linear(space, c), alpha: alpha)
            }
        }
    }

    /// The colour of `lowered` (lowercase ASCII text, a function), nil when
    /// it is none.
    static func parse(_ lowered: String, scheme: ColorScheme = .light) -> Color? {
        resolve(lowered, scheme: scheme)?.color
    }

    /// The space, components and alpha of `lowered`, nil when it is no
    /// colour.
    static func resolve(_ lowered: String, scheme: ColorScheme) -> Resolved? {
        var text = lowered
        return text.withUTF8 { bytes -> Resolved? in
            guard bytes.count <= maximumLength, var parser = Parser(bytes, scheme: scheme) else { return nil }
            guard let colour = parser.colour(), parser.atEnd else { return nil }
            return colour
        }
    }

    /// The authored form of `lowered`, nil when it is no colour.
    static func authored(_ lowered: String, scheme: ColorScheme = .light) -> AuthoredColor? {
        guard let resolved = resolve(lowered, scheme: scheme) else { return nil }
        return AuthoredColor(
            space: resolved.space, components: resolved.components, alpha: resolved.alpha ?? 0, scheme: scheme
        )
    }

    // MARK: tokens

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

    // MARK: the parser

    /// A value of `calc()`, with its CSS type.
    struct Typed {
        enum Kind { case number, percentage, angle }
        var value: Double
        var kind: Kind
    }

    struct Parser {
        let bytes: UnsafeBufferPointer<UInt8>
        let tokens: [Token]
        let scheme: ColorScheme
        var index = 0
        var depth = 0
        /// The channel keywords of a relative colour and their values.
        var channels: [(String, Double)] = []

        init?(_ bytes: UnsafeBufferPointer<UInt8>, scheme: ColorScheme) {
            guard let tokens = CSSColorFunction.tokens(bytes) else { return nil }
            self.bytes = bytes
            self.tokens = tokens
            self.scheme = scheme
        }

        var atEnd: Bool { index == tokens.count }

        var kind: Token.Kind? { index < tokens.count ? tokens[index].kind : nil }

        func name(_ token: Token) -> String {
            String(decoding: UnsafeBufferPointer(rebasing: bytes[token.start..<token.end]), as: UTF8.self)
        }

        mutating func skipSpace() { if kind == .space { index += 1 } }

        /// Takes the token if it is of `kind`, around optional whitespace.
        mutating func take(_ wanted: Token.Kind) -> Bool {
            skipSpace()
            guard kind == wanted else { return false }
            index += 1
            skipSpace()
            return true
        }

        /// A closing parenthesis after optional whitespace, taken.
        mutating func close() -> Bool {
            skipSpace()
            guard kind == .close else { return false }
            index += 1
            return true
        }

        /// The identifier at the cursor, taken.
        mutating func ident() -> String? {
            skipSpace()
            guard kind == .ident else { return nil }
            defer { index += 1 }
            return name(tokens[index])
        }

        /// One `<color>`.
        mutating func colour() -> Resolved? {
            guard index < tokens.count else { return nil }
            let token = tokens[index]
            index += 1
            switch token.kind {
            case .hash:
                let digits = UnsafeBufferPointer(rebasing: bytes[token.start..<token.end])
                return Color.parseHexDigits(digits).map(Resolved.init)
            case .ident:
                let word = name(token)
                if word == "transparent" { return Resolved(space: .srgb, components: [0, 0, 0], alpha: 0) }
                return Color.cssNameLookup[word].map(Resolved.init)
            case .function:
                depth += 1
                defer { depth -= 1 }
                guard depth <= CSSColorFunction.maximumDepth, let result = function(name(token)),
                    result.components.allSatisfy({ $0?.isFinite ?? true }), result.alpha?.isFinite ?? true
                else { return nil }
                // A mix of the largest numbers can overflow: no colour, rather
                // than components no text can write.
                return result
            default:
                return nil
            }
        }

        mutating func function(_ name: String) -> Resolved? {
            switch name {
            case "light-dark":
                skipSpace()
                guard let light = colour(), take(.comma), let dark = colour(), close() else { return nil }
                return scheme == .dark ? dark : light
            case "color-mix": return mix()
            case "rgb", "rgba", "hsl", "hsla", "hwb", "lab", "lch", "oklab", "oklch", "color":
                break
            default: return nil
            }
            let saved = channels
            defer { channels = saved }
            var relative = false
            skipSpace()
            if kind == .ident, self.name(tokens[index]) == "from" {
                index += 1
                skipSpace()
                guard let origin = colour() else { return nil }
                relative = true
                channels = []
                if name != "color" {
                    guard let space = Self.space(ofFunction: name) else { return nil }
                    channels = Self.channels(of: origin, in: space, bytes: name.hasPrefix("rgb"))
                }
                // color(from …) names its space next: its channels follow it.
                if name == "color" {
                    skipSpace()
                    guard kind == .ident, let space = Self.colorSpace(self.name(tokens[index])) else {
                        return nil
                    }
                    channels = Self.channels(of: origin, in: space)
                }
            }
            guard let arguments = arguments(), !(relative && arguments.legacy) else { return nil }
            switch name {
            case "rgb", "rgba": return CSSColorFunction.rgb(arguments)
            case "hsl", "hsla": return CSSColorFunction.hsl(arguments)
            case "hwb": return CSSColorFunction.hwb(arguments)
            case "lab": return CSSColorFunction.lab(arguments)
            case "lch": return CSSColorFunction.lch(arguments)
            case "oklab": return CSSColorFunction.oklab(arguments)
            case "oklch": return CSSColorFunction.oklch(arguments)
            default: return CSSColorFunction.color(arguments)
            }
        }

        /// The space a function's components are in.
        static func space(ofFunction name: String) -> AuthoredColor.Space? {
            switch name {
            case "rgb", "rgba": .srgb
            case "hsl", "hsla": .hsl
            default: AuthoredColor.Space(rawValue: name)
            }
        }

        /// A `color()` or `color-mix()` space by its CSS name.
        static func colorSpace(_ name: String) -> AuthoredColor.Space? {
            if name == "xyz" { return .xyzD65 }
            guard let space = AuthoredColor.Space(rawValue: name), space.isCSS else { return nil }
            return space
        }

        /// The channel keywords of `origin` in `space`, as relative colour
        /// syntax gives them: `rgb()` channels (`bytes`) from 0 to 255, the others in
        /// the function's own numbers; a missing component is 0.
        static func channels(of origin: Resolved, in space: AuthoredColor.Space, bytes: Bool = false)
            -> [(String, Double)]
        {
            let values = ColorConversion.convert(origin, to: space).map { $0 ?? 0 }
            let names: [String]
            var scale = 1.0
            switch space {
            case .srgb:
                names = ["r", "g", "b"]
                scale = bytes ? 255 : 1
            case .hsl: names = ["h", "s", "l"]
            case .hwb: names = ["h", "w", "b"]
            case .lab, .oklab: names = ["l", "a", "b"]
            case .lch, .oklch: names = ["l", "c", "h"]
            case .xyzD50, .xyzD65: names = ["x", "y", "z"]
            default: names = ["r", "g", "b"]
            }
            return zip(names, values).map { ($0, $1 * scale) } + [("alpha", origin.alpha ?? 0)]
        }

        /// The components and alpha up to the closing parenthesis.
        mutating func arguments() -> Arguments? {
            var arguments = Arguments(values: [], alpha: nil, legacy: false, space: nil)
            skipSpace()
            if kind == .ident, let word = Optional(name(tokens[index])), word != "none",
                !channels.contains(where: { $0.0 == word })
            {
                arguments.space = word
                index += 1
            }
            var afterSlash = false
            var expectComma = false
            var sawComma = false
            while true {
                skipSpace()
                guard let current = kind else { return nil }
                switch current {
                case .close:
                    index += 1
                    if sawComma {
                        guard expectComma, arguments.values.count == 3 || arguments.values.count == 4 else {
                            return nil
                        }
                        if arguments.values.count == 4 { arguments.alpha = arguments.values.removeLast() }
                        arguments.legacy = true
                        guard !arguments.values.contains(.none), arguments.alpha != Value.none else {
                            return nil
                        }
                    } else if afterSlash && arguments.alpha == nil {
                        return nil
                    }
                    return arguments
                case .comma:
                    guard !afterSlash, expectComma, sawComma || arguments.values.count == 1 else {
                        return nil
                    }
                    sawComma = true
                    expectComma = false
                    index += 1
                case .slash:
                    guard !sawComma, !afterSlash else { return nil }
                    afterSlash = true
                    index += 1
                default:
                    if sawComma { guard !expectComma else { return nil } }
                    guard let value = value() else { return nil }
                    if sawComma, value == .none { return nil }
                    if afterSlash {
                        guard arguments.alpha == nil else { return nil }
                        arguments.alpha = value
                    } else {
                        guard arguments.values.count < 4 else { return nil }
                        arguments.values.append(value)
                    }
                    expectComma = true
                }
            }
        }

        /// One component: a number, percentage, angle, `none`, a channel
        /// keyword, or a calculation.
        mutating func value() -> Value? {
            let token = tokens[index]
            switch token.kind {
            case .ident:
                index += 1
                let word = name(token)
                if word == "none" { return Value.none }
                guard let channel = channels.first(where: { $0.0 == word }) else { return nil }
                return .number(channel.1)
            case .number, .percentage, .dimension, .function:
                guard let typed = unit() else { return nil }
                switch typed.kind {
                case .number: return .number(typed.value)
                case .percentage: return .percentage(typed.value)
                case .angle: return .angle(typed.value)
                }
            default:
                return nil
            }
        }

        // MARK: calc()

        /// A value of a calculation: a number, percentage or dimension,
        /// a constant, a channel keyword, a parenthesised sum, or a math
        /// function; a top-level NaN is 0 and an infinity the largest
        /// finite value, as CSS Values 4 has it.
        mutating func unit() -> Typed? {
            guard index < tokens.count else { return nil }
            let token = tokens[index]
            index += 1
            switch token.kind {
            case .number: return Typed(value: token.value, kind: .number)
            case .percentage: return Typed(value: token.value, kind: .percentage)
            case .dimension:
                let degrees: Double
                switch name(token) {
                case "deg": degrees = 1
                case "grad": degrees = 0.9
                case "rad": degrees = 180 / .pi
                case "turn": degrees = 360
                default: return nil
                }
                return Typed(value: token.value * degrees, kind: .angle)
            case .ident:
                let word = name(token)
                switch word {
                case "e": return Typed(value: M_E, kind: .number)
                case "pi": return Typed(value: .pi, kind: .number)
                case "infinity": return Typed(value: .infinity, kind: .number)
                case "-infinity": return Typed(value: -.infinity, kind: .number)
                case "nan": return Typed(value: .nan, kind: .number)
                default:
                    return channels.first(where: { $0.0 == word }).map { Typed(value: $0.1, kind: .number) }
                }
            case .open, .function:
                depth += 1
                defer { depth -= 1 }
                guard depth <= CSSColorFunction.maximumDepth else { return nil }
                let function = token.kind == .function ? name(token) : "("
                var results: [Typed] = []
                repeat {
                    skipSpace()
                    guard let sum = sum() else { return nil }
                    results.append(sum)
                } while take(.comma)
                guard close() else { return nil }
                guard let first = results.first, results.allSatisfy({ $0.kind == first.kind }) else {
                    return nil
                }
                var result: Typed
                switch (function, results.count) {
                case ("(", 1), ("calc", 1): result = first
                case ("min", _): result = Typed(value: results.map(\.value).min()!, kind: first.kind)
                case ("max", _): result = Typed(value: results.map(\.value).max()!, kind: first.kind)
                case ("clamp", 3):
                    result = Typed(
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
        mutating func sum() -> Typed? {
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
        mutating func product() -> Typed? {
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
                    left = Typed(value: left.value * right.value, kind: right.kind)
                } else {
                    guard right.kind == .number else { return nil }
                    left.value *= right.value
                }
            }
        }

        // MARK: color-mix()

        /// `color-mix(in <space> [<hue-method> hue]?, <color> [<pct>]?,
        /// <color> [<pct>]?)`, as CSS Color 5 mixes.
        mutating func mix() -> Resolved? {
            guard ident() == "in", let spaceName = ident(), let space = Self.colorSpace(spaceName) else {
                return nil
            }
            var method = ColorMix.HueMethod.shorter
            if let word = ident() {
                guard ColorConversion.hueIndex(space) != nil, let chosen = ColorMix.HueMethod(rawValue: word),
                    ident() == "hue"
                else { return nil }
                method = chosen
            }
            guard take(.comma), let (first, p1) = mixed(), take(.comma), let (second, p2) = mixed(), close()
            else { return nil }
            return ColorMix.mix(first, p1, second, p2, in: space, hue: method)
        }

        /// A colour and its optional percentage, in either order.
        mutating func mixed() -> (Resolved, Double?)? {
            skipSpace()
            var percentage: Double?
            func readPercentage(_ parser: inout Parser) -> Bool {
                guard let kind = parser.kind, kind == .percentage || kind == .function else { return true }
                if kind == .function,
                    !["calc", "min", "max", "clamp"].contains(parser.name(parser.tokens[parser.index]))
                {
                    return true
                }
                guard let typed = parser.unit(), typed.kind == .percentage, (0...100).contains(typed.value)
                else {
                    return false
                }
                percentage = typed.value
                parser.skipSpace()
                return true
            }
            guard readPercentage(&self) else { return nil }
            let before = percentage
            guard let colour = colour() else { return nil }
            skipSpace()
            if before == nil {
                guard readPercentage(&self) else { return nil }
            }
            return (colour, percentage)
        }
    }

    /// The components and alpha between the parentheses.
    struct Arguments {
        var values: [Value]
        var alpha: Value?
        /// Written with commas (the legacy syntax).
        var legacy: Bool
        /// The leading identifier of `color()`: its space.
        var space: String?
    }

    // MARK: the functions

    private static func rgb(_ arguments: Arguments) -> Resolved? {
        guard arguments.space == nil, arguments.values.count == 3 else { return nil }
        if arguments.legacy {
            let percentages = arguments.values.filter { if case .percentage = $0 { true } else { false } }
            guard percentages.count == 0 || percentages.count == 3 else { return nil }
        }
        var channels: [Double?] = []
        for value in arguments.values {
            switch value {
            case .number(let n): channels.append(Color.unitClamped(n / 255))
            case .percentage(let p): channels.append(Color.unitClamped(p / 100))
            case .none: channels.append(nil)
            case .angle: return nil
            }
        }
        guard let alpha = alpha(arguments) else { return nil }
        return Resolved(space: .srgb, components: channels, alpha: alpha)
    }

    private static func hsl(_ arguments: Arguments) -> Resolved? {
        guard arguments.space == nil, arguments.values.count == 3, let hue = hue(arguments.values[0]),
            let s = percent(arguments.values[1], legacy: arguments.legacy),
            let l = percent(arguments.values[2], legacy: arguments.legacy), let alpha = alpha(arguments)
        else { return nil }
        return Resolved(
            space: .hsl, components: [hue, s.map { min(max($0, 0), 100) }, l.map { min(max($0, 0), 100) }],
            alpha: alpha)
    }

    private static func hwb(_ arguments: Arguments) -> Resolved? {
        guard arguments.space == nil, !arguments.legacy, arguments.values.count == 3,
            let hue = hue(arguments.values[0]), let white = percent(arguments.values[1], legacy: false),
            let black = percent(arguments.values[2], legacy: false), let alpha = alpha(arguments)
        else { return nil }
        return Resolved(space: .hwb, components: [hue, white, black], alpha: alpha)
    }

    private static func lab(_ arguments: Arguments) -> Resolved? {
        guard arguments.space == nil, !arguments.legacy, arguments.values.count == 3,
            let l = component(arguments.values[0], percent: 100),
            let a = component(arguments.values[1], percent: 125),
            let b = component(arguments.values[2], percent: 125), let alpha = alpha(arguments)
        else { return nil }
        return Resolved(space: .lab, components: [l.map { min(max($0, 0), 100) }, a, b], alpha: alpha)
    }

    private static func lch(_ arguments: Arguments) -> Resolved? {
        guard arguments.space == nil, !arguments.legacy, arguments.values.count == 3,
            let l = component(arguments.values[0], percent: 100),
            let c = component(arguments.values[1], percent: 150),
            let h = hue(arguments.values[2]), let alpha = alpha(arguments)
        else { return nil }
        return Resolved(
            space: .lch, components: [l.map { min(max($0, 0), 100) }, c.map { max($0, 0) }, h], alpha: alpha)
    }

    private static func oklab(_ arguments: Arguments) -> Resolved? {
        guard arguments.space == nil, !arguments.legacy, arguments.values.count == 3,
            let l = component(arguments.values[0], percent: 1),
            let a = component(arguments.values[1], percent: 0.4),
            let b = component(arguments.values[2], percent: 0.4), let alpha = alpha(arguments)
        else { return nil }
        return Resolved(space: .oklab, components: [l.map { min(max($0, 0), 1) }, a, b], alpha: alpha)
    }

    private static func oklch(_ arguments: Arguments) -> Resolved? {
        guard arguments.space == nil, !arguments.legacy, arguments.values.count == 3,
            let l = component(arguments.values[0], percent: 1),
            let c = component(arguments.values[1], percent: 0.4),
            let h = hue(arguments.values[2]), let alpha = alpha(arguments)
        else { return nil }
        return Resolved(
            space: .oklch, components: [l.map { min(max($0, 0), 1) }, c.map { max($0, 0) }, h], alpha: alpha)
    }

    private static func color(_ arguments: Arguments) -> Resolved? {
        guard let name = arguments.space, let space = Parser.colorSpace(name), !arguments.legacy,
            arguments.values.count == 3, let alpha = alpha(arguments)
        else { return nil }
        var components: [Double?] = []
        for value in arguments.values {
            guard let component = component(value, percent: 1) else { return nil }
            components.append(component)
        }
        return Resolved(space: space, components: components, alpha: alpha)
    }

    // MARK: components

    /// A number, or a percentage of `percent`; `none` is nil.
    private static func component(_ value: Value, percent: Double) -> Double?? {
        switch value {
        case .number(let n): n
        case .percentage(let p): p / 100 * percent
        case .none: .some(nil)
        case .angle: nil
        }
    }

    /// HSL's and HWB's saturation, lightness, whiteness and blackness, in
    /// percent: a percentage, or in the modern syntax a number.
    private static func percent(_ value: Value, legacy: Bool) -> Double?? {
        switch value {
        case .percentage(let p): p
        case .number(let n) where !legacy: n
        case .none where !legacy: .some(nil)
        default: nil
        }
    }

    /// A hue in degrees: a number, an angle, or `none`.
    private static func hue(_ value: Value) -> Double?? {
        switch value {
        case .number(let n), .angle(let n): n
        case .none: .some(nil)
        case .percentage: nil
        }
    }

    /// The alpha, clamped to `0...1`: 1 when not given.
    private static func alpha(_ arguments: Arguments) -> Double?? {
        guard let value = arguments.alpha else { return 1 }
        switch value {
        case .number(let n): return min(max(n, 0), 1)
        case .percentage(let p): return min(max(p / 100, 0), 1)
        case .none: return arguments.legacy ? nil : .some(nil)
        case .angle: return nil
        }
    }

    /// CSS Color 4's `hslToRgb`, hue in degrees, results encoded sRGB.
    static func hslToRGB(_ hue: Double, _ saturation: Double, _ lightness: Double) -> (Double, Double, Double)
    {
        var h = hue.truncatingRemainder(dividingBy: 360)
        if h < 0 { h += 360 }
        func f(_ n: Double) -> Double {
            let k = (n + h / 30).truncatingRemainder(dividingBy: 12)
            let a = saturation * min(lightness, 1 - lightness)
            return lightness - a * max(-1, min(k - 3, 9 - k, 1))
        }
        return (f(0), f(8), f(4))
    }
}

extension CSSColorFunction.Resolved {
    /// An eight-bit sRGB colour (a hex, a name).
    init(_ color: Color) {
        self.init(
            space: .srgb, components: [color.red, color.green, color.blue].map { Double($0) / 255 },
            alpha: Double(color.alpha) / 255)
    }
}
