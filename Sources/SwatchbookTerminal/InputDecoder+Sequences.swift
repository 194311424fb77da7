import SwatchbookCore
import SwatchbookSession

/// What a complete CSI or SS3 sequence means: pure mappings from a
/// sequence's parameters and final byte to a key or a mouse event.
extension InputDecoder {
    /// The xterm modifier parameter: 1 + bits of shift (1), alt (2) and control (4).
    static func modifiers(_ parameter: Int) -> InputEvent.Modifiers {
        parameter > 1 ? InputEvent.Modifiers(rawValue: UInt8((parameter - 1) & 7)) : []
    }

    static func csiEvent(marker: UInt8?, params: [Int], final: UInt8) -> InputEvent? {
        let modifiers = params.count > 1 ? modifiers(params[1]) : []
        switch (marker, final) {
        case (UInt8(ascii: "<"), UInt8(ascii: "M")), (UInt8(ascii: "<"), UInt8(ascii: "m")):
            guard params.count == 3 else { return nil }
            let event = mouse(
                code: params[0], x: params[1], y: params[2], released: final == UInt8(ascii: "m"))
            return event.map { .mouse($0) }
        case (nil, UInt8(ascii: "M")):
            // urxvt 1015: decimal, but the code still 32 more than its value.
            guard params.count == 3 else { return nil }
            return mouse(code: params[0] - 32, x: params[1], y: params[2], released: false).map { .mouse($0) }
        case (nil, UInt8(ascii: "Z")):
            return .key(.backTab, modifiers.subtracting(.shift))
        case (nil, UInt8(ascii: "~")) where params.count == 3 && params[0] == 27:
            // xterm's modifyOtherKeys: `CSI 27 ; modifiers ; codepoint ~`.
            return codepointKey(params[2], modifiers: Self.modifiers(params[1]))
        case (nil, UInt8(ascii: "~")):
            return tildeKeys[params[0]].map { .key($0, modifiers) }
        case (nil, UInt8(ascii: "u")):
            // kitty's and fixterms' CSI u: `CSI codepoint ; modifiers u`.
            return codepointKey(params[0], modifiers: modifiers)
        case (nil, _) where params[0] <= 1 && functionKey(final) != nil:
            // Modified F1–F4, `CSI 1 ; 5 P`; a cursor report (`CSI 12 ; 40 R`) is no key.
            return functionKey(final).map { .key($0, modifiers) }
        case (nil, _):
            return cursorKey(final).map { .key($0, modifiers) }
        default:
            return nil
        }
    }

    /// The keys of `CSI number ~`: the editing keypad and F1–F12 (11–15 are
    /// F1–F5 as rxvt and the VT220 number them).
    static let tildeKeys: [Int: Key] = [
        1: .home, 7: .home, 4: .end, 8: .end, 5: .pageUp, 6: .pageDown, 2: .insert, 3: .delete,
        11: .function(1), 12: .function(2), 13: .function(3), 14: .function(4), 15: .function(5),
        17: .function(6), 18: .function(7), 19: .function(8), 20: .function(9), 21: .function(10),
        23: .function(11), 24: .function(12),
    ]

    /// The key a CSI u or modifyOtherKeys report names by its codepoint:
    /// the C0 keys by name, a character with Shift as the character shifted.
    /// Nil for kitty's private-use codes (keypad, media) and other controls.
    static func codepointKey(_ code: Int, modifiers: InputEvent.Modifiers) -> InputEvent? {
        let named: [Int: Key] = [
            13: .enter, 9: .tab, 27: .escape, 127: .backspace, 8: .backspace, 32: .space,
        ]
        if let key = named[code] { return .key(key, modifiers) }
        guard let scalar = Unicode.Scalar(UInt32(clamping: code)),
            ![.control, .privateUse, .surrogate, .unassigned].contains(scalar.properties.generalCategory)
        else { return nil }
        let character = Character(scalar)
        guard modifiers.contains(.shift), character.isLetter else {
            return .key(.character(character), modifiers)
        }
        return .key(.character(Character(character.uppercased())), modifiers.subtracting(.shift))
    }

    /// The F1–F4 finals of SS3 (`ESC O P`) and of CSI with modifiers (`ESC [ 1 ; 5 P`).
    static func functionKey(_ final: UInt8) -> Key? {
        (UInt8(ascii: "P")...UInt8(ascii: "S")).contains(final)
            ? .function(Int(final - UInt8(ascii: "P")) + 1) : nil
    }

    static func cursorKey(_ final: UInt8) -> Key? {
        switch final {
        case UInt8(ascii: "A"): .up
        case UInt8(ascii: "B"): .down
        case UInt8(ascii: "C"): .right
        case UInt8(ascii: "D"): .left
        case UInt8(ascii: "H"): .home
        case UInt8(ascii: "F"): .end
        default: nil
        }
    }

    /// SS3 finals: cursor keys, and the keypad in application mode.
    static func ss3Key(_ final: UInt8) -> Key? {
        switch final {
        case UInt8(ascii: "M"): .enter
        case UInt8(ascii: "I"): .tab
        case UInt8(ascii: "X"): .character("=")
        case UInt8(ascii: "j")...UInt8(ascii: "y"):
            .character(Character(Unicode.Scalar(final - UInt8(ascii: "j") + UInt8(ascii: "*"))))
        default: cursorKey(final) ?? functionKey(final)
        }
    }

    /// A mouse report from its button code and 1-based cell. Code bits: 0–1 button,
    /// 4 shift, 8 alt, 16 control, 32 motion, 64 wheel, 128 extra buttons (ignored).
    /// Legacy encodings report a release as button 3 without saying which; that is left.
    static func mouse(code: Int, x: Int, y: Int, released: Bool) -> MouseEvent? {
        guard code >= 0, code & 128 == 0 else { return nil }
        let action: MouseEvent.Action
        let buttons: [MouseEvent.Button] = [.left, .middle, .right]
        let button = code & 3 < 3 ? buttons[code & 3] : nil
        if code & 64 != 0 {
            guard !released else { return nil }
            action = [.wheelUp, .wheelDown, .wheelLeft, .wheelRight][code & 3]
        } else if code & 32 != 0 {
            guard let button, !released else { return nil }
            action = .drag(button)
        } else if let button {
            action = released ? .release(button) : .press(button)
        } else {
            action = .release(.left)
        }
        let modifiers = InputEvent.Modifiers(rawValue: UInt8((code >> 2) & 7))
        return MouseEvent(action: action, x: max(0, x - 1), y: max(0, y - 1), modifiers: modifiers)
    }
}
