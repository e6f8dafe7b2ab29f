import Foundation
import Testing
import SQLiteDB
@testable import BattleLogKit

/// The grouping index (`GroupingIndex`): a grouping read through it answers exactly as one read
/// from the table, damaged and absent values included; the filters people group over read it;
/// no list's page picks it; an older file gets it at its next writable open.
@Suite struct GroupingIndexTests {
    /// A simulated store with values of every kind damaged behind the writer's back (derived
    /// columns NULL, as the writer derives for a value that does not decode), and records
    /// without magic.
    static func storeWithDamage(_ folder: TemporaryFolder) throws -> BattleStore {
        let (_, store) = try GroupSummaryTests.simulated(folder, "g", fights: 400, seed: 11, heroes: 4, villains: 4, batchSize: 100)
        let magicColumns = "using_magic_type = NULL, using_magic_power = NULL, using_magic_gate = NULL, using_magic_formula = NULL, using_magic_collaborator = NULL"
        try store.executeRaw("UPDATE record SET using_magic = '{\"type\":\"villain\",\"powerOfEvilGate\":42}', \(magicColumns) WHERE id % 37 = 0")
        try store.executeRaw("UPDATE record SET using_magic = 'not json', \(magicColumns) WHERE id % 41 = 0")
        try store.executeRaw("UPDATE record SET using_magic = NULL, \(magicColumns) WHERE id % 5 = 0")
        try store.executeRaw("UPDATE record SET random_numbers = '[1,', rolls_max = NULL, rolls_min = NULL, rolls_sum = NULL, rolls_count = NULL WHERE id % 43 = 0")
        try store.executeRaw("UPDATE record SET duration = 'oops', duration_seconds = NULL WHERE id % 47 = 0")
        try store.executeRaw("UPDATE record SET timeline = '{', timeline_actions = NULL, timeline_crits = NULL, timeline_first_hit = NULL, timeline_biggest_hit = NULL WHERE id % 53 = 0")
        try store.executeRaw("UPDATE record SET timeline = NULL, timeline_actions = NULL, timeline_crits = NULL, timeline_first_hit = NULL, timeline_biggest_hit = NULL WHERE id % 59 = 0")
        return store
    }

    static let filters: [String?] = [nil, "magic = villain and power >= 8 and result = loss", "collaborator ~ \"mira\" or formula = \"星辰契约\"",
                                     "not (kind = hero) and date >= 2026-01-03 and timeline.crits >= 2", "result = win", "magic = none"]

    @Test func throughTheIndexEqualsThroughTheTable() throws {
        let folder = TemporaryFolder()
        let store = try Self.storeWithDamage(folder)
        let owner = store.humans[0].name
        let groupings = GroupSummaryTests.names.map { [$0] } + [["gate", "result"], ["owner", "date:month"], ["magic", "rolls.max:10"], ["timeline.firstHit:5", "formula"]]
        func everyGrouping() throws -> [String: [GroupKeys: GroupFigures]] {
            var all: [String: [GroupKeys: GroupFigures]] = [:]
            for names in groupings {
                let fields = try names.map { try GroupField.parse($0, extraPaths: store.queryColumns.extraPaths) }
                for text in Self.filters + ["owner = \"\(owner)\"", "owner = \"\(owner)\" and date >= 2026-02-01"] {
                    let filter = try text.map { try FilterCompiler.compile($0, roster: store.humans, columns: store.queryColumns) }
                    let whole = try store.run { try store.grouped(by: fields, where: filter) }
                    all["\(names) where \(text ?? "-")"] = whole
                    // Added up on the second thread seven records at a time: the same groups.
                    let batched = try store.run { try store.grouped(by: fields, where: filter, batch: 7) }
                    #expect(Set(batched.keys) == Set(whole.keys) && batched.allSatisfy { k, g in whole[k].map(g.hasSameFigures) == true },
                            "\(names) where \(text ?? "-"), in batches")
                }
            }
            return all
        }
        let gate = try GroupField.parse("gate", extraPaths: [])
        #expect(try store.readsGroupingIndex([gate], where: nil))
        let throughIndex = try everyGrouping()
        try store.executeRaw("DROP INDEX \(GroupingIndex.name)")
        #expect(try !store.readsGroupingIndex([gate], where: nil))
        let throughTable = try everyGrouping()
        #expect(throughIndex.keys.sorted() == throughTable.keys.sorted())
        var damagedGroups = 0
        for (name, table) in throughTable {
            let index = throughIndex[name] ?? [:]
            #expect(Set(index.keys) == Set(table.keys), "\(name)")
            for (keys, t) in table {
                if keys.first == .damaged || keys.second == .damaged { damagedGroups += 1 }
                guard let i = index[keys] else { continue }
                #expect(i.hasSameFigures(as: t), "\(name) \(keys): \(i) against \(t)")
            }
        }
        // The damage is there to be told apart: groups of damaged values for several fields.
        #expect(damagedGroups > 20)
    }

    @Test func theFiltersPeopleGroupOverReadTheIndexAlone() throws {
        let folder = TemporaryFolder()
        let (_, store) = try GroupSummaryTests.simulated(folder, "g", fights: 50, seed: 3, heroes: 3, villains: 3, batchSize: 50)
        let owner = store.humans[0].name
        func reads(_ names: [String], _ text: String?) throws -> Bool {
            let fields = try names.map { try GroupField.parse($0, extraPaths: store.queryColumns.extraPaths) }
            let filter = try text.map { try FilterCompiler.compile($0, roster: store.humans, columns: store.queryColumns) }
            return try store.readsGroupingIndex(fields, where: filter)
        }
        for text in [nil, "magic = villain and power >= 8 and result = loss", "collaborator ~ \"mira\" or formula = \"星辰契约\"",
                     "not (kind = hero) and date >= 2026-01-03 and timeline.crits >= 2", "owner = \"\(owner)\" and date >= 2026-02-01"] {
            for names in [["gate"], ["owner", "date:month"], ["timeline.firstHit"], ["duration:0.5s", "magic"], ["rolls.max:10"]] {
                #expect(try reads(names, text), "\(names) where \(text ?? "-")")
            }
        }
        // `rolls contains` reads the dice's face masks, which the index holds too; a filter on
        // a stored value itself reads the table, in the order SQLite picks.
        #expect(try reads(["gate"], "rolls contains 100"))
        #expect(try reads(["gate"], "duration > 1:00 and rolls contains 100"))
    }

    @Test func noListPageReadsTheGroupingIndex() throws {
        let f = try FilterFixture()
        for e in ["magic = villain and power >= 8 and result = loss", "owner = Aria", "power >= 9", "date >= 2026-01-03", "result = win",
                  "collaborator ~ \"mira\" or formula = x"] {
            let filter = try FilterCompiler.compile(e, roster: f.store.humans, columns: f.store.queryColumns)
            let plans = try f.store.queryPlan(RecordQuery(filter: filter)) + f.store.countPlan(RecordQuery(filter: filter))
            #expect(!plans.joined().contains(GroupingIndex.name), "\(e): \(plans)")
        }
    }

    @Test func anOlderFileGetsTheIndexAtItsNextWritableOpenWithProgress() throws {
        let folder = TemporaryFolder()
        let (path, store) = try GroupSummaryTests.simulated(folder, "g", fights: 30, seed: 2, heroes: 2, villains: 2, batchSize: 30)
        try store.executeRaw("DROP INDEX \(GroupingIndex.name)")
        try store.executeRaw("DROP INDEX \(GroupingIndex.damagedMagicName)")
        // A read-only open leaves the file as it is, and groups from the table.
        let reader = try BattleStore(path: path, readOnly: true)
        #expect(try GroupingIndex.current(on: reader.db).isEmpty)
        #expect(try reader.groupCounts(by: .number(path: "duration", width: 0.5)).map(\.count).reduce(0, +) == 60)
        var steps: [[Int]] = []
        let writer = try BattleStore(path: path, derivedColumnProgress: { steps.append([$0, $1]) })
        #expect(try GroupingIndex.current(on: writer.db) == GroupingIndex.createSQL(writer.resolvedAttributes))
        #expect(steps == [[0, 60], [60, 60]])
        // Once made, an open has nothing to do.
        steps = []
        _ = try BattleStore(path: path, derivedColumnProgress: { steps.append([$0, $1]) })
        #expect(steps.isEmpty)
    }
}

/// The heartbeat of a long write (the grouping index made at an upgrade): the log's time is set
/// every quarter second while it runs, and no more once it stops.
@Suite struct LogHeartbeatTests {
    @Test func theLogsTimeMovesWhileTheWriteRunsAndStopsAfter() throws {
        let folder = TemporaryFolder()
        let path = folder.file("h.sqlite")
        FileManager.default.createFile(atPath: path + "-wal", contents: Data([1, 2, 3]))
        let hourAgo = Date().addingTimeInterval(-3600)
        try FileManager.default.setAttributes([.modificationDate: hourAgo], ofItemAtPath: path + "-wal")
        func time() throws -> Date { try FileManager.default.attributesOfItem(atPath: path + "-wal")[.modificationDate] as! Date }
        let beat = LogHeartbeat(path: path)
        usleep(100_000)
        let first = try time()
        #expect(first.timeIntervalSinceNow > -5, "set at once")
        usleep(600_000)
        let second = try time()
        #expect(second > first, "set again within 0.6 s")
        beat.stop()
        let stopped = try time()
        usleep(600_000)
        #expect(try time() == stopped, "not set after stop")
        #expect(try Data(contentsOf: URL(fileURLWithPath: path + "-wal")) == Data([1, 2, 3]), "only the time")
    }
}
