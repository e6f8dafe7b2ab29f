import Foundation
import Testing
import BattleLogKit

/// `battlelog list --sort FIELD[:desc]` (issue 43): any field's order, records without the value
/// last, `--after` continuing exactly where a page ended.
@Suite struct ListSortTests {
    static func ids(_ run: CLIRun) -> [Int64] {
        run.out.split(separator: "\n").compactMap { line in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["id"] as? Int64
        }
    }

    @Test(arguments: ["power:desc", "owner", "timeline.firstHit", "weapon.power:desc", "date"])
    func pagesWithAfterMakeTheWholeList(_ sort: String) throws {
        let dir = TempDir()
        let db = dir.file("sort.sqlite")
        #expect(cli(["simulate", "--fights", "120", "--seed", "21"], db: db).status == 0)
        let whole = Self.ids(cli(["list", "--sort", sort, "--json", "--limit", "1000", "--where", "result != draw"], db: db))
        #expect(whole.count > 150)
        var paged: [Int64] = []
        var after: Int64?
        while true {
            let run = cli(["list", "--sort", sort, "--json", "--limit", "17", "--where", "result != draw"] + (after.map { ["--after", String($0)] } ?? []), db: db)
            #expect(run.status == 0, "\(run.err)")
            let page = Self.ids(run)
            paged += page
            guard page.count == 17 else { break }
            after = page.last
        }
        #expect(paged == whole)
        #expect(Set(whole).count == whole.count)
    }

    @Test func aDamagedValueSortsWithTheRecordsWithoutOneNeverFirst() throws {
        let dir = TempDir()
        let db = dir.file("sort.sqlite")
        #expect(cli(["simulate", "--fights", "80", "--seed", "5"], db: db).status == 0)
        let store = try BattleStore(path: db)
        let villain = try #require(store.page(RecordQuery(filter: try FilterCompiler.compile("power = 10", roster: store.humans, columns: store.queryColumns)), limit: 1).first)
        // As a writer leaves an undecodable value: no derived values.
        try store.executeRaw("UPDATE record SET using_magic = '{broken', using_magic_type = NULL, using_magic_power = NULL, using_magic_gate = NULL WHERE id = \(villain.id)")
        for sort in ["power", "power:desc"] {
            let run = cli(["list", "--sort", sort, "--json", "--limit", "1000"], db: db)
            let ids = Self.ids(run)
            let withPower = try store.matchCount(RecordQuery(filter: try FilterCompiler.compile("power >= 1", roster: store.humans, columns: store.queryColumns)))
            let at = try #require(ids.firstIndex(of: villain.id))
            #expect(at >= withPower, "\(sort): the damaged record is at \(at), before records with a power")
            // Shown damaged, not with a default.
            #expect(run.out.contains("damaged"))
        }
    }

    @Test(arguments: [("nosuch", "is not a field to sort by"), ("weapon.enchantments", "is a list"),
                      ("power:up", "a sort is FIELD, FIELD:asc or FIELD:desc"), ("", "is not a field to sort by"),
                      ("powr:desc", "is not a field to sort by; did you mean power?")])
    func aSortThatMeansNothingIsAUsageError(_ sort: String, _ message: String) throws {
        let dir = TempDir()
        let db = dir.file("sort.sqlite")
        #expect(cli(["simulate", "--fights", "5", "--seed", "5"], db: db).status == 0)
        let run = cli(["list", "--sort", sort], db: db)
        #expect(run.status == 2)
        #expect(run.out.isEmpty)
        #expect(run.err.contains(message), "\(run.err)")
        #expect(run.err.split(separator: "\n").count == 1)
    }

    /// `export --sort` writes every record in the order `list --sort` pages them.
    @Test(arguments: ["power:desc", "owner", "date", "date:desc", "weapon.forgedAt"])
    func exportWritesTheSortedList(_ sort: String) throws {
        let dir = TempDir()
        let db = dir.file("sort.sqlite")
        #expect(cli(["simulate", "--fights", "150", "--seed", "9"], db: db).status == 0)
        let listed = Self.ids(cli(["list", "--sort", sort, "--json", "--limit", "1000", "--where", "result = win"], db: db))
        let exported = cli(["export", "--sort", sort, "--where", "result = win"], db: db)
        #expect(exported.status == 0)
        #expect(listed.count > 100 && Self.ids(exported) == listed)
        let bad = cli(["export", "--sort", "weapon.enchantments"], db: db)
        #expect(bad.status == 2 && bad.out.isEmpty && bad.err.contains("is a list"))
    }
}
