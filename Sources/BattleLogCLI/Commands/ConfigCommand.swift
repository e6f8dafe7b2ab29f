import BattleLogBrowser
import BattleLogFoundation
import BattleLogKit
import BattleLogPresentation

/// `battlelog config [--check]`: the settings in effect and where each comes from (default,
/// file, environment, flag), in the config file's own form; `--check` names each refused line
/// of the file and exits 1 if there is one.
enum ConfigCommand: Command {
    static let spec = CommandSpec(
        name: "config", summary: "Show the settings in effect and where each comes from; --check validates the config file.",
        options: [OptionSpec(.check, help: "check the config file: each refused line, exit 1 if any")], positionals: [])

    static func run(_ a: ParsedArguments, globals: GlobalOptions, console: Console, environment: [String: String]) throws -> Int32 {
        let s = globals.settings
        let e = SafeText.escape
        if a.has(.check) {
            guard s.exists else {
                console.line("\(e(s.path)): no config file; every setting is its default")
                return ExitStatus.success
            }
            if s.problems.isEmpty {
                console.line("\(e(s.path)): ok")
                return ExitStatus.success
            }
            for p in s.problems { console.line(Settings.located(p, in: s.path)) }
            return ExitStatus.failure
        }
        console.line("# config file: \(e(s.path))" + (s.exists ? "" : " (none: every setting is its default)"))
        var rows: [(String, String)] = []
        func source(_ name: String) -> String { (globals.sources[name] ?? .default).rawValue }
        rows.append(("database = " + ConfigFile.quoted(globals.databasePath), source("database")))
        // The locale decides only when one is set; with none, English is the default.
        let localeSet = ["LC_ALL", "LC_MESSAGES", "LANG"].contains { !(environment[$0] ?? "").isEmpty }
        rows.append(("language = " + ConfigFile.quoted(globals.language(environment: environment)),
                     globals.sources["language"] == .default && globals.language == nil && localeSet ? "environment (the locale)" : source("language")))
        let theme = globals.noColor || !(environment["NO_COLOR"] ?? "").isEmpty ? "mono" : (s.theme ?? "dark")
        rows.append(("theme = " + ConfigFile.quoted(theme), source("theme")))
        if let file = s.themeFile { rows.append(("theme_file = " + ConfigFile.quoted(file), "file (it wins over theme)")) }
        rows.append(("mouse = \(s.mouse ?? true)", s.mouse == nil ? "default" : "file"))
        rows.append(("key_bar = \(s.keyBar ?? false)", s.keyBar == nil ? "default" : "file"))
        rows.append(("refresh_ms = \(s.refreshMilliseconds ?? 400)", s.refreshMilliseconds == nil ? "default" : "file"))
        rows.append(("replay_speed = " + ConfigFile.quoted(s.replaySpeed ?? "1x"), s.replaySpeed == nil ? "default" : "file"))
        rows.append(("export_dir = " + ConfigFile.quoted(s.exportFolder ?? "."), s.exportFolder == nil ? "default (the current folder)" : "file"))
        rows.append(("", ""))
        rows.append(("[clipboard]", ""))
        rows.append(("command = " + (s.clipboardCommand.map { ConfigFile.Value.strings($0).description } ?? "[]"),
                     s.clipboardCommand == nil ? "default (none: OSC 52, through the terminal)" : "file"))
        rows.append(("", ""))
        rows.append(("[keys]", ""))
        let map = s.keyMap
        let changed = Set(s.keyOverrides.filter { !s.refusedKeyLines.contains($0.line) }.map(\.action))
        var listed = Set<String>()
        for b in map.bindings where listed.insert(b.action.rawValue).inserted {
            // The keys of its first context (the record browser's, for an action of both); a
            // context whose keys differ (by default only) is named in the comment.
            func text(_ keys: [Key]) -> String { ConfigFile.Value.strings(keys.map(\.label)).description }
            let others = map.bindings.filter { $0.action == b.action && $0.context != b.context && $0.keys != b.keys }
            let from = changed.contains(b.action.rawValue) ? "file" : "default"
            rows.append(("\(b.action.rawValue) = " + text(b.keys),
                         ([from] + others.map { "in the \(Self.browserName($0.context)) " + text($0.keys) }).joined(separator: "; ")))
        }
        let width = min(40, rows.map { DisplayWidth.of($0.0) }.max() ?? 0)
        for (text, from) in rows {
            // A long value is written whole: the comment moves right, the value is never cut.
            let shown = e(text)
            console.line(from.isEmpty ? shown : shown + String(repeating: " ", count: max(0, width - DisplayWidth.of(shown))) + "  # " + from)
        }
        for p in s.problems { console.line("# refused: " + Settings.located(p, in: s.path)) }
        return ExitStatus.success
    }

    /// Where a key context's keys act, as the config listing names it.
    static func browserName(_ context: KeyContext) -> String {
        switch context {
        case .browser: "browser"
        case .analysis: "statistics view"
        case .replay: "replay"
        case .coreData: "Core Data browser"
        }
    }
}
