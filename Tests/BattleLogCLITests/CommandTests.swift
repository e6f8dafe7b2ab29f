import Foundation
import Testing
@testable import BattleLogCLI
import BattleLogKit
import BattleLogPresentation
import SQLiteDB

@Suite struct SimulationTests {
    @Test func sameSeedSameBytesDifferentSeedDifferentData() throws {
        let dir = TempDir()
        for (name, seed) in [("a", "42"), ("b", "42"), ("c", "43")] {
            let r = cli(["simulate", "--fights", "300", "--seed", seed, "--heroes", "5", "--villains", "4"], db: dir.file(name))
            #expect(r.status == 0, "\(r.err)")
            #expect(r.err.contains("saved 300 of 300 fights"))
        }
        let a = cli(["export"], db: dir.file("a")).out
        let b = cli(["export"], db: dir.file("b")).out
        let c = cli(["export"], db: dir.file("c")).out
        #expect(a.split(separator: "\n").count == 600)
        #expect(a == b)
        #expect(a != c)
        #expect(cli(["export", "--format", "csv"], db: dir.file("a")).out == cli(["export", "--format", "csv"], db: dir.file("b")).out)
    }

    @Test func theTwoRecordsOfEveryFightAgree() throws {
        let dir = TempDir()
        _ = cli(["simulate", "--fights", "500", "--seed", "9"], db: dir.file("db"))
        let store = try BattleStore(path: dir.file("db"))
        var byFight: [Int64: [Record]] = [:]
        try store.forEachRecord { byFight[$0.fight ?? -1, default: []].append($0) }
        #expect(byFight.count == 500)
        for (_, pair) in byFight {
            #expect(pair.count == 2)
            let (a, b) = (pair[0], pair[1])
            #expect(a.owner == b.opponent && b.owner == a.opponent)
            #expect(a.owner.kind != b.owner.kind)
            #expect(a.result == b.result?.opposite)
            #expect(a.date == b.date)
            #expect(a.duration.value == b.duration.value)
            #expect(a.randomNumbers.value == b.randomNumbers.value)
            let dice = try #require(a.randomNumbers.value)
            // One die per action of the fight, both sides together.
            let fight = FightTimeline(try #require(a.timeline), try #require(b.timeline))
            #expect(dice.count == fight.actions.count && dice.allSatisfy { (1...100).contains($0) })
            // Magic matches the owner's side, when used.
            for r in pair { if let m = r.usingMagic.value ?? nil { #expect(m.typeName == r.owner.kindText) } }
        }
    }

    @Test func durationIsTheExactTimeOfTheLastActionOnItsOwnClock() throws {
        let dir = TempDir()
        _ = cli(["simulate", "--fights", "200", "--seed", "1"], db: dir.file("db"))
        let store = try BattleStore(path: dir.file("db"))
        var timescales = Set<Int32>()
        try store.forEachRecord { r in
            let d = r.duration.value!
            timescales.insert(d.timescale)
            #expect(!d.hasBeenRounded)
            #expect(d.seconds >= 2 && d.seconds <= 90)
            // The last action of the fight is the owner's or the other side's, on its own clock.
            let last = r.timeline?.actions.last?.time
            #expect(d.timescale == 600 || d.timescale == 44_100)
            if let last, d.timescale == last.timescale { #expect(MediaTime.compare(last, d) <= 0) }
        }
        #expect(timescales == [600, 44_100])
    }

    @Test func statsAgreeWithTheRecords() throws {
        let dir = TempDir()
        _ = cli(["simulate", "--fights", "400", "--seed", "5"], db: dir.file("db"))
        let store = try BattleStore(path: dir.file("db"))
        let summaries = try BattleStats.fromSummaries(store)
        let scan = try BattleStats.fromScan(store)
        #expect(summaries == scan)
        #expect(summaries.records == 800 && summaries.fights == 400)
        let json = cli(["stats", "--json"], db: dir.file("db"))
        #expect(json.status == 0)
        let parsed = try JSONParser.parse(json.out.trimmingCharacters(in: .newlines))
        guard case .object(let o) = parsed, case .array(let humans)? = o["humans"] else { Issue.record("bad stats json"); return }
        #expect(o["records"] == .integer(800) && o["fights"] == .integer(400))
        #expect(humans.count == 24)
        var wins: Int64 = 0, losses: Int64 = 0
        for case .object(let h) in humans {
            if case .integer(let w)? = h["wins"] { wins += w }
            if case .integer(let l)? = h["losses"] { losses += l }
        }
        #expect(wins == losses)
    }
}

@Suite struct ProgressBarTests {
    @Test func lineShowsCountRateAndTimeLeft() {
        #expect(ProgressBar.line(done: 20_000, total: 50_000, unit: "fights", elapsed: 2, width: 10)
                == "████░░░░░░ 20,000/50,000 fights  10,000 fights/s  ETA 0:03")
        // No rate before it is known: never `0/s  ETA 0:00` (a whole demo takes under half a second).
        #expect(ProgressBar.line(done: 0, total: 0, unit: "records", elapsed: 0, width: 4) == "████ 0/0 records")
        #expect(ProgressBar.line(done: 2_500, total: 5_000, unit: "fights", elapsed: 0.3, width: 4) == "██░░ 2,500/5,000 fights")
        #expect(ProgressBar.line(done: 0, total: 5_000, unit: "fights", elapsed: 2, width: 4) == "░░░░ 0/5,000 fights")
        #expect(ProgressBar.line(done: 1, total: 7_200, unit: "records", elapsed: 1, width: 4)
                == "░░░░ 1/7,200 records  1 records/s  ETA 119:59")
        // Never wider than the terminal (a wrapped line is not redrawn in place).
        for columns in [20, 40, 80, 120] {
            let line = ProgressBar.fitted(done: 280_000, total: 2_000_000, unit: "records", elapsed: 5.9, columns: columns)
            #expect(line.count < columns, "\(columns): \(line)")
        }
        #expect(ProgressBar.fitted(done: 280_000, total: 2_000_000, unit: "records", elapsed: 5.9, columns: 80).hasPrefix("███"))
    }
}

@Suite struct ExportImportTests {
    @Test func exportThenImportReproducesTheExport() throws {
        let dir = TempDir()
        _ = cli(["simulate", "--fights", "250", "--seed", "77"], db: dir.file("src"))
        let exported = cli(["export"], db: dir.file("src"))
        try exported.out.write(toFile: dir.file("dump.jsonl"), atomically: true, encoding: .utf8)
        let imported = cli(["import", dir.file("dump.jsonl")], db: dir.file("dst"))
        #expect(imported.status == 0, "\(imported.err)")
        #expect(cli(["export"], db: dir.file("dst")).out == exported.out)
        #expect(cli(["stats", "--json"], db: dir.file("dst")).out == cli(["stats", "--json"], db: dir.file("src")).out)
    }

    @Test func aBadLineImportsNothing() throws {
        let dir = TempDir()
        _ = cli(["simulate", "--fights", "10", "--seed", "1"], db: dir.file("src"))
        var lines = cli(["export"], db: dir.file("src")).out.split(separator: "\n").map(String.init)
        lines[6] = lines[6].replacingOccurrences(of: "\"result\":\"", with: "\"result\":\"x")
        try (lines.joined(separator: "\n") + "\n").write(toFile: dir.file("bad.jsonl"), atomically: true, encoding: .utf8)
        let r = cli(["import", dir.file("bad.jsonl")], db: dir.file("dst"))
        #expect(r.status == 1)
        #expect(r.err.contains("line 7"), "\(r.err)")
        #expect(r.err.split(separator: "\n").count == 1)
        #expect(!FileManager.default.fileExists(atPath: dir.file("dst")))
    }

    @Test func importConflictsChangeNothing() throws {
        let dir = TempDir()
        _ = cli(["simulate", "--fights", "10", "--seed", "1"], db: dir.file("src"))
        let dump = cli(["export"], db: dir.file("src")).out
        try dump.write(toFile: dir.file("dump.jsonl"), atomically: true, encoding: .utf8)
        let before = cli(["export"], db: dir.file("src")).out
        let r = cli(["import", dir.file("dump.jsonl")], db: dir.file("src"))
        #expect(r.status == 1)
        #expect(cli(["export"], db: dir.file("src")).out == before)
    }
}

@Suite struct DamagedRecordTests {
    @Test func doctorListsDamageAndListShowStillWork() throws {
        let dir = TempDir()
        let db = dir.file("db")
        _ = cli(["simulate", "--fights", "20", "--seed", "3"], db: db)
        #expect(cli(["doctor"], db: db).status == 0)
        do {
            let store = try BattleStore(path: db)
            try store.executeRaw("UPDATE record SET using_magic = ? WHERE id = 5", [#"{"type":"villain","version":1,"gateName":"G","powerOfEvilGate":42}"#])
            try store.executeRaw("UPDATE record SET duration = ? WHERE id = 7", ["\u{1B}[31mred"])
        }
        let doctor = cli(["doctor"], db: db)
        #expect(doctor.status == 1)
        #expect(doctor.out.contains("record 5: usingMagic: field \"powerOfEvilGate\" = 42 is outside 1...10"), "\(doctor.out)")
        #expect(doctor.out.contains("record 7: duration:"))
        #expect(doctor.out.contains("2 damaged"))

        let show = cli(["show", "5"], db: db)
        #expect(show.status == 0)
        #expect(show.out.contains("Magic ⚠ DAMAGED") && show.out.contains("42 is outside 1...10"))
        #expect(show.out.contains("Dice:"))
        let json = cli(["show", "5", "--json"], db: db).out
        #expect(json.contains(#""magic":{"$damaged":"field \"powerOfEvilGate\" = 42 is outside 1...10"},"timeline":{"actions":["#) && json.contains(#""errors":[{"attribute":"usingMagic","message":"field \"powerOfEvilGate\" = 42 is outside 1...10"}]"#), "\(json)")
        let list = cli(["list", "--limit", "100"], db: db)
        #expect(list.out.contains("DAMAGED"))
        let inspect = cli(["inspect", "7"], db: db)
        #expect(inspect.out.contains("^[[31mred"))
        #expect(!inspect.out.contains("\u{1B}"))
        // CSV on a terminal is escaped; for a file or a program it keeps the text exactly.
        #expect(!cliOnTerminal(["export", "--format", "csv"], db: db, columns: 80).out.contains("\u{1B}"))
    }
}

@Suite struct DoctorSummaryTests {
    @Test func doctorNoticesSummariesThatDrifted() throws {
        let dir = TempDir()
        let db = dir.file("db")
        _ = cli(["simulate", "--fights", "30", "--seed", "3"], db: db)
        let clean = cli(["doctor"], db: db)
        #expect(clean.status == 0 && clean.out.contains("summaries: ok"))
        try BattleStore(path: db).executeRaw("UPDATE human SET wins = wins + 1 WHERE id = 1")
        let drifted = cli(["doctor"], db: db)
        #expect(drifted.status == 1)
        #expect(drifted.out.contains("summaries: the kept tallies"))
        #expect(drifted.out.contains("0 damaged"))
    }
}

@Suite struct BadInputTests {
    @Test func usageErrorsExitTwoAndLeaveTheDatabaseUnchanged() throws {
        let dir = TempDir()
        let db = dir.file("db")
        _ = cli(["simulate", "--fights", "5", "--seed", "1"], db: db)
        let before = FileManager.default.contents(atPath: db)
        let cases: [[String]] = [
            ["simulate"], ["simulate", "--fights"], ["simulate", "--fights", "abc"], ["simulate", "--fights", "0"],
            ["simulate", "--fights", "-3"], ["simulate", "--fights", "5", "--seed", "x"], ["list", "--bogus"],
            ["list", "--kind", "wizard"], ["list", "--result", "maybe"], ["list", "--limit", "0"], ["show"], ["show", "abc"],
            ["show", "1", "2"], ["frobnicate"], ["--lang", "fr", "list"], ["export", "--format", "xml"], ["import"],
        ]
        for args in cases {
            let r = cli(args, db: db)
            #expect(r.status == 2, "\(args): \(r.err)")
            #expect(r.err.hasPrefix("battlelog: "), "\(args)")
            #expect(r.out.isEmpty)
        }
        #expect(FileManager.default.contents(atPath: db) == before)
    }

    @Test func failuresExitOne() throws {
        let dir = TempDir()
        let db = dir.file("db")
        _ = cli(["simulate", "--fights", "5", "--seed", "1"], db: db)
        let missing = cli(["show", "999999"], db: db)
        #expect(missing.status == 1 && missing.err == "battlelog: no record with id 999999\n")
        #expect(cli(["import", dir.file("nope.jsonl")], db: db).status == 1)
        #expect(cli(["import", dir.path], db: db).status == 1)
        #expect(cli(["list", "--owner", "Nobody"], db: db).status == 1)
        #expect(cli(["list"], db: dir.file("absent.sqlite")).status == 1)
        #expect(cli(["list"], db: dir.path).err.contains("is a folder"))
        #expect(cli(["browse"], db: db).err.contains("needs a terminal"))
        // In Chinese the sentence is Chinese throughout, the commands' names as they are typed.
        let zh = cli(["--lang", "zh", "browse"], db: db).err
        #expect(zh.contains("list、show 或 export") && !zh.contains(" or "), "\(zh)")
    }

    @Test func helpAndVersion() {
        let dir = TempDir()
        let help = cli(["--help"], db: dir.file("db"))
        #expect(help.status == 0 && help.out.contains("simulate") && help.out.contains("--db PATH"))
        #expect(cli(["--version"], db: dir.file("db")).out.hasPrefix("battlelog "))
        let listHelp = cli(["list", "--help"], db: dir.file("db"))
        #expect(listHelp.out.contains("--owner NAME"))
        #expect(!FileManager.default.fileExists(atPath: dir.file("db")))
    }

    @Test func defaultDatabasePath() {
        #expect(GlobalOptions.defaultDatabasePath(environment: ["BATTLELOG_DB": "/x/y.sqlite", "HOME": "/h"]) == "/x/y.sqlite")
        #expect(GlobalOptions.defaultDatabasePath(environment: ["XDG_DATA_HOME": "/d", "HOME": "/h"]) == "/d/battlelog/battlelog.sqlite")
        #expect(GlobalOptions.defaultDatabasePath(environment: ["HOME": "/h"]) == "/h/.local/share/battlelog/battlelog.sqlite")
    }
}

@Suite struct ListTests {
    @Test func listIsNewestFirstAlignedAndPages() throws {
        let dir = TempDir()
        let db = dir.file("db")
        _ = cli(["simulate", "--fights", "100", "--seed", "12", "--heroes", "3", "--villains", "3"], db: db)
        let json = cli(["list", "--limit", "30", "--json"], db: db).out.split(separator: "\n")
        #expect(json.count == 30)
        let ids = json.map { line -> Int64 in
            guard case .object(let o)? = try? JSONParser.parse(String(line)), case .integer(let id)? = o["id"] else { return -1 }
            return id
        }
        #expect(ids == ids.sorted(by: >))
        let next = cli(["list", "--limit", "5", "--after", String(ids[29]), "--json"], db: db).out.split(separator: "\n")
        #expect(next.count == 5)
        #expect(!next.contains { json.contains($0) })
        let table = cli(["list", "--limit", "40"], db: db).out.split(separator: "\n").map(String.init)
        // The OPPONENT column starts at the same display column on every row, CJK or not.
        let header = table[0]
        let col = DisplayWidth.of(String(header[..<header.range(of: "OPPONENT")!.lowerBound]))
        for row in table.dropFirst() {
            let scalars = Array(row)
            var width = 0, i = 0
            while width < col && i < scalars.count { width += DisplayWidth.of(String(scalars[i])); i += 1 }
            #expect(width == col, "\(row)")
        }
        let hero = cli(["list", "--kind", "hero", "--result", "win", "--json"], db: db).out
        #expect(!hero.isEmpty && !hero.contains(#""result":"loss""#) && !hero.contains(#""kind":"villain"},"opponent""#))
    }
}

/// What a new user trips over on the command line (issue 11, item 9).
@Suite struct FirstUseTests {
    @Test func usageErrorsAreOneLine() {
        let dir = TempDir()
        for arguments in [["simulate", "--fights", "0"], ["nope"], ["list", "--kind", "wizard"], ["list", "--limit", "x"], ["--lang", "fr"]] {
            let r = cli(arguments, db: dir.file("u.sqlite"))
            #expect(r.status == 2, "\(arguments)")
            #expect(r.err.split(separator: "\n").count == 1 && r.err.hasPrefix("battlelog: ") && r.err.contains("--help)"), "\(arguments): \(r.err)")
        }
    }

    @Test func namesMatchIgnoringCaseAndAnEmptyListSaysSo() {
        let dir = TempDir()
        let db = dir.file("names.sqlite")
        _ = cli(["simulate", "--fights", "100", "--seed", "1", "--heroes", "2", "--villains", "2"], db: db)
        let store = try! BattleStore(path: db)
        let name = store.humans[0].name
        let upper = cli(["list", "--owner", name.uppercased(), "--limit", "3"], db: db)
        let exact = cli(["list", "--owner", name, "--limit", "3"], db: db)
        #expect(upper.status == 0 && upper.out == exact.out, "\(upper.err)")
        let filtered = cli(["list", "--where", "owner = '\(name.lowercased())'", "--limit", "3"], db: db)
        #expect(filtered.out == exact.out)
        let none = cli(["list", "--where", "power = 11"], db: db)
        #expect(none.status == 0 && none.out == "no records\n")
        #expect(cli(["list", "--where", "power = 11", "--json"], db: db).out.isEmpty)
    }

    @Test func showSaysTheGatePowerOnce() throws {
        let dir = TempDir()
        let db = dir.file("gate.sqlite")
        _ = cli(["simulate", "--fights", "100", "--seed", "1"], db: db)
        let store = try BattleStore(path: db)
        let villain = try #require(store.humans.first { $0.kind == .villain })
        let record = try #require(try store.page(RecordQuery(ownerID: villain.id, filter: FilterCompiler.compile("magic = villain", roster: store.humans)), limit: 1).first)
        let power = try #require((record.usingMagic.value ?? nil)?.value as? VillainMagic).powerOfEvilGate
        let show = cli(["show", String(record.id)], db: db).out
        let line = try #require(show.split(separator: "\n").first { $0.contains("/10") })
        // Said once, as the meter's reading: no digit of the line outside "N/10".
        #expect(line.components(separatedBy: "\(power)/10").count - 1 == 1, "\(line)")
        #expect(line.replacingOccurrences(of: "\(power)/10", with: "").allSatisfy { !$0.isNumber }, "the power is said more than once: \(line)")
        #expect(!line.contains("\(power)  █") && !line.contains("\(power)  ░"), "\(line)")
    }
}

@Suite struct ChineseCommandTests {
    @Test func listStatsAndShowSpeakChinese() {
        let dir = TempDir()
        let db = dir.file("zh.sqlite")
        _ = cli(["simulate", "--fights", "20", "--seed", "1"], db: db)
        let list = cli(["--lang", "zh", "list", "--limit", "2"], db: db).out
        #expect(list.hasPrefix("编号") && list.contains("所属") && list.contains("时长") && !list.contains("OWNER"), "\(list)")
        let stats = cli(["--lang", "zh", "stats"], db: db).out
        #expect(stats.hasPrefix("人物") && stats.contains("胜率") && stats.contains("契约配方") && !stats.contains("WIN RATE"), "\(stats)")
        let show = cli(["--lang", "zh", "show", "3"], db: db).out
        #expect(show.hasPrefix("记录 3（战斗 2）") && (show.contains("（英雄）") || show.contains("(英雄)")) && !show.contains("(villain)"), "\(show)")
        #expect(cli(["--lang", "zh", "list", "--where", "power = 11"], db: db).out == "没有记录\n")
    }
}

@Suite struct SpreadsheetCSVTests {
    /// One CSV record's fields (RFC 4180: a quoted field may hold commas and doubled quotes).
    static func cells(_ line: String) -> [String] {
        var cells: [String] = [], cell = "", quoted = false
        var chars = Array(line)[...]
        while let c = chars.popFirst() {
            if quoted {
                if c == "\"" { if chars.first == "\"" { cell.append("\""); chars.removeFirst() } else { quoted = false } }
                else { cell.append(c) }
            } else if c == "\"" { quoted = true }
            else if c == "," { cells.append(cell); cell = "" }
            else { cell.append(c) }
        }
        return cells + [cell]
    }

    @Test func csvHasSecondsAndFlatMagicColumns() throws {
        let dir = TempDir()
        let db = dir.file("csv.sqlite")
        _ = cli(["simulate", "--fights", "50", "--seed", "4"], db: db)
        let lines = cli(["export", "--format", "csv"], db: db).out.components(separatedBy: "\r\n").dropLast()
        #expect(lines[0] == "id,fight,owner,owner_kind,opponent,opponent_kind,date,result,duration_seconds,random_numbers,magic_type,collaborator,formula,gate,power,timeline_actions,timeline_crits,timeline_first_hit,timeline_biggest_hit,weapon_name,weapon_rarity,weapon_power,weapon_enchantments,weapon_forged_at,errors")
        let store = try BattleStore(path: db)
        for line in lines.dropFirst().prefix(40) {
            let cells = Self.cells(line)
            #expect(!line.contains("\n"))
            #expect(cells.count == 25, "\(line)")
            let record = try store.record(id: try #require(Int64(cells[0])))
            let seconds = try #require(Double(cells[8]))
            #expect(abs(seconds - (record.duration.value?.seconds ?? -1)) < 1e-6)
            #expect(cells[9] == record.randomNumbers.value?.map(String.init).joined(separator: " "))
            switch (record.usingMagic.value ?? nil)?.value {
            case let v as VillainMagic:
                #expect(cells[10] == "villain" && cells[13] == v.gateName && cells[14] == String(v.powerOfEvilGate) && cells[11].isEmpty)
            case let h as HeroMagic:
                #expect(cells[10] == "hero" && cells[11] == h.collaboratorName && cells[12] == h.cooperationFormulaName && cells[14].isEmpty)
            default:
                #expect(cells[10] == "none" && cells[11...14].allSatisfy(\.isEmpty))
            }
            // The timeline as its derived figures.
            let timeline = try #require(record.timeline)
            #expect(cells[15] == String(timeline.actions.count) && cells[16] == String(timeline.crits) && cells[18] == String(timeline.biggestHit))
            #expect(cells[17] == (timeline.firstHit.map { String(format: "%.6f", $0.time.seconds) } ?? ""))
            // The weapon, a column a key (enchantments as a JSON array), empty when bare-handed.
            let weapon = record.attribute(named: "weapon")?.value as? Weapon
            #expect(cells[19] == (weapon?.name ?? "") && cells[20] == (weapon?.rarity.rawValue ?? ""))
            #expect(cells[21] == (weapon.map { JSONValue.number($0.power).jsonText } ?? ""))
            #expect(cells[22] == (weapon.map { JSONValue.array($0.enchantments.map(JSONValue.string)).jsonText } ?? ""))
            #expect(cells[23] == (weapon.map { WeaponDate.text($0.forgedAt) } ?? ""))
        }
    }
}

@Suite struct ImportMessageTests {
    @Test func anImportThatWouldOverwriteSaysWhichRecordAndWhatToDo() throws {
        let dir = TempDir()
        let db = dir.file("twice.sqlite")
        _ = cli(["simulate", "--fights", "5", "--seed", "1"], db: db)
        let export = dir.file("all.jsonl")
        #expect(FileManager.default.createFile(atPath: export, contents: Data(cli(["export"], db: db).out.utf8)))
        let again = cli(["import", export], db: db)
        #expect(again.status == 1 && again.err.contains("record 1: fight 1 already exists in the database; import into a new database (--db NEW.sqlite)"), "\(again.err)")
        #expect(!again.err.contains("SQLite error"))
        // Same record ids, new fight ids: the record is named.
        let moved = cli(["export"], db: db).out.replacingOccurrences(of: #","fight":"#, with: #","fight":10"#)
        let movedFile = dir.file("moved.jsonl")
        #expect(FileManager.default.createFile(atPath: movedFile, contents: Data(moved.utf8)))
        let clash = cli(["import", movedFile], db: db)
        #expect(clash.status == 1 && clash.err.contains("record 1 already exists in the database"), "\(clash.err)")
        // `import -` reads standard input.
        let fresh = dir.file("fresh.sqlite")
        let piped = try runBinary(["--db", fresh, "import", "-"], stdin: export)
        #expect(piped.status == 0 && piped.err.contains("imported 10 records"), "\(piped.err)")
    }
}

@Suite struct GlobalOptionTests {
    /// One declaration feeds the usage line, --help and parsing.
    @Test func theDeclarationFeedsUsageHelpAndParsing() throws {
        for spec in GlobalOptions.specs {
            #expect(BattlelogCLI.usage.contains("[\(spec.synopsis)]"))
            #expect(BattlelogCLI.help.contains("  " + spec.synopsis))
        }
        let (o, rest) = try GlobalOptions.extract(from: ["list", "--lang=zh", "--db", "x.sqlite", "--no-color", "--limit", "3"], environment: [:])
        #expect(o.language == "zh" && o.databasePath == "x.sqlite" && o.databasePathIsExplicit && o.noColor)
        #expect(rest == ["list", "--limit", "3"])
        #expect(throws: UsageError.self) { try GlobalOptions.extract(from: ["--lang", "fr"], environment: [:]) }
        #expect(throws: UsageError.self) { try GlobalOptions.extract(from: ["--db="], environment: [:]) }
        #expect(throws: UsageError.self) { try GlobalOptions.extract(from: ["list", "--db"], environment: [:]) }
    }

    /// `--` ends the options before the command (issue 39 §3: `--db x -- list` was misparsed);
    /// `-V` is `--version`, `-h` is `--help`.
    @Test func doubleDashEndsTheGlobalOptionsAndShortFlagsWork() throws {
        let dir = TempDir()
        let db = dir.file("d.sqlite")
        #expect(cli(["simulate", "--fights", "3"], db: db).status == 0)
        let (_, rest) = try GlobalOptions.extract(from: ["--db", "x", "--", "list"], environment: [:])
        #expect(rest == ["list"])
        let (_, after) = try GlobalOptions.extract(from: ["backup", "--", "-b"], environment: [:])
        #expect(after == ["backup", "--", "-b"])
        let listed = cli(["--db", db, "--", "list"], db: db)
        #expect(listed.status == 0 && listed.out == cli(["list"], db: db).out, "\(listed.err)")
        #expect(cli(["-V"], db: db).out == cli(["--version"], db: db).out)
        #expect(cli(["-V"], db: db).out.hasPrefix("battlelog "))
        #expect(cli(["-h"], db: db).out == cli(["--help"], db: db).out)
        // A word after them is a usage error, one line, not ignored (a trial's `-V extra`).
        for flag in ["-V", "--version", "-h", "--help"] {
            let extra = cli([flag, "extra"], db: db)
            #expect(extra.status == 2 && extra.out.isEmpty && extra.err.hasPrefix("battlelog: \(flag) takes nothing after it, got \"extra\""), "\(flag): \(extra.err)")
        }
    }
}

/// CSV as RFC 4180 has it (issue 39 §5): CRLF record ends, a field with a comma, quote, CR or
/// LF quoted, and every value back exactly through Python's csv module; `--excel-safe` puts a
/// `'` before a cell a spreadsheet would run.
@Suite struct RFC4180CSVTests {
    @Test func valuesRoundTripThroughPythonsCSVModule() throws {
        let dir = TempDir()
        let db = dir.file("csv.sqlite")
        _ = cli(["simulate", "--fights", "40", "--seed", "6", "--heroes", "4", "--villains", "3"], db: db)
        let names = ["Comma, Quote \"q\"", "Line\nBreak\r\nCRLF", "Esc\u{1B}[31m\tTab", "=HYPERLINK(\"x\")", "+1+cmd|' /C calc'!A0", "-5", "@SUM(1)"]
        let database = try Database(path: db)
        let ids = try database.prepare("SELECT id FROM human ORDER BY id").map { $0.int(0) }
        for (id, name) in zip(ids, names) { try database.execute("UPDATE human SET name = ? WHERE id = ?", [name, id]) }
        let file = dir.file("out.csv")
        let csv = cli(["export", "--format", "csv"], db: db).out
        try csv.write(toFile: file, atomically: true, encoding: .utf8)
        #expect(csv.hasSuffix("\r\n") && !csv.replacingOccurrences(of: "\r\n", with: "").contains("\r\n"))
        // Python reads the owners back; they are the names the JSON export has.
        let script = "import csv,json,sys\nrows=list(csv.reader(open(sys.argv[1],newline='',encoding='utf-8')))\nprint(json.dumps([r[2] for r in rows[1:]]))"
        let read = try ChildProcess.run(["/usr/bin/env", "python3", "-c", script, file])
        let owners = try JSONSerialization.jsonObject(with: Data(read.out.utf8)) as? [String] ?? []
        let expected = try cli(["export"], db: db).out.split(separator: "\n").map {
            ((try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])?["owner"] as? [String: Any])?["name"] as? String ?? "?"
        }
        #expect(owners == expected, "\(read.err)")
        #expect(Set(owners).isSuperset(of: names.prefix(ids.count)))
        // --excel-safe: formulas neutralised, numbers and other text left alone.
        let safe = cli(["export", "--format", "csv", "--excel-safe"], db: db).out
        #expect(safe.contains(",\"'=HYPERLINK(\"\"x\"\")\",") && safe.contains(",'+1+cmd|' /C calc'!A0,") && safe.contains(",'@SUM(1),"))
        #expect(safe.contains(",-5,") && !safe.contains("'-5"))
        #expect(cli(["export", "--excel-safe"], db: db).status == 2)
    }
}

/// Piped output is whole (command-line.md): a long name is never cut with `…` in `list`,
/// `stats` or `stats --by owner` when stdout is no terminal (a trial's `grep` of a 44-column
/// name found nothing).
@Suite struct PipedOutputIsWholeTests {
    static let name = "Bartholomew Maximilian Featherstonehaugh III 雷切"

    /// A small log in `dir` whose first Human is called `name`.
    static func longNamedLog(_ dir: TempDir) throws -> String {
        let db = dir.file("long.sqlite")
        _ = cli(["simulate", "--fights", "60", "--seed", "3", "--heroes", "2", "--villains", "2"], db: db)
        try Database(path: db).execute("UPDATE human SET name = ? WHERE id = (SELECT min(id) FROM human)", [name])
        return db
    }

    @Test func aLongNameIsWholeWhenPiped() throws {
        let dir = TempDir()
        let (db, name) = (try Self.longNamedLog(dir), Self.name)
        for command in [["list", "--owner", name, "--limit", "3"], ["stats"], ["stats", "--by", "owner"]] {
            let run = cli(command, db: db)
            #expect(run.status == 0 && run.out.contains(name) && !run.out.contains("Featherstone…"), "\(command): \(run.out)")
        }
    }

    /// On a terminal the same tables fit its width: the long name is cut, the figures stay
    /// (a trial saw `stats --by owner` 82 columns wide at 80, every row wrapped).
    @Test(arguments: ["en", "zh"]) func aLongNameIsCutToFitATerminal(language: String) throws {
        let dir = TempDir()
        let db = try Self.longNamedLog(dir)
        for columns in [60, 80] {
            for command in [["stats"], ["stats", "--by", "owner"], ["stats", "--by", "kind"]] {
                let run = cliOnTerminal(["--lang", language] + command, db: db, columns: columns)
                #expect(run.status == 0, "\(command): \(run.err)")
                let table = run.out.components(separatedBy: "\n\n")[0].split(separator: "\n")
                for line in table { #expect(DisplayWidth.of(String(line)) <= columns, "\(command) at \(columns): \(line)") }
                if command != ["stats", "--by", "kind"] {
                    #expect(table.contains { $0.hasPrefix("Barthol") && $0.contains("…") && $0.contains("%") }, "\(command): \(run.out)")
                }
            }
        }
        // At 80 columns every line fits, the text lines wrapped at their spaces: the whole
        // of `stats` (its dice lines were 92 and 125 wide) and of `stats --vs`.
        let villain = try #require(try BattleStore(path: db, readOnly: true).humans.first { $0.kind == .villain })
        for command in [["stats"], ["stats", "--vs", Self.name, villain.name]] {
            let run = cliOnTerminal(["--lang", language] + command, db: db, columns: 80)
            #expect(run.status == 0, "\(command): \(run.err)")
            for line in run.out.split(separator: "\n") { #expect(DisplayWidth.of(String(line)) <= 80, "\(command): \(line)") }
            // Piped, each is one line.
            #expect(cli(["--lang", language] + command, db: db).out.split(separator: "\n").count < run.out.split(separator: "\n").count)
        }
    }
}
