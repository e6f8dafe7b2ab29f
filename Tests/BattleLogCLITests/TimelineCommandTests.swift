import Foundation
import Testing
import BattleLogKit
import BattleLogPresentation
import SQLiteDB

/// Timelines at the doors (issue 21): `show --timeline`, doctor's check of each fight against its
/// timelines, export and import, and databases written before timelines.
@Suite struct TimelineCommandTests {
    @Test func showListsTheMergedActionsWithExactTimes() throws {
        let dir = TempDir()
        let db = dir.file("t.sqlite")
        #expect(cli(["simulate", "--fights", "20", "--seed", "5"], db: db).status == 0)
        let shown = cli(["show", "1", "--timeline"], db: db)
        #expect(shown.status == 0, "\(shown.err)")
        let lines = shown.out.split(separator: "\n").map(String.init)
        let heading = try #require(lines.firstIndex { $0.hasPrefix("Fight 1: ") })
        #expect(lines[heading].contains(" actions, ended at "))
        // Each action: the clock, the exact time on its side's clock, who, what, the die, the HP.
        let actions = lines[(heading + 1)...]
        #expect(!actions.isEmpty)
        for line in actions {
            #expect(line.contains(#/^ +\d+:\d\d\.\d{3} \{\d+/(600|44100)\} /#), "\(line)")
            #expect(line.contains(#/die \d+ = \d+ {2,}HP \d+ \/ \d+$/#), "\(line)")
        }
        // The hit points line up in one column, whatever the die's and the roll's digits.
        let columns = Set(actions.compactMap { line in line.range(of: "HP ").map { DisplayWidth.of(String(line[..<$0.lowerBound])) } })
        #expect(columns.count == 1, "\(actions.joined(separator: "\n"))")
        // The last action ends the fight at the stored duration, to the tick.
        let json = try #require(JSONParser.parse(cli(["show", "1", "--json"], db: db).out.trimmingCharacters(in: .newlines)).objectValue)
        let duration = try #require(json["duration"]?.objectValue)
        let end = "{\(duration["value"]!.integerValue!)/\(duration["timescale"]!.integerValue!)}"
        #expect(lines[heading].hasSuffix(end), "\(lines[heading]) against \(end)")
        #expect(json["timeline"]?.objectValue?["version"]?.integerValue == 1)
        // Chinese.
        #expect(cli(["--lang", "zh", "show", "1", "--timeline"], db: db).out.contains("战斗 1："))
    }

    @Test func doctorNamesAFightWhoseTimelineContradictsItsResult() throws {
        let dir = TempDir()
        let db = dir.file("t.sqlite")
        #expect(cli(["simulate", "--fights", "30", "--seed", "5"], db: db).status == 0)
        #expect(cli(["doctor"], db: db).status == 0)
        // Fight 7's first record now says the other result; its timeline still says what happened.
        let raw = try Database(path: db)
        let result = try #require(raw.prepare("SELECT result FROM record WHERE fight = 7 ORDER BY id LIMIT 1").map { $0.string(0) }.first ?? nil)
        let flipped = result == "win" ? "loss" : "win"
        try raw.execute(script: "UPDATE record SET result = '\(flipped)' WHERE id = (SELECT min(id) FROM record WHERE fight = 7)")
        let doctor = cli(["doctor", "--repair"], db: db)
        #expect(doctor.status == 1)
        #expect(doctor.out.contains("fight 7: its timeline contradicts itself: its actions make it a \(result) for this side, the record says \(flipped)"), "\(doctor.out)")
        // A timeline taken away from one side of fight 9.
        try raw.execute(script: "UPDATE record SET timeline = NULL WHERE id = (SELECT max(id) FROM record WHERE fight = 9)")
        #expect(cli(["doctor"], db: db).out.contains("fight 9: only one of its two records has a timeline"))
    }

    @Test func exportAndImportCarryTimelinesByteForByte() throws {
        let dir = TempDir()
        let db = dir.file("a.sqlite")
        #expect(cli(["simulate", "--fights", "200", "--seed", "8"], db: db).status == 0)
        let exported = cli(["export"], db: db).out
        #expect(exported.contains(#""timeline":{"actions":[{"time":{"value":"#))
        try exported.write(toFile: dir.file("a.jsonl"), atomically: true, encoding: .utf8)
        let copy = dir.file("b.sqlite")
        #expect(cli(["import", dir.file("a.jsonl")], db: copy).status == 0)
        #expect(cli(["export"], db: copy).out == exported)
        #expect(cli(["doctor"], db: copy).status == 0)
        // In the CSV as its derived figures.
        let csv = cli(["export", "--format", "csv"], db: db).out
        #expect(csv.split(separator: "\n").first?.contains("timeline_actions,timeline_crits,timeline_first_hit,timeline_biggest_hit") == true)
        // And as filter fields.
        let crits = cli(["list", "--where", "timeline.crits >= 2 and timeline.firstHit < 0:05", "--json", "--limit", "1000"], db: db)
        #expect(crits.status == 0, "\(crits.err)")
        for line in crits.out.split(separator: "\n") {
            let timeline = try #require(JSONParser.parse(String(line)).objectValue?["timeline"]?.objectValue?["actions"]?.arrayValue)
            #expect(timeline.filter { $0.objectValue?["kind"] == .string("critical") }.count >= 2)
        }
    }

    @Test func aDatabaseFromBeforeTimelinesGrowsTheColumnAndSaysNoTimeline() throws {
        let dir = TempDir()
        let db = dir.file("v3.sqlite")
        let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("BattleLogKitTests/Fixtures/schema-v3.sqlite").path
        try FileManager.default.copyItem(atPath: fixture, toPath: db)
        let shown = cli(["show", "1", "--timeline"], db: db)
        #expect(shown.status == 0, "\(shown.err)")
        #expect(shown.out.contains("  Timeline: no timeline"), "\(shown.out)")
        #expect(shown.out.contains("record 1 has no timeline"))
        #expect(!shown.out.contains("DAMAGED"))
        let raw = try Database(path: db)
        #expect(try raw.scalarInt("SELECT count(*) FROM pragma_table_info('record') WHERE name = 'timeline'") == 1)
        // Doctor does not call a missing timeline damage; new fights get theirs.
        #expect(cli(["simulate", "--fights", "5"], db: db).status == 0)
        let doctor = cli(["doctor"], db: db)
        #expect(!doctor.out.contains("timeline"), "\(doctor.out)")
    }

    @Test func replayPrintsEachActionAsItFallsDue() throws {
        let dir = TempDir()
        let db = dir.file("t.sqlite")
        #expect(cli(["simulate", "--fights", "10", "--seed", "5"], db: db).status == 0)
        let store = try BattleStore(path: db)
        let duration = try store.record(id: 1).duration.decoded.get()
        let started = Date()
        let replay = cli(["replay", "1", "--speed", "1000"], db: db)
        let elapsed = Date().timeIntervalSince(started)
        #expect(replay.status == 0, "\(replay.err)")
        // The same lines as `show --timeline`, and no sooner than the fight at 1000x.
        let shown = cli(["show", "1", "--timeline"], db: db).out
        #expect(shown.hasSuffix(replay.out), "\(replay.out)")
        #expect(elapsed >= duration.seconds / 1000)
        for bad in ["0", "1/0", "2000", "x", "1/32", "2xx"] {
            let r = cli(["replay", "1", "--speed", bad], db: db)
            #expect(r.status == 2 && r.err.hasPrefix("battlelog: --speed must be a number or a fraction from 1/16 to 1000 (2, 2x, 1/4), got \"\(bad)\""), "\(r.err)")
        }
        // The config file's form is taken too.
        for good in ["1000x", "500X"] { #expect(cli(["replay", "1", "--speed", good], db: db).status == 0, "\(good)") }
        #expect(cli(["replay", "999"], db: db).status == 1)
    }

    /// `replay ID | head -2` prints its lines as they fall due and ends when head does, not
    /// when the fight does (issue 43: nothing came until the fight ended).
    @Test func aReplayIntoAPipeIsWrittenLineByLineAndEndsWithThePipe() throws {
        let binary = try requireBinary()
        let dir = TempDir()
        let db = dir.file("t.sqlite")
        #expect(cli(["simulate", "--fights", "40", "--seed", "5"], db: db).status == 0)
        let store = try BattleStore(path: db)
        // A fight of at least 40 s at real speed, whose second action comes within 10 s.
        let id = try #require((1...80).first { id in
            guard let r = try? store.record(id: Int64(id)), let d = try? r.duration.decoded.get(), d.seconds >= 40,
                  let t = r.timeline, t.actions.count > 1, t.actions[0].time.seconds < 10 else { return false }
            return true
        })
        let started = Date()
        let run = try ChildProcess.run(["/bin/sh", "-c", "\"$0\" --db \"$1\" replay \"$2\" | head -2", binary, db, String(id)], timeout: 120)
        let elapsed = Date().timeIntervalSince(started)
        #expect(run.out.split(separator: "\n").count == 2, "\(run.out)\(run.err)")
        #expect(elapsed < 30, "the replay ran on after head had its two lines: \(elapsed) s")
        #expect(run.err.isEmpty, "a closed pipe is no error: \(run.err)")
    }
}

extension JSONValue {
    var objectValue: [String: JSONValue]? { if case .object(let o) = self { o } else { nil } }
    var arrayValue: [JSONValue]? { if case .array(let a) = self { a } else { nil } }
    var integerValue: Int64? { if case .integer(let i) = self { i } else { nil } }
}
