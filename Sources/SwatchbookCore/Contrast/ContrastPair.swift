/// One colour of a contrast pair: where it is in the catalogue (nil for a
/// colour given as CSS text), its name and its colour.
public struct ContrastSwatch: Sendable, Equatable {
    public var path: ElementPath?
    public var name: String
    public var color: Color

    public init(path: ElementPath?, name: String, color: Color) {
        self.path = path
        self.name = name
        self.color = color
    }
}

/// A foreground on a background and the WCAG 2.1 contrast a reader sees.
public struct ContrastPair: Sendable, Equatable {
    /// The WCAG 2.1 success criteria a ratio meets, for normal and large text.
    public typealias Level = WCAGLevel

    /// What a translucent background was laid over to measure it: WCAG asks
    /// for the worst case, and a page may be white or black beneath it.
    public enum Backdrop: String, Sendable {
        case white, black
    }

    public var foreground: ContrastSwatch
    public var background: ContrastSwatch
    /// 1 to 21, of the colours as shown (``Color/composited(over:)``).
    public var ratio: Double
    /// Set when the background is translucent: the backdrop that gave the lower ratio.
    public var backdrop: Backdrop?
    /// A declared pair's own minimum, over `--min`.
    public var minimum: Double?

    public var level: Level { Level(ratio: ratio) }

    public init(foreground: ContrastSwatch, background: ContrastSwatch, minimum: Double? = nil) {
        self.foreground = foreground
        self.background = background
        self.minimum = minimum
        let fg = foreground.color
        let bg = background.color
        guard bg.alpha < 255 else {
            ratio = fg.composited(over: bg).contrast(with: bg)
            return
        }
        let measured = [Backdrop.white, .black].map { backdrop in
            let page = backdrop == .white ? Color(rgb: 0xFFFFFF) : Color(rgb: 0x000000)
            let shown = bg.composited(over: page)
            return (backdrop, fg.composited(over: shown).contrast(with: shown))
        }
        let worse = measured[0].1 <= measured[1].1 ? measured[0] : measured[1]
        (backdrop, ratio) = (worse.0, worse.1)
    }

    /// Below the minimum that applies: its own, else `fallback` (`--min`).
    public func isBelow(_ fallback: Double?) -> Bool {
        guard let minimum = minimum ?? fallback else { return false }
        return ratio < minimum
    }
}
