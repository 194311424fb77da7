/// The filter being typed after `/`, with its cursor: fzf's query line,
/// edited with the readline keys fzf has. The cursor counts Characters,
/// from 0 (before the first) to the text's length (after the last).
public struct FilterLine: Hashable, Sendable {
    public private(set) var characters: [Character]
    public private(set) var cursor: Int

    /// `text` with the cursor at its end, where typing goes on.
    public init(_ text: String) {
        characters = Array(text)
        cursor = characters.count
    }

    public var text: String { String(characters) }
    /// The text before the cursor, and from the cursor on: what the status line draws either side of it.
    public var beforeCursor: String { String(characters[..<cursor]) }
    public var fromCursor: String { String(characters[cursor...]) }

    /// Types `text` at the cursor, which moves past it.
    public mutating func insert(_ text: String) {
        let added = Array(text)
        characters.insert(contentsOf: added, at: cursor)
        cursor += added.count
    }

    /// A readline edit, as fzf's action of the same name does it.
    public mutating func apply(_ edit: LineEdit) {
        switch edit {
        case .backwardChar: cursor = max(0, cursor - 1)
        case .forwardChar: cursor = min(characters.count, cursor + 1)
        case .beginningOfLine: cursor = 0
        case .endOfLine: cursor = characters.count
        case .backwardWord: cursor = wordStart()
        case .forwardWord: cursor = wordEnd()
        case .backwardKillWord: delete(wordStart()..<cursor)
        case .unixWordRubout: delete(spaceDelimitedStart()..<cursor)
        case .killWord: delete(cursor..<wordEnd())
        case .unixLineDiscard: delete(0..<cursor)
        case .killLine: delete(cursor..<characters.count)
        case .backwardDeleteChar: delete(max(0, cursor - 1)..<cursor)
        case .deleteChar: delete(cursor..<min(characters.count, cursor + 1))
        }
    }

    /// Removes `range` and leaves the cursor where it began.
    private mutating func delete(_ range: Range<Int>) {
        characters.removeSubrange(range)
        cursor = range.lowerBound
    }

    /// fzf's words are runs of letters and digits.
    private func isWord(_ index: Int) -> Bool {
        characters[index].isLetter || characters[index].isNumber
    }

    /// The start of the word the cursor is in or after (fzf's
    /// `[^\pL\pN][\pL\pN]` searched backwards), or the line's start.
    private func wordStart() -> Int {
        var index = cursor - 1
        while index > 0, !(isWord(index) && !isWord(index - 1)) { index -= 1 }
        return max(0, index)
    }

    /// The end of the word at or after the cursor (fzf's
    /// `[\pL\pN][^\pL\pN]|(.$)`), or the line's end.
    private func wordEnd() -> Int {
        var index = cursor
        while index < characters.count - 1, !(isWord(index) && !isWord(index + 1)) { index += 1 }
        return min(characters.count, index + 1)
    }

    /// Where `unix-word-rubout` deletes back to: the start of the
    /// whitespace-delimited word before the cursor (`\s\S` backwards).
    private func spaceDelimitedStart() -> Int {
        var index = cursor - 1
        while index > 0, !(!characters[index].isWhitespace && characters[index - 1].isWhitespace) {
            index -= 1
        }
        return max(0, index)
    }
}

/// The readline edits of the filter line, each named as fzf's action is.
public enum LineEdit: String, Hashable, Sendable, CaseIterable {
    case backwardChar = "backward-char"
    case forwardChar = "forward-char"
    case beginningOfLine = "beginning-of-line"
    case endOfLine = "end-of-line"
    case backwardWord = "backward-word"
    case forwardWord = "forward-word"
    case backwardKillWord = "backward-kill-word"
    case killWord = "kill-word"
    case unixWordRubout = "unix-word-rubout"
    case unixLineDiscard = "unix-line-discard"
    case killLine = "kill-line"
    case backwardDeleteChar = "backward-delete-char"
    case deleteChar = "delete-char"
}
