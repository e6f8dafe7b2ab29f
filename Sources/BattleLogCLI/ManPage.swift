import BattleLogBrowser
import BattleLogKit
import BattleLogPresentation

/// `battlelog.1`, generated from the command table, the filter language's reference and the
/// browser's key table (`battlelog help --man`).
enum ManPage {
    /// Text made safe for roff: backslashes escaped, a line never starting with a control
    /// character, hyphens in options kept as minus signs.
    static func roff(_ text: String) -> String {
        var t = SafeText.escape(text).replacingOccurrences(of: "\\", with: "\\e")
        if t.hasPrefix(".") || t.hasPrefix("'") { t = "\\&" + t }
        return t
    }

    static func option(_ o: OptionSpec) -> String {
        let name = "\\fB\\-\\-" + o.name.replacingOccurrences(of: "-", with: "\\-") + "\\fR"
        return name + (o.valueName.map { " \\fI" + roff($0) + "\\fR" } ?? "")
    }

    static var text: String {
        var lines: [String] = [
            ".TH BATTLELOG 1 \"\" \"battlelog \(BattlelogCLI.version)\" \"User Commands\"",
            ".SH NAME",
            "battlelog \\- a terminal battle\\-log browser over a SQLite store",
            ".SH SYNOPSIS",
            ".B battlelog",
        ]
        lines += GlobalOptions.specs.map { "[" + option($0) + "]" }
        lines += ["[\\fICOMMAND\\fR] [\\fIOPTIONS\\fR]", ".SH DESCRIPTION",
                  roff("battlelog simulates fights of Heroes against Villains into a SQLite store, and browses, searches, filters, replays and checks them. Without a command it opens the browser on the default database, made with a demo on first run."),
                  ".SH GLOBAL OPTIONS"]
        for o in GlobalOptions.specs {
            lines += [".TP", option(o), roff(o.help.replacingOccurrences(of: "\n", with: " "))]
        }
        lines += [".TP", "\\fB\\-\\-help\\fR, \\fB\\-\\-version\\fR", "the usage, or the version and SQLite's.", ".SH COMMANDS"]
        for c in BattlelogCLI.commands {
            let spec = c.spec
            lines += [".SS " + roff(([spec.name] + spec.positionals).joined(separator: " ")), roff(spec.summary)]
            for o in spec.options {
                lines += [".TP", option(o), roff(o.help.replacingOccurrences(of: "\n", with: " "))]
            }
        }
        lines += [".SH FILTER LANGUAGE",
                  roff("--where and the browser's f take one expression over each record."),
                  ".TP", "\\fBfields\\fR", roff(FilterLanguageReference.fields.joined(separator: " ")),
                  ".TP", "\\fBoperators\\fR", roff(FilterLanguageReference.operators),
                  ".TP", "\\fBvalues\\fR", roff(Labels.load("en")["filterHelp.valuesText"]),
                  ".TP", "\\fBexamples\\fR"]
        for e in FilterLanguageReference.examples { lines += [roff(e), ".br"] }
        lines += [".SH KEYS", roff("In the browser (? shows them too):")]
        let english = Labels.load("en")
        for context in KeyContext.allCases {
            switch context {
            case .browser: break
            case .analysis: lines += [".PP", roff("In the statistics view (t); the browser's other keys work there too:")]
            case .replay: lines += [".PP", roff("In a replay (r):")]
            case .coreData: lines += [".PP", roff("In the Core Data browser (coredata browse STORE, or --db STORE):")]
            }
            for b in KeyTable.bindings where b.context == context {
                lines += [".TP", "\\fB" + roff(b.keys.map(\.label).joined(separator: ", ")) + "\\fR", roff(english[b.labelKey])]
            }
        }
        lines += [".SH ENVIRONMENT",
                  ".TP", "\\fBBATTLELOG_DB\\fR", roff("the database when --db is not given."),
                  ".TP", "\\fBXDG_DATA_HOME\\fR", roff("where the default database lives (battlelog/battlelog.sqlite; else ~/.local/share)."),
                  ".TP", "\\fBXDG_STATE_HOME\\fR", roff("where the filter history is kept (battlelog/filter-history; else ~/.local/state)."),
                  ".TP", "\\fBXDG_CONFIG_HOME\\fR", roff("where the config file is (battlelog/config.toml; else ~/.config)."),
                  ".TP", "\\fBBATTLELOG_WAL_MB\\fR", roff("the write-ahead log's bound in MiB (default 128)."),
                  ".TP", "\\fBNO_COLOR\\fR", roff("no colour in the browser."),
                  ".TP", "\\fBLC_ALL\\fR, \\fBLC_MESSAGES\\fR, \\fBLANG\\fR", roff("the labels' language (en or zh) when --lang is not given."),
                  ".SH FILES",
                  ".TP", "\\fI~/.config/battlelog/config.toml\\fR",
                  roff("the settings: database, language, theme (dark, light, high-contrast, mono), theme_file (a theme file: base and [roles]), mouse, refresh_ms, replay_speed, export_dir, [clipboard] command, and [keys] (an action's name = its keys); battlelog config shows them and where each comes from, battlelog config --check names each refused line, battlelog keys shows the keys in effect."),
                  ".TP", "\\fI~/.local/share/battlelog/battlelog.sqlite\\fR", roff("the default database, made with a demo on first run."),
                  ".SH EXIT STATUS",
                  ".TP", "0", roff("success."), ".TP", "1", roff("an error: a file, a database, a damaged value."),
                  ".TP", "2", roff("a usage error: an unknown option, a bad value."), ".TP", "130", roff("interrupted (Ctrl-C)."),
                  ".SH SEE ALSO", "\\fBsqlite3\\fR(1)"]
        return lines.joined(separator: "\n") + "\n"
    }
}
