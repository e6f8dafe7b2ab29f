/// Compact JSON text laid out one member a line, two spaces a level, for a person to read (a
/// pager, an editor). The text of every key, string and number stays exactly as written, and so
/// does the order of the members.
public enum JSONIndent {
    public static func pretty(_ compact: String) -> String {
        var out = ""
        var depth = 0
        var inString = false
        var escaped = false
        func newline() { out += "\n" + String(repeating: "  ", count: depth) }
        let characters = Array(compact)
        for (i, c) in characters.enumerated() {
            if inString {
                out.append(c)
                if escaped { escaped = false } else if c == "\\" { escaped = true } else if c == "\"" { inString = false }
                continue
            }
            switch c {
            case "\"": inString = true; out.append(c)
            case "{", "[":
                out.append(c)
                // An empty object or array stays on its line.
                if i + 1 < characters.count, characters[i + 1] == (c == "{" ? "}" : "]") { continue }
                depth += 1
                newline()
            case "}", "]":
                if i > 0, characters[i - 1] != (c == "}" ? "{" : "[") { depth -= 1; newline() }
                out.append(c)
            case ",": out.append(c); newline()
            case ":": out += ": "
            case " ", "\n", "\t", "\r": continue
            default: out.append(c)
            }
        }
        return out + "\n"
    }
}
