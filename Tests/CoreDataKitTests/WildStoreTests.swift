import Foundation
import Testing
import SQLiteDB
@testable import CoreDataKit

/// Stores that apps left (Fixtures/wild, SOURCES.md there), each with the defect of issue 40
/// that showed wrong data without a word: the values come out as the properties they are.
@Suite struct WildStoreTests {
    func objects(_ file: String, _ entity: String) throws -> [[String: Any]] {
        let store = try CoreDataStore(path: Fixture.path("wild/" + file))
        return try dumpAll(store).filter { $0["entity"] as? String == entity }
    }

    func attributes(_ o: [String: Any]) -> [String: Any] { o["attributes"] as? [String: Any] ?? [:] }
    func relationships(_ o: [String: Any]) -> [String: Any] { o["relationships"] as? [String: Any] ?? [:] }

    /// An older cache keeps a sub-entity's inherited properties as proxies: App (under Process)
    /// has its four values.
    @Test func inheritedPropertiesOfASubEntityAreItsOwn() throws {
        let apps = try objects("netusage.sqlite", "App")
        #expect(apps.count == 75)
        let first = try #require(apps.first)
        #expect(attributes(first)["bundleName"] as? String == "com.apple.purplebuddy")
        #expect(attributes(first)["procName"] as? String == "com.apple.purplebuddy")
        #expect((attributes(first)["firstTimeStamp"] as? [String: Any])?["$date"] as? String == "2021-01-17T19:23:46.063133Z")
        let events = try objects("knowledgec-10.14.db", "Event")
        #expect(events.allSatisfy { attributes($0)["uuid"] is String && attributes($0)["creationDate"] is [String: Any] })
    }

    /// Entities sharing a table each declare `title` and `account`: Core Data numbers the
    /// columns, and a note's title, dates and account are its own.
    @Test func numberedColumnsBelongToTheirEntities() throws {
        for file in ["NoteStore.sqlite", "iLEAPP-ios17-NoteStore.sqlite"] {
            let notes = try objects(file, "ICNote")
            #expect(!notes.isEmpty)
            #expect(notes.contains { attributes($0)["title"] is String }, "\(file)")
            #expect(notes.allSatisfy { attributes($0)["creationDate"] is [String: Any] }, "\(file)")
            #expect(notes.allSatisfy { attributes($0).keys.allSatisfy { !$0.hasPrefix("Z") } }, "\(file): a column shown raw")
            #expect(notes.allSatisfy { (relationships($0)["account"] as? [String: Any])?["entity"] as? String == "ICAccount" }, "\(file)")
            let folders = try objects(file, "ICFolder")
            #expect(folders.contains { attributes($0)["title"] as? String == "Notes" }, "\(file)")
            let accounts = try objects(file, "ICAccount")
            #expect(accounts.contains { !((relationships($0)["notes"] as? [Any]) ?? []).isEmpty }, "\(file)")
        }
        // As many titles as SQLite finds in ICNote's own column (Z_ENT 11, ZTITLE1).
        let notes = try objects("NoteStore.sqlite", "ICNote")
        let db = try Database(path: Fixture.path("wild/NoteStore.sqlite"), mode: .immutable)
        let titled = try db.scalarInt("SELECT count(*) FROM ZICCLOUDSYNCINGOBJECT WHERE Z_ENT = 11 AND ZTITLE1 IS NOT NULL")
        #expect(notes.filter { attributes($0)["title"] is String }.count == Int(titled ?? -1))
        #expect(Set(notes.compactMap { attributes($0)["title"] as? String }).contains("My Secret Note"))
    }

    /// An entity renamed in the model (LuxuryCar, renaming identifier ExpensiveSportCar) is
    /// the Z_PRIMARYKEY row of its old name, and `info` says so.
    @Test func aRenamedEntityIsMatchedByItsRenamingIdentifier() throws {
        let store = try CoreDataStore(path: Fixture.path("wild/SampleModel_V2.sqlite"))
        let luxury = try store.entity(named: "LuxuryCar")
        #expect(luxury.id == 3)
        #expect(try store.rowCount(luxury) == 5)
        #expect(try dumpAll(store).filter { $0["entity"] as? String == "LuxuryCar" }.count == 5)
        #expect(store.model.notes.contains("entity LuxuryCar is Z_ENT 3 by its renaming identifier ExpensiveSportCar"))
    }
}

/// A store cut short or damaged is refused with a line that says so (issue 40), before any
/// object is shown, and never read with a guessed model.
@Suite struct DamagedStoreTests {
    @Test func aTruncatedOrDamagedStoreIsRefusedByName() throws {
        let folder = TemporaryFolder()
        let whole = try #require(FileManager.default.contents(atPath: Fixture.path("wild/NoteStore.sqlite")))
        var damaged = whole
        damaged.replaceSubrange(300_000..<304_096, with: Data(repeating: 0, count: 4096))
        let cases: [(String, Data, String)] = [
            ("cut.sqlite", whole.prefix(200_000), "truncated: 200000 bytes is not a whole number of 4096-byte pages"),
            ("short.sqlite", whole.prefix(49 * 4096), "truncated: its header counts 94 pages of 4096 bytes, the file holds 49"),
            ("damaged.sqlite", damaged, "database disk image is malformed"),
        ]
        for (name, bytes, reason) in cases {
            FileManager.default.createFile(atPath: folder.file(name), contents: bytes)
            let before = folderSnapshot(folder.path)
            for command in [["coredata", "info", folder.file(name)], ["coredata", "dump", folder.file(name), "--json"]] {
                let run = cli(command, db: folder.file("unused.sqlite"))
                // info reads every page (quick_check), which names the damaged page.
                let expected = "\(folder.file(name)): the Core Data store is damaged (" + (command[1] == "info" && name == "damaged.sqlite" ? "" : reason)
                #expect(run.status == 1, "\(command): \(run.status)")
                #expect(run.err.contains(expected) && run.err.split(separator: "\n").count == 1, "\(command): \(run.err)")
            }
            #expect(folderSnapshot(folder.path) == before, "nothing was written beside \(name)")
        }
    }
}

/// `--model FILE.mom` or `FOLDER.momd` (issue 40): a compiled model read like the cache; of a
/// .momd, the version whose entity hashes are the store's, said; none matching is an error.
@Suite struct CompiledModelTests {
    @Test func aMomdPicksTheVersionWhoseHashesAreTheStores() throws {
        let folder = TemporaryFolder()
        let store = Fixture.path("wild/SampleModel_V2.sqlite")
        let momd = Fixture.path("wild/CoreDataPlus-SampleModel.momd")
        let info = cli(["coredata", "info", store, "--model", momd], db: folder.file("u.sqlite"))
        #expect(info.status == 0, "\(info.err)")
        #expect(info.out.contains("the model is version SampleModel2 of CoreDataPlus-SampleModel.momd (--model): its entity hashes are the store's"))
        #expect(info.out.contains("LuxuryCar  (table ZCAR, Z_ENT 3, 5 rows, parent SportCar)"), "\(info.out)")
        // The dump with the model given is the dump with the store's own cache.
        let given = cli(["coredata", "dump", store, "--json", "--model", momd], db: folder.file("u.sqlite"))
        let cached = cli(["coredata", "dump", store, "--json"], db: folder.file("u.sqlite"))
        #expect(given.status == 0 && given.out == cached.out)
        // One .mom: the first version, whose entity is still ExpensiveSportCar.
        let v1 = cli(["coredata", "info", store, "--model", momd + "/SampleModel.mom"], db: folder.file("u.sqlite"))
        #expect(v1.out.contains("ExpensiveSportCar  (table ZCAR, Z_ENT 3, 5 rows, parent SportCar)"), "\(v1.out)")
        // A .momd none of whose versions is the store's.
        let other = cli(["coredata", "info", store, "--model", Fixture.path("wild/CoreDataPlus-SampleModel3.momd")], db: folder.file("u.sqlite"))
        #expect(other.status == 1 && other.err.contains("no version of this model is the store's (its entity hashes match none of SampleModel3, SampleModel3_v2, SampleModel3_v3)"), "\(other.err)")
        // Not a model.
        let bad = cli(["coredata", "info", store, "--model", store], db: folder.file("u.sqlite"))
        #expect(bad.status == 1 && bad.err.contains("not a compiled Core Data model"), "\(bad.err)")
        #expect(cli(["coredata", "info", store, "--model", folder.file("nosuch.mom")], db: folder.file("u.sqlite")).status == 1)
    }
}

/// Values as apps leave them (issue 40): an archive kept in Binary Data is decoded like a
/// Transformable with its bytes beside it; a Transformable holding TEXT, INTEGER or REAL is
/// damage, named with its SQLite class.
@Suite struct StoredValueKindTests {
    @Test func anArchiveInBinaryDataIsDecodedWithItsBytesOneKeyAway() throws {
        let store = try CoreDataStore(path: Fixture.path("wild/IMODb2.sqlite"))
        let values = try dumpAll(store).compactMap { ($0["attributes"] as? [String: Any])?["imdata"] as? [String: Any] }
        let archived = values.filter { $0["$archive"] != nil }
        #expect(archived.count == 2)
        for v in archived {
            let text = try #require(v["$data"] as? String)
            let bytes = try #require(Data(base64Encoded: text))
            #expect(bytes.starts(with: Data("bplist00".utf8)))
            #expect(v["$archive"] is [String: Any])
        }
        #expect(archived.contains { ($0["$archive"] as? [String: Any])?["type"] as? String == "__deleted_im" })
    }

    /// A model guessed from the tables cannot tell a Transformable from Binary Data: an archive
    /// in a BLOB column is decoded, and its bytes are kept beside it all the same.
    @Test func anArchiveInAGuessedColumnKeepsItsBytesOneKeyAway() throws {
        let store = try CoreDataStore(path: Fixture.path("wild/BookMigration-Model1.sqlite"))
        #expect(store.model.source == .guessed)
        let books = try dumpAll(store, entity: try store.entity(named: "Book"))
        let urls = books.compactMap { ($0["attributes"] as? [String: Any])?["fileurl"] as? [String: Any] }
        #expect(urls.count == 4)
        #expect(urls.contains { $0["$archive"] as? String == "The Trial.file" })
        for u in urls {
            let text = try #require(u["$data"] as? String)
            let bytes = try #require(Data(base64Encoded: text))
            #expect(bytes.starts(with: Data("bplist00".utf8)))
        }
    }

    @Test func aTransformableHoldingAnotherClassIsDamageNamedWithIt() throws {
        let folder = TemporaryFolder()
        let copy = folder.file("s.sqlite")
        try FileManager.default.copyItem(atPath: Fixture.path("SampleModel2_V2.sqlite"), toPath: copy)
        let db = try Database(path: copy, mode: .readWrite)
        try db.execute(script: "UPDATE ZBOOK SET ZFRONTCOVER = 'plain text' WHERE Z_PK = 1; UPDATE ZBOOK SET ZFRONTCOVER = 42 WHERE Z_PK = 2; UPDATE ZBOOK SET ZFRONTCOVER = 1.5 WHERE Z_PK = 3")
        let store = try CoreDataStore(path: copy)
        let book = try store.entity(named: "Book")
        let name = try #require(book.attributes.first { $0.column == "ZFRONTCOVER" && $0.type == .transformable }?.name)
        let books = try dumpAll(store, entity: book)
        func cover(_ pk: Int) -> String? {
            ((books.first { $0["pk"] as? Int == pk }?["attributes"] as? [String: Any])?[name] as? [String: Any])?["$error"] as? String
        }
        #expect(cover(1) == "a Transformable stored as TEXT, not as an archive's bytes")
        #expect(cover(2) == "a Transformable stored as INTEGER 42, not as an archive's bytes")
        #expect(cover(3) == "a Transformable stored as REAL 1.5, not as an archive's bytes")
    }
}
