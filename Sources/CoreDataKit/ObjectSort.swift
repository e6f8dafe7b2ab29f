import BattleLogFoundation
import SQLiteDB

/// An order for an object list: by one field (an attribute, a to-one, or `pk`), ascending or
/// descending. Objects without a value come last, in key order; ties keep the field's order
/// then the key's (descending reverses both, so that an index on the column serves either way).
public struct ObjectSort: Sendable, Equatable {
    /// The attribute, to-one relationship or `pk` sorted by.
    public var field: String
    /// Largest first (by default, smallest first).
    public var descending: Bool

    /// The order by `field`, ascending unless `descending`.
    public init(field: String, descending: Bool = false) {
        self.field = field
        self.descending = descending
    }

    /// `year` or `year:desc`, as typed and shown.
    public var text: String { descending ? field + ":desc" : field }

    /// `field`, `field:asc` or `field:desc`, a field of `entity` (its sub-entities' too).
    public static func parse(_ text: String, fields: [String]) throws(ObjectSortError) -> ObjectSort {
        let parts = text.trimmingCharacters(in: .whitespaces).split(separator: ":", maxSplits: 1).map(String.init)
        let name = parts.first ?? ""
        guard let field = fields.first(where: { $0 == name }) ?? fields.first(where: { $0.lowercased() == name.lowercased() }) else {
            throw .noSuchField(name, available: fields)
        }
        switch parts.count > 1 ? parts[1].lowercased() : "asc" {
        case "asc": return ObjectSort(field: field)
        case "desc": return ObjectSort(field: field, descending: true)
        default: throw .badDirection(parts[1])
        }
    }
}

/// Why a sort's text was refused.
public enum ObjectSortError: Error, Equatable {
    case noSuchField(String, available: [String])
    case badDirection(String)
}

extension CoreDataStore {
    /// The fields a list of `entity` sorts by: `pk`, then the stored attributes and to-ones of
    /// the entity and its sub-entities, by name. Transformables and binary data are left out:
    /// their stored bytes have no order a person would know.
    public func sortFields(_ entity: Entity) -> [String] {
        let merged = model.merged(entity)
        let attributes = merged.attributes.filter {
            $0.column != nil && !$0.isTransient && ![.transformable, .binary, .undefined].contains($0.type)
        }.map(\.name)
        let toOnes = merged.relationships.compactMap { r -> String? in
            if case .foreignKey = r.storage { return r.name } else { return nil }
        }
        return ["pk"] + (attributes + toOnes).sorted()
    }

    /// The column `field` sorts by in `list` (`t.Z_PK` for `pk`); nil for no such field.
    func sortColumn(_ field: String, in list: ObjectList) -> String? {
        if field == "pk" { return list.key }
        let merged = model.merged(list.entity)
        if let c = merged.attributes.first(where: { $0.name == field && !$0.isTransient })?.column { return "t." + Self.quote(c) }
        for r in merged.relationships where r.name == field {
            if case .foreignKey(let c, _) = r.storage { return "t." + Self.quote(c) }
        }
        return nil
    }

    /// Calls `body` with the list's keys in `sort`'s order, a batch at a time, until it returns
    /// false or `shouldStop` says so (checked while SQLite sorts, too). An indexed column streams
    /// at once; any other is sorted by SQLite before its first key.
    public func forEachSortedKey(_ list: ObjectList, by sort: ObjectSort, batch: Int = 2048,
                                 shouldStop: @escaping @Sendable () -> Bool, _ body: ([Int64]) -> Bool) throws {
        guard let column = sortColumn(sort.field, in: list) else { throw ObjectSortError.noSuchField(sort.field, available: sortFields(list.entity)) }
        let direction = sort.descending ? "DESC" : "ASC"
        var queries = ["SELECT \(list.key) FROM \(list.from) WHERE \(list.condition) AND \(column) IS NOT NULL ORDER BY \(column) \(direction), \(list.key) \(direction)"]
        if column != list.key { queries.append("SELECT \(list.key) FROM \(list.from) WHERE \(list.condition) AND \(column) IS NULL ORDER BY \(list.key)") }
        db.setProgressHandler(shouldStop)
        defer { db.setProgressHandler(nil) }
        var keys: [Int64] = []
        keys.reserveCapacity(batch)
        for sql in queries {
            let select = try statement(sql)
            defer { select.reset() }
            try select.bind(list.parameters)
            while try select.step() {
                keys.append(select.row.int64(0))
                if keys.count == batch {
                    guard body(keys) else { return }
                    keys.removeAll(keepingCapacity: true)
                }
            }
        }
        if !keys.isEmpty { _ = body(keys) }
    }

    /// Every object of `list` in `sort`'s order (objects without the value last), read as
    /// `reading` says, a batch of keys at a time; a row gone since is passed over.
    public func forEachObject(in list: ObjectList, sortedBy sort: ObjectSort, reading: ObjectReading = .full,
                              _ body: (CoreDataObject) throws -> Void) throws {
        var failure: (any Error)?
        try forEachSortedKey(list, by: sort, batch: 500, shouldStop: { false }) { keys in
            do {
                for row in try rows(list, keys: keys, reading: reading) { if let object = row.object { try body(object) } }
                return true
            } catch {
                failure = error
                return false
            }
        }
        if let failure { throw failure }
    }

    /// The rows of `list` with these keys, in the order given (a key whose row is gone since is
    /// listed as dangling, so that the order's places stay as they were).
    public func rows(_ list: ObjectList, keys: [Int64], reading: ObjectReading = .listing) throws -> [ListedObject] {
        guard !keys.isEmpty else { return [] }
        let marks = Array(repeating: "?", count: keys.count).joined(separator: ",")
        let found = try objects("SELECT \(list.key) AS cd_key, t.* FROM \(list.from) WHERE \(list.condition) AND \(list.key) IN (\(marks))",
                                list.parameters + keys.map { .integer($0) }, list: list, reading: reading)
        let byKey = Dictionary(found.map { ($0.ref.pk, $0) }, uniquingKeysWith: { a, _ in a })
        return keys.map { byKey[$0] ?? ListedObject(ref: ObjectRef(entity: list.entity.name, pk: $0), object: nil) }
    }
}
