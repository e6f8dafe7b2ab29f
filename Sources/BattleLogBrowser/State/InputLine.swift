/// A one-line text input with a cursor, edited with the keys of a shell's line editor:
/// Left/Right, Home/End (Ctrl-A/Ctrl-E), Backspace, Delete, Ctrl-U (to the start),
/// Ctrl-K (to the end), Ctrl-W (the word before the cursor).
public struct InputLine: Sendable, Equatable {
    public private(set) var text: String
    /// The cursor, in characters from the start (0 to `text.count`).
    public private(set) var cursor: Int

    public init(_ text: String = "", cursor: Int? = nil) {
        self.text = text
        self.cursor = max(0, min(text.count, cursor ?? text.count))
    }

    /// The text before the cursor.
    public var beforeCursor: Substring { text.prefix(cursor) }

    /// Applies `key` if it is an editing key; returns whether it was one.
    public mutating func edit(_ key: Key) -> Bool {
        switch key {
        case .character(let c):
            text.insert(c, at: index(cursor))
            cursor += 1
        case .backspace:
            guard cursor > 0 else { return true }
            text.remove(at: index(cursor - 1))
            cursor -= 1
        case .delete, .control("d"):
            guard cursor < text.count else { return true }
            text.remove(at: index(cursor))
        case .left, .control("b"): cursor = max(0, cursor - 1)
        case .right, .control("f"): cursor = min(text.count, cursor + 1)
        case .home, .control("a"): cursor = 0
        case .end, .control("e"): cursor = text.count
        case .control("u"):
            text.removeSubrange(text.startIndex..<index(cursor))
            cursor = 0
        case .control("k"):
            text.removeSubrange(index(cursor)...)
        case .control("w"):
            // The spaces before the cursor, then the word before them.
            let before = Array(beforeCursor)
            var start = before.count
            while start > 0 && before[start - 1] == " " { start -= 1 }
            while start > 0 && before[start - 1] != " " { start -= 1 }
            text.removeSubrange(index(start)..<index(cursor))
            cursor = start
        default:
            return false
        }
        return true
    }

    private func index(_ offset: Int) -> String.Index { text.index(text.startIndex, offsetBy: offset) }
}
