import Foundation
import Testing
import BattleLogKit

/// `battlelog count [--where EXPR] [--json]` (issue 43): the number of matching records, a bare
/// number on stdout, equal to the records `list` finds, whichever way it is counted.
@Suite struct CountCommandTests {
    static let filters = [
        "magic = villain and power >= 8 and result = loss",
        "collaborator ~ \"a\" or formula = \"星辰契约\"",
        "duration > 1:00 and rolls contains 100",
        "not (kind = hero) and date >= 2026-01-03 and timeline.crits >= 2",
        "weapon.rarity = epic and weapon.enchantments ~ frost",
        "result = draw",
        "magic = damaged",
        "date < 2026-01-02",
        "date = 2026-01-02",
        "date >= 2026-01-03 and result = win",
        "date < 1970-01-02",
        "power = 10",
        "rolls contains 7",
        "timeline.crits >= 9",
        "date >= 2026-01-03 and timeline.crits >= 9",
        "power = 10 or weapon.rarity = legendary",
        "result = draw or date < 2026-01-02",
    ]

    /// Counted in halves of the dates on two connections, over the grouping index or the table:
    /// the same number as one plain `count(*)` of the filter, also with dates stored as text and
    /// as reals (a damaged date sorts after every number), a damaged magic, and none at all.
    @Test func theCountIsTheRecordsTheFilterMatches() throws {
        let dir = TempDir()
        let db = dir.file("count.sqlite")
        #expect(cli(["simulate", "--fights", "400", "--seed", "8"], db: db).status == 0)
        let store = try BattleStore(path: db)
        try store.executeRaw("UPDATE record SET date = 'not a date' WHERE id IN (3, 500)")
        try store.executeRaw("UPDATE record SET date = date + 0.5 WHERE id IN (7, 8)")
        try store.executeRaw("UPDATE record SET date = -86400 * 400 WHERE id = 20")
        // The last date a real: a split that read it as a whole number would lose it.
        try store.executeRaw("UPDATE record SET date = date + 0.5 WHERE id = (SELECT id FROM record ORDER BY date DESC LIMIT 1)")
        try store.executeRaw("UPDATE record SET using_magic = '{broken' WHERE id IN (11, 600)")
        // The plain count: one count(*) of the filter on one connection, as SQLite plans it.
        let plain = try BattleStore(path: db, readOnly: true)
        for text in [nil] + Self.filters {
            let filter = try text.map { try FilterCompiler.compile($0, roster: store.humans, columns: store.queryColumns) }
            let expected = try plain.count(RecordQuery(filter: filter))
            // Every route: the matches' dates found at once, or not (a budget of nothing); an
            // `or` through its indexes, or not.
            for budget in [500, 0] {
                for orBudget in [40_000, 0] {
                    store.countEdgeBudget = budget
                    store.countOrBudget = orBudget
                    #expect(try store.matchCount(RecordQuery(filter: filter)) == Int(expected), "\(text ?? "all"), budgets \(budget), \(orBudget)")
                }
            }
            let run = cli(["count"] + (text.map { ["--where", $0] } ?? []), db: db)
            #expect(run.status == 0 && run.out == "\(expected)\n", "\(text ?? "all"): \(run.out) \(run.err)")
            if let text {
                let listed = cli(["list", "--where", text, "--limit", "100000", "--json"], db: db)
                #expect(listed.out.split(separator: "\n").count == Int(expected), "list and count disagree on \(text)")
            }
        }
        let json = cli(["count", "--where", "result = draw", "--json"], db: db)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any])
        #expect(object["where"] as? String == "result = draw")
        #expect((object["count"] as? Int).map { $0 >= 0 } == true)
        #expect(cli(["count", "--json"], db: db).out.contains("\"where\":null"))
        // An empty log counts 0.
        let empty = dir.file("empty.sqlite")
        _ = try BattleStore(path: empty)
        #expect(cli(["count"], db: empty).out == "0\n")
    }

    /// A damaged date, result or owner never matches a comparison, `!=` and `>=` included
    /// (SQLite orders text after every number, and a text is unequal to anything).
    @Test func damagedValuesMatchNoComparison() throws {
        let dir = TempDir()
        let db = dir.file("damaged.sqlite")
        #expect(cli(["simulate", "--fights", "50", "--seed", "4"], db: db).status == 0)
        let store = try BattleStore(path: db)
        try store.executeRaw("UPDATE record SET date = 'garbage' WHERE id = 1")
        try store.executeRaw("UPDATE record SET date = x'0102' WHERE id = 2")
        try store.executeRaw("UPDATE record SET date = date + 0.5 WHERE id = 3")
        try store.executeRaw("UPDATE record SET result = 'tie' WHERE id = 4")
        try store.executeRaw("PRAGMA foreign_keys = OFF")
        try store.executeRaw("UPDATE record SET owner_id = 1.5 WHERE id = 5")
        #expect(cli(["show", "5"], db: db).out.contains("Owner: ⚠ DAMAGED (expected an integer, found a real (1.5))"))
        func count(_ filter: String) throws -> Int {
            let r = cli(["count", "--where", filter], db: db)
            #expect(r.status == 0, "\(filter): \(r.err)")
            let listed = cli(["list", "--where", filter, "--limit", "1000", "--json"], db: db).out.split(separator: "\n").count
            #expect(Int(r.out.dropLast()) == listed, "count and list disagree on \(filter)")
            return Int(r.out.dropLast()) ?? -1
        }
        #expect(try count("date >= 1970-01-02") == 97)
        #expect(try count("date != 1970-01-01") == 97)
        #expect(try count("date > 1970-01-01T00:00:00Z or date <= 1970-01-01") == 97)
        #expect(try count("result != win") + count("result = win") == 99)
        #expect(try count("kind != hero") + count("kind = hero") == 99)
        #expect(try count("owner != nobody") == 99)
        // `not` takes a damaged value's comparison as false: the damaged come back.
        #expect(try count("not (date >= 1970-01-02)") == 3)
    }

    @Test func badInputIsAUsageErrorAndAMissingFileIsNamed() {
        let dir = TempDir()
        let db = dir.file("c.sqlite")
        #expect(cli(["simulate", "--fights", "5"], db: db).status == 0)
        for args in [["count", "--where", "powr = 3"], ["count", "extra"], ["count", "--where"], ["count", "--sort", "date"]] {
            let r = cli(args, db: db)
            #expect(r.status == 2 && r.out.isEmpty && r.err.split(separator: "\n").count == 1, "\(args): \(r.err)")
        }
        let missing = cli(["count"], db: dir.file("nosuch.sqlite"))
        #expect(missing.status == 1 && missing.err.contains("nosuch.sqlite"), "\(missing.err)")
    }

    /// Beside a writer (another process), every count is a whole number of fights' records at
    /// some moment: never below the count before it began, never above the one after.
    @Test func aCountBesideAWriterIsAMomentsCount() throws {
        let binary = try requireBinary()
        let dir = TempDir()
        let db = dir.file("beside.sqlite")
        #expect(cli(["simulate", "--fights", "200", "--seed", "2"], db: db).status == 0)
        let writer = Process()
        writer.executableURL = URL(fileURLWithPath: binary)
        writer.arguments = ["--db", db, "simulate", "--fights", "20000", "--seed", "3"]
        writer.standardError = FileHandle.nullDevice
        try writer.run()
        var last = 400
        for _ in 0..<15 {
            let r = cli(["count"], db: db)
            let n = try #require(Int(r.out.trimmingCharacters(in: .whitespacesAndNewlines)), "\(r.out) \(r.err)")
            #expect(n >= last && n % 2 == 0, "\(n) after \(last)")
            last = n
        }
        writer.waitUntilExit()
        #expect(Int(cli(["count"], db: db).out.trimmingCharacters(in: .whitespacesAndNewlines)) == 400 + 40_000)
    }
}
