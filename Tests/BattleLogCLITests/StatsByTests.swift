import Foundation
import Testing
import BattleLogKit

/// `stats --by`: the groups SQL counts are the groups the test counts itself from `export`'s lines.
@Suite struct StatsByTests {
    /// One group as the test counts it.
    struct Tally: Equatable, CustomStringConvertible {
        var count = 0, wins = 0, losses = 0, draws = 0
        var seconds = 0.0
        var description: String { "\(count) (\(wins)-\(losses)-\(draws), \(seconds)s)" }
    }

    /// The group of one exported record for `field`: a value's text, or "absent".
    static func group(_ r: [String: Any], field: String) -> String {
        let magic = r["magic"] as? [String: Any]
        let type = magic?["type"] as? String
        func bucket(_ v: Double, _ w: Double) -> String { String(Int64((v / w).rounded(.down)) * Int64(w)) }
        let duration = (r["duration"] as? [String: Any]).map { Double($0["value"] as! Int) / Double($0["timescale"] as! Int) } ?? .nan
        let rolls = r["randomNumbers"] as? [Int] ?? []
        let date = r["date"] as! String
        switch field {
        case "owner": return (r["owner"] as! [String: Any])["name"] as! String
        case "opponent": return ((r["opponent"] as? [String: Any])?["name"] as? String) ?? "absent"
        case "kind": return (r["owner"] as! [String: Any])["kind"] as! String
        case "result": return r["result"] as! String
        case "magic": return type ?? "absent"
        case "gate": return type == "villain" ? magic!["gateName"] as! String : "absent"
        case "power": return type == "villain" ? String(magic!["powerOfEvilGate"] as! Int) : "absent"
        case "formula": return type == "hero" ? magic!["cooperationFormulaName"] as! String : "absent"
        case "collaborator": return type == "hero" ? magic!["collaboratorName"] as! String : "absent"
        case "date:day": return String(date.prefix(10))
        case "date:month": return String(date.prefix(7))
        case "date:week":
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = TimeZone(identifier: "UTC")!
            let day = ISO8601DateFormatter().date(from: date)!
            let weekday = calendar.component(.weekday, from: day)   // 1 = Sunday
            let monday = calendar.date(byAdding: .day, value: -((weekday + 5) % 7), to: day)!
            let f = DateFormatter()
            f.timeZone = TimeZone(identifier: "UTC"); f.dateFormat = "yyyy-MM-dd"; f.locale = Locale(identifier: "en_US_POSIX")
            return f.string(from: monday)
        case "duration:30s": return bucket(duration, 30)
        case "duration:1:30": return bucket(duration, 90)
        case "rolls.max:10": return rolls.isEmpty ? "absent" : bucket(Double(rolls.max()!), 10)
        case "rolls.count": return String(rolls.count)
        case "timeline.crits":
            guard let t = r["timeline"] as? [String: Any] else { return "absent" }
            return String((t["actions"] as! [[String: Any]]).filter { $0["kind"] as? String == "critical" }.count)
        default: Issue.record("no grouping for \(field) in the test"); return "?"
        }
    }

    @Test func groupsEqualTheTestsOwnCountOfTheExport() throws {
        let dir = TempDir()
        let db = dir.file("by.sqlite")
        #expect(cli(["simulate", "--fights", "600", "--seed", "41", "--heroes", "5", "--villains", "6"], db: db).status == 0)
        // A one-sided record (no opponent, no magic, no timeline), as an import from Core Data makes.
        let lone = #"{"id":5000,"fight":9000,"owner":{"id":1,"name":"\#(try BattleStore(path: db).humans.first { $0.id == 1 }!.name)","kind":"\#(try BattleStore(path: db).humans.first { $0.id == 1 }!.kindText)"},"opponent":null,"date":"2026-03-01T10:00:00Z","result":"draw","duration":{"value":600,"timescale":600,"flags":1,"epoch":0},"randomNumbers":[5],"magic":null,"timeline":null}"#
        let file = dir.file("lone.jsonl")
        try (lone + "\n").write(toFile: file, atomically: true, encoding: .utf8)
        let imported = cli(["import", file], db: db)
        #expect(imported.status == 0, "\(imported.err)")
        let fields = ["owner", "opponent", "kind", "result", "magic", "gate", "power", "formula", "collaborator", "date:day",
                      "date:week", "date:month", "duration:30s", "duration:1:30", "rolls.max:10", "rolls.count", "timeline.crits"]
        let filters: [String?] = [nil, "result = win", "power >= 7", "magic = hero and rolls.max > 90", "date >= 2026-01-15", "timeline.crits >= 1",
                                  "opponent ~ \"a\"", "not (kind = hero)"]
        var generator = SeededGenerator(seed: 42)
        for round in 0..<24 {
            let field = round < fields.count ? fields[round] : fields.randomElement(using: &generator)!
            let filter = filters.randomElement(using: &generator)!
            let args = ["stats", "--by", field, "--json"] + (filter.map { ["--where", $0] } ?? [])
            let run = cli(args, db: db)
            #expect(run.status == 0, "\(args): \(run.err)")
            let json = try #require(try JSONSerialization.jsonObject(with: Data(run.out.utf8)) as? [String: Any])
            var fromStats: [String: Tally] = [:]
            for g in json["groups"] as! [[String: Any]] {
                let name: String
                if g["absent"] as? Bool == true { name = "absent" }
                else if g["damaged"] as? Bool == true { name = "damaged" }
                else if let v = g["value"] as? String { name = v }
                else if let d = g["value"] as? [String: Any] { name = String((d["value"] as! Int) / (d["timescale"] as! Int)) }
                else { name = String(describing: (g["value"] as! NSNumber).int64Value) }
                #expect(fromStats[name] == nil, "\(args): group \(name) twice")
                // A mean is a duration object (to the millisecond), null for no duration.
                let meanObject = g["meanDuration"] as? [String: Any]
                let mean = meanObject.map { Double($0["value"] as! Int) / Double($0["timescale"] as! Int) } ?? 0
                fromStats[name] = Tally(count: g["count"] as! Int, wins: g["wins"] as! Int, losses: g["losses"] as! Int,
                                        draws: g["draws"] as! Int, seconds: (mean * Double(g["count"] as! Int) * 1000).rounded() / 1000)
            }
            // The same grouping, counted here from the exported records.
            let export = cli(["export"] + (filter.map { ["--where", $0] } ?? []), db: db)
            #expect(export.status == 0)
            var fromExport: [String: Tally] = [:]
            for line in export.out.split(separator: "\n") {
                let r = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
                var t = fromExport[Self.group(r, field: field), default: Tally()]
                t.count += 1
                switch r["result"] as! String {
                case "win": t.wins += 1
                case "loss": t.losses += 1
                default: t.draws += 1
                }
                let d = r["duration"] as! [String: Any]
                t.seconds += Double(d["value"] as! Int) / Double(d["timescale"] as! Int)
                fromExport[Self.group(r, field: field)] = t
            }
            #expect(fromStats.keys.sorted() == fromExport.keys.sorted(), "\(args)")
            for (name, t) in fromExport {
                let s = try #require(fromStats[name], "\(args): no group \(name)")
                #expect(s.count == t.count && s.wins == t.wins && s.losses == t.losses && s.draws == t.draws, "\(args) \(name): \(s) vs \(t)")
                #expect(abs(s.seconds - t.seconds) <= 0.001 * Double(t.count) + 1e-6, "\(args) \(name): \(s) vs \(t)")
            }
            #expect(json["records"] as? Int == fromExport.values.map(\.count).reduce(0, +))
        }
    }

    @Test func oneIsSingularAndADurationWithoutABucketGetsTenSecondOnes() throws {
        let dir = TempDir()
        let db = dir.file("one.sqlite")
        #expect(cli(["simulate", "--fights", "1", "--seed", "3"], db: db).status == 0)
        let one = cli(["stats", "--by", "kind", "--where", "kind = hero"], db: db)
        #expect(one.out.contains("\n1 record in 1 group\n"), "\(one.out)")
        // One fight's dice are too few for the chi-square to judge: it says so, not "even".
        let stats = cli(["stats"], db: db)
        #expect(stats.out.contains("too few rolls to judge") && !stats.out.contains("consistent with even dice"), "\(stats.out)")
        #expect(cli(["simulate", "--fights", "39", "--seed", "4"], db: db).status == 0)
        // Whole-number buckets name their first and last value; the JSON keeps the bounds.
        let dice = cli(["stats", "--by", "rolls.max:10"], db: db)
        #expect(dice.out.contains("90–99") && !dice.out.contains("90–100"), "\(dice.out)")
        // Numbers read in their own order unasked, and the highest roll's bucket stops at the
        // dice's top face (issue 43: "100–109", and the buckets sorted by count).
        let buckets = dice.out.split(separator: "\n", omittingEmptySubsequences: false).dropFirst().prefix { !$0.isEmpty }.map { String($0.split(separator: " ")[0]) }
        #expect(buckets.last == "100" && !dice.out.contains("100–109"), "\(dice.out)")
        let firsts = buckets.compactMap { Int($0.split(separator: "–")[0]) }
        #expect(firsts.count == buckets.count && firsts == firsts.sorted(), "\(buckets)")
        // A time the model declares in seconds groups and reads as a clock.
        let firstHit = cli(["stats", "--by", "timeline.firstHit:5s"], db: db)
        #expect(firstHit.status == 0 && firstHit.out.contains("\n0:00–0:05 ") && firstHit.out.contains("\n0:05–0:10 "), "\(firstHit.out)")
        let exact = cli(["stats", "--by", "timeline.firstHit"], db: db)
        #expect(exact.out.split(separator: "\n", omittingEmptySubsequences: false).dropFirst().prefix { !$0.isEmpty }.allSatisfy { $0.hasPrefix("0:") }, "\(exact.out)")
        let run = cli(["stats", "--by", "duration", "--json"], db: db)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(run.out.utf8)) as? [String: Any])
        let groups = try #require(json["groups"] as? [[String: Any]])
        #expect(groups.count > 1 && groups.count < 40, "a group per 10 s, not per record")
        for g in groups {
            guard let value = g["value"] as? [String: Any], let from = value["from"] as? Double, let to = value["to"] as? Double else { continue }
            #expect(to - from == 10 && from.truncatingRemainder(dividingBy: 10) == 0, "\(g)")
        }
    }

    /// `stats --by` with `by` on a log of `fights` simulated fights: the lines printed.
    static func pairTable(fights: Int, by: String) -> (lines: [String], out: String) {
        let dir = TempDir()
        let db = dir.file("pairs.sqlite")
        #expect(cli(["simulate", "--fights", String(fights), "--seed", "3"], db: db).status == 0)
        let run = cli(["stats", "--by", by], db: db)
        return (run.out.split(separator: "\n").map(String.init), run.out)
    }

    /// The pair table's corner names its axes: the first field down, the second across.
    @Test func thePairTablesCornerNamesItsAxes() throws {
        let (lines, out) = Self.pairTable(fights: 40, by: "kind, result")
        #expect(lines.first?.hasPrefix("kind ↓ result →") == true, "\(out)")
        // The rows line up under the corner.
        #expect(lines.dropFirst().first?.hasPrefix("hero ") == true)
    }

    /// The shades compare the cells whose two values are present: the `(none)` row of
    /// `gate,result` (every Hero's record) is larger than any of them, and every other cell
    /// was `░` (a trial found the shading told nothing).
    @Test func theShadesCompareTheCellsWithBothValues() throws {
        let (lines, out) = Self.pairTable(fights: 300, by: "gate,result")
        let valued = lines.dropFirst().filter { !$0.hasPrefix("(none)") && !$0.contains("more column") }
        #expect(valued.contains { $0.contains("█") }, "\(out)")
        #expect(lines.contains { $0.hasPrefix("(none)") }, "\(out)")
    }

    @Test func badFieldsAndStrayOptionsAreUsageErrors() {
        let dir = TempDir()
        let db = dir.file("bad.sqlite")
        _ = cli(["simulate", "--fights", "20", "--seed", "3"], db: db)
        for (args, message) in [(["stats", "--by", "weather"], "\"weather\" is not a field to group by; fields: owner"),
                                (["stats", "--by", "date:year"], "dates group by day, week or month"),
                                (["stats", "--by", "duration:0"], "a duration's bucket is a positive length"),
                                (["stats", "--by", "duration:1e308s"], "a duration's bucket is a positive length up to 10^15 seconds"),
                                (["stats", "--by", "rolls.max:1e300"], "a number's bucket is a positive width up to 10^15"),
                                (["stats", "--by", "gate:5"], "only dates, durations and the model's numbers"),
                                (["stats", "--by", "power:3"], "this field groups by its value"),
                                (["stats", "--by", "owner", "--sort", "size"], "--sort must be count|value|winrate|duration"),
                                (["stats", "--where", "power > 1"], "--where goes with --by FIELD"),
                                (["stats", "--by", "owner", "--where", "power >"], "--where \"power >\": expected a value after >"),
                                (["stats", "--by", "gate,gate"], "two different fields"),
                                (["help", "nope"], "help: no command \"nope\"")] {
            let run = cli(args, db: db)
            #expect(run.status == 2, "\(args)")
            #expect(run.err.contains(message), "\(args): \(run.err)")
            #expect(run.out.isEmpty)
        }
    }

    /// The model's own query paths group as the error's list and the completions offer them,
    /// whatever their case; `help COMMAND` is the command's help.
    @Test func modelPathsGroupAndHelpNamesACommand() {
        let dir = TempDir()
        let db = dir.file("paths.sqlite")
        _ = cli(["simulate", "--fights", "20", "--seed", "6"], db: db)
        for field in ["timeline.biggestHit:10", "timeline.firsthit:5", "TIMELINE.CRITS"] {
            let run = cli(["stats", "--by", field], db: db)
            #expect(run.status == 0, "\(field): \(run.err)")
        }
        let help = cli(["help", "stats"], db: db)
        #expect(help.status == 0 && help.out.hasPrefix("usage: battlelog [--db PATH] stats"))
    }

    /// Damaged values are a group of their own, never counted as a value or as absent.
    @Test func damagedValuesAreAGroupOfTheirOwn() throws {
        let dir = TempDir()
        let db = dir.file("damaged.sqlite")
        _ = cli(["simulate", "--fights", "30", "--seed", "5"], db: db)
        let store = try BattleStore(path: db)
        try store.executeRaw("UPDATE record SET result = 'wizard' WHERE id = 1")
        try store.executeRaw("UPDATE record SET date = 'soon' WHERE id = 2")
        let result = try #require(try JSONSerialization.jsonObject(with: Data(cli(["stats", "--by", "result", "--json"], db: db).out.utf8)) as? [String: Any])
        let damaged = (result["groups"] as! [[String: Any]]).filter { $0["damaged"] as? Bool == true }
        #expect(damaged.count == 1 && damaged.first?["count"] as? Int == 1)
        let dates = try #require(try JSONSerialization.jsonObject(with: Data(cli(["stats", "--by", "date:month", "--json"], db: db).out.utf8)) as? [String: Any])
        #expect((dates["groups"] as! [[String: Any]]).contains { $0["damaged"] as? Bool == true && $0["count"] as? Int == 1 })
        let text = cli(["stats", "--by", "result"], db: db).out
        #expect(text.contains("⚠ DAMAGED"))
    }

    /// The dice's chi-square counts each fight's dice once (both records of a fight hold them),
    /// and a one-sided record's once: the figure equals the test's own count from the export.
    @Test func diceTestCountsEachFightOnce() throws {
        let dir = TempDir()
        let db = dir.file("dice.sqlite")
        _ = cli(["simulate", "--fights", "400", "--seed", "17"], db: db)
        let owner = try #require(try BattleStore(path: db).humans.first)
        let lone = #"{"id":9001,"fight":9001,"owner":{"id":\#(owner.id),"name":"\#(owner.name)","kind":"\#(owner.kindText)"},"opponent":null,"date":"2026-03-01T10:00:00Z","result":"draw","duration":{"value":600,"timescale":600,"flags":1,"epoch":0},"randomNumbers":[100,100,100,100,100,7],"magic":null,"timeline":null}"#
        try (lone + "\n").write(toFile: dir.file("lone.jsonl"), atomically: true, encoding: .utf8)
        #expect(cli(["import", dir.file("lone.jsonl")], db: db).status == 0)
        var counts = [Int](repeating: 0, count: 100)
        var seen = Set<Int>()
        for line in cli(["export"], db: db).out.split(separator: "\n") {
            let r = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            guard seen.insert(r["fight"] as! Int).inserted else { continue }
            for v in r["randomNumbers"] as! [Int] { counts[v - 1] += 1 }
        }
        let expected = try #require(ChiSquare.uniform(counts))
        let json = try #require(try JSONSerialization.jsonObject(with: Data(cli(["stats", "--json"], db: db).out.utf8)) as? [String: Any])
        let figure = try #require(json["diceUniformity"] as? [String: Any])
        #expect(abs((figure["chiSquare"] as! Double) - expected.statistic) < 1e-3, "\(figure) vs \(expected)")
        #expect(figure["degreesOfFreedom"] as? Int == 99)
        #expect(abs((figure["pValue"] as! Double) - expected.pValue) < 1e-5)
    }

    /// `--by A,B`: every cell is the test's own count of the export's records with that pair.
    @Test func pairsEqualTheTestsOwnCountOfTheExport() throws {
        let dir = TempDir()
        let db = dir.file("pairs.sqlite")
        _ = cli(["simulate", "--fights", "300", "--seed", "43", "--heroes", "4", "--villains", "5"], db: db)
        let fields = ["gate", "result", "kind", "date:month", "duration:30s", "magic", "power", "timeline.crits", "opponent"]
        var generator = SeededGenerator(seed: 44)
        for _ in 0..<8 {
            let a = fields.randomElement(using: &generator)!, b = fields.randomElement(using: &generator)!
            let filter = ["", "result != draw", "rolls.max >= 95"].randomElement(using: &generator)!
            let run = cli(["stats", "--by", a + "," + b, "--json"] + (filter.isEmpty ? [] : ["--where", filter]), db: db)
            #expect(run.status == 0, "\(a),\(b): \(run.err)")
            let json = try #require(try JSONSerialization.jsonObject(with: Data(run.out.utf8)) as? [String: Any])
            func names(_ axis: String) -> [String] {
                (json[axis] as! [[String: Any]]).map { g in
                    if g["absent"] as? Bool == true { return "absent" }
                    if let v = g["value"] as? String { return v }
                    // A span of time is a duration object: its whole seconds name the bucket.
                    if let d = g["value"] as? [String: Any] { return String((d["value"] as! Int) / (d["timescale"] as! Int)) }
                    return String(describing: (g["value"] as! NSNumber).int64Value)
                }
            }
            let rows = names("rows"), columns = names("columns")
            var fromStats: [String: Int] = [:]
            for cell in json["cells"] as! [[String: Any]] {
                fromStats[rows[cell["row"] as! Int] + " | " + columns[cell["column"] as! Int]] = cell["count"] as? Int
            }
            var fromExport: [String: Int] = [:]
            for line in cli(["export"] + (filter.isEmpty ? [] : ["--where", filter]), db: db).out.split(separator: "\n") {
                let r = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
                fromExport[Self.group(r, field: a) + " | " + Self.group(r, field: b), default: 0] += 1
            }
            #expect(fromStats == fromExport, "\(a),\(b) where \(filter)")
        }
    }

    /// `--vs A B`: the tally, the months, each side's magic and the newest fights are the test's
    /// own count of the export's records of A against B (and of B against A).
    @Test func headToHeadEqualsTheTestsOwnCount() throws {
        let dir = TempDir()
        let db = dir.file("vs.sqlite")
        _ = cli(["simulate", "--fights", "500", "--seed", "45", "--heroes", "3", "--villains", "3"], db: db)
        let store = try BattleStore(path: db)
        let hero = try #require(store.humans.first { $0.kind == .hero }), villain = try #require(store.humans.first { $0.kind == .villain })
        let run = cli(["stats", "--vs", hero.name, villain.name, "--json"], db: db)
        #expect(run.status == 0, "\(run.err)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(run.out.utf8)) as? [String: Any])
        var mine: [[String: Any]] = [], theirs: [[String: Any]] = []
        for line in cli(["export"], db: db).out.split(separator: "\n") {
            let r = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let owner = (r["owner"] as! [String: Any])["id"] as! Int, opponent = (r["opponent"] as? [String: Any])?["id"] as? Int
            if owner == Int(hero.id) && opponent == Int(villain.id) { mine.append(r) }
            if owner == Int(villain.id) && opponent == Int(hero.id) { theirs.append(r) }
        }
        #expect(!mine.isEmpty && mine.count == theirs.count)
        #expect(json["fights"] as? Int == mine.count)
        #expect(json["wins"] as? Int == mine.filter { $0["result"] as? String == "win" }.count)
        #expect(json["losses"] as? Int == mine.filter { $0["result"] as? String == "loss" }.count)
        func counts(_ groups: Any?) -> [String: Int] {
            var out: [String: Int] = [:]
            for g in groups as! [[String: Any]] { out[(g["value"] as? String) ?? "absent"] = g["count"] as? Int }
            return out
        }
        var months: [String: Int] = [:], formulas: [String: Int] = [:], gates: [String: Int] = [:]
        for r in mine { months[String((r["date"] as! String).prefix(7)), default: 0] += 1; formulas[Self.group(r, field: "formula"), default: 0] += 1 }
        for r in theirs { gates[Self.group(r, field: "gate"), default: 0] += 1 }
        #expect(counts(json["byMonth"]) == months)
        #expect(counts(json["firstMagic"]) == formulas)
        #expect(counts(json["secondMagic"]) == gates)
        // The newest 20 of the hero's records against the villain, newest first.
        let newest = mine.sorted { ($0["date"] as! String, $0["id"] as! Int) > ($1["date"] as! String, $1["id"] as! Int) }.prefix(20).map { $0["id"] as! Int }
        #expect((json["recent"] as! [[String: Any]]).map { $0["id"] as! Int } == Array(newest))
        // Two of a kind never fight; unknown names and a Human against itself are refused.
        let heroes = store.humans.filter { $0.kind == .hero }
        #expect(cli(["stats", "--vs", heroes[0].name, heroes[1].name], db: db).out.contains("never fought"))
        #expect(cli(["stats", "--vs", "Nobody", hero.name], db: db).status == 1)
        #expect(cli(["stats", "--vs", hero.name, hero.name], db: db).status == 2)
        #expect(cli(["stats", "--vs", hero.name], db: db).status == 2)
    }
}
