import BattleLogKit
import BattleLogPresentation
import Foundation

/// Options that apply to every command, accepted before or after the command name.
public struct GlobalOptions: Sendable {
    public var databasePath: String
    /// Whether `--db` or `$BATTLELOG_DB` named the path: a mistyped one must not become a new
    /// database, and an empty file there is refused rather than replaced.
    public var databasePathIsExplicit = false
    public var language: String?
    public var noColor = false
    /// The write-ahead log's bound (`WALBound`): `$BATTLELOG_WAL_MB` megabytes, else 128 MiB.
    public var walBoundBytes = WALBound.defaultBytes
    /// The config file's settings (the browser's mouse, refresh and keys), checked.
    var settings: Settings
    /// Where the database, the language and the colour came from (`battlelog config`).
    var sources: [String: Settings.Source] = ["database": .default, "language": .default, "theme": .default]

    /// `$BATTLELOG_WAL_MB`, checked: a whole number of megabytes from 1 to 1,048,576.
    static func walBound(environment: [String: String]) throws(UsageError) -> Int64 {
        guard let text = environment["BATTLELOG_WAL_MB"], !text.isEmpty else { return WALBound.defaultBytes }
        guard text.utf8.allSatisfy({ (0x30...0x39).contains($0) }), let mb = Int64(text), (1...1_048_576).contains(mb) else {
            throw UsageError(.key("cli.walMB", SafeText.escape(text)), usage: BattlelogCLI.usage)
        }
        return mb << 20
    }

    /// The label language: `--lang`, else the environment's (`LC_ALL`, `LC_MESSAGES`, `LANG`).
    func language(environment: [String: String]) -> String {
        language ?? Labels.language(environment: environment)
    }

    /// The default database: `$BATTLELOG_DB`, else `$XDG_DATA_HOME/battlelog/battlelog.sqlite`,
    /// else `~/.local/share/battlelog/battlelog.sqlite`.
    public static func defaultDatabasePath(environment: [String: String]) -> String {
        if let p = environment["BATTLELOG_DB"], !p.isEmpty { return p }
        if let xdg = environment["XDG_DATA_HOME"], !xdg.isEmpty { return xdg + "/battlelog/battlelog.sqlite" }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return home + "/.local/share/battlelog/battlelog.sqlite"
    }

    /// The global options: one declaration feeds parsing, the usage line and `--help`.
    static let specs: [OptionSpec] = [
        OptionSpec(.db, value: "PATH", help: "the database (default: $BATTLELOG_DB, else $XDG_DATA_HOME/battlelog/battlelog.sqlite,\nelse ~/.local/share/battlelog/battlelog.sqlite)"),
        OptionSpec(.lang, choices: ["en", "zh"], help: "label language (default from LC_ALL, LC_MESSAGES, LANG)"),
        OptionSpec(.noColor, help: "no colour in the browser (also: NO_COLOR=1)"),
    ]

    /// Takes the global options out of `arguments` (before or after the command), returning
    /// what is left.
    static func extract(from arguments: [String], environment: [String: String]) throws(UsageError) -> (GlobalOptions, [String]) {
        var options = GlobalOptions(databasePath: defaultDatabasePath(environment: environment), settings: Settings.load(environment: environment))
        options.walBoundBytes = try walBound(environment: environment)
        options.databasePathIsExplicit = !(environment["BATTLELOG_DB"] ?? "").isEmpty
        if options.databasePathIsExplicit { options.sources["database"] = .environment }
        if !(environment["NO_COLOR"] ?? "").isEmpty { options.sources["theme"] = .environment }
        var rest: [String] = []
        var i = 0
        while i < arguments.count {
            let arg = arguments[i]
            i += 1
            // `--` ends the options: before the command it is dropped (`--db x -- list`), after
            // it the command's parser sees it (`backup -- -b`).
            if arg == "--" { rest += arguments[(rest.isEmpty ? i : i - 1)...]; break }
            guard let spec = specs.first(where: { arg == "--" + $0.name || (($0.valueName != nil) && arg.hasPrefix("--\($0.name)=")) }) else {
                rest.append(arg)
                continue
            }
            var value = ""
            if spec.valueName != nil {
                if arg.hasPrefix("--\(spec.name)=") {
                    value = String(arg.dropFirst(spec.name.count + 3))
                } else {
                    guard i < arguments.count else { throw UsageError(.key("cli.needsValue", "--" + spec.name, spec.valueName!), usage: BattlelogCLI.usage) }
                    value = arguments[i]
                    i += 1
                }
                if value.isEmpty { throw UsageError(.key("cli.needsValue", "--" + spec.name, spec.valueName!), usage: BattlelogCLI.usage) }
                if let choices = spec.choices, !choices.contains(value) {
                    let name = spec.name, given = SafeText.escape(value)
                    throw UsageError(.localized { l in l.fill("cli.mustBe", "--" + name, choices.joined(separator: l["cli.or"]), given) }, usage: BattlelogCLI.usage)
                }
            }
            switch spec.key {
            case .db: options.databasePath = value; options.databasePathIsExplicit = true; options.sources["database"] = .flag
            case .lang: options.language = value; options.sources["language"] = .flag
            case .noColor: options.noColor = true; options.sources["theme"] = .flag
            default: break
            }
        }
        // The config file fills what neither a flag nor the environment set. A configured
        // database is named as --db names one: a mistyped path is an error, not a new demo.
        let file = options.settings
        if options.sources["database"] == .default, let db = file.database {
            options.databasePath = db; options.databasePathIsExplicit = true; options.sources["database"] = .file
        }
        if options.sources["language"] == .default, let language = file.language { options.language = language; options.sources["language"] = .file }
        if options.sources["theme"] == .default, let theme = file.theme { options.noColor = theme == "mono"; options.sources["theme"] = .file }
        return (options, rest)
    }
}
