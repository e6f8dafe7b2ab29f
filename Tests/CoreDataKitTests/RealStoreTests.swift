import Foundation
import KeyedArchiving
import SQLiteDB
import Testing
@testable import BattleLogKit
@testable import CoreDataKit

/// `info` and `dump` on four stores Core Data wrote on Apple systems, checked against what SQLite
/// and Foundation's `PropertyListSerialization` say of the same files.
@Suite struct RealStoreTests {
    /// SQLite's own count of an entity's rows (exactly that Z_ENT).
    func sqliteCount(_ file: String, _ entity: Entity) throws -> Int {
        let db = try Database(path: Fixture.path(file), mode: .immutable)
        return Int(try db.scalarInt("SELECT count(*) FROM \(entity.table) WHERE Z_ENT = ?", [entity.id]) ?? -1)
    }

    @Test(arguments: Fixture.all)
    func everyEntityIsListedWithSQLitesRowCountAndDumpGivesEachRowOnce(_ file: String) throws {
        let before = folderSnapshot(Fixture.folder)
        let store = try CoreDataStore(path: Fixture.path(file))
        let db = try Database(path: Fixture.path(file), mode: .immutable)
        let primaryKeys = try db.prepare("SELECT Z_NAME FROM Z_PRIMARYKEY WHERE Z_ENT < 16000 ORDER BY Z_ENT").map { $0.string(0)! }
        #expect(store.model.entities.map(\.name) == primaryKeys)
        let objects = try dumpAll(store)
        for entity in store.model.entities {
            let count = try sqliteCount(file, entity)
            #expect(try store.rowCount(entity) == count, "\(file) \(entity.name)")
            #expect(objects.filter { $0["entity"] as? String == entity.name }.count == count, "\(file) \(entity.name)")
        }
        let pks = objects.map { "\($0["entity"]!) \($0["pk"]!)" }
        #expect(Set(pks).count == pks.count)
        #expect(folderSnapshot(Fixture.folder) == before, "the fixtures folder changed")
    }

    @Test func historyTablesAreListedApartFromEntities() throws {
        let store = try CoreDataStore(path: Fixture.path("SampleModel2_V2.sqlite"))
        #expect(store.model.historyTables == ["ACHANGE", "ATRANSACTION", "ATRANSACTIONSTRING"])
        #expect(!store.model.entities.contains { $0.name == "CHANGE" || $0.id >= 16000 })
        #expect(try store.rowCount(table: "ACHANGE") == 126)
    }

    @Test func accounts3EveryTransformableDecodesAsFoundationReadsIt() throws {
        let store = try CoreDataStore(path: Fixture.path("Accounts3.sqlite"))
        #expect(store.model.source == .modelCache)
        var decoded = 0
        try store.forEachObject { object in
            guard let entity = store.model.entity(named: object.entity) else { return true }
            for a in entity.attributes where a.type == .transformable {
                guard case .blob(let bytes)? = object.stored[a.name] else { continue }
                let value = object.attributes.first { $0.name == a.name }!.value
                #expect(!TaggedJSON.text(value).contains("\"$error\""), "\(object.entity) \(object.pk) \(a.name)")
                // Foundation's reading of the same bytes: the root object's scalar leaves must be
                // the scalars we show (strings and numbers, in any order).
                let plist = try PropertyListSerialization.propertyList(from: Data(bytes), options: [], format: nil) as! [String: Any]
                let objects = plist["$objects"] as! [Any]
                let foundationStrings = Set(objects.compactMap { $0 as? String }.filter { $0 != "$null" })
                var ours = Set<String>()
                collectStrings(value, into: &ours)
                #expect(ours.isSubset(of: foundationStrings.union(["$date", "$data"])), "\(object.entity) \(object.pk)")
                decoded += 1
            }
            return true
        }
        #expect(decoded == 187)
    }

    func collectStrings(_ v: JSONValue, into set: inout Set<String>) {
        switch v {
        case .string(let s): set.insert(s)
        case .array(let items): items.forEach { collectStrings($0, into: &set) }
        case .object(let o):
            if o["$date"] != nil || o["$data"] != nil || o["$uuid"] != nil { return }
            // Our tags ($set, $dict, $class, $fields) are not archived strings; keys of a dictionary are.
            for (k, value) in o { if !k.hasPrefix("$") { set.insert(k) }; collectStrings(value, into: &set) }
        default: break
        }
    }

    @Test func accounts3ManyToManyMatchesItsJoinTable() throws {
        let store = try CoreDataStore(path: Fixture.path("Accounts3.sqlite"))
        let db = try Database(path: Fixture.path("Accounts3.sqlite"), mode: .immutable)
        let account = try store.entity(named: "Account")
        let rel = account.relationships.first { $0.name == "enabledDataclasses" }!
        #expect(rel.storage == .joinTable(table: "Z_2ENABLEDDATACLASSES", sourceColumn: "Z_2ENABLEDACCOUNTS", targetColumn: "Z_7ENABLEDDATACLASSES"))
        for object in try dumpAll(store, entity: account) {
            let pk = object["pk"] as! Int
            let refs = (object["relationships"] as! [String: Any])["enabledDataclasses"] as! [[String: Any]]
            let expected = try db.prepare("SELECT Z_7ENABLEDDATACLASSES FROM Z_2ENABLEDDATACLASSES WHERE Z_2ENABLEDACCOUNTS = ? ORDER BY 1").map([pk]) { Int($0.int64(0)) }
            #expect(refs.map { $0["pk"] as! Int } == expected)
            #expect(refs.allSatisfy { $0["entity"] as? String == "Dataclass" })
        }
    }

    @Test func coreDataPlusCoverAndContentShowAsTheirClassesWithFields() throws {
        let store = try CoreDataStore(path: Fixture.path("SampleModel2_V2.sqlite"))
        let books = try dumpAll(store, entity: try store.entity(named: "Book"))
        #expect(books.map { $0["entity"] as! String } == ["Book", "Book", "GraphicNovel"])
        for book in books {
            let attributes = book["attributes"] as! [String: Any]
            let cover = attributes["frontCover"] as! [String: Any]
            #expect(cover["$class"] as? String == "CoreDataPlus_Tests.Cover")
            #expect((cover["$fields"] as? [String: Any])?["text"] is String)
            // Relationships resolved: the inverse to-many has as many pages as the derived count.
            let pages = (book["relationships"] as! [String: Any])["pages"] as! [[String: Any]]
            #expect(pages.count == attributes["pagesCount"] as? Int)
            let author = (book["relationships"] as! [String: Any])["author"] as! [String: Any]
            #expect(author["entity"] as? String == "Author" && author["pk"] as? Int == 1)
        }
        let pages = try dumpAll(store, entity: try store.entity(named: "Page"))
        #expect(pages.count == 119)
        for page in pages {
            let content = (page["attributes"] as! [String: Any])["content"] as! [String: Any]
            #expect(content["$class"] as? String == "Content")
            let book = (page["relationships"] as! [String: Any])["book"] as! [String: Any]
            // Z1_BOOK names the sub-entity: pages of the graphic novel point at a GraphicNovel.
            #expect(book["entity"] as? String == (book["pk"] as? Int == 3 ? "GraphicNovel" : "Book"))
        }
    }

    /// `target(of:)` reads a to-one as the dump writes it: the sub-entity it names, its pk; nil
    /// for a to-many and for a name the object has no relationship by.
    @Test func aToOnesTargetIsTheObjectItNames() throws {
        let store = try CoreDataStore(path: Fixture.path("SampleModel2_V2.sqlite"))
        var seen = 0
        try store.forEachObject(entity: try store.entity(named: "Page")) { page in
            let book = try #require(page.target(of: "book"))
            #expect(book.entity == (book.pk == 3 ? "GraphicNovel" : "Book"))
            #expect(try store.exists(book))
            seen += 1
            return true
        }
        #expect(seen == 119)
        let book = try #require(try store.object(ObjectRef(entity: "Book", pk: 1), reading: .full))
        #expect(book.target(of: "author") == ObjectRef(entity: "Author", pk: 1))
        #expect(book.target(of: "pages") == nil && book.target(of: "nosuch") == nil)
    }

    @Test func subEntitiesShareTheirRootTableAndToOneAndToManyAgree() throws {
        let store = try CoreDataStore(path: Fixture.path("SampleModel_V1.sqlite"))
        let cars = try dumpAll(store, entity: try store.entity(named: "Car"))
        #expect(cars.count == 125)
        #expect(Set(cars.map { $0["entity"] as! String }) == ["Car", "SportCar", "ExpensiveSportCar"])
        let sportCars = try dumpAll(store, entity: try store.entity(named: "SportCar"))
        #expect(sportCars.count == 10)   // with its sub-entity
        // In Z_ENT then Z_PK order, as the README says: each entity's objects together, by pk.
        let order = try sportCars.map { [Int(try store.entity(named: $0["entity"] as! String).id), $0["pk"] as! Int] }
        #expect(order == order.sorted { $0.lexicographicallyPrecedes($1) }, "\(order)")
        #expect(Set(order.map { $0[0] }).count == 2)
        var owned: [Int: [Int]] = [:]
        for car in cars {
            if let owner = (car["relationships"] as! [String: Any])["owner"] as? [String: Any] {
                owned[owner["pk"] as! Int, default: []].append(car["pk"] as! Int)
            }
        }
        for person in try dumpAll(store, entity: try store.entity(named: "Person")) {
            let refs = (person["relationships"] as! [String: Any])["cars"] as! [[String: Any]]
            #expect(refs.map { $0["pk"] as! Int } == (owned[person["pk"] as! Int] ?? []).sorted())
            #expect((person["attributes"] as! [String: Any])["isDriving"] == nil, "a transient attribute has no column")
        }
    }

    @Test func aStoreWithoutModelCacheGetsAGuessedModelMarkedAsGuessed() throws {
        let store = try CoreDataStore(path: Fixture.path("kik.sqlite"))
        #expect(store.model.source == .guessed)
        let message = try store.entity(named: "KikMessage")
        #expect(message.attributes.allSatisfy { $0.guessed })
        #expect(message.attributes.contains { $0.name == "body" && $0.type == .string })
        let attachment = try store.entity(named: "KikAttachment")
        #expect(attachment.relationships.contains { $0.name == "message" && $0.target == "KikMessage" && !$0.toMany })
        #expect(try store.entity(named: "KikChat").relationships.contains { $0.name == "messages" && $0.toMany })
        if case .object(let meta) = store.metadata { #expect(meta["NSPersistenceFrameworkVersion"] == .integer(519)) }
        else { Issue.record("no metadata") }
    }

    /// A guessed model names a to-one's target when the column ends with an entity's name less
    /// the prefix all the entities share (kik's `lastmessagechat` is a `KikChat`); an indexed
    /// integer column holding 0, which no object's key is, is an attribute (kik's `internalid`).
    @Test func aGuessedModelFindsTargetsByTheirNamesAndKeepsNumbersAsNumbers() throws {
        let store = try CoreDataStore(path: Fixture.path("kik.sqlite"))
        let message = try store.entity(named: "KikMessage")
        func target(_ entity: Entity, _ name: String) -> String? { entity.relationships.first { $0.name == name }?.target }
        #expect(target(message, "lastmessagechat") == "KikChat" && target(message, "draftmessagechat") == "KikChat")
        #expect(target(message, "lastmessageuser") == "KikUser" && target(message, "chatextra") == "KikChatExtra")
        let chat = try store.entity(named: "KikChat")
        #expect(target(chat, "lastmessage") == "KikMessage" && target(chat, "draftmessage") == "KikMessage" && target(chat, "extra") == "KikChatExtra")
        #expect(target(try store.entity(named: "KikChatExtra"), "lastseenmessage") == "KikMessage")
        #expect(message.attributes.contains { $0.name == "internalid" && $0.type == .integer64 })
        #expect(!message.relationships.contains { $0.name == "internalid" })
    }

    @Test func anUnknownEntityNamesTheOnesThereAre() throws {
        let store = try CoreDataStore(path: Fixture.path("SampleModel_V1.sqlite"))
        #expect(throws: CoreDataError.noSuchEntity("Truck", available: ["Car", "SportCar", "ExpensiveSportCar", "Person"])) {
            try store.entity(named: "Truck")
        }
    }
}
