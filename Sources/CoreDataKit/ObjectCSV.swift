import BattleLogFoundation

/// The CSV form of Core Data objects: `entity`, `pk`, then the attributes of the entity and its
/// sub-entities (a sub-entity's own are empty on its siblings' rows). A text is itself; a date,
/// a UUID and a URL their text; any other value (a Transformable, data, a damaged value) its
/// JSON, as `coredata dump --json` writes it.
public enum ObjectCSV {
    /// The attribute names an entity's CSV has, in the model's order.
    public static func attributes(_ entity: Entity, model: CoreDataModel) -> [String] {
        var names: [String] = []
        for e in model.family(of: entity) {
            for a in e.attributes where a.column != nil && !names.contains(a.name) { names.append(a.name) }
        }
        return names
    }

    public static func header(_ attributes: [String]) -> String {
        CSVRow.line(["entity", "pk"] + attributes)
    }

    public static func line(_ object: CoreDataObject, attributes: [String]) -> String {
        var values: [String: JSONValue] = [:]
        for (name, value) in object.attributes { values[name] = value }
        return CSVRow.line([object.entity, String(object.pk)] + attributes.map { cell(values[$0] ?? .null) })
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
