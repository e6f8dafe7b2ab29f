import Foundation
import Testing
import BattleLogKit
import BattleLogPresentation
import SQLiteDB
@testable import BattleLogCLI

/// Values at the edges of their types, hostile input and bad files (issue 10): no crash, no
/// silent default, no refused file rewritten.
@Suite(.serialized) struct HostileValueTests {
    /// A small store with its first record, Human and summaries changed by `sql`.
    static func store(_ dir: TempDir, _ name: String, _ sql: String...) throws -> String {
        let path = dir.file(name)
        _ = cli(["simulate", "--fights", "20", "--seed", "3", "--heroes", "2", "--villains", "2"], db: path)
        let db = try Database(path: path)
        for statement in sql { try db.execute(script: statement) }
        return path
    }

    static func expectNoRawControl(_ text: String, _ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
        for s in text.unicodeScalars where s.value != 0x0A && (s.value < 0x20 || (0x7F..<0xA0).contains(s.value)) {
            Issue.record("\(what): raw control U+\(String(s.value, radix: 16))", sourceLocation: sourceLocation)
            return
        }
    }

    /// Every reading command on `path`: none traps (the test process would die), none writes a
    /// raw control character, each status is 0 or 1.
    static func readEverything(_ path: String, sourceLocation: SourceLocation = #_sourceLocation) -> [String: CLIRun] {
        var runs: [String: CLIRun] = [:]
        for command in [["list", "--limit", "100"], ["list", "--json", "--limit", "100"], ["show", "1"], ["show", "1", "--json"],
                        ["inspect", "1"], ["inspect", "1", "--json"], ["stats"], ["stats", "--json"], ["export"],
                        ["export", "--format", "csv"], ["doctor"]] {
            let r = cli(command, db: path)
            #expect(r.status == 0 || r.status == 1, "\(command): \(r.status) \(r.err)", sourceLocation: sourceLocation)
            // CSV for a file or a program keeps every text exactly (RFC 4180); on a terminal
            // it is escaped like everything else.
            let onTerminal = command.contains("csv") ? cliOnTerminal(command, db: path, columns: 80) : r
            expectNoRawControl((command.contains("csv") ? onTerminal.out.replacingOccurrences(of: "\r\n", with: "\n") : r.out) + r.err,
                               command.joined(separator: " "), sourceLocation: sourceLocation)
            runs[command.joined(separator: " ")] = r
        }
        return runs
    }

    @Test func integersAtTheEdgesNeverTrap() throws {
        let dir = TempDir()
        let max = Int64.max, min = Int64.min
        let dice = try Self.store(dir, "dice.sqlite", "UPDATE record SET random_numbers = '[\(max),\(min),0,101]' WHERE id = 1")
        var runs = Self.readEverything(dice)
        #expect(runs["show 1"]?.out.contains("expected elements from 1 to 100, found \(max) at index 0") == true, "\(runs["show 1"]!.out)")
        #expect(runs["doctor"]?.status == 1)

        let early = try Self.store(dir, "early.sqlite", "UPDATE record SET date = \(min) WHERE id = 1", "UPDATE record SET date = \(max) WHERE id = 2")
        runs = Self.readEverything(early)
        // A date past the years 0001 to 9999 is damage, said with what is stored, everywhere
        // (a filter, a grouping and import take no such date either); doctor names it.
        #expect(runs["show 1"]?.out.contains("Date: ⚠ DAMAGED (expected a date from 0001 to 9999, found -9223372036854775808 (-292277022657-01-27T08:29:52Z))") == true,
                "\(runs["show 1"]!.out)")
        #expect(cli(["show", "2"], db: early).out.contains("9223372036854775807 (292277026596-12-04T15:30:07Z))"))
        #expect(runs["doctor"]?.status == 1 && runs["doctor"]?.out.contains("record 2: date: expected a date from 0001 to 9999") == true)
        #expect(cli(["count", "--where", "date >= 2026-01-01"], db: early).out == "38\n")
        // Export writes it as damaged (null, and why); import refuses it with its line number (never a default).
        let exported = dir.file("early.jsonl")
        #expect(FileManager.default.createFile(atPath: exported, contents: Data(runs["export"]!.out.utf8)))
        let back = cli(["import", exported], db: dir.file("early-back.sqlite"))
        #expect(back.status == 1 && back.err.contains("line 1: the record is marked damaged"), "\(back.err)")

        let tallies = try Self.store(dir, "tally.sqlite", "UPDATE human SET wins = \(max), losses = \(max), draws = \(min) WHERE id = 1",
                                     "UPDATE dice_count SET times = 200000000000000000", "UPDATE magic_usage SET uses = \(max)")
        runs = Self.readEverything(tallies)
        #expect(runs["stats"]?.status == 0, "\(runs["stats"]!.err)")
        #expect(runs["doctor"]?.out.contains("summaries: the kept tallies") == true)
        let repair = cli(["doctor", "--repair"], db: tallies)
        #expect(repair.status == 0 && repair.out.contains("rebuilt from them (repaired)"), "\(repair.out)")
        #expect(cli(["doctor"], db: tallies).status == 0)

        // Import refuses dice outside 1...100 with the line number.
        let line = RecordJSON.encode(try BattleStore(path: dice).record(id: 3)).replacingOccurrences(
            of: #"randomNumbers":["#, with: #"randomNumbers":[9223372036854775807,"#)
        let file = dir.file("dice.jsonl")
        #expect(FileManager.default.createFile(atPath: file, contents: Data((line + "\n").utf8)))
        let imported = cli(["import", file], db: dir.file("dice-back.sqlite"))
        #expect(imported.status == 1 && imported.err.contains("line 1: \"randomNumbers\": expected elements from 1 to 100, found 9223372036854775807 at index 0"), "\(imported.err)")
    }

    @Test func userInputAtTheEdgesIsAUsageError() throws {
        let dir = TempDir()
        let path = try Self.store(dir, "input.sqlite")
        for filter in [#"date >= "300000000000-01-01""#, #"date = "292277026596-12-04""#, "date = 2026-02-31", "date = +2026-01-01"] {
            let r = cli(["list", "--where", filter], db: path)
            #expect(r.status == 2 && r.err.hasPrefix("battlelog: --where \"") && r.err.split(separator: "\n").count == 1, "\(filter): \(r.err)")
        }
        for (option, value) in [("--batch", "100000000000"), ("--fights", String(Int64.max)), ("--heroes", "1000000000")] {
            let r = cli(["simulate", "--fights", "5", option, value], db: path)
            #expect(r.status == 2 && r.err.contains("\(option) must be at most"), "\(option) \(value): \(r.err)")
        }
        #expect(try BattleStore(path: path).recordCount() == 40, "a refused simulate wrote")
    }

    @Test func plainColumnsThatCannotHoldTheirValueAreDamage() throws {
        let dir = TempDir()
        let path = try Self.store(dir, "plain.sqlite",
                                  "PRAGMA ignore_check_constraints = 1",
                                  "UPDATE human SET kind = 'wizard' WHERE id = 1",
                                  "UPDATE record SET fight = 'abc' WHERE id = 5",
                                  "UPDATE record SET owner_id = 1.5 WHERE id = 7")
        let runs = Self.readEverything(path)
        let doctor = runs["doctor"]!.out
        #expect(runs["doctor"]?.status == 1)
        for expected in ["human 1: kind: expected hero or villain, found \"wizard\"", "record 5: fight: expected an integer, found \"abc\"",
                         "record 7: owner: expected an integer, found a real (1.5)"] {
            #expect(doctor.contains(expected), "doctor lacks \(expected):\n\(doctor)")
        }
        // No default on the way out: the damaged records carry errors, so import refuses them.
        let export = runs["export"]!.out
        #expect(!export.contains(#""kind":"hero","name""#))
        let file = dir.file("plain.jsonl")
        #expect(FileManager.default.createFile(atPath: file, contents: Data(export.utf8)))
        let back = cli(["import", file], db: dir.file("plain-back.sqlite"))
        #expect(back.status == 1 && back.err.contains("the record is marked damaged"), "\(back.err)")
        #expect(!FileManager.default.fileExists(atPath: dir.file("plain-back.sqlite")), "a refused import created the database")
    }

    /// Damage has one spelling wherever a person reads it: a damaged date or fight id is shown as
    /// a damaged value is (`⚠ DAMAGED`, with the reason on a record's own page), never a bare `?`.
    @Test func aDamagedDateOrFightIsShownAsDamage() throws {
        let dir = TempDir()
        let path = try Self.store(dir, "plain.sqlite", "UPDATE record SET date = 'garbage', fight = 'abc' WHERE id = 1")
        let show = cli(["show", "1"], db: path).out
        #expect(show.contains("Record 1  (fight ⚠ DAMAGED)"), "\(show)")
        #expect(show.contains("  Date: ⚠ DAMAGED (expected an integer, found \"garbage\")"), "\(show)")
        let list = cli(["list", "--limit", "100"], db: path).out
        let row = try #require(list.split(separator: "\n").first { $0.hasPrefix(" 1  ") }, "\(list)")
        #expect(row.contains(" 1  ⚠ DAMAGED "), "\(row)")
        #expect(!list.contains("?"), "\(list)")
        let zh = cli(["--lang", "zh", "show", "1"], db: path).out
        #expect(!zh.contains("?") && !zh.contains("DAMAGED"), "\(zh)")
        // CSV leaves a damaged plain value empty, as it does a damaged date.
        let csv = cli(["export", "--format", "csv"], db: path).out
        #expect(csv.contains("\r\n1,,"), "\(csv)")
        // A damaged kind or result: whole, in its column, never `?` nor cut.
        let db = try Database(path: path)
        try db.execute(script: "PRAGMA ignore_check_constraints = 1; UPDATE record SET result = 'tie' WHERE id = 2")
        try db.execute(script: "UPDATE human SET kind = 'wizard' WHERE id = (SELECT owner_id FROM record WHERE id = 2)")
        let table = cli(["list", "--limit", "100"], db: path).out
        let second = try #require(table.split(separator: "\n").first { $0.hasPrefix(" 2  ") }, "\(table)")
        #expect(second.components(separatedBy: "⚠ DAMAGED").count == 3 && !second.contains("…"), "\(second)")
        #expect(cli(["show", "2"], db: path).out.contains("(⚠ DAMAGED)"))
        // In stats' table of Humans every row is as wide as its heading: the figures stay under it.
        let humans = cli(["stats"], db: path).out.components(separatedBy: "\n\n")[0].split(separator: "\n").map(String.init)
        #expect(humans.contains { $0.contains("⚠ DAMAGED") }, "\(humans)")
        #expect(Set(humans.map(DisplayWidth.of)).count == 1, "\(humans.joined(separator: "\n"))")
    }

    /// An owner or opponent column that names no Human (text, an id no Human has) is damage on
    /// every surface, its reason said once; never a blank name, `#999` or `"id":0`.
    @Test func aHumanTheRecordCannotNameIsShownAsDamage() throws {
        let dir = TempDir()
        let path = try Self.store(dir, "nameless.sqlite", "PRAGMA foreign_keys = OFF",
                                  "UPDATE record SET owner_id = 'x' WHERE id = 1", "UPDATE record SET opponent_id = 999 WHERE id = 2")
        let show = cli(["show", "1"], db: path).out
        #expect(show.contains("\n  Owner: ⚠ DAMAGED (expected an integer, found \"x\")\n"), "\(show)")
        #expect(show.components(separatedBy: "expected an integer").count == 2, "the reason once: \(show)")
        let other = cli(["show", "2"], db: path).out
        #expect(other.contains("\n  Opponent: ⚠ DAMAGED (expected an existing Human, found id 999)\n"), "\(other)")
        #expect(!other.contains("#999"), "\(other)")
        // JSON: the damage marker in the Human's place, and the reason in "errors".
        let json = cli(["show", "1", "--json"], db: path).out
        guard case .object(let o)? = try? JSONParser.parse(json), case .object(let owner)? = o["owner"],
              case .array(let errors)? = o["errors"] else { Issue.record("\(json)"); return }
        #expect(owner == ["$damaged": .string("expected an integer, found \"x\"")], "\(json)")
        #expect(errors.contains { $0 == .object(["attribute": .string("owner"), "message": .string("expected an integer, found \"x\"")]) })
        let opponent = cli(["show", "2", "--json"], db: path).out
        #expect(opponent.contains(#""opponent":{"$damaged":"expected an existing Human, found id 999"}"#), "\(opponent)")
        // The list names the damage where the name and kind go; CSV leaves both cells empty.
        let list = cli(["list", "--limit", "100"], db: path).out
        let row = try #require(list.split(separator: "\n").first { $0.hasPrefix(" 1  ") }, "\(list)")
        #expect(row.components(separatedBy: "⚠ DAMAGED").count == 3, "\(row)")
        let csv = cli(["export", "--format", "csv"], db: path).out
        let line = try #require(csv.components(separatedBy: "\r\n").first { $0.hasPrefix("1,") })
        #expect(line.split(separator: ",", omittingEmptySubsequences: false)[2...3] == ["", ""], "\(line)")
        // Such a line is not imported as a record of some other Human.
        let exported = dir.file("out.jsonl")
        try cli(["export"], db: path).out.write(toFile: exported, atomically: true, encoding: .utf8)
        let imported = cli(["import", exported], db: dir.file("fresh.sqlite"))
        #expect(imported.status == 1 && imported.err.contains("damaged"), "\(imported.err)")
    }

    /// A database whose last commit is still in its `-wal`: copied with the WAL while a
    /// connection holds it open (what a crash leaves behind).
    static func withCommitInWAL(_ dir: TempDir, _ name: String, _ sql: String) throws -> String {
        let source = dir.file("source-" + name)
        _ = cli(["simulate", "--fights", "10", "--seed", "1"], db: source)
        let db = try Database(path: source)
        try db.execute(script: "PRAGMA wal_autocheckpoint = 0; " + sql)
        let copy = dir.file(name)
        try FileManager.default.copyItem(atPath: source, toPath: copy)
        try FileManager.default.copyItem(atPath: source + "-wal", toPath: copy + "-wal")
        return copy
    }

    @Test func aRefusedFileIsNeverWritten() throws {
        let dir = TempDir()
        let newer = try Self.withCommitInWAL(dir, "newer.sqlite", "PRAGMA user_version = 42")
        let foreign = try Self.withCommitInWAL(dir, "foreign.sqlite", "PRAGMA application_id = 7")
        for (path, message) in [(newer, "was written by a newer battlelog (schema version 42"), (foreign, "is a SQLite database, but not a battlelog one")] {
            let main = FileManager.default.contents(atPath: path), wal = FileManager.default.contents(atPath: path + "-wal")
            for command in [["list"], ["doctor"], ["simulate", "--fights", "3"], ["export"]] {
                let r = cli(command, db: path)
                #expect(r.status == 1 && r.err.contains(message), "\(command): \(r.err)")
            }
            #expect(FileManager.default.contents(atPath: path) == main, "the main file changed")
            #expect(FileManager.default.contents(atPath: path + "-wal") == wal, "the WAL changed or went")
        }

        // A foreign rollback-journal database with a hot journal: not rolled back.
        let hot = dir.file("hot.sqlite")
        do {
            let db = try Database(path: dir.file("hot-source.sqlite"))
            try db.execute(script: "CREATE TABLE t(x); BEGIN; WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 2000) INSERT INTO t SELECT hex(randomblob(200)) FROM n; COMMIT")
            try db.execute(script: "PRAGMA cache_size = 1; BEGIN; UPDATE t SET x = 'changed'")
            try FileManager.default.copyItem(atPath: dir.file("hot-source.sqlite"), toPath: hot)
            try FileManager.default.copyItem(atPath: dir.file("hot-source.sqlite-journal"), toPath: hot + "-journal")
            try db.execute(script: "ROLLBACK")
        }
        let main = FileManager.default.contents(atPath: hot), journal = FileManager.default.contents(atPath: hot + "-journal")
        #expect(journal != nil)
        for command in [["list"], ["simulate", "--fights", "3"]] {
            let r = cli(command, db: hot)
            #expect(r.status == 1 && r.err.contains("not a battlelog one"), "\(command): \(r.err)")
        }
        #expect(FileManager.default.contents(atPath: hot) == main && FileManager.default.contents(atPath: hot + "-journal") == journal,
                "the hot journal was rolled back")
    }

    @Test func truncatedByLessThanAPageIsRefused() throws {
        let dir = TempDir()
        let path = dir.file("whole.sqlite")
        _ = cli(["simulate", "--fights", "300", "--seed", "1"], db: path)
        let whole = try #require(FileManager.default.contents(atPath: path))
        for cut in [1, 100, 4095] {
            let truncated = dir.file("cut-\(cut).sqlite")
            #expect(FileManager.default.createFile(atPath: truncated, contents: whole.prefix(whole.count - cut)))
            for command in [["list"], ["export"], ["simulate", "--fights", "3"], ["doctor"]] {
                let r = cli(command, db: truncated)
                #expect(r.status == 1 && r.err.contains("truncated") && r.err.contains(".recover"), "cut \(cut) \(command): \(r.err)")
                #expect(!r.err.contains("battlelog doctor"), "doctor must not send the user to doctor")
            }
            #expect(FileManager.default.contents(atPath: truncated) == whole.prefix(whole.count - cut))
        }
    }

    @Test func aWALDatabaseInAReadOnlyFolderBrowses() throws {
        let (binary, copyFolder) = try binaryCopyForAnotherUser()
        defer { _ = copyFolder }
        let dir = TempDir()
        let path = try dir.databaseInReadOnlyFolder(fights: 30, seed: 1)
        // Root ignores permissions: run as nobody.
        let prefix = asAnotherUser
        let before = FileManager.default.contents(atPath: path)
        let list = try ChildProcess.run(prefix + [binary, "--db", path, "list", "--limit", "3"])
        #expect(list.status == 0, "\(list.err)")
        #expect(list.out.split(separator: "\n").count == 4, "\(list.out)")
        let write = try ChildProcess.run(prefix + [binary, "--db", path, "simulate", "--fights", "3"])
        #expect(write.status == 1 && write.err.contains("read-only"), "\(write.err)")
        #expect(FileManager.default.contents(atPath: path) == before)
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
    }

    @Test func aKilledCreationNeverLeavesAnEmptyFile() throws {
        let binary = try requireBinary()
        let dir = TempDir()
        var generator = SeededGenerator(seed: 25)
        for round in 0..<25 {
            let path = dir.file("new-\(round)/b.sqlite")
            try FileManager.default.createDirectory(atPath: dir.file("new-\(round)"), withIntermediateDirectories: true)
            let p = try ChildProcess([binary, "--db", path, "simulate", "--fights", "100"])
            usleep(UInt32(generator.next(in: 0...30_000)))
            p.send(SIGKILL)
            _ = p.wait()
            var info = stat()
            if stat(path, &info) == 0 {
                #expect(info.st_size > 0, "round \(round): a 0-byte file at the path")
                let r = cli(["list", "--limit", "1"], db: path)
                #expect(r.status == 0, "round \(round): \(r.err)")
            }
        }
        // An empty file at the default path (an older version's killed creation) is not there.
        let data = dir.file("xdg")
        try FileManager.default.createDirectory(atPath: data + "/battlelog", withIntermediateDirectories: true)
        #expect(FileManager.default.createFile(atPath: data + "/battlelog/battlelog.sqlite", contents: Data()))
        let console = Console(out: { _ in }, err: { _ in })
        #expect(BattlelogCLI.run(["simulate", "--fights", "5"], console: console, environment: ["XDG_DATA_HOME": data]) == 0)
        #expect(try BattleStore(path: data + "/battlelog/battlelog.sqlite").recordCount() == 10)
        // At a path the user named, an empty file is refused and left alone.
        let named = dir.file("named.sqlite")
        #expect(FileManager.default.createFile(atPath: named, contents: Data()))
        #expect(cli(["simulate", "--fights", "5"], db: named).err.contains("is an empty file"))
    }

    @Test func filtersOfAnySizeNeverBlameTheDatabase() throws {
        let dir = TempDir()
        let path = try Self.store(dir, "filters.sqlite")
        let ors = (0..<256).map { "power = \($0 % 10 + 1)" }.joined(separator: " or ")
        let ands = (0..<200).map { "rolls.max > \($0 % 3)" }.joined(separator: " and ")
        let nots = String(repeating: "not ", count: 16) + "power = 3"
        let nested = (0..<5).reduce("power = 3") { inner, i in "not (power = \(i) or (kind = hero and \(inner)))" }
        for filter in [ors, ands, nots, nested] {
            let r = cli(["list", "--where", filter, "--limit", "1"], db: path)
            #expect(r.status == 0, "\(filter.prefix(60)): \(r.err.prefix(300))")
        }
        // Past the limits: a one-line usage error quoting the part around the problem, the
        // database not blamed.
        for (filter, message) in [(ors + " or power = 1", "more than 256 comparisons"),
                                  (String(repeating: "not ", count: 19) + "power = 3", "nests deeper than 16 levels")] {
            let r = cli(["list", "--where", filter], db: path)
            #expect(r.status == 2 && r.err.contains(message) && !r.err.contains("SQLite"), "\(r.err.prefix(300))")
            #expect(r.err.split(separator: "\n").count == 1 && r.err.count < 250, "\(r.err.prefix(300))")
        }
    }

    @Test func smallerEdges() throws {
        let dir = TempDir()
        let path = try Self.store(dir, "small.sqlite")
        let store = try BattleStore(path: path)
        let pair = try store.records(ofFight: 1).map(RecordJSON.encode)
        func importLines(_ lines: [String], into db: String) -> CLIRun {
            let file = dir.file("in-\(UUID().uuidString).jsonl")
            FileManager.default.createFile(atPath: file, contents: Data(lines.joined(separator: "\n").utf8))
            return cli(["import", file], db: db)
        }
        // A 20 MB name in a conflict makes a short message.
        let huge = String(repeating: "N", count: 20_000_000)
        let renamed = pair.map { $0.replacingOccurrences(of: #""name":""#, with: #""name":"\#(huge)"#) }
        let conflict = importLines(renamed, into: path)
        #expect(conflict.status == 1 && conflict.err.count < 1000 && conflict.err.contains(" characters)\" (hero) in the file"), "\(conflict.err.prefix(300))")
        // Dates that do not exist, years that are not four digits, ids <= 0, a Human fighting itself.
        let fresh = dir.file("fresh.sqlite")
        for (edit, message) in [({ (s: String) in s.replacingOccurrences(of: #""date":"2026-01-01"#, with: #""date":"2026-02-31"#) }, "\"date\" is not a date"),
                                ({ $0.replacingOccurrences(of: #""date":"2026-01-01"#, with: #""date":"+2026-01-01"#) }, "\"date\" is not a date"),
                                ({ $0.replacingOccurrences(of: #"{"id":1,"#, with: #"{"id":0,"#).replacingOccurrences(of: #"{"id":2,"#, with: #"{"id":-2,"#) }, "\"id\" must be a positive integer")] {
            let r = importLines(pair.map(edit), into: fresh)
            #expect(r.status == 1 && r.err.contains(message), "\(r.err)")
        }
        let record = try store.record(id: 1)
        let selfFight = RecordJSON.encode(record).replacingOccurrences(of: #""opponent":{"id":\#(record.opponent!.id),"#, with: #""opponent":{"id":\#(record.owner.id),"#)
        #expect(importLines([selfFight], into: fresh).err.contains("the same Human"))
        // A FIFO with no writer does not hang import.
        let fifo = dir.file("fifo")
        #expect(mkfifo(fifo, 0o644) == 0)
        let started = Date()
        let fromFifo = cli(["import", fifo], db: fresh)
        #expect(fromFifo.status == 1 && fromFifo.err.contains("is empty") && Date().timeIntervalSince(started) < 5, "\(fromFifo.err)")
        // The database path is escaped in messages.
        let escaped = dir.file("esc\u{1B}[31m.sqlite")
        let exported = dir.file("pair.jsonl")
        FileManager.default.createFile(atPath: exported, contents: Data(pair.joined(separator: "\n").utf8))
        let ok = cli(["import", exported], db: escaped)
        #expect(ok.status == 0 && ok.err.contains("esc^[[31m.sqlite") && !ok.err.contains("\u{1B}"), "\(ok.err)")
        // inspect names a BLOB for what it is; invisible characters are made visible.
        let db = try Database(path: path)
        try db.execute(script: "UPDATE record SET using_magic = x'00FF1B' WHERE id = 2; UPDATE human SET name = 'A' || char(8203) || 'B' || char(65279) WHERE id = 1")
        let inspect = cli(["inspect", "2"], db: path)
        #expect(inspect.out.contains("stored:  a blob of 3 bytes") && !inspect.out.contains("stored:  NULL"), "\(inspect.out)")
        #expect(cli(["list"], db: path).out.contains("A\\u{200b}B\\u{feff}"))
    }

    @Test func aFatalSignalGivesTheTerminalBack() throws {
        let binary = try requireBinary()
        let dir = TempDir()
        let db = dir.file("crash.sqlite")
        let pidFile = dir.file("pid")
        _ = cli(["simulate", "--fights", "50", "--seed", "1"], db: db)
        for (signal, status) in [(SIGILL, 132), (SIGSEGV, 139), (SIGABRT, 134)] {
            let after = try TmuxSession.browserEndedBy(signal, binary: binary, db: db, pidFile: pidFile)
            #expect(after.contains("EXITED \(status)"), "\(after)")
            #expect(!after.contains("-echo") && !after.contains("-icanon"), "the terminal was left raw:\n\(after)")
            #expect(!after.contains("Roster"), "the alternate screen was not left:\n\(after)")
        }
    }
}
