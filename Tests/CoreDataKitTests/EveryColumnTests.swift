import Foundation
import SQLiteDB
import Testing
@testable import CoreDataKit

/// The rule of issue 40, checked row by row with plain SQL on every real store: every non-null
/// column of every row of an entity's table is in `dump`'s JSON of that object, as the property
/// it belongs to or under its column name; no row is left out.
@Suite struct EveryColumnTests {
    /// Every store of Fixtures/ and Fixtures/wild/ (stores found in the wild, SOURCES.md there).
    static var stores: [String] {
        let wild = Fixture.folder + "/wild"
        let found = ((try? FileManager.default.contentsOfDirectory(atPath: wild)) ?? [])
            .filter { !$0.hasSuffix("-wal") && !$0.hasSuffix("-shm") && !$0.hasSuffix(".md") && !$0.hasSuffix(".txt") && !$0.hasPrefix("LICENSE") && !$0.hasSuffix(".mom") && !$0.hasSuffix(".momd") }
            .sorted().map { "wild/" + $0 }
        return Fixture.all + found
    }

    @Test(arguments: stores)
    func everyNonNullColumnOfEveryRowIsInTheDump(_ file: String) throws {
        let path = Fixture.path(file)
        let store = try CoreDataStore(path: path)
        // SQLite's view with the -wal's commits: a scratch copy of the pair, read as it is.
        let scratch = TemporaryFolder()
        try FileManager.default.copyItem(atPath: path, toPath: scratch.file("s.sqlite"))
        if FileManager.default.fileExists(atPath: path + "-wal") { try FileManager.default.copyItem(atPath: path + "-wal", toPath: scratch.file("s.sqlite-wal")) }
        let db = try Database(path: scratch.file("s.sqlite"), mode: .readWrite)
        // The dump, by (table, Z_PK).
        var dumped: [String: [String: Any]] = [:]
        try store.forEachObject { object in
            let table = store.model.entity(named: object.entity)!.table
            dumped[table + " " + String(object.pk)] = try JSONSerialization.jsonObject(with: Data(object.json().utf8)) as? [String: Any]
            return true
        }
        var missing: [String] = []
        var rows = 0
        for table in Set(store.model.entities.map(\.table)).sorted() where store.schema.tables[table] != nil {
            let select = try db.prepare("SELECT * FROM \"\(table)\"")
            let names = (0..<select.row.columnCount).map { select.columnName($0) }
            while try select.step() {
                rows += 1
                let row = select.row
                let pk = row.int64(Int32(names.firstIndex(of: "Z_PK")!))
                guard let object = dumped[table + " " + String(pk)] else { missing.append("\(table) row \(pk): not dumped"); continue }
                let entity = store.model.entity(named: object["entity"] as! String)!
                let attributes = object["attributes"] as? [String: Any] ?? [:]
                let relationships = object["relationships"] as? [String: Any] ?? [:]
                for (i, column) in names.enumerated() where !["Z_PK", "Z_ENT", "Z_OPT"].contains(column) && !row.isNull(Int32(i)) {
                    let byAttribute = entity.attributes.contains { $0.column == column && attributes[$0.name].map { !($0 is NSNull) } == true }
                    let byRelationship = entity.relationships.contains { r in
                        guard case .foreignKey(let c, let e) = r.storage, c == column || e == column else { return false }
                        return relationships[r.name].map { !($0 is NSNull) } == true
                    }
                    if !byAttribute && !byRelationship && attributes[column] == nil {
                        missing.append("\(table) row \(pk) (\(entity.name)): \(column)")
                    }
                }
            }
        }
        #expect(missing.isEmpty, "\(file): \(missing.count) values not in the dump, first: \(missing.prefix(8))")
        #expect(dumped.count == rows, "\(file): \(dumped.count) objects dumped, \(rows) rows")
    }
}
