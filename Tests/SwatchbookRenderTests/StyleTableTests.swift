import SwatchbookCore
import Testing

@testable import SwatchbookRender

/// The canvas's style interning: one id per distinct style, however many
/// there are and whichever order they come in.
@Suite struct StyleTableTests {
    static func style(_ n: Int) -> Style {
        let foreground: Color? = n % 3 == 0 ? nil : Color(rgb: UInt32(n * 7919 & 0xFFFFFF))
        let background: Color? = n % 2 == 0 ? Color(rgb: UInt32(n)) : nil
        return Style(
            foreground: foreground, background: background,
            attributes: TextAttributes(rawValue: UInt8(n % 32)))
    }

    @Test func everyDistinctStyleGetsItsOwnIdAndKeepsIt() {
        var canvas = Canvas(width: 4, height: 1)
        // Far past the initial table, so it grows several times.
        let styles = (0..<5000).map(Self.style)
        let ids = styles.map { canvas.intern($0) }
        #expect(Set(ids).count == Set(styles).count)
        // Asked again in another order, the same ids.
        for (style, id) in zip(styles, ids).reversed() {
            #expect(canvas.intern(style) == id)
            #expect(canvas.styles[Int(id)] == style)
        }
        #expect(canvas.intern(.plain) == 0)
    }

    /// Styles that differ in one part only (a colour's alpha, presence of a
    /// colour, one attribute) are different styles.
    @Test func stylesDifferingInOnePartAreApart() {
        var canvas = Canvas(width: 1, height: 1)
        let styles = [
            Style(),
            Style(foreground: Color(rgb: 0)),
            Style(background: Color(rgb: 0)),
            Style(foreground: Color(red: 0, green: 0, blue: 0, alpha: 0)),
            Style(attributes: .bold),
            Style(foreground: Color(rgb: 0), background: Color(rgb: 0)),
            Style(foreground: Color(rgb: 1)),
            Style(background: Color(rgb: 0x0100_00)),
        ]
        #expect(Set(styles.map { canvas.intern($0) }).count == styles.count)
    }
}
