import Foundation
import SQLiteDB
import Testing
@testable import BattleLogKit

/// `RecordQuery.sort`: keyset pages in any field's order, records without the value last.
@Suite struct SortedListTests {
    /// The list's order worked out here: each record's key read by the sort's own SQL, then
    /// sorted in Swift (SQLite's order: numbers by value, text by its bytes), without-key last.
    static func expectedOrder(_ store: BattleStore, _ query: RecordQuery, _ sort: RecordSort) throws -> [Int64] {
        var all: [(id: Int64, key: SQLiteValue, date: Int64)] = []
        try store.forEachRecord(query) { r in all.append((r.id, .null, r.date ?? 0)) }
        let db = try Database(path: store.path)
        for i in all.indices {
            all[i].key = try db.prepare("SELECT \(sort.keySQL ?? "record.date") FROM record WHERE id = ?").first([all[i].id]) { $0.value(0) } ?? .null
        }
        func less(_ a: SQLiteValue, _ b: SQLiteValue) -> Bool? {
            switch (a, b) {
            case (.integer(let x), .integer(let y)): return x == y ? nil : x < y
            case (.real(let x), .real(let y)): return x == y ? nil : x < y
            case (.integer(let x), .real(let y)): return Double(x) == y ? nil : Double(x) < y
            case (.real(let x), .integer(let y)): return x == Double(y) ? nil : x < Double(y)
            case (.text(let x), .text(let y)): return x == y ? nil : Array(x.utf8).lexicographicallyPrecedes(Array(y.utf8))
            default: Issue.record("keys of two types: \(a) \(b)"); return nil
            }
        }
        typealias Entry = (id: Int64, key: SQLiteValue, date: Int64)
        // Ascending by key, then date, then id (both keys present, or both absent).
        func ascending(_ a: Entry, _ b: Entry) -> Bool {
            (a.key == .null ? nil : less(a.key, b.key)) ?? ((a.date, a.id) < (b.date, b.id))
        }
        return all.sorted { a, b in
            if (a.key == .null) != (b.key == .null) { return b.key == .null }
            return sort.descending ? ascending(b, a) : ascending(a, b)
        }.map(\.id)
    }

    static func pagedForward(_ store: BattleStore, _ query: RecordQuery, pageSize: Int) throws -> [Int64] {
        var ids: [Int64] = []
        var cursor: RecordCursor?
        while true {
            let page = try store.page(query, from: cursor, direction: .older, limit: pageSize)
            ids += page.map(\.id)
            guard page.count == pageSize, let last = page.last else { return ids }
            cursor = RecordCursor(last)
        }
    }

    static func pagedBackward(_ store: BattleStore, _ query: RecordQuery, pageSize: Int) throws -> [Int64] {
        var ids: [Int64] = []
        var cursor: RecordCursor?
        while true {
            let page = try store.page(query, from: cursor, direction: .newer, limit: pageSize)
            ids = page.map(\.id) + ids
            guard page.count == pageSize, let first = page.first else { return ids }
            cursor = RecordCursor(first)
        }
    }

    /// A sort names its field one way, however it was typed: a magic field by its short name
    /// (a trial saw `sorted by gatename`), a model's path as the model spells it.
    @Test func aSortSaysItsFieldsCanonicalName() throws {
        let folder = TemporaryFolder()
        let store = try BattleStore(path: folder.file("s.sqlite"))
        for (typed, shown) in [("gateName", "gate"), ("GATE:desc", "gate:desc"), ("powerOfEvilGate", "power"),
                               ("CooperationFormulaName", "formula"), ("collaboratorname", "collaborator"),
                               ("WEAPON.RARITY", "weapon.rarity"), ("Duration:DESC", "duration:desc"), ("OWNER", "owner")] {
            #expect(try store.sort(typed).text == shown, "\(typed)")
        }
    }

    @Test(arguments: ["power", "power:desc", "owner", "owner:desc", "weapon.rarity", "weapon.rarity:desc", "timeline.firstHit:desc",
                      "duration", "date", "result:desc", "magic", "weapon.forgedAt",
                      "kind", "kind:desc", "opponent"])
    func pagesBothWaysPositionsAndStreamsAgreeWithTheSortedList(_ text: String) throws {
        let folder = TemporaryFolder()
        let store = try BattleStore(path: folder.file("s.sqlite"))
        try SimulationRun(fights: 150, seed: 11, heroes: 3, villains: 3, batchSize: 50).run(on: store)
        let sort = try store.sort(text)
        let filter = try FilterCompiler.compile("result != draw", roster: store.humans, columns: store.queryColumns)
        let owner = try #require(store.humans.first)
        for query in [RecordQuery(sort: sort), RecordQuery(filter: filter, sort: sort), RecordQuery(ownerID: owner.id, sort: sort)] {
            let expected = try Self.expectedOrder(store, query, sort)
            #expect(expected.count > 40)
            #expect(try Self.pagedForward(store, query, pageSize: 7) == expected, "\(text) forward")
            #expect(try Self.pagedBackward(store, query, pageSize: 9) == expected, "\(text) backward")
            for i in stride(from: 0, to: expected.count, by: 13) {
                let cursor = RecordCursor(try store.record(id: expected[i]))
                #expect(try store.position(of: cursor, in: query) == i, "\(text) position \(i)")
                var streamed: [Int64] = []
                try store.streamIDs(query, after: cursor, chunk: 5) { streamed += $0; return true }
                #expect(streamed == Array(expected[(i + 1)...]), "\(text) stream after \(i)")
            }
        }
    }

    /// A Human added after the sort was made has no place among the names: its records come
    /// with those without a key, last, and pages still meet every record once.
    @Test(arguments: ["owner", "owner:desc"])
    func aHumanAddedAfterTheSortComesLast(_ text: String) throws {
        let folder = TemporaryFolder()
        let (store, hero, _) = try makeStore(folder, fights: 30)
        let sort = try store.sort(text)
        let late = try store.insertHumans([Human(name: "Aaron", kind: .villain)])[0]
        try store.insert((0..<12).map { f in
            RecordDraft(fight: Int64(100 + f), ownerID: late.id, opponentID: hero.id, date: Int64(1_700_000_000 + f), result: .win,
                        duration: MediaTime(value: 1, timescale: 1), randomNumbers: [1], usingMagic: nil)
        })
        let query = RecordQuery(sort: sort)
        let expected = try Self.expectedOrder(store, query, sort)
        #expect(expected.count == 72)
        #expect(try Self.pagedForward(store, query, pageSize: 5) == expected)
        #expect(try Self.pagedBackward(store, query, pageSize: 4) == expected)
        #expect(try store.page(query, limit: 100).suffix(12).allSatisfy { $0.owner.id == late.id })
    }

    @Test func recordsWithoutTheValueComeLastEitherWay() throws {
        let folder = TemporaryFolder()
        let store = try BattleStore(path: folder.file("s.sqlite"))
        try SimulationRun(fights: 60, seed: 4, heroes: 2, villains: 2, batchSize: 60).run(on: store)
        // A villain's magic has a power; a hero's magic, or none, has none.
        let villainMagic = try FilterCompiler.compile("magic = villain", roster: store.humans, columns: store.queryColumns)
        let powered = Set(try store.page(RecordQuery(filter: villainMagic), limit: 1000).map(\.id))
        for text in ["power", "power:desc"] {
            let records = try store.page(RecordQuery(sort: try store.sort(text)), limit: 1000)
            let kinds = records.map { powered.contains($0.id) }
            let firstHero = try #require(kinds.firstIndex(of: false))
            #expect(!kinds[firstHero...].contains(true), "\(text)")
            #expect(firstHero > 0)
        }
    }

    @Test func theKeyIsTheFieldsValue() throws {
        let folder = TemporaryFolder()
        let store = try BattleStore(path: folder.file("s.sqlite"))
        try SimulationRun(fights: 40, seed: 2, heroes: 3, villains: 3, batchSize: 40).run(on: store)
        let byOwner = try store.page(RecordQuery(sort: try store.sort("OWNER:desc")), limit: 1000).map(\.owner.name)
        #expect(byOwner == byOwner.sorted { Array($1.utf8).lexicographicallyPrecedes(Array($0.utf8)) })
        #expect(try store.sort("OWNER:desc").text == "owner:desc")
        let byResult = try store.page(RecordQuery(sort: try store.sort("result")), limit: 1000).compactMap(\.result?.rawValue)
        #expect(byResult == byResult.sorted())
        #expect(try store.sort("date:desc").isNewestFirst)
        // A weapon's rarity sorts by its rank, not its letters; bare hands last either way.
        for (text, ranks) in [("weapon.rarity", Weapon.Rarity.allCases), ("weapon.rarity:desc", Weapon.Rarity.allCases.reversed())] {
            let byRarity = try store.page(RecordQuery(sort: try store.sort(text)), limit: 1000).map { r in
                r.attribute(named: "weapon").flatMap { a -> Weapon.Rarity? in
                    if case .success(let w as Weapon) = a.decoded { return w.rarity } else { return nil }
                }
            }
            let armed = byRarity.prefix { $0 != nil }.compactMap { $0 }
            #expect(armed == armed.sorted { ranks.firstIndex(of: $0)! < ranks.firstIndex(of: $1)! }, "\(text)")
            #expect(Set(armed).count > 1 && byRarity.dropFirst(armed.count).allSatisfy { $0 == nil }, "\(text)")
        }
    }

    @Test(arguments: [("weapon.enchantments", SortFieldError.Reason.list), ("power:sideways", .badDirection),
                      ("nosuch", .unknownField(sortable: []))])
    func sortsThatMeanNothingAreRefused(_ text: String, _ reason: SortFieldError.Reason) throws {
        let folder = TemporaryFolder()
        let store = try BattleStore(path: folder.file("s.sqlite"))
        do {
            _ = try store.sort(text)
            Issue.record("\(text) was accepted")
        } catch {
            if case .unknownField = reason, case .unknownField(let names) = error.reason { #expect(names.contains("weapon.rarity")) }
            else { #expect(error.reason == reason) }
        }
    }
}
