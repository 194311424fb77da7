import FuzzDriver
import SwatchbookCore

// The colour parser (hex forms, CSS names, `transparent`, the CSS Color 4
// functions with their gamut mapping, and CSS Color 5's calc(), color-mix(),
// relative colours and light-dark()): the string and the byte entry points
// agree, case does not matter, and a colour read back from its own hex is
// the same colour. The authored form is read exactly when the colour is, and
// the text it writes (written from its components when it was not written
// as CSS) reads as a colour again, in the same space.
fuzz { bytes in
    let parsed = Color.parse(text(bytes))
    let fromBytes = bytes.withUnsafeBufferPointer { Color.parse(utf8: $0) }
    if bytes.allSatisfy({ $0 < 0x80 }) {
        precondition(parsed == fromBytes, "the two entry points disagree")
        precondition(Color.parse(text(bytes).uppercased()) == parsed, "case changes the colour")
    }
    if let parsed {
        precondition(Color.parse(parsed.hex) == parsed, "\(parsed.hex) does not read back")
    }
    // The scheme only chooses between the colours of a light-dark().
    let dark = Color.parse(text(bytes), scheme: .dark)
    if !text(bytes).lowercased().contains("light-dark") {
        precondition(dark == parsed, "the dark scheme changes a colour without light-dark()")
    }
    precondition(
        (AuthoredColor(css: text(bytes), scheme: .dark)?.color == nil) == (dark == nil),
        "the dark authored form and the dark colour disagree")
    let authored = AuthoredColor(css: text(bytes))
    precondition((authored == nil) == (parsed == nil), "the authored form and the colour disagree")
    if var authored, authored.space.isCSS {
        authored.css = nil
        let written = authored.cssText ?? ""
        let again = AuthoredColor(css: written)
        precondition(again?.space == authored.space, "\(written) does not read back in \(authored.space)")
    }
}
