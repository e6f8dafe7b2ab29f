import Foundation
import Testing
@testable import BattleLogCLI
import BattleLogKit
import BattleLogPresentation
@testable import BattleLogBrowser

/// What a new user meets in the first minute on the command line (issue 18).
@Suite struct FirstMinuteTests {
    /// A small simulated database whose first Humans carry names in several scripts.
    static func scriptedNames(_ dir: TempDir) throws -> String {
        let db = dir.file("names.sqlite")
        let r = cli(["simulate", "--fights", "200", "--seed", "3", "--heroes", "4", "--villains", "4"], db: db)
        #expect(r.status == 0, "\(r.err)")
        let store = try BattleStore(path: db)
        let names = ["สมศักดิ์ ทองดี", "🧙🏽‍♂️ Merlin", "שָׁלוֹם כהן", "Amélie Café"]
        for (human, name) in zip(store.humans, names) {
            try store.executeRaw("UPDATE human SET name = ? WHERE id = ?", [name, human.id])
        }
        return db
    }

    @Test func containsFindsWhatWasTypedSoFarInEveryScript() throws {
        let dir = TempDir()
        let db = try Self.scriptedNames(dir)
        for (needle, name) in [("สมศ", "สมศักดิ์ ทองดี"), ("🧙", "🧙🏽‍♂️ Merlin"), ("שלום", "שָׁלוֹם כהן"), ("amelie", "Amélie Café")] {
            let r = cli(["list", "--where", "owner ~ \"\(needle)\"", "--json", "--limit", "3"], db: db)
            #expect(r.status == 0, "\(r.err)")
            let lines = r.out.split(separator: "\n")
            #expect(lines.count == 3, "owner ~ \(needle)")
            #expect(lines.allSatisfy { $0.contains(name) }, "owner ~ \(needle)")
        }
    }

    @Test func joinersThatAreTextAreShownAndOtherJoinersStayEscaped() throws {
        #expect(SafeText.escape("🧙🏽‍♂️ Merlin 👩‍👩‍👧‍👦") == "🧙🏽‍♂️ Merlin 👩‍👩‍👧‍👦")
        #expect(SafeText.escape("ශ්‍රී Lanka") == "ශ්‍රී Lanka")              // Sinhala: a joiner after a virama
        #expect(SafeText.escape("می‌خواهم") == "می‌خواهم")                    // Persian: a non-joiner
        #expect(SafeText.escape("A\u{200D}B") == "A\\u{200d}B")            // hides something between ASCII
        #expect(SafeText.escape("\u{200D}🧙") == "\\u{200d}🧙")            // nothing before it
        #expect(SafeText.escape("🧙\u{200D}\u{1B}[2J") == "🧙\u{200D}^[[2J")
        #expect(SafeText.escape("A\u{200B}B") == "A\\u{200b}B")            // a zero-width space stays escaped
        // Where columns line up the joiners are left out: every terminal agrees on the parts' widths.
        #expect(DisplayWidth.truncate("ab 👩‍👩‍👧‍👦", to: 40) == "ab 👩👩👧👦")
        let dir = TempDir()
        let db = try Self.scriptedNames(dir)
        let merlin = "🧙🏽‍♂️ Merlin"
        for args in [["list", "--owner", merlin, "--limit", "2"], ["stats"]] {
            let r = cli(args, db: db)
            #expect(r.status == 0, "\(r.err)")
            #expect(r.out.contains("🧙🏽♂️ Merlin"), "\(args)")
            #expect(!r.out.contains("200d") && !r.out.contains("200D"), "\(args)")
        }
        // Text that flows keeps the sequence whole.
        let json = cli(["list", "--owner", merlin, "--json", "--limit", "1"], db: db).out
        #expect(json.contains(merlin) && !json.contains("200d"))
        let id = try #require(json.split(separator: ",").first?.split(separator: ":").last)
        let show = cli(["show", String(id)], db: db)
        #expect(show.out.contains(merlin) && !show.out.contains("200d"))
    }

    @Test func anExplicitPathInAMissingFolderIsRefusedAndMakesNoFolder() throws {
        let dir = TempDir()
        let typo = dir.file("typo/deep/c.sqlite")
        let r = cli(["simulate", "--fights", "1"], db: typo)
        #expect(r.status == 1)
        #expect(r.err.hasPrefix("battlelog: \(typo): the folder \(dir.file("typo/deep")) does not exist; make it first"), "\(r.err)")
        #expect(r.err.split(separator: "\n").count == 1)
        #expect(!FileManager.default.fileExists(atPath: dir.file("typo")))
        // A command that reads says the same, not "no such database" with advice that fails
        // (a trial ran the `simulate` it suggested and met this message).
        for command in [["list"], ["count"], ["stats"]] {
            let read = cli(command, db: typo)
            #expect(read.status == 1 && read.err.hasPrefix("battlelog: \(typo): the folder \(dir.file("typo/deep")) does not exist"), "\(command): \(read.err)")
        }
        // A failed import leaves no folder either.
        let bad = dir.file("bad.jsonl")
        try "not json\n".write(toFile: bad, atomically: true, encoding: .utf8)
        let i = cli(["import", bad], db: dir.file("other/x.sqlite"))
        #expect(i.status == 1)
        #expect(!FileManager.default.fileExists(atPath: dir.file("other")))
        // The default database's folder is made.
        let console = Console(out: { _ in }, err: { _ in })
        let status = BattlelogCLI.run(["simulate", "--fights", "2"], console: console,
                                      environment: ["XDG_DATA_HOME": dir.file("xdg/data"), "HOME": dir.path])
        #expect(status == 0)
        #expect(FileManager.default.fileExists(atPath: dir.file("xdg/data/battlelog/battlelog.sqlite")))
    }

    @Test func listAndShowFitTheTerminalAndStayWholeInAPipe() throws {
        let dir = TempDir()
        let db = try Self.scriptedNames(dir)
        let store = try BattleStore(path: db)
        let long = "Bartholomew Maximilian Fitzgerald-Warrington"
        try store.executeRaw("UPDATE human SET name = ? WHERE id = ?", [long, store.humans[5].id])
        for columns in [80, 120] {
            let r = cliOnTerminal(["list", "--limit", "30"], db: db, columns: columns)
            #expect(r.status == 0)
            let lines = r.out.split(separator: "\n").map(String.init)
            #expect(lines.count == 31)
            #expect(lines.allSatisfy { DisplayWidth.of($0) <= columns }, "\(columns): \(r.out)")
            // Aligned: every row's duration ends at the same column (right-aligned, last).
            let widths = Set(lines.dropFirst().map(DisplayWidth.of))
            #expect(widths.count == 1, "\(columns): rows of widths \(widths)")
            #expect(r.out.contains("…"))
        }
        let piped = cli(["list", "--limit", "30"], db: db)
        #expect(piped.out.split(separator: "\n").contains { DisplayWidth.of(String($0)) > 80 })
        // show: the magic box fits 80 columns; piped it is whole.
        let villain = try #require(store.humans.first { $0.kind == .villain && $0.id != store.humans[5].id })
        let withMagic = try #require(try store.page(RecordQuery(ownerID: villain.id), limit: 50).first { ($0.usingMagic.value ?? nil) != nil })
        try store.executeRaw("UPDATE record SET using_magic = json_set(using_magic, '$.gateName', ?) WHERE id = ?",
                             [String(repeating: "Maw of the Endless Night ", count: 6), withMagic.id])
        let shown = cliOnTerminal(["show", String(withMagic.id)], db: db, columns: 80)
        #expect(shown.status == 0, "\(shown.err)")
        #expect(shown.out.split(separator: "\n").allSatisfy { DisplayWidth.of(String($0)) <= 80 }, "\(shown.out)")
        #expect(shown.out.contains("└"))
        let whole = cli(["show", String(withMagic.id)], db: db)
        #expect(whole.out.contains(String(repeating: "Maw of the Endless Night ", count: 6).trimmingCharacters(in: .whitespaces)))
        // show --timeline (issue 43: its rows were 82 columns at 80): the long name's fights fit
        // 80 columns, the exact times left out; piped they are whole, exact times and all.
        let longs = try store.page(RecordQuery(ownerID: store.humans[5].id), limit: 3)
        for r in longs {
            let timeline = cliOnTerminal(["show", String(r.id), "--timeline"], db: db, columns: 80)
            #expect(timeline.status == 0, "\(timeline.err)")
            #expect(timeline.out.split(separator: "\n").allSatisfy { DisplayWidth.of(String($0)) <= 80 }, "\(timeline.out)")
            #expect(timeline.out.contains("HP "))
            let piped = cli(["show", String(r.id), "--timeline"], db: db)
            #expect(piped.out.contains(long) && (piped.out.contains("/600}") || piped.out.contains("/44100}")))
        }
        let plural = cli(["simulate", "--fights", "1"], db: dir.file("one.sqlite"))
        #expect(plural.err.contains("of 1 fight (2 records)"), "\(plural.err)")
    }

    @Test func chineseReachesTheMagicCellsOfList() throws {
        let dir = TempDir()
        let db = dir.file("zh.sqlite")
        _ = cli(["simulate", "--fights", "50", "--seed", "4"], db: db)
        let r = cli(["--lang", "zh", "list", "--limit", "50"], db: db)
        #expect(r.out.contains("反派: ") || r.out.contains("英雄: "))
        #expect(!r.out.contains("villain: ") && !r.out.contains("hero: "))
    }
}

/// The example filters a newcomer copies first (README, the filter prompt's F1 help) find
/// something in the demo database the first run creates.
@Suite struct ExampleFilterTests {
    /// The filters of the README's first code block under "The filter language".
    static func readmeExamples() throws -> [String] {
        let readme = try String(contentsOfFile: repositoryRoot + "/README.md", encoding: .utf8)
        let section = try #require(readme.components(separatedBy: "## The filter language").dropFirst().first)
        let block = try #require(section.components(separatedBy: "```").dropFirst().first)
        return block.split(separator: "\n").map(String.init).filter { !$0.isEmpty }
    }

    @Test func everyExampleMatchesTheDemo() throws {
        let dir = TempDir()
        let db = dir.file("demo.sqlite")
        let store = try BattleStore(path: db)
        _ = try BrowseCommand.demo.run(on: store)
        let examples = try Self.readmeExamples() + FilterHelpView.examples
        #expect(examples.count >= 7)
        for example in examples {
            let r = cli(["list", "--where", example, "--json", "--limit", "1000000"], db: db)
            #expect(r.status == 0, "\(example): \(r.err)")
            let count = r.out.split(separator: "\n").count
            #expect(count > 0, "\(example) finds nothing in the demo")
            #expect(count < 10_000, "\(example) finds every record: it shows nothing")
        }
    }
}

/// Values that are no values, errors that name what is wrong, and the user's language (issue 18).
@Suite struct FirstMinuteErrorTests {
    static func demo(_ dir: TempDir, fights: Int = 100) -> String {
        let db = dir.file("d.sqlite")
        _ = cli(["simulate", "--fights", String(fights), "--seed", "8"], db: db)
        return db
    }

    @Test func clocksAndDatesThatDoNotExistAreNamed() {
        let dir = TempDir()
        let db = Self.demo(dir)
        for (expr, says) in [("duration > 0:75", "minutes and seconds go from 0 to 59"), ("duration > 1:99", "0 to 59"),
                             ("duration > 1:02:75", "0 to 59"),
                             ("date >= 2026-02-30", "no day 30 in 2026-02: that month has 28 days"),
                             ("date >= 2024-02-30", "that month has 29 days"),
                             ("date >= 2026-13-01", "no month 13"), ("date = 2026-01-01T24:00:00Z", "hours go from 00 to 23"),
                             ("date = 2026-1-1", "expected a date YYYY-MM-DD")] {
            let r = cli(["list", "--where", expr], db: db)
            #expect(r.status == 2, "\(expr)")
            #expect(r.err.contains(says), "\(expr): \(r.err)")
        }
        // What is a time still is.
        #expect(cli(["list", "--where", "duration > 0:59.5 and duration < 1:02:03"], db: db).status == 0)
        #expect(cli(["list", "--where", "date >= 2024-02-29"], db: db).status == 0)
    }

    @Test func chineseReachesFilterErrorsDoctorAndInspect() {
        let dir = TempDir()
        let db = Self.demo(dir)
        let bad = cli(["--lang", "zh", "list", "--where", "date >= 2026-02-30"], db: db)
        #expect(bad.err.contains("没有第 30 天") && bad.err.contains("（第 "), "\(bad.err)")
        let doctor = cli(["--lang", "zh", "doctor"], db: db)
        #expect(doctor.status == 0, "\(doctor.out)")
        #expect(doctor.out.contains("完整性：正常") && doctor.out.contains("已检查 200 条记录"), "\(doctor.out)")
        #expect(!doctor.out.contains("ok"))
        let inspect = cli(["--lang", "zh", "inspect", "1"], db: db)
        #expect(inspect.out.hasPrefix("记录 1") && inspect.out.contains("存储内容：") && !inspect.out.contains("stored:"), "\(inspect.out)")
    }

    @Test func inspectSaysAVersionIsUnknownOnlyWhereTheFormatHasVersions() throws {
        let dir = TempDir()
        let db = Self.demo(dir)
        let store = try BattleStore(path: db)
        try store.executeRaw("UPDATE record SET using_magic = '{\"type\":\"villain\"}' WHERE id = 2")
        let out = cli(["inspect", "2"], db: db).out
        let magic = try #require(out.components(separatedBy: "usingMagic").last)
        #expect(magic.contains("version: unknown"), "\(out)")
        let duration = try #require(out.components(separatedBy: "duration").dropFirst().first)
        #expect(duration.contains("version: -"), "\(out)")
    }

    @Test func doctorGroupsItsCount() {
        let dir = TempDir()
        let db = Self.demo(dir, fights: 600)
        let doctor = cli(["doctor"], db: db)
        #expect(doctor.out.contains("1,200 records checked, 0 damaged"), "\(doctor.out)")
    }

    @Test func importSaysWhatItCannotRead() throws {
        let dir = TempDir()
        let db = Self.demo(dir)
        let csv = dir.file("all.csv")
        try cli(["export", "--format", "csv"], db: db).out.write(toFile: csv, atomically: true, encoding: .utf8)
        let r = cli(["import", csv], db: dir.file("new1.sqlite"))
        #expect(r.status == 1 && r.err.contains("is CSV, which cannot be imported") && r.err.contains("JSON lines"), "\(r.err)")
        let withMark = cli(["export", "--format", "csv", "--bom"], db: db).out
        #expect(withMark.hasPrefix("\u{FEFF}id,"))
        try withMark.write(toFile: csv, atomically: true, encoding: .utf8)
        #expect(cli(["import", csv], db: dir.file("new2.sqlite")).err.contains("is CSV"))
        #expect(cli(["export", "--bom"], db: db).status == 2)
        // A byte-order mark before JSON lines is accepted.
        let jsonl = dir.file("all.jsonl")
        try ("\u{FEFF}" + cli(["export"], db: db).out).write(toFile: jsonl, atomically: true, encoding: .utf8)
        let marked = cli(["import", jsonl], db: dir.file("new3.sqlite"))
        #expect(marked.status == 0, "\(marked.err)")
        #expect(marked.err.contains("imported 200 records"))
        // An input with no line end is refused at a bounded length, naming the line.
        let zero = cli(["import", "/dev/zero"], db: dir.file("new4.sqlite"))
        #expect(zero.status == 1 && zero.err.contains("/dev/zero: line 1: longer than 64 MB"), "\(zero.err)")
        #expect(!FileManager.default.fileExists(atPath: dir.file("new4.sqlite")))
        // A name that exists under another id: a conflict naming both, not SQLite's constraint.
        let renamed = dir.file("renamed.jsonl")
        let store = try BattleStore(path: dir.file("new3.sqlite"))
        let a = store.humans[0], b = store.humans[1]
        let line = cli(["list", "--owner", b.name, "--json", "--limit", "1"], db: db).out
        let edited = line.replacingOccurrences(of: "\"name\":\"\(b.name)\"", with: "\"name\":\"\(a.name)\"")
            .replacingOccurrences(of: "\"id\":\(b.id),", with: "\"id\":999,")
        try edited.write(toFile: renamed, atomically: true, encoding: .utf8)
        let clash = cli(["import", renamed], db: dir.file("new3.sqlite"))
        #expect(clash.status == 1)
        #expect(clash.err.contains("is Human \(a.id) here; a name belongs to one Human") && !clash.err.contains("SQLite"), "\(clash.err)")
    }

    @Test func aSchemaNewerThanItsVersionIsNamed() throws {
        let dir = TempDir()
        let db = Self.demo(dir)
        let store = try BattleStore(path: db)
        // Two versions back: magic-query-columns (which only drops indexes if they exist) runs
        // again unharmed, then record-weapon adds a column the file already has.
        try store.executeRaw("PRAGMA user_version = \(BattleStore.schemaVersion - 2)")
        try store.executeRaw("DELETE FROM schema_migration WHERE name IN ('magic-query-columns', 'record-weapon')")
        let r = cli(["list"], db: db)
        #expect(r.status == 1)
        #expect(r.err.contains("its schema does not match the migrations it records: it lacks \"record-weapon\"") && !r.err.contains("SQLite error"),
                "\(r.err)")
    }
}

@Suite struct StoreErrorLanguageTests {
    /// The errors a person meets speak their language; the English is `description` word for word.
    @Test func storeErrorsInBothLanguages() {
        let errors: [StoreError] = [.isADirectory(path: "/x"), .emptyFile(path: "/x"), .notADatabase(path: "/x"),
                                    .noSuchDatabase(path: "/x"), .noSuchFolder(path: "/a/b.sqlite", folder: "/a"),
                                    .notABattlelogDatabase(path: "/x"), .newerSchema(path: "/x", found: 9, supported: 5),
                                    .newerMigration(path: "/x", name: "y"),
                                    .readOnly(path: "/x"), .locked(path: "/x"), .destinationExists(path: "/x"),
                                    .destinationIsAFolder(path: "/d"), .backupFailed(path: "/x", reason: "the disk is full"),
                                    .noSuchRecord(7), .noSuchHuman("Aria")]
        let en = Labels.load("en"), zh = Labels.load("zh")
        for e in errors {
            #expect(e.text(en) == e.description, "\(e)")
            #expect(e.text(zh) != e.description, "\(e)")
        }
        let dir = TempDir()
        let r = cli(["--lang", "zh", "simulate", "--fights", "1"], db: dir.file("no/such/x.sqlite"))
        #expect(r.status == 1 && r.err.contains("不存在；请先创建它"), "\(r.err)")
    }
}

/// Ctrl-C while the first run makes its demo leaves no half demo: the next run makes it whole,
/// then opens the browser (issue 43: 1,500 of 5,000 fights and no way to finish).
@Suite(.serialized) struct DemoResumeTests {
    @Test func aDemoStoppedHalfWayIsMadeWholeByTheNextRun() throws {
        let binary = try requireBinary()
        let dir = TempDir()
        let path = dir.path + "/.local/share/battlelog/battlelog.sqlite"
        // The shell outlives the Ctrl-C (a trap, which its child does not inherit) to say how it ended.
        let command = "trap 'true' INT; env -i HOME=\(dir.path) TERM=xterm-256color LANG=C.UTF-8 PATH=/usr/bin:/bin \(binary); echo EXITED $?; sleep 30"
        let first = try TmuxSession(command: command, columns: 100, rows: 30)
        // Stopped once fights are being saved.
        try first.waitFor("the demo under way") { $0.range(of: #"[1-9][0-9,]*/5,000"#, options: .regularExpression) != nil }
        try first.send("C-c")
        try first.waitFor("the stop") { $0.contains("EXITED") }
        #expect(!FileManager.default.fileExists(atPath: path), "a half demo was left as the database")
        let second = try TmuxSession(command: command, columns: 100, rows: 30)
        try second.waitFor("the browser", timeout: 60) { $0.contains("?:help") }
        try second.send("q")
        try second.waitFor("the exit") { $0.contains("EXITED 0") }
        let store = try BattleStore(path: path)
        #expect(try store.count(RecordQuery()) == 10_000)
        #expect(!FileManager.default.fileExists(atPath: path + ".demo-partial"))
    }
}
