import KeyedArchiving
import SQLiteDB

/// What the store's SQLite schema says: the input of reading or guessing a model.
struct StoreSchema {
    /// Table name -> its columns (name, declared type), in order.
    var tables: [String: [(name: String, type: String)]] = [:]
    /// Table name -> the columns that have an index of their own first (foreign keys get one).
    var indexedColumns: [String: Set<String>] = [:]
    /// Table name -> its indexed integer columns that hold 0 or less: values no object's key
    /// (`Z_PK`, from 1) has, so not a to-one's.
    var holdsNonKeys: [String: Set<String>] = [:]
    /// `Z_PRIMARYKEY`'s rows: Z_ENT, Z_NAME, Z_SUPER.
    var primaryKeys: [(id: Int, name: String, parent: Int)] = []

    func hasColumn(_ table: String, _ column: String) -> Bool {
        tables[table]?.contains { $0.name == column } ?? false
    }

    static func read(_ db: Database) throws -> StoreSchema {
        var s = StoreSchema()
        let names = try db.prepare("SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name").map { $0.string(0) ?? "" }
        for name in names where !name.hasPrefix("sqlite_") {
            let quoted = CoreDataStore.quote(name)
            s.tables[name] = try db.prepare("PRAGMA table_info(\(quoted))").map { (name: $0.string(1) ?? "", type: $0.string(2) ?? "") }
            var indexed = Set<String>()
            for index in try db.prepare("PRAGMA index_list(\(quoted))").map([], { (row: Row) -> String in row.string(1) ?? "" }) {
                if let first = try db.prepare("PRAGMA index_info(\(CoreDataStore.quote(index)))").first([], { (row: Row) -> String? in row.string(2) }), let first {
                    indexed.insert(first)
                }
            }
            s.indexedColumns[name] = indexed
            // One index seek each: whether the column holds a value no key is.
            s.holdsNonKeys[name] = try Set(indexed.filter { column in
                guard s.tables[name]?.first(where: { $0.name == column })?.type.uppercased() == "INTEGER" else { return false }
                return try db.prepare("SELECT 1 FROM \(quoted) WHERE \(CoreDataStore.quote(column)) <= 0 LIMIT 1").first([]) { _ in true } ?? false
            })
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
    /// `hasValues(table, column, ids)` tells whether any row of those Z_ENTs has a value in the
    /// column: it settles which of `ZTITLE`, `ZTITLE1`, … belongs to which entity.
    static func fromCache(_ compressed: [UInt8], schema: StoreSchema,
                          hasValues: (String, String, [Int]) -> Bool = { _, _, _ in false }) throws(PropertyListError) -> CoreDataModel {
        let archive = try KeyedArchive(bytes: RawInflate.inflate(compressed))
        guard let root = archive.top["root"], archive.className(root)?.contains("ManagedObjectModel") == true else {
            throw PropertyListError("the model cache does not hold an NSManagedObjectModel")
        }
        return build(archive, root: root, schema: schema, source: .modelCache, hasValues: hasValues)
    }

    /// An entity as the archive declares it: its own properties (an inherited one that an older
    /// cache keeps as an `_NSPropertyDescriptionProxy` is taken from the parent instead).
    struct Declared {
        var name: String
        var parent: String?
        var className: String?
        var renamingIdentifier: String?
        var attributes: [Attribute] = []
        var relationships: [Relationship] = []
    }

    /// The model of an archived NSManagedObjectModel (a store's cache or a compiled `.mom`).
    static func build(_ archive: KeyedArchive, root: Int, schema: StoreSchema, source: CoreDataModel.Source,
                      hasValues: (String, String, [Int]) -> Bool) -> CoreDataModel {
        var declared: [Declared] = []
        for e in collectionMembers(archive, archive.field(root, "NSEntities")) {
            guard let name = archive.string(archive.field(e, "NSEntityName")) else { continue }
            var d = Declared(name: name,
                             parent: archive.field(e, "NSSuperentity").flatMap { archive.string(archive.field($0, "NSEntityName")) },
                             className: archive.string(archive.field(e, "NSClassNameForEntity")),
                             renamingIdentifier: archive.string(archive.field(e, "NSRenamingIdentifier")))
            for p in collectionMembers(archive, archive.field(e, "NSProperties")) {
                guard let pname = archive.string(archive.field(p, "NSPropertyName")) else { continue }
                let cls = archive.className(p) ?? ""
                if cls.contains("Relationship") {
                    let target = archive.field(p, "NSDestinationEntity").flatMap { archive.string(archive.field($0, "NSEntityName")) }
                        ?? archive.string(archive.field(p, "_NSDestinationEntityName"))
                    let inverse = archive.string(archive.field(p, "_NSInverseRelationshipName"))
                        ?? archive.field(p, "NSInverseRelationship").flatMap { archive.string(archive.field($0, "NSPropertyName")) }
                    let maxCount = archive.integer(archive.field(p, "NSMaxCount")) ?? 0
                    d.relationships.append(Relationship(name: pname, target: target, toMany: maxCount != 1, inverse: inverse, storage: .unresolved))
                } else if cls.contains("Attribute") {
                    let code = Int(archive.integer(archive.field(p, "NSAttributeType")) ?? 0)
                    d.attributes.append(Attribute(
                        name: pname, column: nil, type: AttributeType(rawValue: code) ?? .undefined,
                        transformerName: archive.string(archive.field(p, "NSValueTransformerName")),
                        valueClassName: archive.string(archive.field(p, "NSAttributeValueClassName")),
                        isTransient: archive.integer(archive.field(p, "NSIsTransient")) == 1))
                }
            }
            declared.append(d)
        }
        return assemble(declared, schema: schema, source: source, hasValues: hasValues)
    }

    /// Entities from their declarations: each matched to its Z_ENT (by name, else by its
    /// renaming identifier), given its parents' properties, each property its column (shared
    /// tables number clashing columns: `ZTITLE`, `ZTITLE1`, …); entities of `Z_PRIMARYKEY` that
    /// the model lacks are added as guessed, so that no row is left out.
    static func assemble(_ declared: [Declared], schema: StoreSchema, source: CoreDataModel.Source,
                         hasValues: (String, String, [Int]) -> Bool) -> CoreDataModel {
        var ids: [String: Int] = [:]
        for row in schema.primaryKeys { ids[row.name] = row.id }
        let byName = Dictionary(declared.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        var notes: [String] = []
        func id(_ d: Declared) -> Int {
            if let i = ids[d.name] { return i }
            if let r = d.renamingIdentifier, let i = ids[r] {
                notes.append("entity \(d.name) is Z_ENT \(i) by its renaming identifier \(r)")
                return i
            }
            return 0
        }
        func chain(_ name: String) -> [Declared] {
            var result: [Declared] = []
            var n: String? = name
            while let current = n, let d = byName[current], result.count < 100, !result.contains(where: { $0.name == current }) {
                result.append(d); n = d.parent
            }
            return result
        }
        func table(_ name: String) -> String {
            let rootEntity = chain(name).last!
            let own = "Z" + rootEntity.name.uppercased()
            if schema.tables[own] == nil, let r = rootEntity.renamingIdentifier, schema.tables["Z" + r.uppercased()] != nil {
                return "Z" + r.uppercased()
            }
            return own
        }
        var entities: [Entity] = declared.map { d in
            Entity(name: d.name, id: id(d), parent: d.parent, table: table(d.name), className: d.className, attributes: [], relationships: [])
        }
        let entityIDs = Dictionary(entities.map { ($0.name, $0.id) }, uniquingKeysWith: { a, _ in a })
        // Columns: for each table and property name, the entities that declare it (not inherit
        // it) share ZNAME, ZNAME1, …; rows of an entity hold values only in its own.
        var columns: [String: String] = [:]   // "entity.property" (the declaring entity) -> column
        let tables = Set(entities.map(\.table))
        for t in tables.sorted() {
            let inTable = declared.filter { table($0.name) == t }
            var declarers: [String: [Declared]] = [:]
            for d in inTable {
                for name in d.attributes.filter({ !$0.isTransient }).map(\.name) + d.relationships.filter({ !$0.toMany }).map(\.name) {
                    declarers[name.uppercased(), default: []].append(d)
                }
            }
            for (upper, ds) in declarers.sorted(by: { $0.key < $1.key }) {
                let base = "Z" + upper
                // A column named after another declared property (`tier1`) is that property's.
                let candidates = ([base] + (1...20).map { base + String($0) })
                    .filter { schema.hasColumn(t, $0) && ($0 == base || declarers[String($0.dropFirst())] == nil) }
                let owners = ds.sorted { entityIDs[$0.name, default: 0] < entityIDs[$1.name, default: 0] }
                if candidates.count <= 1 || owners.count == 1 && candidates.count == 1 {
                    for d in owners { if let c = candidates.first { columns[d.name + "." + upper] = c } }
                    continue
                }
                // Core Data numbers the clashing columns in Z_ENT order of the entities that
                // declare the name; the column whose values lie in an owner's rows settles it.
                let byOrder = owners.count == candidates.count
                var free = candidates
                for (k, d) in owners.enumerated() {
                    let family = entities.filter { e in chain(e.name).contains { $0.name == d.name } }.map(\.id)
                    let used = candidates.filter { hasValues(t, $0, family) }
                    let column: String
                    if used.count == 1 { column = used[0] }
                    else if byOrder { column = candidates[k] }
                    else if let next = free.first { column = next }
                    else { continue }
                    free.removeAll { $0 == column }
                    columns[d.name + "." + upper] = column
                    if used.count > 1 || (used.isEmpty && !byOrder && hasValues(t, "Z_PK", family)) {
                        let property = (d.attributes.first { $0.name.uppercased() == upper }?.name ?? d.relationships.first { $0.name.uppercased() == upper }?.name) ?? upper
                        notes.append("\(d.name).\(property) guessed to be \(t).\(column) (of \(candidates.joined(separator: ", ")))")
                    }
                }
            }
        }
        for (i, d) in declared.enumerated() {
            var attributes: [Attribute] = []
            var relationships: [Relationship] = []
            for owner in chain(d.name) {
                for var a in owner.attributes where !attributes.contains(where: { $0.name == a.name }) {
                    if !a.isTransient { a.column = columns[owner.name + "." + a.name.uppercased()] }
                    attributes.append(a)
                }
                for var r in owner.relationships where !relationships.contains(where: { $0.name == r.name }) {
                    if !r.toMany, let c = columns[owner.name + "." + r.name.uppercased()] {
                        let bare = c.dropFirst()
                        let entityColumn = schema.tables[entities[i].table]?.first { col in
                            let digits = col.name.dropFirst().prefix { $0.isNumber }
                            return col.name.hasPrefix("Z") && !digits.isEmpty && col.name == "Z" + digits + "_" + bare
                        }?.name
                        r.storage = .foreignKey(column: c, entityColumn: entityColumn)
                    }
                    relationships.append(r)
                }
            }
            entities[i].attributes = attributes.sorted { $0.name < $1.name }
            entities[i].relationships = relationships.sorted { $0.name < $1.name }
        }
        // Z_PRIMARYKEY's entities the model does not name: guessed from their columns.
        let matched = Set(entities.map(\.id))
        let guessed = guess(schema: schema).entities.filter { !matched.contains($0.id) }
        for g in guessed { notes.append("entity \(g.name) (Z_ENT \(g.id)) is not in the model: its columns are shown as they are") }
        entities += guessed
        entities.sort { $0.id < $1.id }
        var model = CoreDataModel(source: source, entities: entities, historyTables: historyTables(schema))
        model.notes = notes
        resolveToMany(&model, schema: schema)
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

    /// Where each to-many is kept: the inverse to-one's column in the target's table, or a
    /// join table.
    private static func resolveToMany(_ model: inout CoreDataModel, schema: StoreSchema) {
        let byName = Dictionary(model.entities.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        for e in model.entities.indices {
            for r in model.entities[e].relationships.indices where model.entities[e].relationships[r].toMany {
                var rel = model.entities[e].relationships[r]
                guard let targetName = rel.target, let target = byName[targetName] else { continue }
                let inverse = rel.inverse.flatMap { inv in target.relationships.first { $0.name == inv } }
                if let inverse, !inverse.toMany, case .foreignKey(let column, _) = inverse.storage {
                    rel.storage = .inverseForeignKey(table: target.table, column: column)
                } else if let inverseName = rel.inverse?.uppercased() {
                    rel.storage = joinTable(name: rel.name.uppercased(), inverse: inverseName, schema: schema) ?? .unresolved
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

    /// The entity a foreign-key column `Z<BARE>` of `entity` likely points to: one named BARE;
    /// else the one whose name ends with it (preferring one named after `entity`, as KikChat's
    /// `extra` is KikChatExtra); else the one whose name, less the prefix every entity's name
    /// shares, BARE ends with, the longest (KikMessage's `lastmessagechat` is a KikChat); nil
    /// when nothing fits.
    static func guessTarget(_ bare: String, from entity: String, names: [String]) -> String? {
        if let exact = names.first(where: { $0.uppercased() == bare }) { return exact }
        let candidates = names.filter { $0.uppercased().hasSuffix(bare) }
        if candidates.count == 1 { return candidates[0] }
        if let named = candidates.first(where: { $0.uppercased() == entity.uppercased() + bare }) { return named }
        guard candidates.isEmpty else { return nil }
        let upper = names.map { $0.uppercased() }
        let shared = upper.dropFirst().reduce(upper.first ?? "") { prefix, name in String(zip(prefix, name).prefix { $0 == $1 }.map(\.0)) }
        // A core of two letters at least (one entity alone shares its whole name).
        let cores = upper.map { String($0.dropFirst(shared.count)) }
        let fits = names.indices.filter { cores[$0].count >= 2 && bare.hasSuffix(cores[$0]) }
        return fits.max { cores[$0].count < cores[$1].count }.map { names[$0] }
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
                    && !(schema.holdsNonKeys[table]?.contains(c.name) ?? false)
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
