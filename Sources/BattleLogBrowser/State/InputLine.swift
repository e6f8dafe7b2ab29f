/// A one-line text input with a cursor, edited with the keys of a shell's line editor:
/// Left/Right, Home/End (Ctrl-A/Ctrl-E), Backspace, Delete, Ctrl-U (to the start),
/// Ctrl-K (to the end), Ctrl-W (the word before the cursor).
///
/// A terminal delivers one Unicode scalar per key, and a scalar may join the character before
/// it (a Thai vowel sign, a combining accent, a Hebrew point, a skin-tone modifier, a joiner):
/// typing two keys can leave one character. The cursor is therefore kept in scalars and always
/// stands between two characters (extended grapheme clusters); Left, Right, Backspace and
/// Delete move over or remove a whole character.
public struct InputLine: Sendable, Equatable {
    public private(set) var text: String
    /// The cursor in Unicode scalars from the start, always on a character boundary.
    private var scalarOffset: Int

    /// A line holding `text` with the cursor after `cursor` characters (the end when nil).
    public init(_ text: String = "", cursor: Int? = nil) {
        self.text = text
        let characters = max(0, min(text.count, cursor ?? text.count))
        let index = text.index(text.startIndex, offsetBy: characters)
        scalarOffset = text.unicodeScalars.distance(from: text.startIndex, to: index)
    }

    /// The cursor, in characters from the start (0 to `text.count`).
    public var cursor: Int { text[..<cursorIndex].count }

    /// The text before the cursor.
    public var beforeCursor: Substring { text[..<cursorIndex] }

    private var cursorIndex: String.Index {
        text.unicodeScalars.index(text.startIndex, offsetBy: scalarOffset)
    }

    /// Applies `key` if it is an editing key; returns whether it was one.
    public mutating func edit(_ key: Key) -> Bool {
        switch key {
        case .character(let c):
            let at = cursorIndex
            text.insert(contentsOf: String(c), at: at)
            scalarOffset += c.unicodeScalars.count
        case .backspace:
            guard scalarOffset > 0 else { return true }
            let end = cursorIndex
            let start = text.index(before: end)
            scalarOffset -= text.unicodeScalars.distance(from: start, to: end)
            text.removeSubrange(start..<end)
        case .delete, .control("d"):
            let start = cursorIndex
            guard start < text.endIndex else { return true }
            text.removeSubrange(start..<text.index(after: start))
        case .left, .control("b"):
            guard scalarOffset > 0 else { return true }
            let end = cursorIndex
            scalarOffset -= text.unicodeScalars.distance(from: text.index(before: end), to: end)
        case .right, .control("f"):
            let start = cursorIndex
            guard start < text.endIndex else { return true }
            scalarOffset += text.unicodeScalars.distance(from: start, to: text.index(after: start))
        case .home, .control("a"): scalarOffset = 0
        case .end, .control("e"): scalarOffset = text.unicodeScalars.count
        case .control("u"):
            text.removeSubrange(text.startIndex..<cursorIndex)
            scalarOffset = 0
        case .control("k"):
            text.removeSubrange(cursorIndex...)
        case .control("w"):
            // The spaces before the cursor, then the word before them.
            let end = cursorIndex
            var start = end
            while start > text.startIndex, text[text.index(before: start)] == " " { start = text.index(before: start) }
            while start > text.startIndex, text[text.index(before: start)] != " " { start = text.index(before: start) }
            scalarOffset -= text.unicodeScalars.distance(from: start, to: end)
            text.removeSubrange(start..<end)
        default:
            return false
        }
        snapToCharacterBoundary()
        return true
    }

    /// An edit can join the scalars on either side of the cursor into one character (a base
    /// typed before a lone mark, a joiner between two emoji): the cursor then moves to the end
    /// of that character, so that it never splits one.
    private mutating func snapToCharacterBoundary() {
        var offset = 0
        for character in text {
            if offset >= scalarOffset { break }
            offset += character.unicodeScalars.count
        }
        scalarOffset = offset
    }
}
