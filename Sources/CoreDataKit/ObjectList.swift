import BattleLogFoundation
import SQLiteDB

/// One object by its entity's name (nil when its Z_ENT names no entity) and its Z_PK.
public struct ObjectRef: Sendable, Hashable {
    /// The entity's name, nil when the `Z_ENT` names none (a dangling reference).
    public var entity: String?
    /// The object's `Z_PK`.
    public var pk: Int64
    /// The object of `entity` with primary key `pk`.
    public init(entity: String?, pk: Int64) {
        self.entity = entity
        self.pk = pk
    }
}

/// The objects a browser lists: an entity with its sub-entities, or the targets of one object's
/// to-many relationship, with an optional filter. Read in pages by key (`Z_PK`, or the join
/// table's target column), so that any page costs one small indexed query.
public struct ObjectList: Sendable {
    /// What a list lists.
    public enum Source: Sendable, Equatable {
        /// Every object of the entity and its sub-entities.
        case entity(String)
        /// The targets of `relationship` of `owner`.
        case related(owner: ObjectRef, relationship: String)
    }

    /// What it lists, and the filter its objects match (nil: all of them).
    public let source: Source
    /// The entity listed (the relationship's target).
    public let entity: Entity
    public let filter: EntityFilter?
    let from: String
    let key: String
    let condition: String
    let parameters: [SQLiteValue]

    /// A text that names the rows the list holds (its query and the values bound to it): two
    /// lists with the same identity hold the same rows, as a cache of counts needs.
    public var identity: String { ([from, condition] + parameters.map { String(describing: $0) }).joined(separator: "\u{1F}") }
}

/// One row of a list: the object, or a dangling reference to one.
public struct ListedObject: Sendable {
    /// Which object it is.
    public var ref: ObjectRef
    /// The object's values; nil when the reference is dangling (no such row).
    public var object: CoreDataObject?
}

extension CoreDataStore {
    /// Every object of `entity` and its sub-entities matching `filter`.
    public func list(_ entity: Entity, filter: EntityFilter? = nil) -> ObjectList {
        let family = model.family(of: entity)
        let hasEnt = schema.hasColumn(entity.table, "Z_ENT")
        // The root with all its sub-entities is the whole table: no condition (a count is quick).
        let wholeTable = !hasEnt || Set(family.map(\.id)) == Set(model.entities.filter { $0.table == entity.table }.map(\.id))
        var condition = wholeTable ? "1" : "t.Z_ENT IN (\(family.map { String($0.id) }.joined(separator: ",")))"
        if let filter { condition += " AND " + filter.condition }
        return ObjectList(source: .entity(entity.name), entity: entity, filter: filter, from: "\(Self.quote(entity.table)) t",
                          key: "t.Z_PK", condition: condition, parameters: filter?.parameters ?? [])
    }

    /// The targets of `owner`'s to-many (or to-one) `relationship`, matching `filter`; nil when
    /// the store keeps it nowhere this reader knows or its target is not an entity of the model.
    public func list(_ relationship: Relationship, of owner: ObjectRef, filter: EntityFilter? = nil) -> ObjectList? {
        guard let targetName = relationship.target, let target = model.entity(named: targetName) else { return nil }
        let source = ObjectList.Source.related(owner: owner, relationship: relationship.name)
        let table = Self.quote(target.table)
        switch relationship.storage {
        case .inverseForeignKey(let t, let column):
            guard t == target.table else { return nil }
            var condition = "t.\(Self.quote(column)) = ?"
            if let filter { condition += " AND " + filter.condition }
            return ObjectList(source: source, entity: target, filter: filter, from: "\(table) t", key: "t.Z_PK",
                              condition: condition, parameters: [.integer(owner.pk)] + (filter?.parameters ?? []))
        case .joinTable(let join, let sourceColumn, let targetColumn):
            // From the join table, so that a row whose target is missing is listed as dangling.
            var condition = "j.\(Self.quote(sourceColumn)) = ?"
            if let filter { condition += " AND " + filter.condition }
            return ObjectList(source: source, entity: target, filter: filter,
                              from: "\(Self.quote(join)) j LEFT JOIN \(table) t ON t.Z_PK = j.\(Self.quote(targetColumn))",
                              key: "j.\(Self.quote(targetColumn))", condition: condition,
                              parameters: [.integer(owner.pk)] + (filter?.parameters ?? []))
        case .foreignKey, .unresolved:
            return nil
        }
    }

    /// Up to `limit` rows with a key above `key` (from the first when nil), in key order; or,
    /// `backward`, the `limit` rows below `key` (up to the last when nil), still in key order.
    public func page(_ list: ObjectList, from key: Int64?, backward: Bool = false, limit: Int,
                     reading: ObjectReading = .listing) throws -> [ListedObject] {
        var sql = "SELECT \(list.key) AS cd_key, t.* FROM \(list.from) WHERE \(list.condition)"
        var parameters = list.parameters
        if let key {
            sql += " AND \(list.key) \(backward ? "<" : ">") ?"
            parameters.append(.integer(key))
        }
        sql += " ORDER BY \(list.key) \(backward ? "DESC" : "ASC") LIMIT \(max(0, limit))"
        let rows = try objects(sql, parameters, list: list, reading: reading)
        return backward ? rows.reversed() : rows
    }

    /// The same objects as `list` (an entity's, or one object's relationship's targets) matching
    /// `filter` instead (nil: all of them); nil when its relationship is no longer in the model.
    public func list(_ list: ObjectList, filter: EntityFilter?) -> ObjectList? {
        switch list.source {
        case .entity: return self.list(list.entity, filter: filter)
        case .related(let owner, let name):
            let relationship = owner.entity.flatMap { model.entity(named: $0) }?.relationships.first { $0.name == name }
            return relationship.flatMap { self.list($0, of: owner, filter: filter) }
        }
    }

    /// Every object of `list` in key order, read as `reading` says, a page of `pageSize` at a
    /// time (no statement stays open between pages); a dangling row is passed over.
    public func forEachObject(in list: ObjectList, reading: ObjectReading = .full, pageSize: Int = 500,
                              _ body: (CoreDataObject) throws -> Void) throws {
        var key: Int64?
        while true {
            let page = try self.page(list, from: key, limit: pageSize, reading: reading)
            for row in page { if let object = row.object { try body(object) } }
            guard page.count == pageSize, let last = page.last else { return }
            key = last.ref.pk
        }
    }

    /// The row with key `key`, if the list holds one.
    public func row(_ list: ObjectList, key: Int64, reading: ObjectReading = .listing) throws -> ListedObject? {
        try objects("SELECT \(list.key) AS cd_key, t.* FROM \(list.from) WHERE \(list.condition) AND \(list.key) = ? LIMIT 1",
                    list.parameters + [.integer(key)], list: list, reading: reading).first
    }

    /// How many rows the list has.
    public func count(_ list: ObjectList) throws -> Int {
        Int(try statement("SELECT count(*) FROM \(list.from) WHERE \(list.condition)").first(list.parameters, { $0.int64(0) }) ?? 0)
    }

    /// The object `ref` names, read as `reading` says; nil when no row has its pk (a dangling
    /// reference) or its entity has no table.
    public func object(_ ref: ObjectRef, reading: ObjectReading = .single) throws -> CoreDataObject? {
        guard let name = ref.entity, let entity = model.entity(named: name), schema.tables[entity.table] != nil else { return nil }
        let select = try statement("SELECT * FROM \(Self.quote(entity.table)) WHERE Z_PK = ?")
        defer { select.reset() }
        try select.bind([SQLiteValue.integer(ref.pk)])
        guard try select.step() else { return nil }
        return try object(select.row, fallback: entity, columns: columnIndex(select), reading: reading)
    }

    /// How many targets `relationship` of the object `pk` has (a to-many's count, without reading them).
    public func targetCount(_ relationship: Relationship, of pk: Int64) throws -> Int? {
        switch relationship.storage {
        case .inverseForeignKey(let table, let column):
            return Int(try statement("SELECT count(*) FROM \(Self.quote(table)) WHERE \(Self.quote(column)) = ?").first([SQLiteValue.integer(pk)], { $0.int64(0) }) ?? 0)
        case .joinTable(let table, let source, _):
            return Int(try statement("SELECT count(*) FROM \(Self.quote(table)) WHERE \(Self.quote(source)) = ?").first([SQLiteValue.integer(pk)], { $0.int64(0) }) ?? 0)
        case .foreignKey, .unresolved:
            return nil
        }
    }

    /// The stored values of `columns` of `ref`'s row, as stored (a to-one's foreign key).
    public func storedColumns(_ columns: [String], of ref: ObjectRef) throws -> [StoredColumnValue] {
        guard let name = ref.entity, let entity = model.entity(named: name), schema.tables[entity.table] != nil,
              columns.allSatisfy({ schema.hasColumn(entity.table, $0) }) else { return [] }
        let sql = "SELECT \(columns.map(Self.quote).joined(separator: ", ")) FROM \(Self.quote(entity.table)) WHERE Z_PK = ?"
        return try statement(sql).first([SQLiteValue.integer(ref.pk)], { row in (0..<Int32(columns.count)).map { StoredColumnValue(row.value($0)) } }) ?? []
    }

    /// Whether `ref`'s row exists (a to-one that points nowhere is dangling).
    public func exists(_ ref: ObjectRef) throws -> Bool {
        guard let name = ref.entity, let entity = model.entity(named: name), schema.tables[entity.table] != nil else { return false }
        return try statement("SELECT 1 FROM \(Self.quote(entity.table)) WHERE Z_PK = ?").first([SQLiteValue.integer(ref.pk)], { _ in true }) ?? false
    }

    private func columnIndex(_ select: Statement) -> [String: Int32] {
        var index: [String: Int32] = [:]
        // The first name wins: `cd_key` comes first, then the table's own columns.
        for i in 0..<select.row.columnCount where index[select.columnName(i)] == nil { index[select.columnName(i)] = i }
        return index
    }

    func objects(_ sql: String, _ parameters: [SQLiteValue], list: ObjectList, reading: ObjectReading) throws -> [ListedObject] {
        let select = try statement(sql)
        defer { select.reset() }
        try select.bind(parameters)
        let columns = columnIndex(select)
        var out: [ListedObject] = []
        while try select.step() {
            let row = select.row
            let key = row.int64(0)
            // A join table's row whose target row is missing: dangling.
            if let pk = columns["Z_PK"], row.isNull(pk) {
                out.append(ListedObject(ref: ObjectRef(entity: list.entity.name, pk: key), object: nil))
                continue
            }
            let object = try object(row, fallback: list.entity, columns: columns, reading: reading)
            out.append(ListedObject(ref: ObjectRef(entity: object.entity, pk: object.pk), object: object))
        }
        return out
    }

    /// A row as an object of the entity its Z_ENT names (`fallback` when it has none; a Z_ENT
    /// that names no entity keeps the fallback's attributes and no name of its own).
    private func object(_ row: Row, fallback: Entity, columns: [String: Int32], reading: ObjectReading) throws -> CoreDataObject {
        var entity = fallback
        var known = true
        if let e = columns["Z_ENT"], !row.isNull(e) {
            if let found = model.entity(id: row.int64(e)) { entity = found } else { known = false }
        }
        var object = try self.object(row, entity: entity, columns: columns, reading: reading)
        if !known { object.entity = "Z_ENT \(row.int64(columns["Z_ENT"]!))" }
        return object
    }
}
