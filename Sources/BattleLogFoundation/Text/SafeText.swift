/// Makes text from the database safe to show: data, never terminal commands.
///
/// C0 controls, DEL, the C1 range (U+0080-U+009F), and the invisible format characters that
/// can reorder or hide text (bidirectional marks and overrides, line and paragraph separators)
/// or make two names look alike (zero-width space, joiners, word joiner, byte-order mark) are
/// replaced by visible escapes: `\n`, `\r`, `\t`, `^[` for ESC, `^@` for NUL, `^?` for DEL,
/// `\u{9b}` for the rest. A literal backslash stays as it is. A zero-width joiner between two
/// parts of an emoji (👩‍👧) is the emoji's own, and is kept.
public enum SafeText {
    /// `text` with every unsafe scalar replaced by its visible escape.
    public static func escape(_ text: String) -> String {
        var needs = false
        for s in text.unicodeScalars where isUnsafe(s) { needs = true; break }
        guard needs else { return text }
        var out = String.UnicodeScalarView()
        forEachShown(text) { out.append($0); return true }
        return String(out)
    }

    /// Calls `body` with each scalar of `text` as it is shown: an unsafe scalar as the scalars
    /// of its escape, a zero-width joiner inside an emoji sequence as itself. Stops when `body`
    /// returns false, so that the work is bounded by what is used.
    public static func forEachShown(_ text: String, _ body: (Unicode.Scalar) -> Bool) {
        var scalars = text.unicodeScalars.makeIterator()
        var previous: Unicode.Scalar?
        var current = scalars.next()
        while let s = current {
            let next = scalars.next()
            if isUnsafe(s) && !(s.value == 0x200D && joinsEmoji(previous, next)) {
                for e in escaped(s)!.unicodeScalars where !body(e) { return }
            } else if !body(s) {
                return
            }
            previous = s
            current = next
        }
    }

    /// Whether a zero-width joiner between `previous` and `next` is part of an emoji ZWJ
    /// sequence (👩‍👩‍👧, 🧙🏽‍♂️): printable text, shown as the one emoji it makes. Anywhere else
    /// it is escaped, as it can make two names look alike.
    public static func joinsEmoji(_ previous: Unicode.Scalar?, _ next: Unicode.Scalar?) -> Bool {
        guard let previous, let next else { return false }
        return isEmojiPart(previous) && isEmojiPart(next)
    }

    private static func isEmojiPart(_ s: Unicode.Scalar) -> Bool {
        s.value == 0xFE0F || (s.value >= 0x203C && s.properties.isEmoji)
    }

    /// The visible escape of one scalar, or nil when the scalar is safe to show as it is.
    public static func escaped(_ s: Unicode.Scalar) -> String? {
        guard isUnsafe(s) else { return nil }
        switch s.value {
        case 0x0A: return "\\n"
        case 0x0D: return "\\r"
        case 0x09: return "\\t"
        case 0x00..<0x20: return "^" + String(UnicodeScalar(UInt8(s.value + 0x40)))
        case 0x7F: return "^?"
        default: return "\\u{" + String(s.value, radix: 16) + "}"
        }
    }

    /// Whether `s` alone can drive a terminal or hide or reorder text (a joiner may still be
    /// shown inside an emoji sequence: `forEachShown`).
    public static func isUnsafe(_ s: Unicode.Scalar) -> Bool {
        let v = s.value
        return v < 0x20 || (v >= 0x7F && v < 0xA0) || v == 0x2028 || v == 0x2029
            || (0x202A...0x202E).contains(v) || (0x2066...0x2069).contains(v)
            || (0x200B...0x200F).contains(v) || (0x2060...0x2064).contains(v) || v == 0xFEFF
            || v == 0x061C || v == 0x180E
    }
}
