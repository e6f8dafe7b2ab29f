/// A Core Data store's model: its entities with their tables, attributes and relationships, as
/// read from the store's `Z_MODELCACHE`, or guessed from `Z_PRIMARYKEY` and the tables' columns
/// when the store has no cache (the guessed parts say so).
public struct CoreDataModel: Sendable {
    /// Where the model came from.
    public enum Source: String, Sendable {
        case modelCache = "Z_MODELCACHE"
        case guessed = "Z_PRIMARYKEY and the tables' columns"
        case modelFile = "a compiled model (--model)"
    }

    /// Where the model was read from.
    public var source: Source
    /// Every entity, by Z_ENT.
    public var entities: [Entity]
    /// Core Data's persistent-history tables (ACHANGE, ATRANSACTION, ...): not entities of the app.
    public var historyTables: [String]
    /// What reading the model had to guess (a renamed entity matched by its renaming
    /// identifier, a numbered column no row could settle, an entity the model lacks).
    public var notes: [String] = []

    /// The entity called `name`, if the model has one.
    public func entity(named name: String) -> Entity? { entities.first { $0.name == name } }
    /// The entity whose `Z_ENT` is `id`, if the model has one.
    public func entity(id: Int64) -> Entity? { entities.first { Int64($0.id) == id } }

    /// `entity` with the attributes and relationships of its sub-entities too (each name once,
    /// the entity's own first): the fields a list of the whole family has.
    public func merged(_ entity: Entity) -> Entity {
        var merged = entity
        for e in family(of: entity) where e.name != entity.name {
            for a in e.attributes where !merged.attributes.contains(where: { $0.name == a.name }) { merged.attributes.append(a) }
            for r in e.relationships where !merged.relationships.contains(where: { $0.name == r.name }) { merged.relationships.append(r) }
        }
        return merged
    }

    /// The entity at the top of `entity`'s inheritance (itself when it has no parent); a parent
    /// cycle (a hostile model) stops where it would come round again.
    public func root(of entity: Entity) -> Entity {
        var e = entity, seen: Set<String> = [entity.name]
        while let p = e.parent, let parent = self.entity(named: p), seen.insert(parent.name).inserted { e = parent }
        return e
    }

    /// The entity and every entity under it, by Z_ENT.
    public func family(of entity: Entity) -> [Entity] {
        var result = [entity]
        var i = 0
        while i < result.count {
            let parent = result[i].name
            result += entities.filter { $0.parent == parent && !result.map(\.name).contains($0.name) }
            i += 1
        }
        return result.sorted { $0.id < $1.id }
    }

    /// The entities as a tree: each root entity then its sub-entities under it (`depth` one
    /// more), siblings by Z_ENT. A parent cycle (a hostile model) is cut at its second visit,
    /// and an entity in a cycle with no root shows at the top: every entity appears once.
    public func entityTree() -> [(entity: Entity, depth: Int)] {
        var tree: [(entity: Entity, depth: Int)] = []
        let names = Set(entities.map(\.name))
        func add(_ e: Entity, depth: Int, seen: Set<String>) {
            tree.append((e, depth))
            for child in entities where child.parent == e.name && !seen.contains(child.name) {
                add(child, depth: depth + 1, seen: seen.union([child.name]))
            }
        }
        for root in entities where root.parent.map({ !names.contains($0) || $0 == root.name }) ?? true {
            add(root, depth: 0, seen: [root.name])
        }
        for e in entities where !tree.contains(where: { $0.entity.name == e.name }) { tree.append((e, 0)) }
        return tree
    }
}

/// One entity of a Core Data model.
public struct Entity: Sendable {
    /// The entity's name in the model (`Person`).
    public var name: String
    /// Its `Z_ENT` (from `Z_PRIMARYKEY`).
    public var id: Int
    /// The entity it inherits from (its rows then live in the root entity's table).
    public var parent: String?
    /// The table its rows live in (`ZPERSON`; a sub-entity's are in its root entity's).
    public var table: String
    /// The class the app declared for it (`NSClassNameForEntity`), when the model says.
    public var className: String?
    /// Its own attributes and relationships (`CoreDataModel.merged` adds its sub-entities').
    public var attributes: [Attribute]
    public var relationships: [Relationship]
}

extension Entity {
    /// The columns of its table that its properties use, and Core Data's own (Z_PK, Z_ENT, Z_OPT).
    public var mappedColumns: Set<String> {
        var set: Set<String> = ["Z_PK", "Z_ENT", "Z_OPT"]
        for a in attributes { if let c = a.column { set.insert(c) } }
        for r in relationships {
            if case .foreignKey(let c, let e) = r.storage { set.insert(c); if let e { set.insert(e) } }
        }
        return set
    }
}

/// One attribute of an entity.
public struct Attribute: Sendable {
    /// The attribute's name in the model.
    public var name: String
    /// The column that stores it; nil for a transient attribute (or one the table lacks).
    public var column: String?
    /// Its type, as `NSAttributeType` codes it.
    public var type: AttributeType
    /// For a Transformable: the registered transformer (nil: Core Data's default, a keyed archive).
    public var transformerName: String?
    /// The value class the model declares (`NSAttributeValueClassName`).
    public var valueClassName: String?
    /// A transient attribute is never stored (it has no column).
    public var isTransient = false
    /// Read off a column, not a model: the name and the type are guesses.
    public var guessed = false
}

/// `NSAttributeType`, with the codes Core Data archives.
public enum AttributeType: Int, Sendable {
    case undefined = 0, integer16 = 100, integer32 = 200, integer64 = 300, decimal = 400, double = 500,
         float = 600, string = 700, boolean = 800, date = 900, binary = 1000, uuid = 1100, uri = 1200,
         transformable = 1800, objectID = 2000, composite = 2100

    /// The type as the model editor names it (`Integer 64`, `Transformable`).
    public var name: String {
        switch self {
        case .undefined: "Undefined"
        case .integer16: "Integer 16"
        case .integer32: "Integer 32"
        case .integer64: "Integer 64"
        case .decimal: "Decimal"
        case .double: "Double"
        case .float: "Float"
        case .string: "String"
        case .boolean: "Boolean"
        case .date: "Date"
        case .binary: "Binary Data"
        case .uuid: "UUID"
        case .uri: "URI"
        case .transformable: "Transformable"
        case .objectID: "Object ID"
        case .composite: "Composite"
        }
    }

    /// The type a column's declared SQL type suggests (for a store without a model cache).
    static func guess(declared: String) -> AttributeType {
        switch declared.uppercased() {
        case "INTEGER": .integer64
        case "VARCHAR", "TEXT": .string
        case "TIMESTAMP": .date
        case "FLOAT", "REAL": .double
        case "DECIMAL": .decimal
        case "BLOB": .binary
        default: .undefined
        }
    }
}

/// One relationship of an entity, and where the store keeps it.
public struct Relationship: Sendable {
    /// The relationship's name in the model.
    public var name: String
    /// The destination entity's name (nil when a guessed model cannot tell).
    public var target: String?
    /// Whether it leads to many objects, and the name of the relationship back, if any.
    public var toMany: Bool
    public var inverse: String?
    /// Where the store keeps it.
    public var storage: Storage
    /// Read off the tables, not a model: the name and the target are guesses.
    public var guessed = false

    /// How the store keeps a relationship.
    public enum Storage: Sendable, Equatable {
        /// A to-one: the target's Z_PK in `column`, and its Z_ENT in `entityColumn` when the target has sub-entities.
        case foreignKey(column: String, entityColumn: String?)
        /// A to-many whose inverse is a to-one: the target rows whose `column` holds this object's Z_PK.
        case inverseForeignKey(table: String, column: String)
        /// A many-to-many: rows of `table` pairing `sourceColumn` (this object) with `targetColumn`.
        case joinTable(table: String, sourceColumn: String, targetColumn: String)
        /// Not found in the store's tables.
        case unresolved
    }
}

extension Entity {
    /// The properties a persistent-history change's `ZCOLUMNS` counts, in its order: every
    /// non-transient attribute and relationship the entity has (its own and inherited), in one
    /// list sorted by name. Nil when the list cannot be known: a guessed model, or a property
    /// read off a column rather than the model.
    public var historyPropertyOrder: [String]? {
        if attributes.contains(where: \.guessed) || relationships.contains(where: \.guessed) { return nil }
        let names = attributes.filter { !$0.isTransient }.map(\.name) + relationships.map(\.name)
        return names.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
    }
}
