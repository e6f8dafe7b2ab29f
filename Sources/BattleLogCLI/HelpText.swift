import BattleLogPresentation

/// Help as people read it: wrapped to the terminal (to `COLUMNS` when set, to 80 columns when
/// piped), an option's help going on under itself.
enum HelpText {
    /// The width help is wrapped to.
    static func width(console: Console, environment: [String: String]) -> Int {
        if let text = environment["COLUMNS"], let n = Int(text), n > 0 { return max(20, n) }
        return console.columns ?? 80
    }

    /// Each line of `text` in at most `width` columns: broken at spaces, a continuation
    /// indented as far as the line's text begins (for `  --opt VALUE   help`, where the help
    /// begins). A word longer than the room stays whole, indented less.
    static func wrapped(_ text: String, width: Int) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).flatMap { wrap(String($0), width: width) }.joined(separator: "\n")
    }

    static func wrap(_ line: String, width: Int) -> [String] {
        guard DisplayWidth.of(line) > width else { return [line] }
        let indent = hangingIndent(line)
        let hang = indent < width / 2 ? indent : 4
        var lines: [String] = []
        var current = String(line.prefix(indent))
        var rest = Substring(line.dropFirst(indent))
        while !rest.isEmpty {
            let spaces = rest.prefix { $0 == " " }
            rest = rest.dropFirst(spaces.count)
            let word = rest.prefix { $0 != " " }
            rest = rest.dropFirst(word.count)
            guard !word.isEmpty else { break }
            let atStart = current.allSatisfy { $0 == " " }
            let joined = atStart ? current + word : current + spaces + word
            if DisplayWidth.of(joined) <= width {
                current = joined
            } else if atStart {
                // A word too long for its indent (a path) comes out from it as far as it must.
                current = String(repeating: " ", count: max(0, min(current.count, width - DisplayWidth.of(String(word))))) + word
            } else {
                lines.append(current)
                current = String(repeating: " ", count: max(0, min(hang, width - DisplayWidth.of(String(word))))) + word
            }
        }
        lines.append(current)
        return lines
    }

    /// Where a line's text begins: after its leading spaces, or, for an indented line of a
    /// table (an option, a command), after the run of two or more spaces that follows its name.
    static func hangingIndent(_ line: String) -> Int {
        let chars = Array(line)
        var i = chars.prefix { $0 == " " }.count
        guard i < chars.count, chars[i] == "-" || i > 0 else { return i }
        while i < chars.count {
            if chars[i] == " ", i + 1 < chars.count, chars[i + 1] == " " {
                while i < chars.count, chars[i] == " " { i += 1 }
                return i
            }
            i += 1
        }
        return chars.prefix { $0 == " " }.count
    }
}
