import BattleLogFoundation

/// The CSV form of Core Data objects: `entity`, `pk`, the attributes of the entity and its
/// sub-entities (a sub-entity's own are empty on its siblings' rows), then each to-one
/// relationship as its target's pk. A text is itself, exactly (quoted when it holds a comma, a
/// quote or a line break); a date, a UUID and a URL their text; any other value (a
/// Transformable, data, a damaged value) its JSON, as `coredata dump --json` writes it.
public enum ObjectCSV {
    /// The columns after `entity` and `pk`: attributes, then to-one relationships.
    public struct Columns: Sendable {
        /// The attributes that have a column, and the to-one relationships, by name.
        public let attributes: [String]
        public let toOne: [String]
    }

    /// The columns of an entity's CSV, in the model's order.
    public static func columns(_ entity: Entity, model: CoreDataModel) -> Columns {
        let merged = model.merged(entity)
        return Columns(attributes: merged.attributes.filter { $0.column != nil }.map(\.name),
                       toOne: merged.relationships.filter { r in
                           if case .foreignKey = r.storage { return !r.toMany } else { return false }
                       }.map(\.name))
    }

    /// The CSV's first line: `entity,pk` and the columns' names.
    public static func header(_ columns: Columns) -> String {
        CSVRow.line(["entity", "pk"] + columns.attributes + columns.toOne)
    }

    /// `object` as one CSV record, its values in `columns`' order.
    public static func line(_ object: CoreDataObject, columns: Columns) -> String {
        var values: [String: JSONValue] = [:]
        for (name, value) in object.attributes { values[name] = value }
        var targets: [String: String] = [:]
        for (name, value) in object.relationships {
            if case .object(let o) = value, case .integer(let pk)? = o["pk"] { targets[name] = String(pk) }
        }
        return CSVRow.line([object.entity, String(object.pk)] + columns.attributes.map { cell(values[$0] ?? .null) }
                           + columns.toOne.map { targets[$0] ?? "" })
    }

    static func cell(_ value: JSONValue) -> String {
        switch value {
        case .null: return ""
        case .string(let s): return s
        case .bool(let b): return b ? "true" : "false"
        case .integer(let i): return String(i)
        case .object(let o) where o.count == 1:
            if let tag = o.keys.first, ["$date", "$uuid", "$url"].contains(tag), case .string(let s)? = o[tag] { return s }
            return TaggedJSON.text(value)
        default: return TaggedJSON.text(value)
        }
    }
}
