import Foundation
import Testing
import SQLiteDB
@testable import BattleLogKit

/// The group counts the writer keeps: every field's groups from the summary are the groups read
/// from the records, however the records came (batches, two writers, another program's inserts,
/// an edit under the summaries), and what the writer gathers in Swift is what the rows say.
@Suite struct GroupSummaryTests {
    /// Fields of every kind, with buckets whole and not.
    static let names = ["owner", "opponent", "kind", "result", "magic", "gate", "formula", "collaborator", "power",
                        "date", "date:week", "date:month", "duration", "duration:30s", "duration:0.5s", "rolls.max", "rolls.max:10",
                        "rolls.min", "rolls.sum:7", "rolls.count", "timeline.crits", "timeline.actions", "timeline.firstHit:5",
                        "timeline.biggestHit:3"]

    /// For every field: the answer `groupCounts` gives (from the summary where it can) equals the
    /// grouping read from every record.
    static func expectAnswersMatchTheRecords(_ store: BattleStore, sourceLocation: SourceLocation = #_sourceLocation) throws {
        for name in names {
            let field = try GroupField.parse(name, extraPaths: store.queryColumns.extraPaths)
            let answered = Dictionary(uniqueKeysWithValues: try store.groupCounts(by: field).map { ($0.key, $0) })
            let read = try store.run { try store.grouped(by: [field], where: nil) }
            #expect(answered.count == read.count, "\(name): \(answered.count) groups, the records have \(read.count)", sourceLocation: sourceLocation)
            for (keys, g) in read {
                guard let a = answered[keys[0]] else {
                    Issue.record("\(name): no group \(keys[0])", sourceLocation: sourceLocation)
                    continue
                }
                let answeredFigures: [Int] = [a.count, a.wins, a.losses, a.draws, a.durationCount]
                let readFigures: [Int] = [g.count, g.wins, g.losses, g.draws, g.durationCount]
                #expect(answeredFigures == readFigures,
                        "\(name) \(keys[0])", sourceLocation: sourceLocation)
                #expect(abs(a.durationSum - g.durationSum) <= 1e-9 * max(1, abs(g.durationSum)), "\(name) \(keys[0])", sourceLocation: sourceLocation)
            }
        }
    }

    /// The summary table, sums rounded (the writer adds them batch by batch).
    static func rows(_ path: String) throws -> [String] {
        try Database(path: path).prepare("""
            SELECT field, status, quote(key), count, wins, losses, draws, printf('%.6f', duration_sum), duration_count
            FROM group_summary ORDER BY 1, 2, 3
            """).map { row in (0..<9).map { row.string(Int32($0)) ?? "" }.joined(separator: "|") }
    }

    /// A new store in `folder` with `fights` simulated in batches of `batchSize`.
    static func simulated(_ folder: TemporaryFolder, _ name: String, fights: Int, seed: UInt64, heroes: Int, villains: Int,
                          batchSize: Int) throws -> (path: String, store: BattleStore) {
        let path = folder.file(name + ".sqlite")
        let store = try BattleStore(path: path)
        try SimulationRun(fights: fights, seed: seed, heroes: heroes, villains: villains, batchSize: batchSize).run(on: store)
        return (path, store)
    }

    static func isSummarized(_ store: BattleStore, _ name: String) throws -> Bool {
        try store.groupsAreSummarized(by: GroupField.parse(name, extraPaths: store.queryColumns.extraPaths))
    }

    @Test func theWritersSummariesAnswerAsTheRecordsDo() throws {
        let folder = TemporaryFolder()
        let store = try BattleStore(path: folder.file("s.sqlite"))
        try SimulationRun(fights: 300, seed: 5, heroes: 3, villains: 3, batchSize: 40).run(on: store)
        for name in Self.names where name != "duration:0.5s" {
            #expect(try Self.isSummarized(store, name), "\(name)")
        }
        // Durations have fractions: exact values and fractional buckets are read from the records.
        #expect(try !store.groupsAreSummarized(by: .number(path: "duration", width: nil)))
        #expect(try !Self.isSummarized(store, "duration:0.5s"))
        try Self.expectAnswersMatchTheRecords(store)
    }

    /// An import is one transaction of any length: it adds the summaries it gathered to the
    /// table every so many records, so that it holds no more than that many records' worth.
    /// Row for row they are the summaries of an import that keeps them to the end, and of the
    /// log exported; fights in reverse order drop them (ids below their end) and the answers
    /// stay exact; a failed import leaves none.
    @Test func aLongImportAddsItsSummariesAsItGoes() throws {
        let folder = TemporaryFolder()
        let sourcePath = folder.file("src.sqlite")
        let source = try BattleStore(path: sourcePath)
        try SimulationRun(fights: 60, seed: 8, heroes: 3, villains: 3, batchSize: 60).run(on: source)
        var lines: [String] = []
        try source.forEachRecord { lines.append(RecordJSON.encode($0)) }
        let records = try lines.map { try RecordJSON.decode($0, schema: source.schema) }
        let atOnce = try BattleStore(path: folder.file("once.sqlite"))
        try atOnce.importRecords(records, addingGroupSummariesEvery: .max)
        let asItGoes = try BattleStore(path: folder.file("goes.sqlite"))
        try asItGoes.importRecords(records, addingGroupSummariesEvery: 7, chunk: 5)
        #expect(try Self.rows(asItGoes.path) == Self.rows(atOnce.path))
        #expect(try Self.rows(asItGoes.path) == Self.rows(sourcePath))
        #expect(try Self.isSummarized(asItGoes, "owner") && Self.isSummarized(asItGoes, "date:month"))
        try Self.expectAnswersMatchTheRecords(asItGoes)
        // The fights last to first: after the first chunk, every record is below the end.
        var byFight: [[RecordJSON.Imported]] = []
        for r in records {
            if let last = byFight.last?.last, last.draft.fight == r.draft.fight { byFight[byFight.count - 1].append(r) } else { byFight.append([r]) }
        }
        let reversedPath = folder.file("rev.sqlite")
        let reversed = try BattleStore(path: reversedPath)
        try reversed.importRecords(Array(byFight.reversed().joined()), addingGroupSummariesEvery: 7, chunk: 5)
        try Self.expectAnswersMatchTheRecords(reversed)
        _ = try BattleStore(path: reversedPath)   // a writable open makes them again
        #expect(try Self.rows(reversedPath) == Self.rows(sourcePath))
        // A fight cut in half at the end: everything rolled back, the summaries added on the way too.
        let failedPath = folder.file("failed.sqlite")
        let failed = try BattleStore(path: failedPath)
        #expect(throws: StoreError.self) { try failed.importRecords(Array(records.dropLast()), addingGroupSummariesEvery: 7, chunk: 5) }
        #expect(try failed.count(RecordQuery()) == 0)
        #expect(try Self.rows(failedPath).isEmpty)
    }

    @Test func whatTheWriterGathersIsWhatTheRowsSay() throws {
        let folder = TemporaryFolder()
        let (path, store) = try Self.simulated(folder, "g", fights: 250, seed: 9, heroes: 4, villains: 3, batchSize: 60)
        let gathered = try Self.rows(path)
        #expect(gathered.count > 300)
        // The same summaries read back from the rows by the grouping query.
        try store.run { try store.db.execute(script: "DELETE FROM group_summary_state") }
        try store.run { try store.catchUpGroupSummaries(chunk: 97) }
        #expect(try Self.rows(path) == gathered)
    }

    @Test func aRecordChangedUnderTheSummariesDropsThemAndAnswersStayExact() throws {
        let folder = TemporaryFolder()
        let (path, store) = try Self.simulated(folder, "c", fights: 120, seed: 3, heroes: 3, villains: 3, batchSize: 50)
        #expect(try Self.isSummarized(store, "result"))
        // Another program edits a record: every summary is dropped, the answers read the records.
        let other = try Database(path: path)
        try other.execute(script: "UPDATE record SET result = 'draw' WHERE id = 3")
        #expect(try !Self.isSummarized(store, "result"))
        try Self.expectAnswersMatchTheRecords(store)
        // The next writable open makes them again.
        let reopened = try BattleStore(path: path)
        #expect(try Self.isSummarized(reopened, "result"))
        try Self.expectAnswersMatchTheRecords(reopened)
        // A record inserted below the summaries' end, as an import with ids can.
        try other.execute(script: "DELETE FROM record WHERE id = 5")
        let again = try BattleStore(path: path)
        #expect(try Self.isSummarized(again, "owner"))
        try other.execute(script: "INSERT INTO record(id, fight, owner_id, opponent_id, date, result, duration, random_numbers, using_magic, timeline) SELECT 5, fight, owner_id, opponent_id, date, result, duration, random_numbers, using_magic, timeline FROM record WHERE id = 6")
        #expect(try !Self.isSummarized(again, "owner"))
        try Self.expectAnswersMatchTheRecords(again)
        // Deleting a Human (its records by cascade) makes them again in its own transaction.
        try again.deleteHuman(id: again.humans[0].id)
        #expect(try Self.isSummarized(again, "owner"))
        try Self.expectAnswersMatchTheRecords(again)
    }

    @Test func recordsAnotherProgramAddedAfterTheSummaryAreReadFromTheRows() throws {
        let folder = TemporaryFolder()
        let (path, store) = try Self.simulated(folder, "t", fights: 100, seed: 4, heroes: 3, villains: 3, batchSize: 50)
        // An older battlelog knows nothing of the summaries: its records lie past their end.
        let other = try Database(path: path)
        try other.execute(script: "INSERT INTO record(fight, owner_id, opponent_id, date, result, duration, random_numbers, using_magic, timeline) SELECT fight + 1000, owner_id, opponent_id, date + 86400 * 40, result, duration, random_numbers, using_magic, timeline FROM record WHERE id > 150")
        #expect(try Self.isSummarized(store, "date:week"))
        try Self.expectAnswersMatchTheRecords(store)
        // This writer's next batches leave those summaries behind; the answers stay exact.
        try SimulationRun(fights: 30, seed: 8, heroes: 3, villains: 3, batchSize: 10).run(on: store)
        try Self.expectAnswersMatchTheRecords(store)
        // The next writable open brings them up to the last record.
        let reopened = try BattleStore(path: path)
        let ends = try reopened.run { try reopened.groupSummaryEnds() }
        let last = try reopened.run { try reopened.lastRecordID() }
        #expect(!ends.isEmpty && ends.values.allSatisfy { $0 == last })
        try Self.expectAnswersMatchTheRecords(reopened)
    }

    @Test func twoWritersTakingTurnsKeepOneSummary() throws {
        let folder = TemporaryFolder()
        let path = folder.file("w.sqlite")
        let first = try BattleStore(path: path)
        let second = try BattleStore(path: path)
        for round in 0..<4 {
            try SimulationRun(fights: 30, seed: UInt64(round), heroes: 3, villains: 3, batchSize: 15).run(on: round % 2 == 0 ? first : second)
        }
        #expect(try Self.isSummarized(first, "gate"))
        try Self.expectAnswersMatchTheRecords(first)
        try Self.expectAnswersMatchTheRecords(second)
    }

    @Test func doctorFindsAnEditedGroupSummaryAndRepairMakesItAgain() throws {
        let folder = TemporaryFolder()
        let (path, store) = try Self.simulated(folder, "d", fights: 80, seed: 2, heroes: 3, villains: 3, batchSize: 30)
        // A damaged record is grouped by the query, the rest as the writer gathers them.
        let other = try Database(path: path)
        try other.execute(script: "UPDATE record SET using_magic = '{\"type\":\"villain\",\"gateName\":7}', random_numbers = 'x' WHERE id = 4")
        _ = try BattleStore(path: path)   // the writable open makes the summaries again
        func problems() throws -> [String] { try store.diagnostics.groupSummaryProblems(against: store.diagnostics.scan { _ in }) }
        #expect(try problems().isEmpty)
        // Edited by hand (no trigger watches the summaries themselves): three wins moved from one
        // gate to another (the totals still agree), a duration sum, and an owner's losses.
        try other.execute(script: """
            UPDATE group_summary SET wins = wins + 3 WHERE field = 'result' AND key = 'loss';
            UPDATE group_summary SET wins = wins - 3 WHERE field = 'result' AND key = 'win';
            UPDATE group_summary SET duration_sum = duration_sum + 500 WHERE field = 'date' AND key = (SELECT min(key) FROM group_summary WHERE field = 'date');
            """)
        try other.execute("UPDATE group_summary SET count = count - 1, losses = losses - 1 WHERE field = 'owner' AND key = ?", [store.humans[0].id])
        // A row whose status no battlelog writes (its figures then missing from the field).
        try other.execute(script: "UPDATE group_summary SET status = 'bogus' WHERE field = 'magic' AND key = 'hero'")
        let found = try problems()
        #expect(found.contains("group summary magic: a row with an unknown status \"bogus\""), "\(found)")
        #expect(found.contains { $0.hasPrefix("group summary magic, \"hero\": holds 0 records") }, "\(found)")
        #expect(found.contains { $0.hasPrefix("group summary result, \"loss\": holds") }, "\(found)")
        #expect(found.contains { $0.hasPrefix("group summary result, \"win\": holds") }, "\(found)")
        #expect(found.contains { $0.hasPrefix("group summary date, ") }, "\(found)")
        #expect(found.contains { $0.hasPrefix("group summary owner, \(store.humans[0].id)") }, "\(found)")
        try store.rebuildSummaries()
        #expect(try problems().isEmpty)
        try Self.expectAnswersMatchTheRecords(store)
    }

    @Test func aFightWithNoHitHasNoFirstHitAndIsNotDamaged() throws {
        let folder = TemporaryFolder()
        let source = try BattleStore(path: folder.file("src.sqlite"))
        try SimulationRun(fights: 20, seed: 6, heroes: 2, villains: 2, batchSize: 20).run(on: source)
        // Both records of fight 1, their timelines all dodges (a fight where nobody hit).
        let dodges = #"{"actions":[[228899,"dodge",0,1],[609697,"dodge",0,3],[825122,"dodge",0,5]],"timescale":44100,"version":1}"#
        let lines = try source.records(ofFight: 1).map { r -> String in
            let line = RecordJSON.encode(r)
            let start = line.range(of: #""timeline":{"#)!.lowerBound
            var depth = 0, end = start
            for i in line[start...].indices where line[i] == "{" || line[i] == "}" {
                depth += line[i] == "{" ? 1 : -1
                if depth == 0 { end = line.index(after: i); break }
            }
            return line.replacingCharacters(in: start..<end, with: #""timeline":"# + dodges)
        }
        #expect(lines.count == 2)
        let path = folder.file("n.sqlite")
        let store = try BattleStore(path: path)
        try store.importRecords(lines.map { try RecordJSON.decode($0, schema: store.schema) })
        let field = GroupField.number(path: "timeline.firstHit", width: 5)
        // Gathered by the writer, and read back from the rows: the same "no value" group.
        #expect(try store.groupCounts(by: field).map(\.key) == [.absent])
        let gathered = try Self.rows(path)
        try store.run { try store.db.execute(script: "DELETE FROM group_summary_state") }
        try store.run { try store.catchUpGroupSummaries() }
        #expect(try Self.rows(path) == gathered)
        #expect(try store.groupCounts(by: field).map(\.key) == [.absent])
        // A timeline that does not decode is damaged.
        try store.run { try store.db.execute(script: "UPDATE record SET timeline = '{\"actions\":7}' WHERE id = 1") }
        let groups = try store.groupCounts(by: field)
        #expect(groups.first { $0.key == .damaged }?.count == 1 && groups.first { $0.key == .absent }?.count == 1, "\(groups)")
    }

    @Test func summariesDroppedByHandAreMadeAgainAndNeverStopAReader() throws {
        let folder = TemporaryFolder()
        let (path, _) = try Self.simulated(folder, "x", fights: 60, seed: 5, heroes: 3, villains: 3, batchSize: 20)
        let other = try Database(path: path)
        try other.execute(script: "DROP TABLE group_summary_state; DROP TRIGGER group_summary_update")
        // A read-only open groups from the records, and doctor's check has nothing to compare.
        let reader = try BattleStore(path: path, readOnly: true)
        #expect(try !Self.isSummarized(reader, "result"))
        try Self.expectAnswersMatchTheRecords(reader)
        #expect(try reader.diagnostics.groupSummaryProblems(against: reader.diagnostics.scan { _ in }).isEmpty)
        // A writable open makes the tables and the trigger again, and the summaries.
        let writer = try BattleStore(path: path)
        #expect(try Self.isSummarized(writer, "result"))
        try Self.expectAnswersMatchTheRecords(writer)
        #expect(try other.scalarInt("SELECT count(*) FROM sqlite_schema WHERE name = 'group_summary_update'") == 1)
        try other.execute(script: "UPDATE record SET result = 'draw' WHERE id = 2")
        #expect(try !Self.isSummarized(writer, "result"), "the trigger made again drops them")
    }

    /// Dates at the edges, grouped from the records (read by their day, their bucket's key asked
    /// once per day), give SQLite's own day, week and month of each instant: before the first
    /// whole day, before 1970, within a second of midnight, far ahead, and a date that is text.
    @Test func dateBucketsAtTheEdgesAreSQLitesOwn() throws {
        let folder = TemporaryFolder()
        let (path, store) = try Self.simulated(folder, "edges", fights: 20, seed: 5, heroes: 2, villains: 2, batchSize: 20)
        let other = try Database(path: path)
        let firstWhole = GroupSummaries.firstWholeDay
        let dates: [String] = ["\(firstWhole - 1)", "\(firstWhole)", "\(firstWhole + 86_399)", "-1", "0", "-86400", "-86401",
                               "86399", "86400", "1767225599", "1767225600", "253402300799", "'soon'", "1.5"]
        for (i, d) in dates.enumerated() { try other.execute(script: "UPDATE record SET date = \(d) WHERE id = \(i + 1)") }
        for bucket in GroupField.DateBucket.allCases {
            let key = store.groupSQL(.date(bucket), groupingIndex: false).key
            var expected: [GroupCount.Key: Int] = [:]
            try other.prepare("SELECT CASE WHEN typeof(date) = 'integer' THEN (SELECT \(key) FROM (SELECT record.date AS v)) END FROM record").forEachRow { row in
                expected[row.string(0).map(GroupCount.Key.text) ?? .damaged, default: 0] += 1
            }
            let grouped = try store.run { try store.grouped(by: [.date(bucket)], where: nil) }
            let counts = Dictionary(uniqueKeysWithValues: grouped.map { ($0.key[0], $0.value.count) })
            #expect(counts == expected, "\(bucket)")
            #expect(expected.count >= (bucket == .day ? 10 : 5), "\(bucket): the edges are groups of their own")
        }
    }
}

