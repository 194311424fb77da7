extension Color {
    /// The 148 named colours of CSS Color Level 4, lowercase and in alphabetical order.
    ///
    /// Theme authors already know these names, so accepting them costs nothing to learn.
    /// Both `gray` and `grey` spellings are listed, as CSS does, and aliases such as
    /// `aqua`/`cyan` keep separate entries; the alphabetical order is what lets
    /// `nearestName()` break those ties predictably.
    public static let cssNamed: [(name: String, color: Color)] = [
        ("aliceblue", Color(rgb: 0xF0F8FF)),
        ("antiquewhite", Color(rgb: 0xFAEBD7)),
        ("aqua", Color(rgb: 0x00FFFF)),
        ("aquamarine", Color(rgb: 0x7FFFD4)),
        ("azure", Color(rgb: 0xF0FFFF)),
        ("beige", Color(rgb: 0xF5F5DC)),
        ("bisque", Color(rgb: 0xFFE4C4)),
        ("black", Color(rgb: 0x000000)),
        ("blanchedalmond", Color(rgb: 0xFFEBCD)),
        ("blue", Color(rgb: 0x0000FF)),
        ("blueviolet", Color(rgb: 0x8A2BE2)),
        ("brown", Color(rgb: 0xA52A2A)),
        ("burlywood", Color(rgb: 0xDEB887)),
        ("cadetblue", Color(rgb: 0x5F9EA0)),
        ("chartreuse", Color(rgb: 0x7FFF00)),
        ("chocolate", Color(rgb: 0xD2691E)),
        ("coral", Color(rgb: 0xFF7F50)),
        ("cornflowerblue", Color(rgb: 0x6495ED)),
        ("cornsilk", Color(rgb: 0xFFF8DC)),
        ("crimson", Color(rgb: 0xDC143C)),
        ("cyan", Color(rgb: 0x00FFFF)),
        ("darkblue", Color(rgb: 0x00008B)),
        ("darkcyan", Color(rgb: 0x008B8B)),
        ("darkgoldenrod", Color(rgb: 0xB8860B)),
        ("darkgray", Color(rgb: 0xA9A9A9)),
        ("darkgreen", Color(rgb: 0x006400)),
        ("darkgrey", Color(rgb: 0xA9A9A9)),
        ("darkkhaki", Color(rgb: 0xBDB76B)),
        ("darkmagenta", Color(rgb: 0x8B008B)),
        ("darkolivegreen", Color(rgb: 0x556B2F)),
        ("darkorange", Color(rgb: 0xFF8C00)),
        ("darkorchid", Color(rgb: 0x9932CC)),
        ("darkred", Color(rgb: 0x8B0000)),
        ("darksalmon", Color(rgb: 0xE9967A)),
        ("darkseagreen", Color(rgb: 0x8FBC8F)),
        ("darkslateblue", Color(rgb: 0x483D8B)),
        ("darkslategray", Color(rgb: 0x2F4F4F)),
        ("darkslategrey", Color(rgb: 0x2F4F4F)),
        ("darkturquoise", Color(rgb: 0x00CED1)),
        ("darkviolet", Color(rgb: 0x9400D3)),
        ("deeppink", Color(rgb: 0xFF1493)),
        ("deepskyblue", Color(rgb: 0x00BFFF)),
        ("dimgray", Color(rgb: 0x696969)),
        ("dimgrey", Color(rgb: 0x696969)),
        ("dodgerblue", Color(rgb: 0x1E90FF)),
        ("firebrick", Color(rgb: 0xB22222)),
        ("floralwhite", Color(rgb: 0xFFFAF0)),
        ("forestgreen", Color(rgb: 0x228B22)),
        ("fuchsia", Color(rgb: 0xFF00FF)),
        ("gainsboro", Color(rgb: 0xDCDCDC)),
        ("ghostwhite", Color(rgb: 0xF8F8FF)),
        ("gold", Color(rgb: 0xFFD700)),
        ("goldenrod", Color(rgb: 0xDAA520)),
        ("gray", Color(rgb: 0x808080)),
        ("green", Color(rgb: 0x008000)),
        ("greenyellow", Color(rgb: 0xADFF2F)),
        ("grey", Color(rgb: 0x808080)),
        ("honeydew", Color(rgb: 0xF0FFF0)),
        ("hotpink", Color(rgb: 0xFF69B4)),
        ("indianred", Color(rgb: 0xCD5C5C)),
        ("indigo", Color(rgb: 0x4B0082)),
        ("ivory", Color(rgb: 0xFFFFF0)),
        ("khaki", Color(rgb: 0xF0E68C)),
        ("lavender", Color(rgb: 0xE6E6FA)),
        ("lavenderblush", Color(rgb: 0xFFF0F5)),
        ("lawngreen", Color(rgb: 0x7CFC00)),
        ("lemonchiffon", Color(rgb: 0xFFFACD)),
        ("lightblue", Color(rgb: 0xADD8E6)),
        ("lightcoral", Color(rgb: 0xF08080)),
        ("lightcyan", Color(rgb: 0xE0FFFF)),
        ("lightgoldenrodyellow", Color(rgb: 0xFAFAD2)),
        ("lightgray", Color(rgb: 0xD3D3D3)),
        ("lightgreen", Color(rgb: 0x90EE90)),
        ("lightgrey", Color(rgb: 0xD3D3D3)),
        ("lightpink", Color(rgb: 0xFFB6C1)),
        ("lightsalmon", Color(rgb: 0xFFA07A)),
        ("lightseagreen", Color(rgb: 0x20B2AA)),
        ("lightskyblue", Color(rgb: 0x87CEFA)),
        ("lightslategray", Color(rgb: 0x778899)),
        ("lightslategrey", Color(rgb: 0x778899)),
        ("lightsteelblue", Color(rgb: 0xB0C4DE)),
        ("lightyellow", Color(rgb: 0xFFFFE0)),
        ("lime", Color(rgb: 0x00FF00)),
        ("limegreen", Color(rgb: 0x32CD32)),
        ("linen", Color(rgb: 0xFAF0E6)),
        ("magenta", Color(rgb: 0xFF00FF)),
        ("maroon", Color(rgb: 0x800000)),
        ("mediumaquamarine", Color(rgb: 0x66CDAA)),
        ("mediumblue", Color(rgb: 0x0000CD)),
        ("mediumorchid", Color(rgb: 0xBA55D3)),
        ("mediumpurple", Color(rgb: 0x9370DB)),
        ("mediumseagreen", Color(rgb: 0x3CB371)),
        ("mediumslateblue", Color(rgb: 0x7B68EE)),
        ("mediumspringgreen", Color(rgb: 0x00FA9A)),
        ("mediumturquoise", Color(rgb: 0x48D1CC)),
        ("mediumvioletred", Color(rgb: 0xC71585)),
        ("midnightblue", Color(rgb: 0x191970)),
        ("mintcream", Color(rgb: 0xF5FFFA)),
        ("mistyrose", Color(rgb: 0xFFE4E1)),
        ("moccasin", Color(rgb: 0xFFE4B5)),
        ("navajowhite", Color(rgb: 0xFFDEAD)),
        ("navy", Color(rgb: 0x000080)),
        ("oldlace", Color(rgb: 0xFDF5E6)),
        ("olive", Color(rgb: 0x808000)),
        ("olivedrab", Color(rgb: 0x6B8E23)),
        ("orange", Color(rgb: 0xFFA500)),
        ("orangered", Color(rgb: 0xFF4500)),
        ("orchid", Color(rgb: 0xDA70D6)),
        ("palegoldenrod", Color(rgb: 0xEEE8AA)),
        ("palegreen", Color(rgb: 0x98FB98)),
        ("paleturquoise", Color(rgb: 0xAFEEEE)),
        ("palevioletred", Color(rgb: 0xDB7093)),
        ("papayawhip", Color(rgb: 0xFFEFD5)),
        ("peachpuff", Color(rgb: 0xFFDAB9)),
        ("peru", Color(rgb: 0xCD853F)),
        ("pink", Color(rgb: 0xFFC0CB)),
        ("plum", Color(rgb: 0xDDA0DD)),
        ("powderblue", Color(rgb: 0xB0E0E6)),
        ("purple", Color(rgb: 0x800080)),
        ("rebeccapurple", Color(rgb: 0x663399)),
        ("red", Color(rgb: 0xFF0000)),
        ("rosybrown", Color(rgb: 0xBC8F8F)),
        ("royalblue", Color(rgb: 0x4169E1)),
        ("saddlebrown", Color(rgb: 0x8B4513)),
        ("salmon", Color(rgb: 0xFA8072)),
        ("sandybrown", Color(rgb: 0xF4A460)),
        ("seagreen", Color(rgb: 0x2E8B57)),
        ("seashell", Color(rgb: 0xFFF5EE)),
        ("sienna", Color(rgb: 0xA0522D)),
        ("silver", Color(rgb: 0xC0C0C0)),
        ("skyblue", Color(rgb: 0x87CEEB)),
        ("slateblue", Color(rgb: 0x6A5ACD)),
        ("slategray", Color(rgb: 0x708090)),
        ("slategrey", Color(rgb: 0x708090)),
        ("snow", Color(rgb: 0xFFFAFA)),
        ("springgreen", Color(rgb: 0x00FF7F)),
        ("steelblue", Color(rgb: 0x4682B4)),
        ("tan", Color(rgb: 0xD2B48C)),
        ("teal", Color(rgb: 0x008080)),
        ("thistle", Color(rgb: 0xD8BFD8)),
        ("tomato", Color(rgb: 0xFF6347)),
        ("turquoise", Color(rgb: 0x40E0D0)),
        ("violet", Color(rgb: 0xEE82EE)),
        ("wheat", Color(rgb: 0xF5DEB3)),
        ("white", Color(rgb: 0xFFFFFF)),
        ("whitesmoke", Color(rgb: 0xF5F5F5)),
        ("yellow", Color(rgb: 0xFFFF00)),
        ("yellowgreen", Color(rgb: 0x9ACD32)),
    ]

    /// Name → colour, built once on first use so parsing a theme is a hash lookup.
    static let cssNameLookup: [String: Color] = Dictionary(
        cssNamed.map { ($0.name, $0.color) }, uniquingKeysWith: { first, _ in first })

    /// The named colours in OKLab, in `cssNamed` order, converted once for `nearestName()`.
    private static let cssNamedOKLab: [OKLab] = cssNamed.map { $0.color.oklab }

    /// The CSS name that looks closest to this colour, ignoring alpha.
    ///
    /// Distance is measured in OKLab because equal steps there look roughly equal, which
    /// RGB distance does not (it overrates differences in green and underrates blue).
    /// Exact ties, such as `aqua` and `cyan`, go to the name that sorts first.
    public func nearestName() -> String {
        let target = oklab
        var bestIndex = 0
        var bestDistance = Double.infinity
        for (index, candidate) in Self.cssNamedOKLab.enumerated() {
            let distance = target.distanceSquared(to: candidate)
            if distance < bestDistance {
                bestDistance = distance
                bestIndex = index
            }
        }
        return Self.cssNamed[bestIndex].name
    }
}
