/// The published schema (`docs/schemas/NAME.schema.json`) that a command line's standard output
/// follows, for the tools and tests that check it: `show --json` and each line of `list --json`
/// and `export` are a `record`, `stats --by A,B --json` a `stats-by-pair`, and so on.
public struct OutputSchema: Sendable, Equatable {
    /// The schema's name: its file in `docs/schemas` without `.schema.json`.
    public let name: String
    /// Whether the output is one document per line (JSON lines) rather than one document.
    public let isLines: Bool

    public init(name: String, isLines: Bool) {
        self.name = name
        self.isLines = isLines
    }

    /// The schema of `arguments`' output (global options anywhere), or nil when it writes no
    /// JSON (text, CSV, help).
    public static func of(_ arguments: [String]) -> OutputSchema? {
        var i = 0
        while i < arguments.count, arguments[i].hasPrefix("-") {
            let option = arguments[i]
            let takesValue = GlobalOptions.specs.contains { "--" + $0.name == option && $0.valueName != nil }
            i += takesValue ? 2 : 1
        }
        guard i < arguments.count else { return nil }
        let command = arguments[i]
        let rest = Array(arguments[(i + 1)...])
        if rest.contains("--help") || rest.contains("-h") { return nil }
        let json = rest.contains("--json")
        func value(_ option: String) -> String? {
            if let k = rest.firstIndex(of: option), k + 1 < rest.count { return rest[k + 1] }
            return rest.first { $0.hasPrefix(option + "=") }.map { String($0.dropFirst(option.count + 1)) }
        }
        let one = { (name: String) in OutputSchema(name: name, isLines: false) }
        let lines = { (name: String) in OutputSchema(name: name, isLines: true) }
        switch command {
        case "show": return json ? one("record") : nil
        case "list": return json ? lines("record") : nil
        case "export": return value("--format") == "csv" ? nil : lines("record")
        case "count": return json ? one("count") : nil
        case "inspect": return json ? one("inspect") : nil
        case "stats":
            guard json else { return nil }
            if rest.contains("--vs") { return one("stats-vs") }
            if let by = value("--by") { return one(by.contains(",") ? "stats-by-pair" : "stats-by") }
            return one("stats")
        case "coredata":
            guard json else { return nil }
            switch rest.first {
            case "info": return one("coredata-info")
            case "dump": return lines("coredata-object")
            case "history": return lines("coredata-history")
            default: return nil
            }
        default: return nil
        }
    }
}
