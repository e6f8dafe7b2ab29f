import Foundation
import SQLiteDB
import Testing
@testable import CoreDataKit

/// `coredata history` on real stores with persistent history (issue 40): every transaction and
/// change, in both layouts (strings in ATRANSACTIONSTRING, or inline in older stores).
@Suite struct PersistentHistoryTests {
    static let stores = ["SampleModel2_V2.sqlite", "wild/SampleModel2_V1.sqlite", "wild/NoteStore.sqlite", "wild/RMAdminStore-Local.sqlite",
                         "wild/knowledgec-10.13.db", "wild/iLEAPP-ios17-NoteStore.sqlite", "wild/iLEAPP-ios17-TruthSocial-ChatModel.sqlite"]

    /// SQLite's own view of `file` with its -wal's commits (a scratch copy).
    static func sqlite(_ file: String, in folder: TemporaryFolder) throws -> Database {
        let copy = folder.file("s.sqlite")
        try? FileManager.default.removeItem(atPath: copy)
        try? FileManager.default.removeItem(atPath: copy + "-wal")
        try FileManager.default.copyItem(atPath: Fixture.path(file), toPath: copy)
        if FileManager.default.fileExists(atPath: Fixture.path(file) + "-wal") {
            try FileManager.default.copyItem(atPath: Fixture.path(file) + "-wal", toPath: copy + "-wal")
        }
        return try Database(path: copy, mode: .readWrite)
    }

    @Test(arguments: stores)
    func everyTransactionAndChangeIsShownOnce(_ file: String) throws {
        let folder = TemporaryFolder()
        let db = try Self.sqlite(file, in: folder)
        let run = cli(["coredata", "history", Fixture.path(file), "--json"], db: folder.file("unused.sqlite"))
        #expect(run.status == 0, "\(run.err)")
        let transactions = try run.out.split(separator: "\n").map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any] }
        let transactionCount = Int(try db.scalarInt("SELECT count(*) FROM ATRANSACTION") ?? -1)
        #expect(transactions.count == transactionCount, "\(file)")
        let changes = transactions.flatMap { $0["changes"] as! [[String: Any]] }
        let changeCount = Int(try db.scalarInt("SELECT count(*) FROM ACHANGE") ?? -1)
        #expect(changes.count == changeCount, "\(file)")
        #expect(Set(changes.map { $0["change"] as! Int }).count == changes.count)
        // Each change is where SQLite has it, of the type it stores.
        let types = [0: "insert", 1: "update", 2: "delete"]
        let rows = try db.prepare("SELECT Z_PK, ZTRANSACTIONID, ZCHANGETYPE, ZENTITYPK FROM ACHANGE").map { ($0.int(0), $0.int(1), $0.int(2), $0.int(3)) }
        var byID: [Int: (transaction: Int, type: String, pk: Int)] = [:]
        for t in transactions { for c in t["changes"] as! [[String: Any]] { byID[c["change"] as! Int] = (t["transaction"] as! Int, c["type"] as! String, c["pk"] as! Int) } }
        for (id, transaction, type, pk) in rows {
            #expect(byID[id]?.transaction == transaction && byID[id]?.type == types[type] && byID[id]?.pk == pk, "\(file) change \(id)")
        }
        // Oldest first.
        let times = transactions.compactMap { ($0["timestamp"] as? [String: Any])?["$date"] as? String }
        #expect(times == times.sorted())
    }

    @Test func authorBundleContextAndProcessInBothLayouts() throws {
        let folder = TemporaryFolder()
        // Strings in ATRANSACTIONSTRING (ZBUNDLEIDTS, ...).
        let notes = cli(["coredata", "history", Fixture.path("wild/NoteStore.sqlite"), "--json"], db: folder.file("u.sqlite"))
        let third = try JSONSerialization.jsonObject(with: Data(notes.out.split(separator: "\n")[2].utf8)) as! [String: Any]
        #expect(third["bundleID"] as? String == "com.apple.mobilenotes")
        #expect(third["contextName"] as? String == "ViewContext")
        #expect(third["processID"] as? String == "MobileNotes")
        // Inline in ATRANSACTION (an older store without ATRANSACTIONSTRING).
        let knowledge = cli(["coredata", "history", Fixture.path("wild/knowledgec-10.13.db")], db: folder.file("u.sqlite"))
        #expect(knowledge.out.hasPrefix("2018-04-14T21:23:41.127018Z  transaction 1  author -  bundle com.apple.coreduetd  context -  process coreduetd  1 change: insert Event 1\n"), "\(knowledge.out.prefix(300))")
        // A deleted object's tombstone values.
        let admin = cli(["coredata", "history", Fixture.path("wild/RMAdminStore-Local.sqlite")], db: folder.file("u.sqlite"))
        #expect(admin.out.contains("(tombstone \"com.skout.SKOUT\", 1, {\"$data\":\"badh+HXIQBeJL82CqvmgtQ==\"}, \"app:com.skout.SKOUT-uds:17193901029:c623fbd7e91b041e07a68f8523f53a35973e475d\")"), "\(admin.out.prefix(300))")
    }

    /// iOS writes some query generation tokens in a form of its own (`18e22d…`), not as a keyed
    /// archive: they are data, not damage; an archive is still decoded.
    @Test func aQueryGenerationThatIsNoArchiveIsDataNotDamage() throws {
        var seen = 0
        try CoreDataStore(path: Fixture.path("wild/NoteStore.sqlite")).forEachTransaction { t in
            if case .object(let o) = t.queryGeneration, o["$data"] != nil { seen += 1 }
            #expect(!TaggedJSON.text(t.queryGeneration).contains("$error"), "transaction \(t.id)")
            return true
        }
        #expect(seen >= 5)
        #expect(TaggedJSON.text(CoreDataStore.queryGeneration(.blob([0x18, 0xE2, 0x2D, 0, 0, 0, 0, 0]))).contains("$data"))
        #expect(TaggedJSON.text(CoreDataStore.queryGeneration(.blob(Array("bplist00".utf8) + [1, 2]))).contains("$error"), "a broken archive is damage")
    }

    /// A transaction's time: its ISO instant, nil without a timestamp or beyond what a date shows.
    @Test func aTransactionsTimeIsItsInstantOrNothing() {
        func time(_ seconds: Double?) -> String? {
            HistoryTransaction(id: 1, timestamp: seconds, author: nil, bundleID: nil, contextName: nil, processID: nil, queryGeneration: .null, changes: []).time
        }
        #expect(time(726_699_420) == "2024-01-11T20:57:00.000000Z")
        #expect(time(726_699_420.5) == "2024-01-11T20:57:00.500000Z")
        #expect(time(nil) == nil)
        #expect(time(1e300) == nil && time(.nan) == nil)
    }

    @Test func sinceTakesTheTransactionsFromThatTimeOn() throws {
        let folder = TemporaryFolder()
        let db = try Self.sqlite("wild/NoteStore.sqlite", in: folder)
        let since = "2023-05-10T00:55:16Z"
        let expected = try db.scalarInt("SELECT count(*) FROM ATRANSACTION WHERE ZTIMESTAMP >= 705372916")
        let run = cli(["coredata", "history", Fixture.path("wild/NoteStore.sqlite"), "--since", since], db: folder.file("u.sqlite"))
        #expect(run.status == 0 && run.out.split(separator: "\n").count == Int(expected ?? -1), "\(run.err)")
        let all = try db.scalarInt("SELECT count(*) FROM ATRANSACTION") ?? 0
        #expect((expected ?? 0) > 0 && (expected ?? 0) < all)
        let bad = cli(["coredata", "history", Fixture.path("wild/NoteStore.sqlite"), "--since", "2021-02-30"], db: folder.file("u.sqlite"))
        #expect(bad.status == 2 && bad.err.contains("no day 30 in 2021-02: that month has 28 days"), "\(bad.err)")
        let none = cli(["coredata", "history", Fixture.path("wild/IMODb2.sqlite")], db: folder.file("u.sqlite"))
        #expect(none.status == 1 && none.err.contains("keeps no persistent history"))
    }

    /// `ZCOLUMNS` names the properties an update changed: bit n from the most significant bit of
    /// the first byte is the n-th of the entity's non-transient properties, attributes and
    /// relationships in one list sorted by name. A bit past that list's end names nothing.
    @Test func updatedColumnsNameTheirProperties() throws {
        let order = ["body", "folder", "modifiedAt", "pinned", "title"]
        func change(_ bytes: [UInt8]) -> HistoryChange {
            var c = HistoryChange(id: 1, kind: .update, entity: "Note", entityID: 1, pk: 1, updatedColumns: bytes,
                                  modelPropertyCount: order.count, tombstone: [])
            c.updatedProperties = HistoryChange.names(bits: c.updatedBits, order: order)
            return c
        }
        #expect(change([0x10]).updatedProperties == ["pinned"])
        #expect(change([0x18]).updatedProperties == ["pinned", "title"])
        #expect(change([0x80]).updatedProperties == ["body"])
        #expect(change([0x00]).updatedProperties == [])
        #expect(change([0x04]).updatedProperties == nil)
        #expect(change([0x04]).text == "update Note 1 (changed-columns bitmap 04, bits 5: bit 5 lies past the model's 5 properties, so none is named)")
        #expect(change([0x24]).text == "update Note 1 (changed-columns bitmap 24, bits 2,5: bit 5 lies past the model's 5 properties, so none is named)")
        #expect(change([0x18]).text == "update Note 1 (pinned, title)")

        // A real store: Screen Time's request is asked for, then acknowledged.
        let folder = TemporaryFolder()
        let admin = cli(["coredata", "history", Fixture.path("wild/RMAdminStore-Local.sqlite"), "--json"], db: folder.file("u.sqlite"))
        let lines = admin.out.split(separator: "\n").map { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        func updated(_ transaction: Int) -> [String]? {
            let t = lines.first { $0?["transaction"] as? Int == transaction }
            return ((t??["changes"] as? [[String: Any]])?.first)?["updatedProperties"] as? [String]
        }
        #expect(updated(101) == ["requestedDate"])
        #expect(updated(102) == ["acknowledgedDate"])
    }

    /// The list is in byte order of the names, inherited properties among the entity's own,
    /// transient attributes left out.
    @Test func theHistoryOrderSortsEveryStoredPropertyByName() {
        var parent = Entity(name: "P", id: 1, table: "ZP", attributes: [Attribute(name: "zeta", type: .string)], relationships: [])
        parent.attributes.append(Attribute(name: "Upper", type: .string))
        var child = parent
        child.name = "C"
        child.attributes.append(Attribute(name: "alpha", type: .string))
        child.attributes.append(Attribute(name: "scratch", type: .string, isTransient: true))
        child.relationships = [Relationship(name: "notes", target: "N", toMany: true, inverse: nil, storage: .unresolved)]
        #expect(child.historyPropertyOrder == ["Upper", "alpha", "notes", "zeta"])
        child.attributes.append(Attribute(name: "ZRAW", type: .binary, guessed: true))
        #expect(child.historyPropertyOrder == nil)
    }
}
