import BattleLogResources

/// The store's model description (`Resources/model/BattleLog.model.json`): the one declaration of
/// each Transformable attribute of a record. From it the store builds its columns, its insert,
/// its decoding, the JSON and CSV forms, `inspect`, doctor's checks and the derived query
/// columns the filter language reads; nothing else names an attribute.
public struct StoreModel: Sendable, Equatable {
    /// A transformable attribute: where it is stored, which transformer reads it, and what it
    /// offers to queries.
    public struct TransformableAttribute: Sendable, Equatable {
        public let entity: String
        public let name: String
        public let column: String
        public let transformerName: String
        /// The Swift value type the transformer must produce (`customClassName`, as Core Data's
        /// model editor records it).
        public let valueClassName: String
        /// Whether the attribute may be absent (SQL NULL, `null` in JSON); otherwise NULL is damage.
        public let isOptional: Bool
        /// The key of its label in `Resources/labels` (the attribute's name when the model gives none).
        public let labelKey: String
        /// The key of the value in the JSON form of a record (the attribute's name unless given).
        public let exportKey: String
        /// The values the stored elements may take (`[1, 100]` for dice): outside it is damage.
        public let range: ClosedRange<Int64>?
        /// The plain columns derived from the value, written with the record.
        public let queryColumns: [QueryColumn]
        /// The summary table the writer keeps from this attribute's values, if any.
        public var summary: SummaryKind? = nil
        /// Whether lists of records (the records pane, `list`) give it a column (`"listed": true`).
        public var isListed: Bool = false
        /// `Entity.attribute`, the way errors name it.
        public var qualifiedName: String { "\(entity).\(name)" }
    }

    /// A summary the writer keeps in the same transaction as the records (and `doctor --repair`
    /// rebuilds from them), in a table of its own (`table`, made by the schema's migrations):
    /// `magicUsage` counts each magic by its type and name, `diceCount` each roll within the
    /// attribute's range.
    public enum SummaryKind: String, Sendable, Equatable {
        case magicUsage, diceCount

        /// The value type the summary reads.
        var valueClassName: String { self == .magicUsage ? "Magic" : "[Int]" }
    }

    /// A plain column derived from a transformable value (`rolls.max` from the dice), written by
    /// the writer in the same transaction as the record, for the filter language to query
    /// without decoding. NULL when the value is damaged or absent.
    public struct QueryColumn: Sendable, Equatable {
        /// The name the filter language knows it by (`rolls.max`).
        public let path: String
        public let column: String
        /// The derivation the attribute's transformer offers (`max`).
        public let derivation: String
        /// Its index, `record_<column>`, if any.
        public let index: QueryIndex
        public var isIndexed: Bool { index != .none }
        /// What the filter language compares it as (`"kind"` in the model; a number by default).
        public var kind: QueryPathKind = .number
        /// Text's values in rank order (`"order"` in the model: a weapon's rarity), which a sort
        /// follows instead of the bytes.
        public var order: [String]?
        /// A column the filter compiler reads for another field (`"internal": true`: the dice's
        /// face masks for `rolls contains`): no field of its own to filter, sort or group by.
        public var isInternal = false
    }

    /// How a derived query column is indexed, always ending in `date` so that a range comes out
    /// in date order per key.
    public enum QueryIndex: Sendable, Equatable {
        case none
        /// On (column, date): for values with few distinct keys (dice from 1 to 100).
        case plain
        /// On (CAST(column AS INTEGER), date): for a real that takes any value (the seconds of a
        /// duration), so that each insert lands at the end of its whole-second key, not on a
        /// random page; the filter compiles a comparison to the whole part and the exact value.
        case whole

        /// The indexed expression over `column`.
        public func key(_ column: String) -> String {
            self == .whole ? "CAST(\(column) AS INTEGER)" : column
        }
    }

    public let name: String
    public let transformableAttributes: [TransformableAttribute]

    /// Every derived query column, in model order.
    public var queryColumns: [QueryColumn] { transformableAttributes.flatMap(\.queryColumns) }

    /// The model in `Resources/model`, built into the binary.
    public static func bundled() throws(ModelError) -> StoreModel {
        guard let text = ResourceFiles.text(folder: "model", name: "BattleLog.model.json") else {
            throw .invalidModel("model/BattleLog.model.json is not among the files built into this binary")
        }
        return try StoreModel(json: text)
    }

    /// Reads a model description.
    public init(json text: String) throws(ModelError) {
        let json: JSONValue
        do { json = try JSONParser.parse(text) } catch { throw .invalidModel(error.description) }
        guard case .object(let root) = json, case .string(let name)? = root["name"],
              case .array(let entities)? = root["entities"] else {
            throw .invalidModel("expected {\"name\", \"entities\"}")
        }
        var attributes: [TransformableAttribute] = []
        for entity in entities {
            guard case .object(let e) = entity, case .string(let entityName)? = e["name"],
                  case .array(let attrs)? = e["attributes"] else { throw .invalidModel("an entity lacks a name or attributes") }
            for attr in attrs {
                guard case .object(let a) = attr, case .string(let attrName)? = a["name"],
                      case .string(let type)? = a["type"] else { throw .invalidModel("an attribute of \(entityName) lacks a name or type") }
                guard type == "transformable" else { continue }
                attributes.append(try Self.transformable(a, entity: entityName, name: attrName))
            }
        }
        var columns = Set(Self.plainRecordColumns)
        for column in attributes.flatMap({ [$0.column] + $0.queryColumns.map(\.column) }) {
            guard Self.isPlainIdentifier(column) else { throw .invalidModel("column \"\(column)\" is not a plain lower-case SQL name") }
            guard columns.insert(column).inserted else { throw .invalidModel("column \(column) is declared twice") }
        }
        for kind in [SummaryKind.magicUsage, .diceCount] where attributes.filter({ $0.summary == kind }).count > 1 {
            throw .invalidModel("two attributes keep the \(kind.rawValue) summary")
        }
        var paths = Set<String>()
        for path in attributes.flatMap({ $0.queryColumns.map(\.path) }) where !paths.insert(path).inserted {
            throw .invalidModel("query path \(path) is declared twice")
        }
        self.name = name
        self.transformableAttributes = attributes
    }

    private static func transformable(_ a: [String: JSONValue], entity: String, name: String) throws(ModelError) -> TransformableAttribute {
        let qualified = "\(entity).\(name)"
        guard case .string(let transformer)? = a["valueTransformerName"], case .string(let column)? = a["column"],
              case .string(let className)? = a["customClassName"] else {
            throw .invalidModel("\(qualified) is transformable but names no valueTransformerName, customClassName or column")
        }
        func text(_ key: String) throws(ModelError) -> String? {
            switch a[key] {
            case nil: return nil
            case .string(let s)?: return s
            default: throw .invalidModel("\(qualified): \"\(key)\" must be a string")
            }
        }
        var range: ClosedRange<Int64>?
        if let r = a["range"] {
            guard case .array(let bounds) = r, bounds.count == 2, case .integer(let lo) = bounds[0],
                  case .integer(let hi) = bounds[1], lo <= hi else {
                throw .invalidModel("\(qualified): \"range\" must be [lowest, highest]")
            }
            range = lo...hi
        }
        var queryColumns: [QueryColumn] = []
        if let q = a["queryColumns"] {
            guard case .array(let entries) = q else { throw .invalidModel("\(qualified): \"queryColumns\" must be an array") }
            for entry in entries {
                guard case .object(let c) = entry, case .string(let path)? = c["path"], case .string(let col)? = c["column"],
                      case .string(let derive)? = c["derive"] else {
                    throw .invalidModel("\(qualified): a query column needs a path, a column and a derive")
                }
                let index: QueryIndex
                switch c["indexed"] {
                case nil, .bool(false)?: index = .none
                case .bool(true)?: index = .plain
                case .string("whole")?: index = .whole
                default: throw .invalidModel("\(qualified): \"indexed\" of \(path) must be true, false or \"whole\"")
                }
                var column = QueryColumn(path: path, column: col, derivation: derive, index: index)
                switch c["kind"] {
                case nil: break
                case .string(let k)? where QueryPathKind(rawValue: k) != nil: column.kind = QueryPathKind(rawValue: k)!
                default: throw .invalidModel("\(qualified): \"kind\" of \(path) must be number, seconds, text, list or date")
                }
                switch c["internal"] {
                case nil, .bool(false)?: break
                case .bool(true)?: column.isInternal = true
                default: throw .invalidModel("\(qualified): \"internal\" of \(path) must be true or false")
                }
                if let o = c["order"] {
                    guard case .array(let values) = o, column.kind == .text, !values.isEmpty else {
                        throw .invalidModel("\(qualified): \"order\" of \(path) must be a text path's values in rank order")
                    }
                    column.order = try values.map { v throws(ModelError) in
                        guard case .string(let t) = v else { throw .invalidModel("\(qualified): \"order\" of \(path) must list texts") }
                        return t
                    }
                }
                queryColumns.append(column)
            }
        }
        var summary: SummaryKind?
        if let kind = try text("summary") {
            guard let k = SummaryKind(rawValue: kind) else {
                throw .invalidModel("\(qualified): \"summary\" must be magicUsage or diceCount, not \"\(kind)\"")
            }
            guard k.valueClassName == className else {
                throw .invalidModel("\(qualified): the \(kind) summary reads \(k.valueClassName) values, not \(className)")
            }
            summary = k
        }
        var isListed = false
        switch a["listed"] {
        case nil: break
        case .bool(let b)?: isListed = b
        default: throw .invalidModel("\(qualified): \"listed\" must be true or false")
        }
        return TransformableAttribute(
            entity: entity, name: name, column: column, transformerName: transformer, valueClassName: className,
            isOptional: a["optional"] == .bool(true), labelKey: try text("label") ?? name,
            exportKey: try text("exportKey") ?? name, range: range, queryColumns: queryColumns, summary: summary,
            isListed: isListed)
    }

    /// The record's columns that are not transformable (the store's own schema).
    static let plainRecordColumns = ["id", "fight", "owner_id", "opponent_id", "date", "result",
                                     "magic_type", "magic_power", "magic_gate", "magic_formula"]

    private static func isPlainIdentifier(_ s: String) -> Bool {
        guard let first = s.utf8.first, (0x61...0x7A).contains(first) else { return false }
        return s.utf8.allSatisfy { (0x61...0x7A).contains($0) || (0x30...0x39).contains($0) || $0 == 0x5F }
    }

    /// The attribute called `name` (e.g. `duration`).
    public func attribute(named name: String) -> TransformableAttribute? {
        transformableAttributes.first { $0.name == name }
    }

    /// The query column the filter language calls `path` (e.g. `rolls.max`).
    public func queryColumn(path: String) -> QueryColumn? {
        queryColumns.first { $0.path == path }
    }
}
