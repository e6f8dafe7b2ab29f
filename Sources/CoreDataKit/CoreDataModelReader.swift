import SQLiteDB

/// What the store's SQLite schema says: the input of reading or guessing a model.
struct StoreSchema {
    /// Table name -> its columns (name, declared type), in order.
    var tables: [String: [(name: String, type: String)]] = [:]
    /// Table name -> the columns that have an index of their own first (foreign keys get one).
    var indexedColumns: [String: Set<String>] = [:]
    /// `Z_PRIMARYKEY`'s rows: Z_ENT, Z_NAME, Z_SUPER.
    var primaryKeys: [(id: Int, name: String, parent: Int)] = []

    func hasColumn(_ table: String, _ column: String) -> Bool {
        tables[table]?.contains { $0.name == column } ?? false
    }

    static func read(_ db: Database) throws -> StoreSchema {
        var s = StoreSchema()
        let names = try db.prepare("SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name").map { $0.string(0) ?? "" }
        for name in names where !name.hasPrefix("sqlite_") {
            let quoted = "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
            s.tables[name] = try db.prepare("PRAGMA table_info(\(quoted))").map { (name: $0.string(1) ?? "", type: $0.string(2) ?? "") }
            var indexed = Set<String>()
            for index in try db.prepare("PRAGMA index_list(\(quoted))").map([], { (row: Row) -> String in row.string(1) ?? "" }) {
                let q = "\"" + index.replacingOccurrences(of: "\"", with: "\"\"") + "\""
                if let first = try db.prepare("PRAGMA index_info(\(q))").first([], { (row: Row) -> String? in row.string(2) }), let first {
                    indexed.insert(first)
                }
            }
            s.indexedColumns[name] = indexed
        }
        if s.tables["Z_PRIMARYKEY"] != nil {
            s.primaryKeys = try db.prepare("SELECT Z_ENT, Z_NAME, Z_SUPER FROM Z_PRIMARYKEY ORDER BY Z_ENT").map {
                (Int($0.int64(0)), $0.string(1) ?? "", Int($0.int64(2)))
            }
        }
        return s
    }
}

/// Builds a `CoreDataModel` from a model cache (an archived NSManagedObjectModel) or, lacking
/// one, from the tables.
enum CoreDataModelReader {
    /// Z_ENT values from here up are Core Data's own (persistent history), not the app's.
    static let firstHistoryEntity = 16000

    static func historyTables(_ schema: StoreSchema) -> [String] {
        schema.primaryKeys.filter { $0.id >= firstHistoryEntity }.map { "A" + $0.name.uppercased() }
            .filter { schema.tables[$0] != nil }.sorted()
    }

    /// The model archived in `Z_MODELCACHE.Z_CONTENT` (raw deflate of a keyed archive).
    static func fromCache(_ compressed: [UInt8], schema: StoreSchema) throws(PropertyListError) -> CoreDataModel {
        let archive = try KeyedArchive(bytes: RawInflate.inflate(compressed))
        guard let root = archive.top["root"], archive.className(root)?.contains("ManagedObjectModel") == true else {
            throw PropertyListError("the model cache does not hold an NSManagedObjectModel")
        }
        let entityObjects = collectionMembers(archive, archive.field(root, "NSEntities"))
        var ids: [String: Int] = [:]
        for row in schema.primaryKeys { ids[row.name] = row.id }
        var declared: [(name: String, parent: String?, className: String?, properties: [Int])] = []
        for e in entityObjects {
            guard let name = archive.string(archive.field(e, "NSEntityName")) else { continue }
            let parent = archive.field(e, "NSSuperentity").flatMap { archive.string(archive.field($0, "NSEntityName")) }
            let className = archive.string(archive.field(e, "NSClassNameForEntity"))
            declared.append((name, parent, className, collectionMembers(archive, archive.field(e, "NSProperties"))))
        }
        let parents = Dictionary(declared.map { ($0.name, $0.parent) }, uniquingKeysWith: { a, _ in a })
        func rootOf(_ name: String) -> String {
            var n = name, steps = 0
            while let p = parents[n] ?? nil, steps < 100 { n = p; steps += 1 }
            _ = steps
            return n
        }
        var entities: [Entity] = []
        for d in declared {
            let table = "Z" + rootOf(d.name).uppercased()
            var entity = Entity(name: d.name, id: ids[d.name] ?? 0, parent: d.parent, table: table,
                                className: d.className, attributes: [], relationships: [])
            for p in d.properties {
                guard let name = archive.string(archive.field(p, "NSPropertyName")) else { continue }
                let cls = archive.className(p) ?? ""
                if cls.contains("Relationship") {
                    let target = archive.field(p, "NSDestinationEntity").flatMap { archive.string(archive.field($0, "NSEntityName")) }
                        ?? archive.string(archive.field(p, "_NSDestinationEntityName"))
                    let inverse = archive.string(archive.field(p, "_NSInverseRelationshipName"))
                        ?? archive.field(p, "NSInverseRelationship").flatMap { archive.string(archive.field($0, "NSPropertyName")) }
                    let maxCount = archive.integer(archive.field(p, "NSMaxCount")) ?? 0
                    entity.relationships.append(Relationship(name: name, target: target, toMany: maxCount != 1,
                                                             inverse: inverse, storage: .unresolved))
                } else if cls.contains("Attribute") {
                    let code = Int(archive.integer(archive.field(p, "NSAttributeType")) ?? 0)
                    let transient = archive.integer(archive.field(p, "NSIsTransient")) == 1
                    entity.attributes.append(Attribute(
                        name: name, column: transient ? nil : column(for: name, in: table, schema),
                        type: AttributeType(rawValue: code) ?? .undefined,
                        transformerName: archive.string(archive.field(p, "NSValueTransformerName")),
                        valueClassName: archive.string(archive.field(p, "NSAttributeValueClassName")),
                        isTransient: transient))
                }
            }
            entity.attributes.sort { $0.name < $1.name }
            entity.relationships.sort { $0.name < $1.name }
            entities.append(entity)
        }
        entities.sort { $0.id < $1.id }
        var model = CoreDataModel(source: .modelCache, entities: entities, historyTables: historyTables(schema))
        resolveRelationships(&model, schema: schema)
        return model
    }

    /// The members of an archived collection: an NSArray/NSSet/NSDictionary's `NS.objects`, or a
    /// known-keys dictionary's `values`.
    private static func collectionMembers(_ archive: KeyedArchive, _ index: Int?) -> [Int] {
        guard let index else { return [] }
        let direct = archive.members(index)
        if !direct.isEmpty { return direct }
        return archive.members(archive.field(index, "values"))
    }

    /// `ZNAME`, or `ZNAME1`... when Core Data renamed it to avoid a clash.
    private static func column(for attribute: String, in table: String, _ schema: StoreSchema) -> String? {
        let base = "Z" + attribute.uppercased()
        if schema.hasColumn(table, base) { return base }
        return (1...9).map { base + String($0) }.first { schema.hasColumn(table, $0) }
    }

    /// Where each relationship is kept: a foreign-key column, the inverse's column, or a join table.
    private static func resolveRelationships(_ model: inout CoreDataModel, schema: StoreSchema) {
        let byName = Dictionary(model.entities.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        for e in model.entities.indices {
            let entity = model.entities[e]
            for r in entity.relationships.indices {
                var rel = entity.relationships[r]
                let upper = rel.name.uppercased()
                if !rel.toMany {
                    let column = "Z" + upper
                    if schema.hasColumn(entity.table, column) {
                        let entityColumn = schema.tables[entity.table]?.first { c in
                            c.name.hasSuffix("_" + upper) && c.name.dropFirst().prefix { $0.isNumber }.count > 0
                                && c.name == "Z" + c.name.dropFirst().prefix { $0.isNumber } + "_" + upper
                        }?.name
                        rel.storage = .foreignKey(column: column, entityColumn: entityColumn)
                    }
                } else if let targetName = rel.target, let target = byName[targetName] {
                    let inverse = rel.inverse.flatMap { inv in target.relationships.first { $0.name == inv } }
                    if let inverse, !inverse.toMany, schema.hasColumn(target.table, "Z" + inverse.name.uppercased()) {
                        rel.storage = .inverseForeignKey(table: target.table, column: "Z" + inverse.name.uppercased())
                    } else if let inverseName = rel.inverse?.uppercased() {
                        rel.storage = joinTable(name: upper, inverse: inverseName, schema: schema) ?? .unresolved
                    }
                }
                model.entities[e].relationships[r] = rel
            }
        }
    }

    /// A many-to-many's join table `Z_<n><NAME>` (or `Z_<n><INVERSE>`): the column named after
    /// the relationship holds the targets, the one named after the inverse holds this side.
    private static func joinTable(name: String, inverse: String, schema: StoreSchema) -> Relationship.Storage? {
        func strip(_ column: String) -> Substring? {
            guard column.hasPrefix("Z_") else { return nil }
            let rest = column.dropFirst(2)
            let digits = rest.prefix { $0.isNumber }
            return digits.isEmpty ? nil : rest.dropFirst(digits.count)
        }
        for (table, columns) in schema.tables.sorted(by: { $0.key < $1.key }) {
            guard let stripped = strip(table).map(String.init), stripped == name || stripped == inverse else { continue }
            let targetColumn = columns.first { strip($0.name).map(String.init) == name }?.name
            let sourceColumn = columns.first { strip($0.name).map(String.init) == inverse && $0.name != targetColumn }?.name
            if let targetColumn, let sourceColumn {
                return .joinTable(table: table, sourceColumn: sourceColumn, targetColumn: targetColumn)
            }
        }
        return nil
    }

    /// The entity a foreign-key column `Z<BARE>` of `entity` likely points to: one named BARE,
    /// else the one whose name ends with it (preferring one named after `entity`, as KikChat's
    /// `extra` is KikChatExtra); nil when nothing fits.
    static func guessTarget(_ bare: String, from entity: String, names: [String]) -> String? {
        if let exact = names.first(where: { $0.uppercased() == bare }) { return exact }
        let candidates = names.filter { $0.uppercased().hasSuffix(bare) }
        if candidates.count == 1 { return candidates[0] }
        return candidates.first { $0.uppercased() == entity.uppercased() + bare }
    }

    /// A model from `Z_PRIMARYKEY` and the tables alone: entities and their tables are known;
    /// attribute names and types, and relationships, are guesses from column names and types.
    static func guess(schema: StoreSchema) -> CoreDataModel {
        let rows = schema.primaryKeys.filter { $0.id < firstHistoryEntity }
        let names = Dictionary(rows.map { ($0.id, $0.name) }, uniquingKeysWith: { a, _ in a })
        func rootName(_ id: Int) -> String {
            var current = id, steps = 0
            while let row = rows.first(where: { $0.id == current }), row.parent != 0, steps < 100 { current = row.parent; steps += 1 }
            return names[current] ?? ""
        }
        var entities: [Entity] = []
        for row in rows {
            let table = "Z" + rootName(row.id).uppercased()
            var entity = Entity(name: row.name, id: row.id, parent: row.parent == 0 ? nil : names[row.parent],
                                table: table, className: nil, attributes: [], relationships: [])
            let columns = schema.tables[table] ?? []
            let indexed = schema.indexedColumns[table] ?? []
            // Z<n>_NAME columns hold the Z_ENT of a to-one's target.
            let entityColumns = Set(columns.map(\.name).filter { c in
                c.hasPrefix("Z") && c.dropFirst().first?.isNumber == true && c.contains("_")
            })
            for c in columns where !["Z_PK", "Z_ENT", "Z_OPT"].contains(c.name) && !entityColumns.contains(c.name) && c.name.hasPrefix("Z") {
                let bare = String(c.name.dropFirst())
                let isForeignKey = c.type.uppercased() == "INTEGER" && indexed.contains(c.name)
                if isForeignKey {
                    let entityColumn = entityColumns.first { $0.hasSuffix("_" + bare) }
                    entity.relationships.append(Relationship(
                        name: bare.lowercased(), target: guessTarget(bare, from: row.name, names: rows.map(\.name)), toMany: false, inverse: nil,
                        storage: .foreignKey(column: c.name, entityColumn: entityColumn), guessed: true))
                } else {
                    entity.attributes.append(Attribute(name: bare.lowercased(), column: c.name,
                                                       type: .guess(declared: c.type), guessed: true))
                }
            }
            // Join tables Z_<n><NAME>: a many-to-many of entity n.
            for (joinName, joinColumns) in schema.tables.sorted(by: { $0.key < $1.key }) where joinName.hasPrefix("Z_") {
                let digits = joinName.dropFirst(2).prefix { $0.isNumber }
                guard !digits.isEmpty, Int(digits) == row.id, joinColumns.count == 2 else { continue }
                let relName = String(joinName.dropFirst(2 + digits.count))
                func entityNumber(_ column: String) -> Int? { Int(column.dropFirst(2).prefix { $0.isNumber }) }
                let target = joinColumns.first { $0.name.hasSuffix(relName) } ?? joinColumns[1]
                let source = joinColumns.first { $0.name != target.name } ?? joinColumns[0]
                entity.relationships.append(Relationship(
                    name: relName.lowercased(), target: entityNumber(target.name).flatMap { names[$0] }, toMany: true,
                    inverse: nil, storage: .joinTable(table: joinName, sourceColumn: source.name, targetColumn: target.name),
                    guessed: true))
            }
            entities.append(entity)
        }
        return CoreDataModel(source: .guessed, entities: entities, historyTables: historyTables(schema))
    }
}
