import BattleLogBrowser
import BattleLogKit
import BattleLogPresentation

/// `battlelog.1`, generated from the command table, the filter language's reference and the
/// browser's key table (`battlelog help --man`).
enum ManPage {
    /// Text made safe for roff: backslashes escaped, a line never starting with a control
    /// character; in a word that is an option or a path (`--where`, `~/.config/...`), each
    /// dash a minus sign (`\-`) and no hyphenation (`\%`).
    static func roff(_ text: String) -> String {
        let words = SafeText.escape(text).replacingOccurrences(of: "\\", with: "\\e").split(separator: " ", omittingEmptySubsequences: false)
        var t = words.map { word -> String in
            let bare = word.drop { "([\"'".contains($0) }
            guard bare.hasPrefix("-") || bare.contains("/") || bare.hasPrefix("~") else { return String(word) }
            return "\\%" + word.replacingOccurrences(of: "-", with: "\\-")
        }.joined(separator: " ")
        if t.hasPrefix(".") || t.hasPrefix("'") { t = "\\&" + t }
        return t
    }

    /// The date of this release, for the page's header when `SOURCE_DATE_EPOCH` does not say.
    static let releaseDate = "2026-12-04"

    /// The header's date: `SOURCE_DATE_EPOCH` (reproducible builds) as YYYY-MM-DD, else the
    /// release date.
    static func date(environment: [String: String]) -> String {
        guard let text = environment["SOURCE_DATE_EPOCH"], let seconds = Int64(text) else { return releaseDate }
        return String(ISODate.format(seconds).prefix(10))
    }

    /// The EXAMPLES section: each a real command line (run by the tests, in this order, in an
    /// empty folder) and what it does. `output` names the file a `>` sends standard output to.
    static let examples: [(arguments: [String], output: String?, what: String)] = [
        (["simulate", "--fights", "5000", "--seed", "7"], nil, "Simulate 5,000 fights into the default database, the same ones for the same seed."),
        (["list", "--limit", "10"], nil, "The ten newest records."),
        (["list", "--where", "magic = villain and power >= 8"], nil, "Records whose Villain opened a gate of power 8 or more."),
        (["count", "--where", "result = draw"], nil, "How many fights ended in a draw (twice: a record for each side)."),
        (["show", "42"], nil, "One record whole: its magic, dice, timeline and errors."),
        (["stats", "--by", "owner"], nil, "Wins, losses and mean fight time of each Human."),
        (["replay", "42", "--speed", "8"], nil, "Replay a fight eight times faster than it was fought."),
        (["export", "--where", "result = win"], "wins.jsonl", "Every won fight as JSON lines."),
        (["export"], "all.jsonl", "The whole log as JSON lines, which import reads back."),
        (["--db", "copy.sqlite", "import", "all.jsonl"], nil, "Import it into another database (a fight comes with both its records)."),
        (["export", "--format", "csv", "--excel-safe"], "fights.csv", "Every record as CSV for a spreadsheet."),
        (["backup", "battles-backup.sqlite"], nil, "A consistent copy of the database, while others write to it."),
        (["doctor"], nil, "Check every record and the summaries; exit 1 if anything is damaged."),
    ]

    static func option(_ o: OptionSpec) -> String {
        let name = "\\fB\\-\\-" + o.name.replacingOccurrences(of: "-", with: "\\-") + "\\fR"
        return name + (o.valueName.map { " \\fI" + roff($0) + "\\fR" } ?? "")
    }

    static func text(environment: [String: String]) -> String {
        var lines: [String] = [
            ".TH BATTLELOG 1 \(date(environment: environment)) \"battlelog \(BattlelogCLI.version)\" \"User Commands\"",
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
        lines += [".TP", "\\fB\\-h\\fR, \\fB\\-\\-help\\fR", "the usage; \\fBbattlelog\\fR \\fICOMMAND\\fR \\fB\\-\\-help\\fR: a command's options.",
                  ".TP", "\\fB\\-V\\fR, \\fB\\-\\-version\\fR", "the version, and SQLite's.",
                  ".TP", "\\fB\\-\\-\\fR", "the end of the options: what follows is the command, or a command's arguments.",
                  ".SH COMMANDS"]
        for c in BattlelogCLI.commands {
            let spec = c.spec
            lines += [".SS " + roff(([spec.name] + spec.positionals).joined(separator: " ")), roff(spec.summary)]
            for o in spec.options {
                lines += [".TP", option(o), roff(o.help.replacingOccurrences(of: "\n", with: " "))]
            }
        }
        lines += [".SH FILTER LANGUAGE",
                  roff("--where and the browser's f take one expression over each record."),
                  ".TP", "\\fBfields\\fR", FilterLanguageReference.fields.map { "\\%" + roff($0) }.joined(separator: " "),
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
                  ".TP", "\\fBXDG_CONFIG_HOME\\fR", roff("where the config file is (battlelog/config.toml; else ~/.config); a relative path is ignored."),
                  ".TP", "\\fBCOLUMNS\\fR", roff("the width help is wrapped to (else the terminal's, else 80)."),
                  ".TP", "\\fBTERM\\fR", roff("dumb: no progress bar, no escape sequence."),
                  ".TP", "\\fBSOURCE_DATE_EPOCH\\fR", roff("the date in this page's header (help --man)."),
                  ".TP", "\\fBBATTLELOG_WAL_MB\\fR", roff("the write-ahead log's bound in MiB (default 128)."),
                  ".TP", "\\fBNO_COLOR\\fR", roff("no colour in the browser."),
                  ".TP", "\\fBLC_ALL\\fR, \\fBLC_MESSAGES\\fR, \\fBLANG\\fR", roff("the labels' language (en or zh) when --lang is not given."),
                  ".SH FILES",
                  ".TP", "\\fI~/.config/battlelog/config.toml\\fR",
                  roff("the settings, in TOML 1.0: database, language, theme (dark, light, high-contrast, mono), theme_file (a theme file: base and [roles]), mouse, refresh_ms, replay_speed, export_dir, [clipboard] command, and [keys] (an action's name = its keys); battlelog config shows them and where each comes from, battlelog config --check names each refused setting (FILE:LINE:COLUMN for a document that is not TOML), battlelog keys shows the keys in effect."),
                  ".TP", "\\fI~/.local/share/battlelog/battlelog.sqlite\\fR", roff("the default database, made with a demo on first run."),
                  ".SH EXIT STATUS",
                  ".TP", "0", roff("success."), ".TP", "1", roff("an error: a file, a database, a damaged value."),
                  ".TP", "2", roff("a usage error: an unknown option, a bad value."), ".TP", "130", roff("interrupted (Ctrl-C)."),
                  ".SH EXAMPLES"]
        for e in examples {
            let words = (["battlelog"] + e.arguments.map { $0.contains(" ") || $0.contains(">") ? "'\($0)'" : $0 }).joined(separator: " ")
                + (e.output.map { " > " + $0 } ?? "")
            lines += [".TP", "\\fB" + roff(words) + "\\fR", roff(e.what)]
        }
        lines += [".SH SEE ALSO", "\\fBsqlite3\\fR(1), \\fBtmux\\fR(1), \\fBtoml\\fR: https://toml.io/en/v1.0.0"]
        return lines.joined(separator: "\n") + "\n"
    }
}
