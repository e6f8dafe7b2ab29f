import BattleLogCLI
import BattleLogKit
import Foundation
import SchemaCheck
import Testing

/// One JSON shape per concept in every output, each published as a schema in `docs/schemas`
/// (issue 39 §5): a duration is one object everywhere, dice counts are `{face, count}`, timeline
/// actions have named fields, `inspect --json` gives the decoded value beside its text.
@Suite struct JSONShapeTests {
    static func object(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    static let durationKeys: Set<String> = ["value", "timescale", "flags", "epoch"]

    static func isDuration(_ any: Any?) -> Bool {
        guard let d = any as? [String: Any] else { return false }
        return Set(d.keys) == durationKeys && d.values.allSatisfy { $0 is Int }
    }

    @Test func aDurationIsTheSameObjectInShowListExportAndStatsVs() throws {
        let dir = TempDir()
        let db = dir.file("db")
        #expect(cli(["simulate", "--fights", "30", "--seed", "5"], db: db).status == 0)
        let shown = try Self.object(cli(["show", "1", "--json"], db: db).out)
        let duration = try #require(shown["duration"] as? [String: Any])
        #expect(Self.isDuration(duration))
        let listedLines = cli(["list", "--json", "--after", "2"], db: db).out.split(separator: "\n")
        let listed = try Self.object(String(try #require(listedLines.first)))
        #expect(listed["id"] as? Int == 1)
        #expect(NSDictionary(dictionary: listed["duration"] as! [String: Any]).isEqual(to: duration))
        let exported = try Self.object(String(cli(["export"], db: db).out.split(separator: "\n")[0]))
        #expect(NSDictionary(dictionary: exported["duration"] as! [String: Any]).isEqual(to: duration))

        let owner = try #require((shown["owner"] as? [String: Any])?["name"] as? String)
        let opponent = try #require((shown["opponent"] as? [String: Any])?["name"] as? String)
        let vs = try Self.object(cli(["stats", "--vs", owner, opponent, "--json"], db: db).out)
        let recent = try #require(vs["recent"] as? [[String: Any]])
        let fight1 = try #require(recent.first { $0["id"] as? Int == 1 })
        #expect(NSDictionary(dictionary: fight1["duration"] as! [String: Any]).isEqual(to: duration))
        // A mean is a duration too, to the millisecond.
        #expect(Self.isDuration(vs["meanDuration"]))
        #expect((vs["meanDuration"] as? [String: Any])?["timescale"] as? Int == 1000)
        for group in try #require(vs["byMonth"] as? [[String: Any]]) { #expect(Self.isDuration(group["meanDuration"])) }

        // Buckets of a span of time: their value, from and to are durations; of a number, numbers.
        let byDuration = try Self.object(cli(["stats", "--by", "duration:30s", "--json"], db: db).out)
        let groups = try #require(byDuration["groups"] as? [[String: Any]])
        #expect(!groups.isEmpty)
        for g in groups {
            #expect(Self.isDuration(g["value"]) && Self.isDuration(g["from"]) && Self.isDuration(g["to"]) && Self.isDuration(g["meanDuration"]))
            let from = g["from"] as! [String: Any], to = g["to"] as! [String: Any]
            #expect((to["value"] as! Int) - (from["value"] as! Int) == 30 * (from["timescale"] as! Int))
        }
        let byRolls = try Self.object(cli(["stats", "--by", "rolls.max:10", "--json"], db: db).out)
        for g in try #require(byRolls["groups"] as? [[String: Any]]) { #expect(g["from"] is Int && g["to"] is Int) }
    }

    @Test func timelineActionsHaveNamedFieldsOnTheTimelinesClock() throws {
        let dir = TempDir()
        let db = dir.file("db")
        _ = cli(["simulate", "--fights", "5", "--seed", "2"], db: db)
        let record = try Self.object(cli(["show", "1", "--json"], db: db).out)
        let timeline = try #require(record["timeline"] as? [String: Any])
        let actions = try #require(timeline["actions"] as? [[String: Any]])
        #expect(!actions.isEmpty)
        for a in actions {
            #expect(Set(a.keys) == ["time", "kind", "damage", "die"])
            #expect(Self.isDuration(a["time"]))
            #expect((a["time"] as? [String: Any])?["timescale"] as? Int == timeline["timescale"] as? Int)
        }
    }

    /// An export written before actions had named fields (`[ticks, kind, damage, die]`) still
    /// imports, into the same records.
    @Test func anExportWithPositionalActionsStillImports() throws {
        let dir = TempDir()
        let db = dir.file("db")
        _ = cli(["simulate", "--fights", "20", "--seed", "8"], db: db)
        let export = cli(["export"], db: db).out
        var legacy: [String] = []
        for line in export.split(separator: "\n") {
            var record = try Self.object(String(line))
            var timeline = try #require(record["timeline"] as? [String: Any])
            timeline["actions"] = (timeline["actions"] as! [[String: Any]]).map { a -> [Any] in
                [(a["time"] as! [String: Any])["value"]!, a["kind"]!, a["damage"]!, a["die"]!]
            }
            record["timeline"] = timeline
            legacy.append(String(decoding: try JSONSerialization.data(withJSONObject: record), as: UTF8.self))
        }
        let file = dir.file("legacy.jsonl")
        try (legacy.joined(separator: "\n") + "\n").write(toFile: file, atomically: true, encoding: .utf8)
        let copy = dir.file("copy")
        let imported = cli(["import", file], db: copy)
        #expect(imported.status == 0, "\(imported.err)")
        #expect(cli(["export"], db: copy).out == export)
    }

    @Test func anActionTimeOffTheTimelinesClockIsRefusedByName() throws {
        let dir = TempDir()
        let db = dir.file("db")
        _ = cli(["simulate", "--fights", "1", "--seed", "4"], db: db)
        let line = String(cli(["export"], db: db).out.split(separator: "\n")[0])
        let timescale = try #require((try Self.object(line)["timeline"] as? [String: Any])?["timescale"] as? Int)
        // The third action's time on another clock.
        var record = try Self.object(line)
        var timeline = record["timeline"] as! [String: Any]
        var actions = timeline["actions"] as! [[String: Any]]
        try #require(actions.count >= 3)
        var time = actions[2]["time"] as! [String: Any]
        time["timescale"] = timescale + 1
        actions[2]["time"] = time
        timeline["actions"] = actions
        record["timeline"] = timeline
        let file = dir.file("bad.jsonl")
        try String(decoding: try JSONSerialization.data(withJSONObject: record), as: UTF8.self).write(toFile: file, atomically: true, encoding: .utf8)
        let r = cli(["import", file], db: dir.file("copy"))
        #expect(r.status == 1)
        #expect(r.err.contains("action 2") && r.err.contains("timescale \(timescale)"), "\(r.err)")
        #expect(!FileManager.default.fileExists(atPath: dir.file("copy")))
    }

    /// An action in the named-field shape that is wrong says which field, in its own terms.
    @Test func aMalformedActionIsRefusedByItsField() throws {
        let dir = TempDir()
        let db = dir.file("db")
        _ = cli(["simulate", "--fights", "1", "--seed", "4"], db: db)
        let line = String(cli(["export"], db: db).out.split(separator: "\n")[0])
        let cases: [(change: (inout [String: Any]) -> Void, says: String)] = [
            ({ $0["kind"] = 3 }, #"action 1: "kind" should be a string, found an integer"#),
            ({ $0["damage"] = "12" }, #"action 1: "damage" should be an integer, found a string"#),
            ({ $0["die"] = nil }, #"action 1 has no "die""#),
            ({ $0["extra"] = true }, #"action 1 has an unknown key "extra""#),
        ]
        for (i, c) in cases.enumerated() {
            var record = try Self.object(line)
            var timeline = record["timeline"] as! [String: Any]
            var actions = timeline["actions"] as! [[String: Any]]
            c.change(&actions[1])
            timeline["actions"] = actions
            record["timeline"] = timeline
            let file = dir.file("bad\(i).jsonl")
            try String(decoding: try JSONSerialization.data(withJSONObject: record), as: UTF8.self).write(toFile: file, atomically: true, encoding: .utf8)
            let r = cli(["import", file], db: dir.file("copy\(i)"))
            #expect(r.status == 1 && r.err.contains(c.says), "\(r.err)")
        }
    }

    /// Exact values of a span of time stay apart: two first hits 0.3 ms apart are two groups.
    @Test func exactTimeGroupsStayDistinct() throws {
        let dir = TempDir()
        let db = dir.file("db")
        _ = cli(["simulate", "--fights", "200", "--seed", "9"], db: db)
        let json = try Self.object(cli(["stats", "--by", "timeline.firstHit", "--json"], db: db).out)
        let values = try #require(json["groups"] as? [[String: Any]]).compactMap { $0["value"] as? [String: Any] }
        #expect(values.count > 10)
        let keys = values.map { "\($0["value"]!)/\($0["timescale"]!)" }
        #expect(Set(keys).count == keys.count, "\(keys)")
    }

    @Test func diceCountsAreFaceAndCountInFaceOrder() throws {
        let dir = TempDir()
        let db = dir.file("db")
        _ = cli(["simulate", "--fights", "25", "--seed", "6"], db: db)
        let stats = try Self.object(cli(["stats", "--json"], db: db).out)
        let dice = try #require(stats["dice"] as? [[String: Any]])
        #expect(dice.allSatisfy { Set($0.keys) == ["face", "count"] })
        let faces = dice.map { $0["face"] as! Int }
        #expect(faces == faces.sorted() && Set(faces).count == faces.count)
        // The counts are every die of every record, each once.
        var rolled: [Int: Int] = [:]
        for line in cli(["export"], db: db).out.split(separator: "\n") {
            for face in try Self.object(String(line))["randomNumbers"] as! [Int] { rolled[face, default: 0] += 1 }
        }
        #expect(Dictionary(uniqueKeysWithValues: dice.map { ($0["face"] as! Int, $0["count"] as! Int) }) == rolled)
    }

    @Test func inspectGivesTheDecodedValueBesideItsText() throws {
        let dir = TempDir()
        let db = dir.file("db")
        _ = cli(["simulate", "--fights", "10", "--seed", "3"], db: db)
        try BattleStore(path: db).executeRaw("UPDATE record SET duration = ? WHERE id = 7", ["\u{1B}[31mred"])
        let shown = try Self.object(cli(["show", "1", "--json"], db: db).out)
        let inspected = try Self.object(cli(["inspect", "1", "--json"], db: db).out)
        let attributes = try #require(inspected["attributes"] as? [[String: Any]])
        let byName = Dictionary(uniqueKeysWithValues: attributes.map { ($0["attribute"] as! String, $0) })
        let duration = try #require(byName["duration"])
        #expect(NSDictionary(dictionary: duration["value"] as! [String: Any]).isEqual(to: shown["duration"] as! [String: Any]))
        #expect((duration["text"] as? String)?.contains("/") == true)
        let timeline = try #require(byName["timeline"]?["value"] as? [String: Any])
        #expect(NSDictionary(dictionary: timeline).isEqual(to: shown["timeline"] as! [String: Any]))
        #expect(byName["randomNumbers"]?["value"] as? [Int] == shown["randomNumbers"] as? [Int])
        // The weapon, an archive: its value as show gives it, and the archive's object table
        // with named keys.
        let weapon = try #require(byName["weapon"])
        if let shownWeapon = shown["weapon"] as? [String: Any] {
            #expect(NSDictionary(dictionary: weapon["value"] as! [String: Any]).isEqual(to: shownWeapon))
            let objects = try #require((weapon["archive"] as? [String: Any])?["objects"] as? [[String: Any]])
            #expect(objects.contains { ($0["keys"] as? [[String: Any]])?.contains { $0["key"] as? String == "name" } == true })
        } else {
            #expect(weapon["value"] is NSNull)
        }
        // A damaged value has no value and no text, and says why.
        let damaged = try Self.object(cli(["inspect", "7", "--json"], db: db).out)
        let damagedDuration = try #require((damaged["attributes"] as? [[String: Any]])?.first { $0["attribute"] as? String == "duration" })
        #expect(damagedDuration["value"] is NSNull && damagedDuration["text"] == nil)
        #expect((damagedDuration["error"] as? String)?.isEmpty == false)
    }
}

/// The schemas themselves, and the check every test's JSON output goes through.
@Suite struct OutputSchemaTests {
    @Test func eachCommandLineNamesTheSchemaOfItsOutput() {
        let cases: [([String], OutputSchema?)] = [
            (["show", "3", "--json"], OutputSchema(name: "record", isLines: false)),
            (["--db", "x.sqlite", "list", "--json"], OutputSchema(name: "record", isLines: true)),
            (["--lang", "zh", "--db", "stats", "export"], OutputSchema(name: "record", isLines: true)),
            (["export", "--format", "csv"], nil),
            (["export", "--format=csv"], nil),
            (["stats", "--json"], OutputSchema(name: "stats", isLines: false)),
            (["stats", "--by", "gate,result", "--json"], OutputSchema(name: "stats-by-pair", isLines: false)),
            (["stats", "--json", "--by=date:week"], OutputSchema(name: "stats-by", isLines: false)),
            (["stats", "--vs", "A", "B", "--json"], OutputSchema(name: "stats-vs", isLines: false)),
            (["count", "--where", "result = win", "--json"], OutputSchema(name: "count", isLines: false)),
            (["inspect", "1", "--json"], OutputSchema(name: "inspect", isLines: false)),
            (["coredata", "history", "s.sqlite", "--json"], OutputSchema(name: "coredata-history", isLines: true)),
            (["coredata", "dump", "s.sqlite", "--json"], OutputSchema(name: "coredata-object", isLines: true)),
            (["coredata", "info", "s.sqlite", "--json"], OutputSchema(name: "coredata-info", isLines: false)),
            (["show", "3"], nil), (["stats", "--json", "--help"], nil), (["list"], nil),
        ]
        for (arguments, expected) in cases { #expect(OutputSchema.of(arguments) == expected, "\(arguments)") }
    }

    /// The check can fail: a value out of its range, and a record in the shape before named
    /// action fields, are each refused with the place named.
    @Test func theCheckRefusesWhatTheSchemaDoesNot() throws {
        let count = SchemaCheck.violations(of: #"{"count":"7","where":null}"#, schema: OutputSchema(name: "count", isLines: false))
        #expect(count?.contains("['count']") == true, "\(count ?? "accepted")")
        let dir = TempDir()
        let db = dir.file("db")
        _ = cli(["simulate", "--fights", "2", "--seed", "1"], db: db)
        let line = cli(["show", "1", "--json"], db: db).out
        #expect(SchemaCheck.violations(of: line, schema: OutputSchema(name: "record", isLines: false)) == nil)
        var record = try JSONShapeTests.object(line)
        var timeline = record["timeline"] as! [String: Any]
        timeline["actions"] = [[750, "strike", 12, 0]]
        record["timeline"] = timeline
        let old = String(decoding: try JSONSerialization.data(withJSONObject: record), as: UTF8.self)
        let report = SchemaCheck.violations(of: old, schema: OutputSchema(name: "record", isLines: false))
        #expect(report?.contains("['timeline']['actions'][0]") == true, "\(report ?? "accepted")")
        // One bad line of many is found by its number.
        let lines = SchemaCheck.violations(of: line + old + "\n" + line, schema: OutputSchema(name: "record", isLines: true))
        #expect(lines?.contains("line 2:") == true, "\(lines ?? "accepted")")
    }

    /// Every published schema is a valid JSON Schema (draft 2020-12) whose references resolve.
    @Test func everySchemaIsValid() throws {
        let folder = repositoryRoot + "/docs/schemas"
        let names = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".schema.json") }
        #expect(names.count == 11)
        for name in names where name != "common.schema.json" {
            let schema = OutputSchema(name: String(name.dropLast(".schema.json".count)), isLines: true)
            // An empty stream of lines holds no document to refuse: only the schema is checked.
            #expect(SchemaCheck.violations(of: "", schema: schema) == nil, "\(name)")
        }
    }
}
