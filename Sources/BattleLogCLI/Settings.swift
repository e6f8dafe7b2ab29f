import BattleLogBrowser
import BattleLogFoundation
import BattleLogKit
import Foundation

/// The settings of a config file, `$XDG_CONFIG_HOME/battlelog/config.toml` (else
/// `~/.config/battlelog/config.toml`), checked: what each setting is, and each line refused.
/// A refused line never stops a command: its setting keeps its default, and the browser says
/// so once in its status bar.
struct Settings: Sendable {
    /// Where a setting's value comes from.
    enum Source: String, Sendable { case `default`, file, environment, flag }

    /// The config file's path (whether or not it exists).
    let path: String
    /// Whether the file exists.
    let exists: Bool
    var database: String?
    var language: String?
    /// A built-in theme's name (`dark`, `light`, `high-contrast`, `mono`).
    var theme: String?
    var mouse: Bool?
    /// The function-key bar at the bottom of the browsers.
    var keyBar: Bool?
    var refreshMilliseconds: Int?
    /// A theme file's path, and the theme it gives (its refused lines are in `problems`).
    var themeFile: String?
    var fileTheme: Theme?
    /// Where the browsers' exports go when the name typed has no folder.
    var exportFolder: String?
    /// The speed a replay starts at (`2x`), as a power of two.
    var replaySpeed: String?
    var replaySpeedExponent: Int?
    /// `[clipboard] command`: copy through this command instead of OSC 52.
    var clipboardCommand: [String]?
    /// `[keys]` as written (action name, keys, line).
    var keyOverrides: [KeyMap.Override] = []
    /// The keys in effect: the key table with the accepted `[keys]` lines applied.
    var keyMap = KeyMap.standard
    /// The `[keys]` lines refused (their actions keep their default keys).
    var refusedKeyLines: Set<Int> = []
    /// Each refused line, in the file's order.
    var problems: [ConfigFile.Problem] = []

    /// The settings names the file may hold, for the error of an unknown one.
    static let known = ["database", "language", "theme", "theme_file", "mouse", "key_bar", "refresh_ms", "replay_speed", "export_dir",
                        "keys.ACTION", "clipboard.command"]

    /// The theme in effect: the theme file's, else the named one, else `dark`.
    var effectiveTheme: Theme { fileTheme ?? theme.flatMap(Theme.named) ?? .dark }

    static func path(environment: [String: String]) -> String {
        // The XDG spec: a relative path in XDG_CONFIG_HOME is invalid and ignored.
        if let xdg = environment["XDG_CONFIG_HOME"], xdg.hasPrefix("/") { return xdg + "/battlelog/config.toml" }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return home + "/.config/battlelog/config.toml"
    }

    /// `PATH:LINE:COLUMN: message` (as compilers write it), `PATH: message` for the whole file;
    /// terminal-safe.
    static func located(_ p: ConfigFile.Problem, in path: String) -> String {
        let place = p.line == 0 ? "" : ":\(p.line)" + (p.column.map { ":\($0)" } ?? "")
        return SafeText.escape(path) + place + ": " + SafeText.escape(p.message)
    }

    /// Reads and checks the config file (none: every setting its default).
    static func load(environment: [String: String]) -> Settings {
        let path = path(environment: environment)
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
            var s = Settings(path: path, exists: true)
            s.problems = [ConfigFile.Problem(line: 0, message: "this is a folder, not a config file")]
            return s
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            // Something is there that cannot be read (no permission, a link to nothing): said,
            // never taken for a missing file.
            var link = stat()
            guard lstat(path, &link) == 0 else { return Settings(path: path, exists: false) }
            var s = Settings(path: path, exists: true)
            var target = stat()
            let why = stat(path, &target) != 0 ? "it is a symbolic link to nothing" : "it cannot be read (\(String(cString: strerror(access(path, R_OK) == 0 ? EIO : errno))))"
            s.problems = [ConfigFile.Problem(line: 0, message: why)]
            return s
        }
        var s = Settings(path: path, exists: true)
        guard let text = String(validating: data, as: UTF8.self) else {
            s.problems = [ConfigFile.Problem(line: 1, message: "the file is not UTF-8 text")]
            return s
        }
        let file = ConfigFile(text: text)
        s.problems = file.problems
        func refuse(_ e: ConfigFile.Entry, _ why: String) { s.problems.append(ConfigFile.Problem(line: e.line, message: "\(e.name): \(why)")) }
        func expanded(_ p: String) -> String { p.hasPrefix("~/") ? (environment["HOME"] ?? NSHomeDirectory()) + String(p.dropFirst(1)) : p }
        func isAFolder(_ p: String) -> Bool {
            var folder: ObjCBool = false
            return FileManager.default.fileExists(atPath: p, isDirectory: &folder) && folder.boolValue
        }
        for e in file.entries {
            switch (e.table, e.key, e.value) {
            case ("", "database", .string(let p)) where !p.isEmpty:
                s.database = p.hasPrefix("~/") ? (environment["HOME"] ?? NSHomeDirectory()) + String(p.dropFirst(1)) : p
            case ("", "language", .string(let l)) where ["en", "zh"].contains(l): s.language = l
            case ("", "language", _): refuse(e, "must be \"en\" or \"zh\", got \(e.value.summary)")
            case ("", "theme", .string(let t)) where Theme.named(t) != nil: s.theme = t
            case ("", "theme", _): refuse(e, "must be one of \(Theme.builtIn.map { "\"\($0.name)\"" }.joined(separator: ", ")), got \(e.value.summary)")
            case ("", "mouse", .bool(let b)): s.mouse = b
            case ("", "mouse", _): refuse(e, "must be true or false, got \(e.value.summary)")
            case ("", "key_bar", .bool(let b)): s.keyBar = b
            case ("", "key_bar", _): refuse(e, "must be true or false, got \(e.value.summary)")
            case ("", "refresh_ms", .integer(let n)) where (100...60_000).contains(n): s.refreshMilliseconds = Int(n)
            case ("", "refresh_ms", _): refuse(e, "must be a whole number of milliseconds from 100 to 60000, got \(e.value.summary)")
            case ("", "database", _): refuse(e, "must be a path in quotes, got \(e.value.summary)")
            case ("", "export_dir", .string(let p)) where isAFolder(expanded(p)): s.exportFolder = expanded(p)
            case ("", "export_dir", .string(let p)): refuse(e, "no such folder: \(SafeText.escape(expanded(p)))")
            case ("", "export_dir", _): refuse(e, "must be a folder's path in quotes, got \(e.value.summary)")
            case ("", "replay_speed", .string(let t)) where ReplayPlayer.speedExponent(of: t) != nil:
                s.replaySpeed = t.lowercased()
                s.replaySpeedExponent = ReplayPlayer.speedExponent(of: t)
            case ("", "replay_speed", _): refuse(e, "must be one of \"1/16x\" ... \"1/2x\", \"1x\", \"2x\" ... \"16x\", got \(e.value.summary)")
            case ("", "theme_file", .string(let p)):
                let path = expanded(p)
                guard let data = FileManager.default.contents(atPath: path), !isAFolder(path),
                      let text = String(validating: data, as: UTF8.self) else {
                    refuse(e, "cannot read \(SafeText.escape(path)) (a UTF-8 theme file: base = \"light\", then [roles])")
                    continue
                }
                let (theme, problems) = ThemeFile.parse(text, name: PathParts.name(of: path))
                s.themeFile = path
                s.fileTheme = theme
                s.problems += problems.map { ConfigFile.Problem(line: e.line, message: "theme_file \(SafeText.escape(path)): \($0.description)") }
            case ("", "theme_file", _): refuse(e, "must be a path in quotes, got \(e.value.summary)")
            case ("clipboard", "command", .strings(let command)) where !command.isEmpty && !command[0].isEmpty: s.clipboardCommand = command
            case ("clipboard", "command", _): refuse(e, "must be a command and its arguments in quotes ([\"xclip\", \"-selection\", \"clipboard\"]), got \(e.value.summary)")
            case ("keys", let action, .strings(let keys)): s.keyOverrides.append(KeyMap.Override(action: action, keys: keys, line: e.line))
            case ("keys", _, _): refuse(e, "must be a list of keys in quotes ([\"f\", \"ctrl-f\"]), got \(e.value.summary)")
            default: refuse(e, "no such setting (settings: \(known.joined(separator: ", ")))")
            }
        }
        // Keys that name no action or collide are refused here too.
        let (map, refused) = KeyMap.applying(s.keyOverrides)
        s.keyMap = map
        s.refusedKeyLines = Set(refused.map(\.line))
        s.problems += refused.map { ConfigFile.Problem(line: $0.line, message: "keys.\($0.message)") }
        s.problems.sort { $0.line < $1.line }
        return s
    }
}
