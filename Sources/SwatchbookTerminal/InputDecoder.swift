import SwatchbookCore
import SwatchbookSession

/// Turns the bytes an xterm-compatible terminal sends into key, mouse and paste events.
///
/// The decoder is pure and incremental: feed it whatever each `read(2)` returned and it
/// hands back the events those bytes complete, holding a partial escape sequence or
/// UTF-8 character until the rest arrives. It decides only from the bytes, never from
/// where one read ended, so splitting the input anywhere gives the same events.
///
/// A lone ESC is either the Esc key or the start of a sequence still in flight, so it
/// stays pending until the caller, after ~25–50 ms of silence, calls `flushPending()`.
/// ESC followed by a key (in the same read or a later one, before the flush) is that key
/// with Alt, the way terminals send Meta.
///
/// Chords come as the key and its modifiers: Ctrl letters as bytes 0x01–0x1A, Alt as an
/// ESC prefix, xterm's `CSI 1 ; m X`, kitty's CSI u (`CSI 97 ; 5 u`) and xterm's
/// modifyOtherKeys (`CSI 27 ; 5 ; 97 ~`). Keys `Key` cannot name — F13–F20, focus
/// reports — and every unknown or malformed CSI or SS3 sequence are consumed whole and
/// dropped, never leaked as text.
/// Mouse reports are SGR 1006, with the legacy X10 and urxvt 1015 encodings understood
/// too. A bracketed paste arrives as one `.paste` (in pieces of at most 1 MiB), and the
/// Esc timeout never ends it: `ESC [ 201 ~` does, or the caller, calling `endPaste()`
/// after a longer silence, for a paste whose end marker was lost.
public struct InputDecoder {
    /// Bytes not yet decoded: a partial sequence or character, waiting for more.
    private var pending: [UInt8] = []
    /// The paste read so far, or nil when not inside a bracketed paste.
    private var paste: [UInt8]?
    /// Set after an overlong CSI: its remaining parameter bytes and final byte are dropped.
    private var skippingSequence = false
    /// A paste longer than this is delivered in pieces, so garbage cannot grow it forever.
    let maxPasteBytes: Int

    /// A CSI or SS3 sequence longer than this is not from a terminal; it is dropped.
    static let maxSequenceBytes = 64
    private static let replacement = Key.character("\u{FFFD}")

    public init() { self.init(maxPasteBytes: 1 << 20) }

    init(maxPasteBytes: Int) { self.maxPasteBytes = max(16, maxPasteBytes) }

    /// Whether bytes are held that `flushPending()` would resolve: arm the Esc timeout.
    /// False inside a paste, which waits for its end marker, not for a timeout.
    public var hasPending: Bool { !pending.isEmpty }

    /// Whether a bracketed paste is open, waiting for its end marker.
    public var isInPaste: Bool { paste != nil }

    /// Closes an open paste as if its end marker had come: what it held so far is
    /// one `.paste`, and the bytes after it are keys again.
    public mutating func endPaste() -> [InputEvent] {
        guard let text = paste.take(), !text.isEmpty else { return [] }
        return [.paste(String(decoding: text, as: UTF8.self))]
    }

    /// Decodes `bytes` after whatever was pending, returning the events they complete.
    public mutating func feed(_ bytes: some Collection<UInt8>) -> [InputEvent] {
        pending.append(contentsOf: bytes)
        return drain(atEnd: false)
    }

    /// Resolves pending input as if no more bytes will follow it: a lone ESC becomes the
    /// Esc key, `ESC [` and `ESC O` become Alt+`[` and Alt+`O`, a truncated UTF-8
    /// character becomes U+FFFD, and a truncated sequence is dropped.
    public mutating func flushPending() -> [InputEvent] {
        let events = drain(atEnd: true)
        skippingSequence = false
        return events
    }

    private mutating func drain(atEnd: Bool) -> [InputEvent] {
        var events: [InputEvent] = []
        var index = 0
        while index < pending.count {
            if paste != nil {
                index = readPaste(from: index, into: &events)
            } else if skippingSequence {
                let byte = pending[index]
                if (0x20...0x3F).contains(byte) {
                    index += 1
                } else {
                    skippingSequence = false
                    if (0x40...0x7E).contains(byte) { index += 1 }
                }
            } else if let next = decode(at: index, atEnd: atEnd, into: &events) {
                index = next
            } else {
                break
            }
        }
        pending.removeFirst(index)
        return events
    }

    /// Decodes the input starting at `start`; returns where the next input starts, or nil
    /// when it is incomplete and more bytes are needed.
    private mutating func decode(at start: Int, atEnd: Bool, into events: inout [InputEvent]) -> Int? {
        guard pending[start] == ControlSequence.escape else {
            guard let (key, next) = decodeKey(at: start, atEnd: atEnd) else { return nil }
            if let key { events.append(.key(key.0, key.1)) }
            return next
        }
        let next = start + 1
        guard next < pending.count else {
            if atEnd { events.append(.key(.escape, [])) }
            return atEnd ? next : nil
        }
        switch pending[next] {
        case ControlSequence.csi:
            return decodeCSI(at: start, atEnd: atEnd, into: &events)
        case ControlSequence.ss3:
            return decodeSS3(at: start, atEnd: atEnd, into: &events)
        case ControlSequence.escape:
            return decodeDoubleEscape(at: start, atEnd: atEnd, into: &events)
        default:
            guard let (key, after) = decodeKey(at: next, atEnd: atEnd) else { return nil }
            if let key { events.append(.key(key.0, key.1.union(.alt))) }
            return after
        }
    }

    /// ESC ESC: Alt with a sequence (urxvt's Alt+Up is `ESC ESC [ A`), else the Esc key
    /// and a fresh start at the second ESC.
    private mutating func decodeDoubleEscape(
        at start: Int, atEnd: Bool, into events: inout [InputEvent]
    ) -> Int? {
        let third = start + 2
        guard third < pending.count else {
            if atEnd { events.append(.key(.escape, [])) }
            return atEnd ? start + 1 : nil
        }
        guard pending[third] == ControlSequence.csi || pending[third] == ControlSequence.ss3 else {
            events.append(.key(.escape, []))
            return start + 1
        }
        var inner: [InputEvent] = []
        guard let next = decode(at: start + 1, atEnd: atEnd, into: &inner) else { return nil }
        for event in inner {
            if case .key(let key, let modifiers) = event {
                events.append(.key(key, modifiers.union(.alt)))
            } else {
                events.append(event)
            }
        }
        return next
    }

    // MARK: Keys and text

    /// Decodes one key that is not ESC: a control byte or a UTF-8 character. The key is
    /// nil for input that names no key (a C1 control character).
    private func decodeKey(at start: Int, atEnd: Bool) -> ((Key, InputEvent.Modifiers)?, Int)? {
        let byte = pending[start]
        if byte < 0x80 { return (Self.asciiKey(byte), start + 1) }
        guard let (scalar, next) = decodeScalar(at: start, atEnd: atEnd) else { return nil }
        guard let scalar else { return ((Self.replacement, []), next) }
        if (0x80...0x9F).contains(scalar.value) { return (nil, next) }
        return ((.character(Character(scalar)), []), next)
    }

    /// The key an ASCII byte is: control bytes by their caret names (Ctrl-C is 0x03),
    /// but for CR (Enter), HT (Tab) and DEL (Backspace); LF is Ctrl-J and BS Ctrl-H,
    /// as fzf tells them apart.
    private static func asciiKey(_ byte: UInt8) -> (Key, InputEvent.Modifiers) {
        switch byte {
        case 0x0D: (.enter, [])
        case 0x09: (.tab, [])
        case 0x7F: (.backspace, [])
        case 0x20: (.space, [])
        case 0x00: (.space, .control)
        case 0x01...0x1A: (.character(Character(Unicode.Scalar(byte + 0x60))), .control)
        case 0x1B...0x1F: (.character(Character(Unicode.Scalar(byte + 0x40))), .control)
        default: (.character(Character(Unicode.Scalar(byte))), [])
        }
    }

    /// Decodes one multi-byte UTF-8 scalar; nil scalar for an ill-formed one, which
    /// consumes its maximal valid prefix (at least one byte), as Unicode recommends.
    private func decodeScalar(at start: Int, atEnd: Bool) -> (Unicode.Scalar?, Int)? {
        let lead = pending[start]
        var low: UInt8 = 0x80
        var high: UInt8 = 0xBF
        let length: Int
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0: (length, low) = (3, 0xA0)
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: (length, high) = (3, 0x9F)
        case 0xF0: (length, low) = (4, 0x90)
        case 0xF1...0xF3: length = 4
        case 0xF4: (length, high) = (4, 0x8F)
        default: return (nil, start + 1)
        }
        var value = UInt32(lead) & (0x7F >> length)
        var index = start + 1
        while index < start + length {
            guard index < pending.count else { return atEnd ? (nil, index) : nil }
            let byte = pending[index]
            guard (low...high).contains(byte) else { return (nil, index) }
            value = value << 6 | UInt32(byte & 0x3F)
            (low, high) = (0x80, 0xBF)
            index += 1
        }
        return (Unicode.Scalar(value), index)
    }

    // MARK: Sequences

    /// `ESC [ params intermediates final`; `ESC [ 200 ~` opens a paste.
    private mutating func decodeCSI(at start: Int, atEnd: Bool, into events: inout [InputEvent]) -> Int? {
        let body = start + 2
        let index: Int
        switch finalByte(at: start, body: 0x20...0x3F, atEnd: atEnd, into: &events) {
        case nil: return nil
        case .done(let next)?: return next
        case .final(let at)?: index = at
        }
        let final = pending[index]
        if index == body, final == UInt8(ascii: "M") {
            // X10 mouse: three raw bytes follow, each 32 more than its value.
            guard index + 3 < pending.count else { return atEnd ? pending.count : nil }
            let raw = pending[(index + 1)...(index + 3)].map { Int($0) - 32 }
            if let event = Self.mouse(code: raw[0], x: raw[1], y: raw[2], released: false) {
                events.append(.mouse(event))
            }
            return index + 4
        }
        if index == body, final == UInt8(ascii: "[") {
            // Linux console F1–F5: `ESC [ [ A`…`E`.
            guard index + 1 < pending.count else { return atEnd ? pending.count : nil }
            let final = pending[index + 1]
            guard (0x40...0x7E).contains(final) else { return index + 1 }
            if (UInt8(ascii: "A")...UInt8(ascii: "E")).contains(final) {
                events.append(.key(.function(Int(final - UInt8(ascii: "A")) + 1), []))
            }
            return index + 2
        }
        guard let (marker, params) = Self.parameters(pending[body..<index]) else { return index + 1 }
        if marker == nil, final == UInt8(ascii: "~"), params.first == ControlSequence.pasteStartParameter {
            paste = []
        } else if let event = Self.csiEvent(marker: marker, params: params, final: final) {
            events.append(event)
        }
        return index + 1
    }

    /// `ESC O final`, with the digits some terminals put before the final for modifiers.
    private mutating func decodeSS3(at start: Int, atEnd: Bool, into events: inout [InputEvent]) -> Int? {
        let body = start + 2
        let index: Int
        switch finalByte(at: start, body: 0x30...0x3B, atEnd: atEnd, into: &events) {
        case nil: return nil
        case .done(let next)?: return next
        case .final(let at)?: index = at
        }
        let modifiers = Self.parameters(pending[body..<index]).map { Self.modifiers($0.1.last ?? 0) } ?? []
        if let key = Self.ss3Key(pending[index]) { events.append(.key(key, modifiers)) }
        return index + 1
    }

    /// Where a sequence's scan ended.
    private enum SequenceEnd {
        /// At its final byte, at this index.
        case final(Int)
        /// Not a sequence after all, or one too long: handled, and the
        /// next input starts here.
        case done(Int)
    }

    /// Finds the final byte (0x40…0x7E) of the CSI or SS3 sequence at
    /// `start`, whose body bytes must be in `body`; nil when more bytes are
    /// needed. `ESC [` or `ESC O` with no sequence after it is Alt with that
    /// character; a broken sequence is dropped up to where it broke, and one
    /// longer than any key or mouse report is skipped to its end.
    private mutating func finalByte(
        at start: Int, body allowed: ClosedRange<UInt8>, atEnd: Bool, into events: inout [InputEvent]
    ) -> SequenceEnd? {
        let body = start + 2
        let alt = InputEvent.key(.character(Character(Unicode.Scalar(pending[start + 1]))), .alt)
        var index = body
        while index < pending.count, !(0x40...0x7E).contains(pending[index]) {
            guard allowed.contains(pending[index]) else {
                if index == body { events.append(alt) }
                return .done(index)
            }
            if index - start >= Self.maxSequenceBytes {
                skippingSequence = true
                return .done(index + 1)
            }
            index += 1
        }
        guard index < pending.count else {
            guard atEnd else { return nil }
            if index == body { events.append(alt) }
            return .done(index)
        }
        return .final(index)
    }

    /// Splits a CSI body into its private marker (`<`, `?`, `>`, `=`) and its numeric
    /// parameters, empty ones 0, sub-parameters after `:` ignored, huge ones saturated.
    /// Nil for a body with intermediate bytes: none that a key or mouse report uses.
    private static func parameters(_ body: ArraySlice<UInt8>) -> (UInt8?, [Int])? {
        var marker: UInt8?
        var params: [Int] = []
        var current = 0
        var inSubParameter = false
        for (offset, byte) in body.enumerated() {
            switch byte {
            case 0x30...0x39 where !inSubParameter:
                let digit = Int(byte - 0x30)
                current = current >= 100_000_000 ? 999_999_999 : current * 10 + digit
            case 0x30...0x39: break
            case UInt8(ascii: ":"): inSubParameter = true
            case UInt8(ascii: ";"):
                params.append(current)
                (current, inSubParameter) = (0, false)
            case 0x3C...0x3F where offset == 0: marker = byte
            default: return nil
            }
        }
        params.append(current)
        return (marker, params)
    }

    // MARK: Bracketed paste

    /// Moves bytes into the paste until its end marker, which closes it with a `.paste`.
    private mutating func readPaste(from start: Int, into events: inout [InputEvent]) -> Int {
        guard var text = paste.take() else { return start }
        let end = ControlSequence.pasteEnd
        var index = start
        while index < pending.count {
            text.append(pending[index])
            index += 1
            if text.count >= end.count, text.last == end.last, text.suffix(end.count).elementsEqual(end) {
                text.removeLast(end.count)
                if !text.isEmpty { events.append(.paste(String(decoding: text, as: UTF8.self))) }
                return index
            }
            if text.count >= maxPasteBytes {
                // Keep what could start the end marker or finish a character.
                var cut = text.count - (end.count - 1)
                while cut > 1, text[cut] & 0xC0 == 0x80, text.count - cut < end.count + 3 { cut -= 1 }
                events.append(.paste(String(decoding: text[..<cut], as: UTF8.self)))
                text.removeFirst(cut)
            }
        }
        paste = text
        return index
    }
}
