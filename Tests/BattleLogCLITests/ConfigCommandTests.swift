import Foundation
import Testing
@testable import BattleLogCLI
import BattleLogBrowser

/// `battlelog config [--check]` and the settings a config file gives every command.
@Suite struct ConfigCommandTests {
    /// Runs battlelog with only `environment` (no BATTLELOG_DB unless given).
    static func run(_ arguments: [String], environment: [String: String]) -> CLIRun {
        final class Box: @unchecked Sendable { var out = ""; var err = "" }
        let box = Box()
        let status = BattlelogCLI.run(arguments, console: Console(out: { box.out += $0 }, err: { box.err += $0 }), environment: environment)
        return CLIRun(status: status, out: box.out, err: box.err)
    }

    @Test func checkNamesEachBadLineAndExitsOne() throws {
        let dir = TempDir()
        let env = ["XDG_CONFIG_HOME": dir.file("config"), "HOME": dir.file("home")]
        let none = Self.run(["config", "--check"], environment: env)
        #expect(none.status == 0 && none.out.contains("no config file"))
        try FileManager.default.createDirectory(atPath: dir.file("config/battlelog"), withIntermediateDirectories: true)
        let path = dir.file("config/battlelog/config.toml")
        try "language = \"zh\"\nmouse = false\n[keys]\nfilter = [\"ф\"]\n".write(toFile: path, atomically: true, encoding: .utf8)
        let good = Self.run(["config", "--check"], environment: env)
        #expect(good.status == 0 && good.out == "\(path): ok\n")
        try "language = \"fr\"\nmouse = false\ncolour = \"red\"\n[keys]\nsearch = [\"s\"]\nfilter = [\"ф\"]\n".write(toFile: path, atomically: true, encoding: .utf8)
        let bad = Self.run(["config", "--check"], environment: env)
        #expect(bad.status == 1)
        let lines = bad.out.split(separator: "\n").map(String.init)
        #expect(lines.count == 3, "\(bad.out)")
        #expect(lines.first?.hasPrefix("\(path):1: language: must be \"en\" or \"zh\", got \"fr\"") == true)
        #expect(lines.dropFirst().first?.hasPrefix("\(path):3: colour: no such setting") == true)
        #expect(lines.last?.hasPrefix("\(path):5: keys.search: s would be bound to both") == true)
    }

    /// `key_bar`: true or false, shown by `config` with where it came from.
    @Test func theKeyBarIsASettingOfTheFile() throws {
        let dir = TempDir()
        let env = ["XDG_CONFIG_HOME": dir.file("config"), "HOME": dir.file("home")]
        #expect(Self.run(["config"], environment: env).out.contains("key_bar = false"))
        try FileManager.default.createDirectory(atPath: dir.file("config/battlelog"), withIntermediateDirectories: true)
        let path = dir.file("config/battlelog/config.toml")
        try "key_bar = true\n".write(toFile: path, atomically: true, encoding: .utf8)
        let shown = Self.run(["config"], environment: env)
        #expect(shown.out.split(separator: "\n").contains { $0.hasPrefix("key_bar = true") && $0.hasSuffix("file") }, "\(shown.out)")
        try "key_bar = \"yes\"\n".write(toFile: path, atomically: true, encoding: .utf8)
        let bad = Self.run(["config", "--check"], environment: env)
        #expect(bad.status == 1 && bad.out.hasPrefix("\(path):1: key_bar: must be true or false, got \"yes\""), "\(bad.out)")
    }

    /// A config file that is there but unreadable is an error naming it for `config --check`
    /// and one warning line for every other command; a refused setting is said once by each
    /// command; a long value is summarised; a relative XDG_CONFIG_HOME is ignored (issue 39 §2).
    @Test func unreadableAndRefusedConfigsAreSaidOnceEverywhere() throws {
        let dir = TempDir()
        let db = dir.file("d.sqlite")
        #expect(cli(["simulate", "--fights", "3"], db: db).status == 0)
        let folder = dir.file("config/battlelog")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let path = folder + "/config.toml"
        let env = ["XDG_CONFIG_HOME": dir.file("config"), "HOME": dir.file("home"), "BATTLELOG_DB": db]
        // A link to nothing, then a folder in its place.
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: dir.file("nowhere"))
        let dangling = Self.run(["config", "--check"], environment: env)
        #expect(dangling.status == 1 && dangling.out == "\(path): it is a symbolic link to nothing\n", "\(dangling.out)")
        let listed = Self.run(["list", "--limit", "1"], environment: env)
        #expect(listed.status == 0 && listed.err == "battlelog: config: \(path): it is a symbolic link to nothing; its default is used\n", "\(listed.err)")
        try FileManager.default.removeItem(atPath: path)
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        #expect(Self.run(["config", "--check"], environment: env).status == 1)
        try FileManager.default.removeItem(atPath: path)
        // Not TOML: named at its line and column, by every command, once.
        try "theme = \"light\"\nlanguage = \"zh\n".write(toFile: path, atomically: true, encoding: .utf8)
        for command in [["list", "--limit", "1"], ["stats"], ["names"], ["show", "1"]] {
            let r = Self.run(command, environment: env)
            #expect(r.status == 0, "\(command): \(r.err)")
            #expect(r.err.hasPrefix("battlelog: config: \(path):2:15: ") && r.err.split(separator: "\n").count == 1, "\(command): \(r.err)")
        }
        // A long value is summarised.
        try "theme = \"\(String(repeating: "a", count: 3000))\"\n".write(toFile: path, atomically: true, encoding: .utf8)
        let long = Self.run(["config", "--check"], environment: env)
        #expect(long.out.hasSuffix("… (3002 characters)\n") && long.out.count < 300, "\(long.out.prefix(300))")
        // A relative XDG_CONFIG_HOME is ignored: the file under HOME is read instead.
        let relative = Self.run(["config", "--check"], environment: ["XDG_CONFIG_HOME": "config", "HOME": dir.file("home")])
        #expect(relative.out == "\(dir.file("home"))/.config/battlelog/config.toml: no config file; every setting is its default\n", "\(relative.out)")
    }

    /// Each setting says where it comes from: a flag beats the environment, which beats the
    /// file, which beats the default; the file's database is used by every command.
    @Test func settingsSayWhereTheyComeFrom() throws {
        let dir = TempDir()
        let db = dir.file("configured.sqlite")
        #expect(cli(["simulate", "--fights", "5", "--seed", "1"], db: db).status == 0)
        try FileManager.default.createDirectory(atPath: dir.file("config/battlelog"), withIntermediateDirectories: true)
        try "database = \"\(db)\"\nlanguage = \"zh\"\ntheme = \"mono\"\nrefresh_ms = 250\n[keys]\nfilter = [\"ф\", \"ctrl-f\"]\n"
            .write(toFile: dir.file("config/battlelog/config.toml"), atomically: true, encoding: .utf8)
        let env = ["XDG_CONFIG_HOME": dir.file("config"), "HOME": dir.file("home")]
        let shown = Self.run(["config"], environment: env).out
        #expect(shown.contains("database = \"\(db)\""))
        for (setting, source) in [("database", "file"), ("language", "file"), ("theme", "file"), ("refresh_ms", "file"), ("mouse", "default"), ("filter", "file"), ("search", "default")] {
            #expect(shown.split(separator: "\n").contains { $0.hasPrefix(setting + " = ") && $0.hasSuffix("# " + source) }, "\(setting): \(shown)")
        }
        #expect(shown.contains("filter = [\"ф\", \"Ctrl-F\"]"))
        // The configured database serves every command.
        #expect(Self.run(["stats", "--json"], environment: env).out.contains("\"records\":10"))
        // A flag and the environment win over the file.
        let flagged = Self.run(["--lang", "en", "--db", dir.file("other.sqlite"), "config"], environment: env.merging(["NO_COLOR": "1"]) { $1 }).out
        for (setting, source) in [("database", "flag"), ("language", "flag"), ("theme", "environment")] {
            #expect(flagged.split(separator: "\n").contains { $0.hasPrefix(setting + " = ") && $0.hasSuffix("# " + source) }, "\(setting): \(flagged)")
        }
    }

    /// An action whose default keys differ between the browsers lists the record browser's
    /// and names the others' in its comment (Space was listed as `open`, which in the record
    /// browser it is not: it pages down); a key set in the file is every browser's.
    @Test func keysThatDifferByBrowserAreSaidSo() throws {
        let dir = TempDir()
        let env = ["XDG_CONFIG_HOME": dir.file("config"), "HOME": dir.file("home")]
        let lines = Self.run(["config"], environment: env).out.split(separator: "\n").map(String.init)
        let open = try #require(lines.first { $0.hasPrefix("open = ") })
        #expect(open.hasPrefix("open = [\"Enter\"] ") && open.hasSuffix("# default; in the Core Data browser [\"Enter\", \"Space\"]"), "\(open)")
        let pageDown = try #require(lines.first { $0.hasPrefix("pageDown = ") })
        #expect(pageDown.hasPrefix("pageDown = [\"PgDn\", \"Space\"] ") && pageDown.hasSuffix("# default; in the Core Data browser [\"PgDn\"]"), "\(pageDown)")
        #expect(lines.contains { $0.hasPrefix("search = [\"/\"]") && $0.hasSuffix("# default") })
        try FileManager.default.createDirectory(atPath: dir.file("config/battlelog"), withIntermediateDirectories: true)
        try "[keys]\nopen = [\"w\"]\n".write(toFile: dir.file("config/battlelog/config.toml"), atomically: true, encoding: .utf8)
        let set = Self.run(["config"], environment: env).out.split(separator: "\n").first { $0.hasPrefix("open = ") }
        #expect(set.map { $0.hasPrefix("open = [\"w\"]") && $0.hasSuffix("# file") } == true, "\(set ?? "")")
    }

    /// The language is credited to the locale only when one is set (a trial with LANG,
    /// LC_ALL and LC_MESSAGES unset read "environment (the locale)").
    @Test func theLanguageIsTheLocalesOnlyWhenOneIsSet() {
        let dir = TempDir()
        let env = ["XDG_CONFIG_HOME": dir.file("config"), "HOME": dir.file("home")]
        func language(_ extra: [String: String]) -> String {
            Self.run(["config"], environment: env.merging(extra) { $1 }).out.split(separator: "\n").first { $0.hasPrefix("language = ") }.map(String.init) ?? ""
        }
        #expect(language([:]).hasPrefix("language = \"en\"") && language([:]).hasSuffix("# default"), "\(language([:]))")
        #expect(language(["LC_ALL": ""]).hasSuffix("# default"))
        let zh = language(["LANG": "zh_CN.UTF-8"])
        #expect(zh.hasPrefix("language = \"zh\"") && zh.hasSuffix("# environment (the locale)"), "\(zh)")
    }

    @Test func themeFileExportFolderReplaySpeedAndClipboardAreSettings() throws {
        let dir = TempDir()
        let env = ["XDG_CONFIG_HOME": dir.file("config"), "HOME": dir.file("home")]
        try FileManager.default.createDirectory(atPath: dir.file("config/battlelog"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: dir.file("exports"), withIntermediateDirectories: true)
        try "base = \"light\"\n[roles]\nselected = \"black on cyan bold\"\nwin = \"bright-green\"\n".write(toFile: dir.file("night.toml"), atomically: true, encoding: .utf8)
        let path = dir.file("config/battlelog/config.toml")
        try """
            theme_file = "\(dir.file("night.toml"))"
            export_dir = "\(dir.file("exports"))"
            replay_speed = "2x"
            [clipboard]
            command = ["xclip", "-selection", "clipboard"]

            """.write(toFile: path, atomically: true, encoding: .utf8)
        let good = Self.run(["config", "--check"], environment: env)
        #expect(good.status == 0, "\(good.out)")
        let shown = Self.run(["config"], environment: env)
        #expect(shown.out.contains("replay_speed = \"2x\"") && shown.out.contains("export_dir = \"\(dir.file("exports"))\""))
        #expect(shown.out.contains("command = [\"xclip\", \"-selection\", \"clipboard\"]"))
        let settings = Settings.load(environment: env)
        #expect(settings.effectiveTheme.look(.selected) == Theme.Look(0, on: 6, bold: true))
        #expect(settings.effectiveTheme.look(.win).foreground == 10)
        #expect(settings.effectiveTheme.look(.loss) == Theme.light.look(.loss), "the roles it does not set are its base's")
        #expect(settings.replaySpeedExponent == 1 && settings.clipboardCommand?.first == "xclip")
        // Each bad line named, with its reason; a bad line in the theme file names both files' lines.
        try "base = \"sepia\"\n[roles]\nwin = \"greenish\"\nvictory = \"red\"\n".write(toFile: dir.file("night.toml"), atomically: true, encoding: .utf8)
        try """
            theme_file = "\(dir.file("night.toml"))"
            export_dir = "\(dir.file("nowhere"))"
            replay_speed = "3x"
            [clipboard]
            command = []

            """.write(toFile: path, atomically: true, encoding: .utf8)
        let bad = Self.run(["config", "--check"], environment: env)
        #expect(bad.status == 1)
        let lines = bad.out.split(separator: "\n").map(String.init)
        #expect(lines.count == 6, "\(bad.out)")
        #expect(lines[0].contains(":1: theme_file") && lines[0].contains("line 1: base: must be one of"))
        #expect(lines[1].contains(":1: theme_file") && lines[1].contains("\"greenish\" is not a colour"))
        #expect(lines[2].contains(":1: theme_file") && lines[2].contains("victory: no such role"))
        #expect(lines[3].contains(":2: export_dir: no such folder"))
        #expect(lines[4].contains(":3: replay_speed: must be one of"))
        #expect(lines[5].contains(":5: clipboard.command: must be a command"))
    }

    @Test func keysShowsTheKeysInEffectAndItsMarkdownIsTheReadmes() throws {
        let dir = TempDir()
        let env = ["XDG_CONFIG_HOME": dir.file("config"), "HOME": dir.file("home")]
        #expect(Self.run(["keys", "--markdown"], environment: env).out.hasPrefix(KeyTable.markdown + "\n"))
        try FileManager.default.createDirectory(atPath: dir.file("config/battlelog"), withIntermediateDirectories: true)
        try "[keys]\nfilter = [\"ф\", \"ctrl-f\"]\ndrillUp = [\"u\"]\n".write(toFile: dir.file("config/battlelog/config.toml"), atomically: true, encoding: .utf8)
        let keys = Self.run(["keys"], environment: env)
        #expect(keys.status == 0)
        #expect(keys.out.contains("ф Ctrl-F") && keys.out.contains("(filter)"), "\(keys.out)")
        #expect(keys.out.contains("In the Core Data browser"))
        // The statistics view's own keys, remapped like any other.
        let drillUp = keys.out.split(separator: "\n").first { $0.hasSuffix("(drillUp)") }
        #expect(keys.out.contains("In the statistics view") && drillUp?.hasPrefix("  u ") == true, "\(keys.out)")
    }
}
