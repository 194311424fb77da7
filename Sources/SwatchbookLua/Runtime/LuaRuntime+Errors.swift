import Foundation
import SwatchbookCore

/// A script's errors as diagnostics: Lua's `file:line: message` split so
/// it is formatted the way every other diagnostic is, on one readable line.
extension LuaRuntime {
    /// Splits Lua's `file:line: message` so the parts can be formatted the
    /// way every other diagnostic is, on one readable line.
    ///
    /// A message raised inside a callback names it and its arguments after
    /// the position (`f.lua:34: in source.item(3, 2, 17): attempt to …`),
    /// so a failing call can be told from the others that run the same
    /// line; the main chunk and the host's own work are not named.
    func diagnostic(fromLuaMessage raw: String, in callback: String) -> Diagnostic {
        located(fromLuaMessage: raw, in: callback).coded(.scriptError)
    }

    private func located(fromLuaMessage raw: String, in callback: String) -> Diagnostic {
        let message = Self.oneLine(raw)
        let place = callback == Self.mainChunk || callback == Self.hostWork ? "" : "in \(callback): "
        // Lua shortens long chunk names to "..." and their tail.
        var prefix = displayName + ":"
        if message.hasPrefix("..."), let colon = message.firstIndex(of: ":"),
            displayName.hasSuffix(message[message.index(message.startIndex, offsetBy: 3)..<colon])
        {
            prefix = String(message[...colon])
        }
        if message.hasPrefix(prefix) {
            let rest = message.dropFirst(prefix.count)
            if let colon = rest.firstIndex(of: ":"), let line = Int(rest[..<colon]) {
                let text = rest[rest.index(after: colon)...].drop { $0 == " " }
                return Diagnostic(.data, file: displayName, line: line, place + text)
            }
        }
        // An error from another file (a required module) or with no position.
        if let range = message.range(of: ".lua:"),
            message.firstIndex(of: " ") ?? message.endIndex > range.lowerBound
        {
            if let position = Self.position(atStartOf: message[...]) {
                return Diagnostic(.data, String(position) + place + message[position.endIndex...])
            }
            return Diagnostic(.data, message)
        }
        return Diagnostic(.data, file: displayName, "\(callback): \(message)")
    }

    /// What errors of the main chunk are said to be in; not named in messages.
    static let mainChunk = "main chunk"
    /// What errors of the host's own protected work are said to be in; not
    /// named in messages.
    static let hostWork = "host"

    /// The longest error message shown, in characters; a longer one is cut.
    static let longestMessage = 1_000

    /// A script's error message as one line: line breaks and the blanks
    /// around them become one space, a position repeated by an error
    /// re-raised at every level of a recursion (`f.lua:3: f.lua:3: …`) is
    /// given once, and a message past ``longestMessage`` characters is cut.
    static func oneLine(_ message: String) -> String {
        var text = message
        if text.contains(where: \.isNewline) {
            text = text.split(whereSeparator: \.isNewline)
                .map { $0.trimmingCharacters(in: .whitespaces) }
                .filter { !$0.isEmpty }
                .joined(separator: " ")
        }
        if let position = position(atStartOf: text[...]) {
            var rest = text[position.endIndex...]
            while rest.hasPrefix(position) { rest = rest.dropFirst(position.count) }
            text = String(position) + rest
        }
        guard text.count > longestMessage else { return text }
        let cut = text.prefix(longestMessage)
        return cut + "… (\(text.count - cut.count) more characters)"
    }

    /// The `name:line: ` that `text` starts with, if it starts with one.
    private static func position(atStartOf text: Substring) -> Substring? {
        guard let colon = text.firstIndex(of: ":"), colon > text.startIndex,
            !text[..<colon].contains(where: \.isWhitespace)
        else { return nil }
        let digits = text[text.index(after: colon)...].prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty, text[digits.endIndex...].hasPrefix(": ") else { return nil }
        return text[..<text.index(digits.endIndex, offsetBy: 2)]
    }
}
