import SwatchbookCore
import SwatchbookSession

/// What the terminal sends: a key, a mouse event, or a paste.
public enum InputEvent: Hashable, Sendable {
    case key(Key, Modifiers)
    case mouse(MouseEvent)
    /// Text pasted with bracketed paste on.
    case paste(String)

    public struct Modifiers: OptionSet, Hashable, Sendable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }
        public static let shift = Modifiers(rawValue: 1)
        public static let alt = Modifiers(rawValue: 2)
        public static let control = Modifiers(rawValue: 4)
    }
}

extension Key {
    /// `key` pressed with `modifiers`, as the key map names chords: Ctrl
    /// with a character is ``Key/control(_:)``, Alt with any key
    /// ``Key/alt(_:)``, Shift-Tab ``Key/backTab``. Shift is already in a
    /// character, and Ctrl or Shift with any other key is that key.
    public init(_ key: Key, _ modifiers: InputEvent.Modifiers) {
        var chord = key
        switch key {
        case .character(let c) where modifiers.contains(.control): chord = .control(Character(c.lowercased()))
        case .space where modifiers.contains(.control): chord = .control(" ")
        case .tab where modifiers.contains(.shift): chord = .backTab
        default: break
        }
        self = modifiers.contains(.alt) ? .alt(chord) : chord
    }
}

/// A mouse report (SGR 1006): 0-based cell coordinates.
public struct MouseEvent: Hashable, Sendable {
    public enum Action: Hashable, Sendable {
        case press(Button)
        case release(Button)
        case wheelUp, wheelDown, wheelLeft, wheelRight
        case drag(Button)
    }

    public enum Button: Hashable, Sendable { case left, middle, right }

    public var action: Action
    public var x: Int
    public var y: Int
    public var modifiers: InputEvent.Modifiers

    public init(action: Action, x: Int, y: Int, modifiers: InputEvent.Modifiers = []) {
        self.action = action
        self.x = x
        self.y = y
        self.modifiers = modifiers
    }
}
