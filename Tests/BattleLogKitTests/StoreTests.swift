import Foundation
import Testing
@testable import BattleLogKit
import SQLiteDB

@Suite struct StoreOpeningTests {
    @Test func missingFileIsCreatedWithItsFolderOnlyWhenAsked() throws {
        let folder = TemporaryFolder()
        let path = folder.file("a/b/c.sqlite")
        #expect(throws: StoreError.noSuchFolder(path: path, folder: folder.file("a/b"))) { try BattleStore(path: path) }
        #expect(!FileManager.default.fileExists(atPath: folder.file("a")))
        let store = try BattleStore(path: path, createFolder: true)
        #expect(FileManager.default.fileExists(atPath: path))
        #expect(try store.recordCount() == 0)
        #expect(!store.isReadOnly)
    }

    @Test func badPathsAreRefusedAndLeftUntouched() throws {
        let folder = TemporaryFolder()
        #expect(throws: StoreError.isADirectory(path: folder.path)) { try BattleStore(path: folder.path) }

        let empty = folder.file("empty.sqlite")
        _ = FileManager.default.createFile(atPath: empty, contents: Data())
        #expect(throws: StoreError.emptyFile(path: empty)) { try BattleStore(path: empty) }
        #expect(fileBytes(empty) == Data())

        let junk = folder.file("junk.sqlite")
        let junkBytes = Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) })
        _ = FileManager.default.createFile(atPath: junk, contents: junkBytes)
        #expect(throws: StoreError.notADatabase(path: junk)) { try BattleStore(path: junk) }
        #expect(fileBytes(junk) == junkBytes)
    }

    @Test func newerSchemaAndForeignDatabasesAreRefused() throws {
        let folder = TemporaryFolder()
        let newer = folder.file("newer.sqlite")
        do { _ = try BattleStore(path: newer) }
        try runSQLite(newer, "PRAGMA user_version = 99;")
        let before = fileBytes(newer)
        #expect(throws: StoreError.newerSchema(path: newer, found: 99, supported: BattleStore.schemaVersion)) {
            try BattleStore(path: newer)
        }
        #expect(fileBytes(newer) == before)

        let other = folder.file("other.sqlite")
        try runSQLite(other, "CREATE TABLE t(x); INSERT INTO t VALUES (1);")
        let otherBefore = fileBytes(other)
        #expect(throws: StoreError.notABattlelogDatabase(path: other)) { try BattleStore(path: other) }
        #expect(fileBytes(other) == otherBefore)
    }

    @Test func readOnlyFileReadsButRefusesWrites() throws {
        let folder = TemporaryFolder()
        let (store, hero, _) = try makeStore(folder, fights: 3)
        let path = store.path
        _ = consume store
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: path)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path) }
        let before = fileBytes(path)
        let readOnly = try BattleStore(path: path, readOnly: true)
        #expect(readOnly.isReadOnly)
        #expect(try readOnly.page(RecordQuery(ownerID: hero.id), limit: 10).count == 3)
        #expect(throws: StoreError.readOnly(path: path)) { try readOnly.insertHumans([Human(name: "X", kind: .hero)]) }
        #expect(fileBytes(path) == before)
    }

    @Test func unregisteredTransformerIsRefusedAtOpen() throws {
        let folder = TemporaryFolder()
        var registry = TransformerRegistry.standard
        registry.unregister(named: "MagicTransformer")
        let path = folder.file("x.sqlite")
        #expect(throws: StoreError.unregisteredTransformer(attribute: "Record.usingMagic", transformer: "MagicTransformer")) {
            try BattleStore(path: path, registry: registry)
        }
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test func modelDescriptionNamesEachTransformer() throws {
        let model = try StoreModel.bundled()
        #expect(model.transformableAttributes.map(\.qualifiedName) == ["Record.duration", "Record.randomNumbers", "Record.usingMagic", "Record.timeline", "Record.weapon"])
        #expect(model.attribute(named: "usingMagic")?.transformerName == "MagicTransformer")
        #expect(model.attribute(named: "randomNumbers")?.column == "random_numbers")
    }
}

@Suite struct StoreRecordTests {
    @Test func pagingReturnsEveryRecordOnceInOrder() throws {
        let folder = TemporaryFolder()
        let (store, hero, _) = try makeStore(folder, fights: 257)
        let query = RecordQuery(ownerID: hero.id)
        var seen: [Int64] = []
        var cursor: RecordCursor?
        while true {
            let page = try store.page(query, from: cursor, limit: 20)
            if page.isEmpty { break }
            seen += page.map(\.id)
            cursor = RecordCursor(page.last!)
        }
        #expect(seen.count == 257)
        #expect(Set(seen).count == 257)
        let dates = try seen.map { try store.record(id: $0).date ?? 0 }
        #expect(dates == dates.sorted(by: >))
        // And back up again, newer pages, from the oldest record.
        var back: [Int64] = []
        cursor = nil
        var first = try store.page(query, from: nil, direction: .older, limit: 1)
        while !first.isEmpty { cursor = RecordCursor(first[0]); first = try store.page(query, from: cursor, limit: 50).suffix(1) }
        var up: RecordCursor? = cursor
        back.append(up!.id)
        while let c = up {
            let page = try store.page(query, from: c, direction: .newer, limit: 20)
            back = page.map(\.id) + back
            up = page.first.map(RecordCursor.init)
        }
        #expect(back == seen)
        #expect(try store.count(query) == 257)
        #expect(try store.position(of: RecordCursor(date: try #require(try store.record(id: seen[10]).date), id: seen[10]), in: query) == 10)
    }

    @Test func pagingUsesTheOwnerIndex() throws {
        let folder = TemporaryFolder()
        let (store, hero, _) = try makeStore(folder, fights: 10)
        let plan = try store.queryPlan(RecordQuery(ownerID: hero.id)).joined(separator: "\n")
        #expect(plan.contains("record_owner_date"), "\(plan)")
        #expect(!plan.contains("TEMP B-TREE"), "\(plan)")
        let global = try store.queryPlan(RecordQuery(result: .win)).joined(separator: "\n")
        #expect(global.contains("record_date") && !global.contains("TEMP B-TREE"), "\(global)")
    }

    @Test func damagedValuesAreTypedAndLeaveTheRestReadable() throws {
        let folder = TemporaryFolder()
        let (store, hero, _) = try makeStore(folder, fights: 4)
        let ids = try store.page(RecordQuery(ownerID: hero.id), limit: 4).map(\.id)
        try store.executeRaw("UPDATE record SET using_magic = ? WHERE id = ?", [#"{"type":"dragon","version":1}"#, ids[0]])
        try store.executeRaw("UPDATE record SET duration = ? WHERE id = ?", [#"{"flags":1,"timescale":600,"value":5}"#, ids[1]])
        try store.executeRaw("UPDATE record SET random_numbers = ? WHERE id = ?", ["not json", ids[2]])
        try store.executeRaw("UPDATE record SET duration = X'00FF' WHERE id = ?", [ids[3]])

        let r0 = try store.record(id: ids[0])
        #expect(r0.usingMagic.error == AttributeError(recordID: ids[0], attribute: "usingMagic", reason: .kind(MagicError.unknownType("dragon"))))
        #expect(r0.duration.value != nil && r0.randomNumbers.value != nil && r0.result != nil)
        #expect(r0.usingMagic.storedText == #"{"type":"dragon","version":1}"#)

        let r1 = try store.record(id: ids[1])
        #expect(r1.duration.error?.reason == .kind(MediaTime.DictionaryError.missingKey("epoch")))
        #expect(r1.duration.value == nil)   // not replaced by zero
        #expect(r1.usingMagic.value != nil)

        let r2 = try store.record(id: ids[2])
        #expect(r2.randomNumbers.error?.attribute == "randomNumbers")
        if case .notJSON? = r2.randomNumbers.error?.reason {} else { Issue.record("expected notJSON") }

        let r3 = try store.record(id: ids[3])
        #expect(r3.duration.error?.reason == .wrongStorageType("a blob of 2 bytes"))
        #expect(r3.errors.count == 1)
    }

    @Test func deletingAHumanCascades() throws {
        let folder = TemporaryFolder()
        let (store, hero, villain) = try makeStore(folder, fights: 5)
        try store.deleteHuman(id: villain.id)
        #expect(try store.count(RecordQuery()) == 0)
        #expect(try store.tallies()[hero.id] == BattleStore.Tally())
        #expect(throws: StoreError.noSuchRecord(1)) { try store.record(id: 1) }
    }

    @Test func foreignKeysAreEnforced() throws {
        let folder = TemporaryFolder()
        let (store, _, _) = try makeStore(folder, fights: 1)
        let draft = RecordDraft(fight: 99, ownerID: 999, opponentID: 998, date: 0, result: .win,
                                duration: .zero, randomNumbers: [], usingMagic: nil)
        #expect(throws: StoreError.self) { try store.insert([draft]) }
    }

    @Test func talliesFollowInserts() throws {
        let folder = TemporaryFolder()
        let (store, hero, villain) = try makeStore(folder, fights: 9)
        #expect(try store.tallies()[hero.id] == BattleStore.Tally(wins: 3, losses: 3, draws: 3))
        #expect(try store.tallies()[villain.id] == BattleStore.Tally(wins: 3, losses: 3, draws: 3))
        #expect(try store.recordCount() == 18)
    }

    @Test func isoDates() {
        #expect(ISODate.format(0) == "1970-01-01T00:00:00Z")
        #expect(ISODate.format(1_796_392_800) == "2026-12-04T14:00:00Z")
        #expect(ISODate.parse("2026-12-04T14:00:00Z") == 1_796_392_800)
        #expect(ISODate.parse("2000-02-29") == 951_782_400)
        #expect(ISODate.format(-1) == "1969-12-31T23:59:59Z")
        #expect(ISODate.parse("2026-13-01") == nil)
    }
}

/// Runs SQL on a file through the raw binding (to build databases battlelog would not write).
func runSQLite(_ path: String, _ sql: String) throws {
    let db = try Database(path: path)
    try db.execute(script: sql)
}

@Suite struct MigrationTests {
    @Test func aVersionOneDatabaseIsMigratedKeepingItsRecords() throws {
        let folder = TemporaryFolder()
        let path = folder.file("v1.sqlite")
        do {
            let db = try Database(path: path)
            try db.execute(script: Schema.migrations[0].sql)
            try db.execute(script: "PRAGMA user_version = 1; PRAGMA application_id = \(Schema.applicationID)")
            try db.execute(script: """
                INSERT INTO human(id, name, kind) VALUES (1, 'Aria', 'hero'), (2, 'Malgor', 'villain');
                INSERT INTO record(fight, owner_id, opponent_id, date, result, duration, random_numbers, using_magic)
                VALUES (1, 2, 1, 100, 'win', '{"epoch":0,"flags":1,"timescale":1,"value":5}', '[1]',
                        '{"gateName":"G","powerOfEvilGate":9,"type":"villain","version":1}');
                """)
        }
        // Read-only, it cannot have its migrations: said as such (not "cannot write"), untouched.
        let missing = Schema.migrations.count - 1
        #expect(throws: StoreError.needsMigration(path: path, missing: Schema.migrations[1].name, count: missing)) {
            try BattleStore(path: path, readOnly: true)
        }
        let said = StoreError.needsMigration(path: path, missing: Schema.migrations[1].name, count: missing)
        #expect(said.text(.load("en")) == said.description && said.description.contains("needs \(missing) migrations"))
        #expect(said.text(.load("zh")).contains("\(missing) 次迁移") && said.text(.load("zh")).contains(Schema.migrations[1].name))
        #expect(try Database(path: path).userVersion() == 1)
        let store = try BattleStore(path: path)
        #expect(try Database(path: path).userVersion() == BattleStore.schemaVersion)
        // A file from before the names gains them, the first as had, the rest as run.
        #expect(try Self.applied(path) == Schema.migrations.map(\.name))
        #expect(try Database(path: path).userVersion() == Schema.migrations.count)
        #expect(try store.record(id: 1).usingMagic.value == .villain(powerOfEvilGate: 9, gateName: "G"))
        let matches = try store.page(RecordQuery(filter: try FilterCompiler.compile("power = 9", roster: store.humans)), limit: 10)
        #expect(matches.map(\.id) == [1])
    }

    @Test func aVersionTwoDatabaseLetsARecordHaveNoOpponentInEveryConnection() throws {
        let folder = TemporaryFolder()
        let path = folder.file("v2.sqlite")
        do {
            let db = try Database(path: path)
            try db.execute(script: Schema.migrations[0].sql + Schema.migrations[1].sql)
            try db.execute(script: "PRAGMA user_version = 2; PRAGMA application_id = \(Schema.applicationID); PRAGMA journal_mode = WAL")
            try db.execute(script: """
                INSERT INTO human(id, name, kind) VALUES (1, 'Aria', 'hero'), (2, 'Malgor', 'villain');
                INSERT INTO record(fight, owner_id, opponent_id, date, result, duration, random_numbers, using_magic)
                VALUES (1, 2, 1, 100, 'win', '{"epoch":0,"flags":1,"timescale":1,"value":5}', '[1]', NULL),
                       (1, 1, 2, 100, 'loss', '{"epoch":0,"flags":1,"timescale":1,"value":5}', '[1]', NULL);
                """)
            #expect(throws: SQLiteError.self) { try db.execute("INSERT INTO record(fight, owner_id, opponent_id, date, result) VALUES (2, 1, NULL, 1, 'win')") }
        }
        // A connection opened before the migration: it must see the new schema too.
        let earlier = try Database(path: path)
        #expect(try earlier.scalarInt("SELECT count(*) FROM record") == 2)   // it has read the old schema
        let store = try BattleStore(path: path)
        #expect(try Database(path: path).userVersion() == BattleStore.schemaVersion)
        try earlier.execute("INSERT INTO record(fight, owner_id, opponent_id, date, result, duration, random_numbers) VALUES (3, 1, NULL, 1, 'win', '{\"epoch\":0,\"flags\":1,\"timescale\":1,\"value\":5}', '[2]')")
        let summary = try store.importOneSided { add in
            try add(OneSidedRecord(ownerName: "Malgor", ownerKind: .villain, date: .value(200), result: .draw,
                                   values: ["duration": .value(MediaTime(value: 1, timescale: 2)), "randomNumbers": .value([4])]))
        }
        #expect(summary == { var s = OneSidedImportSummary(); s.records = 1; return s }())
        // A producer that leaves out a required attribute is refused, naming it; nothing is written.
        #expect(throws: StoreError.missingValue(attribute: "Record.duration")) {
            try store.importOneSided { add in
                try add(OneSidedRecord(ownerName: "Malgor", ownerKind: .villain, date: .value(300), result: .win,
                                       values: ["randomNumbers": .value([5])]))
            }
        }
        #expect(try store.record(id: 1).opponent?.name == "Aria", "the records before keep their opponents")
        #expect(try store.record(id: 4).opponent == nil)
        #expect(try store.diagnostics.fightProblems() == [], "one record without an opponent is a whole fight")
        #expect(try Database(path: path, mode: .readOnly).prepare("PRAGMA integrity_check").first([], { $0.string(0) }) == "ok")
    }

    /// The names a file has had, in the order they ran.
    static func applied(_ path: String) throws -> [String] {
        try Database(path: path, mode: .readOnly).prepare("SELECT name FROM schema_migration ORDER BY rowid").map { $0.string(0) ?? "" }
    }

    @Test func aMigrationIsRunByItsNameNotItsPlace() throws {
        let folder = TemporaryFolder()
        let path = folder.file("gap.sqlite")
        do { _ = try BattleStore(path: path) }
        // A file that has had every migration but one in the middle (made by a branch that
        // ordered them otherwise): that one runs, and none of the others again.
        try runSQLite(path, """
            DROP TABLE group_summary; DROP TABLE group_summary_state;
            DROP TRIGGER IF EXISTS group_summary_insert_below; DROP TRIGGER IF EXISTS group_summary_update;
            DROP TRIGGER IF EXISTS group_summary_delete;
            DELETE FROM schema_migration WHERE name = 'group-summaries';
            PRAGMA user_version = \(Schema.migrations.count - 1);
            """)
        #expect(throws: StoreError.needsMigration(path: path, missing: "group-summaries", count: 1)) { try BattleStore(path: path, readOnly: true) }
        _ = try BattleStore(path: path)
        #expect(Set(try Self.applied(path)) == Set(Schema.migrations.map(\.name)))
        #expect(try Self.applied(path).last == "group-summaries")
        #expect(try Database(path: path).scalarInt("SELECT count(*) FROM sqlite_schema WHERE name = 'group_summary'") == 1)
    }

    @Test func aFileThatHadAMigrationThisProgramDoesNotKnowIsRefusedUntouched() throws {
        let folder = TemporaryFolder()
        let path = folder.file("newer.sqlite")
        do { _ = try BattleStore(path: path) }
        try runSQLite(path, "INSERT INTO schema_migration(name) VALUES ('weapon-sheaths\u{1b}[2J')")
        let before = fileBytes(path)
        #expect(throws: StoreError.newerMigration(path: path, name: "weapon-sheaths^[[2J")) { try BattleStore(path: path) }
        #expect(throws: StoreError.newerMigration(path: path, name: "weapon-sheaths^[[2J")) { try BattleStore(path: path, readOnly: true) }
        #expect(fileBytes(path) == before)
    }
}

@Suite struct PositionTests {
    /// The position of every record of a Human, counted from either side, equals a plain count of
    /// the records before it, ties on the date included.
    @Test func positionCountsTheShorterSideExactly() throws {
        let folder = TemporaryFolder()
        let (store, hero, villain) = try makeStore(folder, fights: 150)
        // Ties: several of the hero's records on one date.
        let tied = (0..<5).map { i in
            RecordDraft(fight: Int64(1000 + i), ownerID: hero.id, opponentID: villain.id, date: 1_700_000_075, result: .win,
                        duration: MediaTime(value: 1, timescale: 1), randomNumbers: [3], usingMagic: nil)
        }
        try store.insert(tied)
        let query = RecordQuery(ownerID: hero.id)
        let all = try store.page(query, limit: 1000)
        let total = try store.count(query)
        #expect(all.count == total && total == 155)
        for (expected, record) in all.enumerated() {
            let cursor = RecordCursor(record)
            #expect(try store.position(of: cursor, in: query, total: total) == expected, "record \(record.id)")
            #expect(try store.position(of: cursor, in: query) == expected)
            // Whatever the guess at the position, right or wrong, the count is exact.
            for estimate in [0, expected, total - 1 - expected, total - 1] {
                #expect(try store.position(of: cursor, in: query, total: total, estimate: estimate) == expected, "record \(record.id), guess \(estimate)")
            }
        }
    }
}

@Suite struct ExtendedCodeTests {
    /// The named codes are sqlite3.h's numbers, and a real UNIQUE failure is recognised as one.
    @Test func namedCodesAreSQLitesAndAUniqueFailureIsOne() throws {
        #expect([ExtendedCode.readOnlyCantInit, ExtendedCode.readOnlyDirectory, ExtendedCode.constraintPrimaryKey,
                 ExtendedCode.constraintUnique] == [1288, 1544, 1555, 2067])
        let db = try Database(path: ":memory:", mode: .readWriteCreate)
        try db.execute(script: "CREATE TABLE t(id INTEGER PRIMARY KEY, name TEXT UNIQUE); INSERT INTO t VALUES (1, 'a')")
        for sql in ["INSERT INTO t VALUES (2, 'a')", "INSERT INTO t VALUES (1, 'b')"] {
            do { try db.execute(script: sql); Issue.record("\(sql) did not fail") }
            catch let e as SQLiteError { #expect(e.isUniqueConstraint, "\(e)") }
        }
    }
}

@Suite struct SimulationClockTests {
    /// A damaged date (text, a fraction) is not the newest date: the next fights go on after
    /// the newest whole-number date, never from 1970. (A text date sorts above every number in
    /// SQLite, so `max(date)` was the text, read as 0.)
    @Test func aDamagedDateDoesNotRestartTheClock() throws {
        let folder = TemporaryFolder()
        let (store, _, _) = try makeStore(folder, fights: 20)
        let newest = try #require(try store.latestDate())
        try store.executeRaw("UPDATE record SET date = 'yesterday' WHERE id = 3")
        try store.executeRaw("UPDATE record SET date = 1700000001.5 WHERE id = 4")
        #expect(try store.latestDate() == newest)
        try SimulationRun(fights: 2, seed: 2, heroes: 2, villains: 2).run(on: store)
        let dates = try store.page(RecordQuery(), limit: 100).filter { $0.id > 40 }.map(\.date)
        #expect(dates.count == 4 && dates.allSatisfy { ($0 ?? 0) >= newest }, "\(dates)")
    }
}
