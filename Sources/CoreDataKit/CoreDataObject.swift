import BattleLogFoundation
import Foundation
import KeyedArchiving
import SQLiteDB

/// How much of an object is read.
public enum ObjectReading: Sendable {
    /// Every value decoded, every relationship's targets (dump, export).
    case full
    /// The stored forms only, every relationship's targets (import).
    case stored
    /// Every value decoded and the to-one references; the to-many are counted apart (a detail pane).
    case single
    /// What a list row shows: values other than blobs decoded, the to-one references.
    case listing

    var readsToMany: Bool { self == .full || self == .stored }
}

/// One object of a Core Data store, its values in `coredata dump`'s JSON forms.
public struct CoreDataObject: Sendable {
    /// Its entity's name, and its `Z_PK`.
    public var entity: String
    public var pk: Int64
    /// Attribute name -> value (`{"$date": ...}`, `{"$data": ...}`, a decoded Transformable, ...).
    public var attributes: [(name: String, value: JSONValue)]
    /// Relationship name -> `{"entity", "pk"}`, null, or an array of such references.
    public var relationships: [(name: String, value: JSONValue)]
    /// The attributes' stored forms, for an importer that keeps a damaged value as it was.
    public var stored: [String: StoredColumnValue]

    /// The object the to-one `relationship` points to; nil when it points nowhere (or is a
    /// to-many, or not read).
    public func target(of relationship: String) -> ObjectRef? {
        guard case .object(let o)? = relationships.first(where: { $0.name == relationship })?.value, case .integer(let pk)? = o["pk"] else { return nil }
        return ObjectRef(entity: { if case .string(let s)? = o["entity"] { s } else { nil } }(), pk: pk)
    }

    /// The one-line JSON form: `{"entity":...,"pk":...,"attributes":{...},"relationships":{...}}`.
    public func json(terminalSafe: Bool = false) -> String {
        var w = JSONWriter(terminalSafe: terminalSafe)
        w.beginObject()
        w.key("entity", first: true); w.writeString(entity)
        w.key("pk"); w.writeInteger(pk)
        w.key("attributes"); w.beginObject()
        for (i, a) in attributes.enumerated() { w.key(a.name, first: i == 0); w.write(a.value) }
        w.endObject()
        w.key("relationships"); w.beginObject()
        for (i, r) in relationships.enumerated() { w.key(r.name, first: i == 0); w.write(r.value) }
        w.endObject()
        w.endObject()
        return w.text
    }
}

extension CoreDataStore {
    /// The entity named `name`, or an error listing the entities there are.
    public func entity(named name: String) throws(CoreDataError) -> Entity {
        guard let e = model.entity(named: name) else { throw .noSuchEntity(name, available: model.entities.map(\.name)) }
        return e
    }

    /// `body`, with a page SQLite finds malformed named as the store's damage (`CoreDataError.damaged`).
    private func damageNamed<T>(_ body: () throws -> T) throws -> T {
        do { return try body() } catch let e as SQLiteError where e.code & 0xFF == 11 {
            throw CoreDataError.damaged(path: path, reason: e.message)
        }
    }

    /// Calls `body` with every object (of `entity` and its sub-entities, or of every entity), in
    /// Z_ENT then Z_PK order, up to `limit`; `body` returns false to stop. With `decode` false
    /// the attributes' JSON forms are left out (`stored` has them as stored). A page SQLite finds
    /// malformed throws `CoreDataError.damaged`.
    public func forEachObject(entity: Entity? = nil, limit: Int? = nil, decode: Bool = true,
                              _ body: (CoreDataObject) throws -> Bool) throws {
        let reading: ObjectReading = decode ? .full : .stored
        var remaining = limit ?? Int.max
        let roots = entity.map { [$0] } ?? model.entities.filter { $0.parent == nil }
        for root in roots where remaining > 0 {
            let family = model.family(of: root)
            guard schema.tables[root.table] != nil else { continue }
            let hasEnt = schema.hasColumn(root.table, "Z_ENT")
            let ids = family.map { String($0.id) }.joined(separator: ",")
            let sql = "SELECT * FROM \(Self.quote(root.table))" + (hasEnt ? " WHERE Z_ENT IN (\(ids)) ORDER BY Z_ENT, Z_PK" : " ORDER BY Z_PK")
            let select = try damageNamed { try db.prepare(sql) }
            var columnIndex: [String: Int32] = [:]
            for i in 0..<select.row.columnCount { columnIndex[select.columnName(i)] = i }
            var stop = false
            defer { select.reset() }
            while try damageNamed({ try select.step() }) {
                let row = select.row
                let ent = hasEnt ? row.int64(columnIndex["Z_ENT"] ?? 0) : Int64(root.id)
                let entity = family.first { Int64($0.id) == ent } ?? root
                let object = try self.object(row, entity: entity, columns: columnIndex, reading: reading)
                remaining -= 1
                if try !body(object) || remaining <= 0 { stop = true; break }
            }
            if stop { break }
        }
    }

    func object(_ row: Row, entity: Entity, columns: [String: Int32], reading: ObjectReading) throws -> CoreDataObject {
        let pk = row.int64(columns["Z_PK"] ?? 0)
        var attributes: [(String, JSONValue)] = []
        var stored: [String: StoredColumnValue] = [:]
        for a in entity.attributes {
            guard let column = a.column, let i = columns[column] else { continue }
            let value = row.value(i)
            stored[a.name] = StoredColumnValue(value)
            guard reading != .stored else { continue }
            // A guessed BLOB column may be a Transformable or Binary Data: an archive in it is
            // decoded as in Binary Data, its bytes one key away.
            if reading == .listing, [.transformable, .binary, .undefined].contains(a.type), case .blob = value { continue }
            attributes.append((a.name, Self.json(value, type: a.type)))
        }
        // Every value of the row is shown: one in a column no property of the entity maps to
        // (a model that does not tell) comes under its column name.
        if reading != .stored {
            for c in unmappedColumns[entity.name] ?? [] {
                guard let i = columns[c.name], !row.isNull(i) else { continue }
                let value = row.value(i)
                if reading == .listing, case .blob = value { continue }
                attributes.append((c.name, Self.json(value, type: AttributeType.guess(declared: c.type))))
            }
        }
        var relationships: [(String, JSONValue)] = []
        for r in entity.relationships {
            switch r.storage {
            case .foreignKey(let column, let entityColumn):
                guard let i = columns[column] else { continue }
                if row.isNull(i) { relationships.append((r.name, .null)); continue }
                var target = r.target
                if let entityColumn, let e = columns[entityColumn], !row.isNull(e) {
                    target = model.entity(id: row.int64(e))?.name ?? target
                }
                relationships.append((r.name, reference(target, row.int64(i))))
            case .inverseForeignKey where !reading.readsToMany, .joinTable where !reading.readsToMany:
                continue
            case .inverseForeignKey(let table, let column):
                let hasEnt = schema.hasColumn(table, "Z_ENT")
                let sql = "SELECT Z_PK, \(hasEnt ? "Z_ENT" : "NULL") FROM \(Self.quote(table)) WHERE \(Self.quote(column)) = ? ORDER BY Z_PK"
                relationships.append((r.name, .array(try references(sql, pk, fallback: r.target))))
            case .joinTable(let table, let source, let target):
                let targetTable = r.target.flatMap { model.entity(named: $0)?.table }
                let sql: String
                if let targetTable, schema.hasColumn(targetTable, "Z_ENT") {
                    sql = "SELECT j.\(Self.quote(target)), t.Z_ENT FROM \(Self.quote(table)) j LEFT JOIN \(Self.quote(targetTable)) t ON t.Z_PK = j.\(Self.quote(target)) WHERE j.\(Self.quote(source)) = ? ORDER BY 1"
                } else {
                    sql = "SELECT \(Self.quote(target)), NULL FROM \(Self.quote(table)) WHERE \(Self.quote(source)) = ? ORDER BY 1"
                }
                relationships.append((r.name, .array(try references(sql, pk, fallback: r.target))))
            case .unresolved:
                continue
            }
        }
        return CoreDataObject(entity: entity.name, pk: pk, attributes: attributes, relationships: relationships, stored: stored)
    }

    private func reference(_ entity: String?, _ pk: Int64) -> JSONValue {
        .object(["entity": entity.map(JSONValue.string) ?? .null, "pk": .integer(pk)])
    }

    private func references(_ sql: String, _ pk: Int64, fallback: String?) throws -> [JSONValue] {
        try statement(sql).map([pk]) { row in
            let name = row.isNull(1) ? fallback : (model.entity(id: row.int64(1))?.name ?? fallback)
            return reference(name, row.int64(0))
        }
    }

    /// A stored value in dump's JSON form, by the attribute's type; a value stored in another
    /// class than its type's (Core Data does not enforce it) is shown as stored.
    static func json(_ value: SQLiteValue, type: AttributeType) -> JSONValue {
        switch (type, value) {
        case (_, .null): return .null
        case (.boolean, .integer(let i)) where i == 0 || i == 1: return .bool(i == 1)
        case (.date, .real(let d)): return TaggedJSON.date(sinceReferenceDate: d)
        case (.date, .integer(let i)): return TaggedJSON.date(sinceReferenceDate: Double(i))
        case (.uuid, .blob(let b)): return TaggedJSON.uuid(b)
        case (.transformable, .blob(let b)): return transformable(b)
        // A Transformable holds an archive's bytes: any other class is damage, named with it.
        case (.transformable, .text(let t)): return TaggedJSON.error("a Transformable stored as TEXT, not as an archive's bytes", bytes: Array(t.utf8))
        case (.transformable, .integer(let i)): return TaggedJSON.error("a Transformable stored as INTEGER \(i), not as an archive's bytes", bytes: [])
        case (.transformable, .real(let d)): return TaggedJSON.error("a Transformable stored as REAL \(d), not as an archive's bytes", bytes: [])
        // Apps keep archived objects in Binary Data too: decoded as a Transformable is, the
        // bytes one key away.
        case (.binary, .blob(let b)) where BinaryPropertyListReader.isBinaryPropertyList(b):
            return .object(["$archive": transformable(b), "$data": TaggedJSON.data(b).tagged("$data") ?? .null])
        case (.decimal, .real(let d)): return TaggedJSON.real(decimal(d))
        case (_, .integer(let i)): return .integer(i)
        case (_, .real(let d)): return TaggedJSON.real(d)
        case (_, .text(let s)): return .string(s)
        case (_, .blob(let b)): return TaggedJSON.data(b)
        }
    }

    /// A Decimal's REAL as the decimal that was saved. Core Data hands SQLite a decimal as text,
    /// which SQLite keeps as the nearest REAL it computes (3.3333333333 became the double
    /// 3.3333333332999993), and reads it back as SQLite's text of it: 15 significant digits.
    static func decimal(_ d: Double) -> Double {
        guard d.isFinite else { return d }
        return Double(String(format: "%.15g", d)) ?? d
    }

    /// A Transformable's bytes: a keyed archive decoded, a plain property list as JSON, anything
    /// else an `$error` with its first bytes.
    public static func transformable(_ bytes: [UInt8]) -> JSONValue {
        guard BinaryPropertyListReader.isBinaryPropertyList(bytes) else {
            return TaggedJSON.error("not a keyed archive (no bplist00 header)", bytes: bytes)
        }
        do {
            let plist = try BinaryPropertyListReader.read(bytes)
            if plist.lookup(plist.top, "$archiver") != nil { return KeyedArchive.decodeRoot(plist, bytes: bytes) }
            return try KeyedArchive.decodePlain(plist)
        } catch {
            return TaggedJSON.error(error.message, bytes: bytes)
        }
    }
}
