extension Color {
    /// This colour as it shows over `under`: CSS source-over in sRGB, as a
    /// browser or a terminal draws a translucent colour, rounded to the
    /// 8-bit sRGB that is displayed. The result is opaque when `under` is.
    ///
    /// One rule for the painter's translucent swatches and for contrast,
    /// which WCAG measures on the colour a reader sees.
    public func composited(over under: Color) -> Color {
        guard alpha < 255 else { return self }
        let top = Double(alpha) / 255
        let bottom = Double(under.alpha) / 255 * (1 - top)
        let shown = top + bottom
        guard shown > 0 else { return Color(red: 0, green: 0, blue: 0, alpha: 0) }
        func channel(_ mine: UInt8, _ theirs: UInt8) -> UInt8 {
            UInt8(((Double(mine) * top + Double(theirs) * bottom) / shown).rounded())
        }
        return Color(
            red: channel(red, under.red), green: channel(green, under.green), blue: channel(blue, under.blue),
            alpha: UInt8((shown * 255).rounded()))
    }
}
