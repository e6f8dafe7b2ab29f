import BattleLogFoundation

/// A theme file (`theme_file` in the config file): a built-in theme to start from and the roles
/// it changes, in the config file's TOML subset:
///
/// ```toml
/// base = "light"
/// [roles]
/// selected = "black on cyan bold"
/// win = "green"
/// damaged = "bright-red underline"
/// border = "244"
/// ```
/// A look is a foreground, optionally `on` a background, and attributes (`bold`, `dim`,
/// `reverse`, `underline`); a colour is one of the sixteen's names (`red`, `bright-blue`), a
/// palette index 0–255, or `default` (the terminal's own). A bad line is refused, naming it;
/// the rest of the file applies.
public enum ThemeFile {
    /// The roles a theme file may set, by the names it gives them.
    public static let roles: [String: Style] = Dictionary(uniqueKeysWithValues: Style.allCases.map { (String(describing: $0), $0) })

    static let colourNames: [String: Theme.Colour] = [
        "black": 0, "red": 1, "green": 2, "yellow": 3, "blue": 4, "magenta": 5, "cyan": 6, "white": 7,
        "bright-black": 8, "gray": 8, "grey": 8, "bright-red": 9, "bright-green": 10, "bright-yellow": 11,
        "bright-blue": 12, "bright-magenta": 13, "bright-cyan": 14, "bright-white": 15,
    ]

    /// The theme `text` describes, and the lines refused.
    public static func parse(_ text: String, name: String) -> (Theme, [ConfigFile.Problem]) {
        let file = ConfigFile(text: text)
        var problems = file.problems
        var base = Theme.dark
        var looks: [Style: Theme.Look] = [:]
        for e in file.entries {
            switch (e.table, e.key, e.value) {
            case ("", "base", .string(let b)):
                if let t = Theme.named(b) { base = t } else {
                    problems.append(.init(line: e.line, message: "base: must be one of \(Theme.builtIn.map { "\"\($0.name)\"" }.joined(separator: ", ")), got \(e.value.summary)"))
                }
            case ("roles", let role, .string(let text)):
                guard let style = roles[role] else {
                    problems.append(.init(line: e.line, message: "\(role): no such role (roles: \(roles.keys.sorted().joined(separator: ", ")))"))
                    continue
                }
                do { looks[style] = try look(text) } catch { problems.append(.init(line: e.line, message: "\(role): \(error.message)")) }
            case ("roles", let role, _):
                problems.append(.init(line: e.line, message: "\(role): must be a look in quotes (\"black on cyan bold\"), got \(e.value.summary)"))
            default:
                problems.append(.init(line: e.line, message: "\(e.name): no such setting (a theme file has base and [roles])"))
            }
        }
        var merged = base.looks
        for (style, look) in looks { merged[style] = look }
        return (Theme(name: name, assumedBackground: base.assumedBackground, looks: merged), problems)
    }

    struct LookError: Error { let message: String }

    /// `"black on cyan bold"`, `"244"`, `"default on blue"`, `"underline"`.
    static func look(_ text: String) throws(LookError) -> Theme.Look {
        var look = Theme.Look()
        var words = text.lowercased().split(separator: " ").map(String.init)
        func colour(_ word: String) throws(LookError) -> Theme.Colour? {
            if word == "default" { return nil }
            if let c = colourNames[word] { return c }
            if let n = Int16(word), (0...255).contains(n) { return n }
            throw LookError(message: "\"\(SafeText.escape(word))\" is not a colour (a name such as red or bright-blue, 0 to 255, or default)")
        }
        let attributes = ["bold", "dim", "reverse", "underline"]
        if let first = words.first, !attributes.contains(first) {
            look.foreground = try colour(first)
            words.removeFirst()
            if words.first == "on" {
                words.removeFirst()
                guard let bg = words.first else { throw LookError(message: "a colour after \"on\"") }
                look.background = try colour(bg)
                words.removeFirst()
            }
        }
        for w in words {
            switch w {
            case "bold": look.bold = true
            case "dim": look.dim = true
            case "reverse": look.reverse = true
            case "underline": look.underline = true
            default: throw LookError(message: "\"\(SafeText.escape(w))\" is not an attribute (bold, dim, reverse, underline)")
            }
        }
        return look
    }
}
