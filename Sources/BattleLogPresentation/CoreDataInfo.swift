import BattleLogKit
import CoreDataKit

/// The text and JSON forms of `coredata info` (the Core Data browser's `m` shows the text), and
/// the text form of one dumped object.
public enum CoreDataInfo {
    public static func json(_ store: CoreDataStore) throws -> String {
        var entities: [JSONValue] = []
        for e in store.model.entities {
            var attributes: [JSONValue] = []
            for a in e.attributes {
                var o: [String: JSONValue] = [
                    "name": .string(a.name), "type": .string(a.type.name), "typeCode": .integer(Int64(a.type.rawValue)),
                    "column": a.column.map(JSONValue.string) ?? .null, "guessed": .bool(a.guessed),
                ]
                if a.isTransient { o["transient"] = .bool(true) }
                if a.type == .transformable { o["transformer"] = a.transformerName.map(JSONValue.string) ?? .null }
                if let c = a.valueClassName { o["valueClass"] = .string(c) }
                attributes.append(.object(o))
            }
            var relationships: [JSONValue] = []
            for r in e.relationships {
                relationships.append(.object([
                    "name": .string(r.name), "target": r.target.map(JSONValue.string) ?? .null,
                    "toMany": .bool(r.toMany), "inverse": r.inverse.map(JSONValue.string) ?? .null,
                    "storage": storageJSON(r.storage), "guessed": .bool(r.guessed),
                ]))
            }
            entities.append(.object([
                "name": .string(e.name), "id": .integer(Int64(e.id)), "table": .string(e.table),
                "parent": e.parent.map(JSONValue.string) ?? .null, "class": e.className.map(JSONValue.string) ?? .null,
                "rows": try store.rowCount(e).map { JSONValue.integer(Int64($0)) } ?? .null,
                "attributes": .array(attributes), "relationships": .array(relationships),
            ]))
        }
        var history: [JSONValue] = []
        for t in store.model.historyTables {
            history.append(.object(["table": .string(t), "rows": .integer(Int64(try store.rowCount(table: t)))]))
        }
        let info: JSONValue = .object([
            "path": .string(store.path),
            "storeUUID": store.storeUUID.map(JSONValue.string) ?? .null,
            "frameworkVersion": metadataValue(store, "NSPersistenceFrameworkVersion") ?? .null,
            "modelVersionHashes": metadataValue(store, "NSStoreModelVersionHashes") ?? .null,
            "metadata": store.metadata,
            "modelSource": .string(store.model.source == .modelCache ? "Z_MODELCACHE" : store.model.source == .modelFile ? "--model" : "guessed"),
            "modelCacheProblem": store.modelCacheProblem.map(JSONValue.string) ?? .null,
            "entities": .array(entities),
            "guessed": .array(store.model.notes.map(JSONValue.string)),
            "historyTables": .array(history),
        ])
        return TaggedJSON.text(info, terminalSafe: true)
    }

    static func metadataValue(_ store: CoreDataStore, _ key: String) -> JSONValue? {
        if case .object(let m) = store.metadata { return m[key] }
        return nil
    }

    static func storageJSON(_ s: Relationship.Storage) -> JSONValue {
        switch s {
        case .foreignKey(let c, let ec):
            .object(["kind": .string("column"), "column": .string(c), "entityColumn": ec.map(JSONValue.string) ?? .null])
        case .inverseForeignKey(let t, let c): .object(["kind": .string("inverse column"), "table": .string(t), "column": .string(c)])
        case .joinTable(let t, let s, let target):
            .object(["kind": .string("join table"), "table": .string(t), "sourceColumn": .string(s), "targetColumn": .string(target)])
        case .unresolved: .object(["kind": .string("unresolved")])
        }
    }

    static func storageText(_ s: Relationship.Storage) -> String {
        switch s {
        case .foreignKey(let c, let ec): "column \(c)" + (ec.map { ", entity in \($0)" } ?? "")
        case .inverseForeignKey(let t, let c): "\(t).\(c)"
        case .joinTable(let t, _, _): "join table \(t)"
        case .unresolved: "not found in the tables"
        }
    }

    /// With `counts` false, no table is counted; `objects` then gives each entity's count of
    /// objects with its sub-entities where known (the browser counts in the background).
    public static func text(_ store: CoreDataStore, counts: Bool = true, objects: ((Entity) -> Int?)? = nil) throws -> [String] {
        let e = SafeText.escape
        var lines = ["Core Data store \(e(store.path))"]
        if let v = metadataValue(store, "NSPersistenceFrameworkVersion") { lines.append("  framework version  \(e(TaggedJSON.text(v)))") }
        lines.append("  store UUID         \(e(store.storeUUID ?? "-"))")
        if let t = metadataValue(store, "NSStoreType"), case .string(let s) = t { lines.append("  store type         \(e(s))") }
        lines.append("  model              " + (store.model.source == .modelCache ? "from Z_MODELCACHE"
            : store.model.source == .modelFile ? "from --model (below)"
            : "guessed from Z_PRIMARYKEY and the tables' columns ("
                + (store.modelCacheProblem.map { "Z_MODELCACHE unreadable: \(e($0))" } ?? "no Z_MODELCACHE") + "); guessed parts are marked ~"))
        if case .object(let hashes)? = metadataValue(store, "NSStoreModelVersionHashes"), !hashes.isEmpty {
            lines.append("  model version hashes")
            let width = hashes.keys.map(DisplayWidth.of).max() ?? 0
            for k in hashes.keys.sorted() {
                var v = TaggedJSON.text(hashes[k]!)
                if case .object(let o) = hashes[k]!, case .string(let d)? = o["$data"] { v = d }
                lines.append("    \(DisplayWidth.pad(e(k), to: width))  \(e(v))")
            }
        }
        if case .object(let m) = store.metadata, case .string(let why)? = m["$error"] {
            lines.append("  metadata           Z_METADATA does not decode: \(e(why))")
        }
        if !store.model.notes.isEmpty {
            lines.append("  guessed")
            for n in store.model.notes { lines.append("    \(e(n))") }
        }
        for entity in store.model.entities {
            lines.append("")
            var rows = counts ? try store.rowCount(entity).map { ", \($0) \($0 == 1 ? "row" : "rows")" } ?? ", no table" : ""
            if !counts, let objects {
                rows = ", " + (objects(entity).map { "\(GroupedNumber.text($0)) \($0 == 1 ? "object" : "objects")" } ?? "counting…")
            }
            var head = "\(e(entity.name))  (table \(e(entity.table)), Z_ENT \(entity.id)\(rows)"
            if let p = entity.parent { head += ", parent \(e(p))" }
            if let c = entity.className, c != entity.name { head += ", class \(e(c))" }
            lines.append(head + ")")
            let names = entity.attributes.map(\.name) + entity.relationships.map(\.name)
            let width = min(32, names.map { DisplayWidth.of(e($0)) + 2 }.max() ?? 0)
            for a in entity.attributes {
                var t = "  \(a.guessed ? "~" : " ")\(label(e(a.name), width))\(a.type.name)"
                if a.type == .transformable {
                    t += "  transformer \(a.transformerName.map(e) ?? "default (keyed archive)")"
                    if let c = a.valueClassName { t += ", class \(e(c))" }
                }
                if a.isTransient { t += "  transient (not stored)" }
                else if a.column == nil { t += "  (no column)" }
                lines.append(t)
            }
            for r in entity.relationships {
                var t = "  \(r.guessed ? "~" : " ")\(label(e(r.name), width))\(r.toMany ? "to-many" : "to-one") → \(r.target.map(e) ?? "?")"
                if let i = r.inverse { t += ", inverse \(e(i))" }
                t += "  (\(storageText(r.storage)))"
                lines.append(t)
            }
        }
        if !store.model.historyTables.isEmpty {
            lines.append("")
            lines.append("Persistent history (Core Data's own tables, not entities)")
            for t in store.model.historyTables {
                guard counts else { lines.append("  \(e(t))"); continue }
                let n = try store.rowCount(table: t)
                lines.append("  \(e(t))  \(n) \(n == 1 ? "row" : "rows")")
            }
        }
        return lines
    }

    /// `name` and then spaces up to `width` columns (at least two): a long name is kept whole.
    static func label(_ name: String, _ width: Int) -> String {
        name + String(repeating: " ", count: max(2, width - DisplayWidth.of(name)))
    }

    /// One object as `Entity pk` and its values, aligned, escaped for the terminal: each value as
    /// the browser's detail shows it (`TaggedValueText`), an archive's or a collection's members
    /// on the lines below it, indented; relationships as their targets.
    /// `exists` says whether a to-one's target row is there (the browser's detail says a dangling
    /// one so, and so does this).
    public static func text(_ object: CoreDataObject, labels: Labels, exists: (ObjectRef) -> Bool = { _ in true }) -> [String] {
        let e = SafeText.escape
        var lines = ["\(e(object.entity)) \(object.pk)"]
        let names = object.attributes.map(\.name) + object.relationships.map(\.name)
        let width = (names.map { DisplayWidth.of(e($0)) }.max() ?? 0) + 2
        func reference(_ o: [String: JSONValue]) -> String {
            let pk = if case .integer(let pk)? = o["pk"] { String(pk) } else { "?" }
            if case .string(let name)? = o["entity"] { return "\(e(name)) \(pk)" }
            return "? \(pk)"
        }
        func isReference(_ v: JSONValue) -> Bool { if case .object(let o) = v { o.count == 2 && o["pk"] != nil } else { false } }
        /// `value` under `label` at `indent`, its members below it (to a depth of 16).
        func append(_ label: String, _ value: JSONValue, indent: Int, labelWidth: Int) {
            let shown = TaggedValueText.shown(value, labels: labels)
            let pad = String(repeating: " ", count: indent)
            lines.append(pad + self.label(label, labelWidth) + shown.text)
            guard shown.isContainer, indent < 2 + 2 * 16 else { return }
            let keys = shown.children.map { e($0.key) }
            let inner = (keys.map(DisplayWidth.of).max() ?? 0) + 2
            for (key, child) in zip(keys, shown.children.map(\.value)) { append(key, child, indent: indent + 2, labelWidth: inner) }
        }
        for (name, value) in object.attributes { append(e(name), value, indent: 2, labelWidth: width) }
        for (name, value) in object.relationships {
            var text: String
            switch value {
            case .object(let o) where isReference(value):
                text = "→ " + reference(o)
                if case .integer(let pk)? = o["pk"], case .string(let entity)? = o["entity"], !exists(ObjectRef(entity: entity, pk: pk)) {
                    text += " · " + labels["cd.dangling"]
                }
            case .array(let items) where items.allSatisfy(isReference):
                text = items.isEmpty ? labels["cd.none"] : "→ " + items.map { if case .object(let o) = $0 { reference(o) } else { "" } }.joined(separator: ", ")
            case .null: text = "→ " + labels["cd.none"]   // as the browser's detail says a to-one with no target
            default: text = TaggedValueText.shown(value, labels: labels).text
            }
            lines.append("  \(label(e(name), width))\(text)")
        }
        return lines
    }
}
