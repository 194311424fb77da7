import Foundation

/// The reading of CSS colour text: the recursive-descent parser of the
/// colour functions over their tokens (Color+CSSTokens.swift), with
/// `calc()` (Color+CSSCalc.swift), `color-mix()`, relative colours and
/// `light-dark()` (CSS Color 4 and 5, CSS Values 4), bounded in depth and
/// length. What each function's components mean is in
/// Color+CSSFunctions.swift.
extension CSSColorFunction {
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
}
