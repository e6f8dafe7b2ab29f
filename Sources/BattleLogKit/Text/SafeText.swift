/// Makes text from the database safe to show: data, never terminal commands.
///
/// C0 controls, DEL, the C1 range (U+0080-U+009F), and the invisible format characters that
/// can reorder or hide text (bidirectional overrides, line and paragraph separators) are
/// replaced by visible escapes: `\n`, `\r`, `\t`, `^[` for ESC, `^@` for NUL, `^?` for DEL,
/// `\u{9b}` for the rest. A literal backslash stays as it is.
public enum SafeText {
    public static func escape(_ text: String) -> String {
        var needs = false
        for s in text.unicodeScalars where isUnsafe(s) { needs = true; break }
        guard needs else { return text }
        var out = ""
        for s in text.unicodeScalars {
            guard isUnsafe(s) else { out.unicodeScalars.append(s); continue }
            switch s.value {
            case 0x0A: out += "\\n"
            case 0x0D: out += "\\r"
            case 0x09: out += "\\t"
            case 0x00..<0x20: out += "^" + String(UnicodeScalar(UInt8(s.value + 0x40)))
            case 0x7F: out += "^?"
            default: out += "\\u{" + String(s.value, radix: 16) + "}"
            }
        }
        return out
    }

    static func isUnsafe(_ s: Unicode.Scalar) -> Bool {
        let v = s.value
        return v < 0x20 || (v >= 0x7F && v < 0xA0) || v == 0x2028 || v == 0x2029
            || (0x202A...0x202E).contains(v) || (0x2066...0x2069).contains(v)
    }
}
