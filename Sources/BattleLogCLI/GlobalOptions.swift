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

    /// Takes the global options out of `arguments`, returning what is left.
    static func extract(from arguments: [String], environment: [String: String]) throws(UsageError) -> (GlobalOptions, [String]) {
        var options = GlobalOptions(databasePath: defaultDatabasePath(environment: environment))
        options.databasePathIsExplicit = !(environment["BATTLELOG_DB"] ?? "").isEmpty
        var rest: [String] = []
        var i = 0
        while i < arguments.count {
            let arg = arguments[i]
            i += 1
            if arg == "--" { rest += arguments[(i - 1)...]; break }
            func value(_ name: String) throws(UsageError) -> String {
                if arg.hasPrefix("--\(name)=") { return String(arg.dropFirst(name.count + 3)) }
                guard i < arguments.count else { throw UsageError("--\(name) needs a value", usage: BattlelogCLI.usage) }
                i += 1
                return arguments[i - 1]
            }
            if arg == "--db" || arg.hasPrefix("--db=") {
                options.databasePath = try value("db")
                options.databasePathIsExplicit = true
                if options.databasePath.isEmpty { throw UsageError("--db needs a path", usage: BattlelogCLI.usage) }
            } else if arg == "--lang" || arg.hasPrefix("--lang=") {
                let lang = try value("lang")
                guard lang == "en" || lang == "zh" else {
                    throw UsageError("--lang must be en or zh, got \"\(SafeText.escape(lang))\"", usage: BattlelogCLI.usage)
                }
                options.language = lang
            } else if arg == "--no-color" {
                options.noColor = true
            } else {
                rest.append(arg)
            }
        }
        return (options, rest)
    }
}
