/// Makes text from the database safe to show: data, never terminal commands.
///
/// C0 controls, DEL, the C1 range (U+0080-U+009F), and the invisible format characters that
/// can reorder or hide text (bidirectional marks and overrides, line and paragraph separators)
/// or make two names look alike (zero-width space, word joiner, byte-order mark) are replaced
/// by visible escapes: `\n`, `\r`, `\t`, `^[` for ESC, `^@` for NUL, `^?` for DEL, `\u{9b}`
/// for the rest. A literal backslash stays as it is.
///
/// The zero-width joiner and non-joiner are letters' business in many scripts (Sinhala `ශ්‍රී`,
/// Persian `می‌خواهم`, Devanagari) and in emoji (`👩‍👩‍👧`, `🧙🏽‍♂️`): after a non-ASCII
/// scalar they are text. After ASCII, or with nothing before them, they can only hide
/// something (`A‍B` looks like `AB`), and are escaped.
public enum SafeText {
    /// What becomes of a joiner that is text (see above) where it is shown.
    public enum Joiners: Sendable {
        /// Kept: text that flows (a line of `show`, JSON) shows the sequence it makes.
        case shown
        /// Left out: where columns must line up (the browser's cells, tables, boxes). Terminals
        /// disagree on a joined sequence's width (tmux draws `👩‍👩‍👧` in 2 columns, xterm in 6,
        /// `wcwidth` says 6); without its joiners each part has the width every terminal gives it.
        case dropped
    }

    /// `text` with every unsafe scalar replaced by its visible escape (joiners that are text kept).
    public static func escape(_ text: String) -> String {
        var needs = false
        for s in text.unicodeScalars where isUnsafe(s) { needs = true; break }
        guard needs else { return text }
        var out = String.UnicodeScalarView()
        forEachShown(text) { out.append($0); return true }
        return String(out)
    }

    /// Calls `body` with each scalar of `text` as it is shown: an unsafe scalar as the scalars
    /// of its escape, a joiner that is text as `joiners` says. Stops when `body` returns false,
    /// so that the work is bounded by what is used.
    public static func forEachShown(_ text: String, joiners: Joiners = .shown, _ body: (Unicode.Scalar) -> Bool) {
        var previous: Unicode.Scalar?
        for s in text.unicodeScalars {
            defer { previous = s }
            guard isUnsafe(s) else {
                if !body(s) { return }
                continue
            }
            if isTextJoiner(s, after: previous) {
                if joiners == .shown, !body(s) { return }
                continue
            }
            for e in escaped(s)!.unicodeScalars where !body(e) { return }
        }
    }

    /// Whether `s` is a zero-width joiner or non-joiner that is text: one after a non-ASCII
    /// scalar that is itself shown as it is.
    public static func isTextJoiner(_ s: Unicode.Scalar, after previous: Unicode.Scalar?) -> Bool {
        guard s.value == 0x200D || s.value == 0x200C, let previous else { return false }
        return previous.value >= 0xA0 && !isUnsafe(previous)
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

    /// Whether `s` alone can drive a terminal or hide or reorder text (a joiner after a
    /// non-ASCII scalar is text all the same: `isTextJoiner`).
    public static func isUnsafe(_ s: Unicode.Scalar) -> Bool {
        let v = s.value
        return v < 0x20 || (v >= 0x7F && v < 0xA0) || v == 0x2028 || v == 0x2029
            || (0x202A...0x202E).contains(v) || (0x2066...0x2069).contains(v)
            || (0x200B...0x200F).contains(v) || (0x2060...0x2064).contains(v) || v == 0xFEFF
            || v == 0x061C || v == 0x180E
    }
}
