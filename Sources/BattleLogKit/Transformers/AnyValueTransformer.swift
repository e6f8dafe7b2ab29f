import SQLiteDB

/// What a registered transformer offers beyond the stored form: how its value is written in the
/// JSON form of a record and read back, its CSV cells, how `inspect` describes it, the range
/// check a model may ask for, and the query columns a model may derive from it. Registered once
/// per value type; the store, the exports and the diagnostics use it for every attribute alike.
public struct ValueForms<Value: Sendable & Equatable>: Sendable {
    /// Writes the value in a record's JSON form (the stored form, when not given).
    public var writeJSON: (@Sendable (Value, inout JSONWriter) -> Void)?
    /// Reads the value from a record's JSON form (the stored form's reader, when not given).
    public var readJSON: (@Sendable (JSONValue) throws(TransformError) -> Value)?
    /// One line describing the value for `inspect`.
    public var describe: @Sendable (Value) -> String
    /// The CSV columns, given the attribute's column name, and the cells of a value (nil: absent).
    public var csvHeaders: @Sendable (String) -> [String]
    public var csvCells: @Sendable (Value?) -> [String]
    /// Throws when the value leaves a model's `range`; nil when the type has no range to check.
    public var checkRange: (@Sendable (Value, ClosedRange<Int64>) throws(TransformError) -> Void)?
    /// Derived query columns by name: the SQL type and the value derived (NULL when none).
    public var derivations: [String: (sqlType: String, derive: @Sendable (Value) -> SQLiteValue)]

    public init(describe: @escaping @Sendable (Value) -> String,
                csvHeaders: @escaping @Sendable (String) -> [String] = { [$0] },
                csvCells: @escaping @Sendable (Value?) -> [String],
                writeJSON: (@Sendable (Value, inout JSONWriter) -> Void)? = nil,
                readJSON: (@Sendable (JSONValue) throws(TransformError) -> Value)? = nil,
                checkRange: (@Sendable (Value, ClosedRange<Int64>) throws(TransformError) -> Void)? = nil,
                derivations: [String: (sqlType: String, derive: @Sendable (Value) -> SQLiteValue)] = [:]) {
        self.describe = describe
        self.csvHeaders = csvHeaders
        self.csvCells = csvCells
        self.writeJSON = writeJSON
        self.readJSON = readJSON
        self.checkRange = checkRange
        self.derivations = derivations
    }
}

/// A type-erased transformer (one shared instance per registration), for the registry and for everything that handles every attribute
/// alike (the writer, the decoder, the exports, inspect, doctor). Values pass as `any Sendable`;
/// nil stands for an absent value (SQL NULL of an optional attribute).
public final class AnyValueTransformer: Sendable {
    public let name: String
    public let valueClassName: String
    /// The type of the values it decodes (`Magic` for a transformer of `Magic?`): how the
    /// presentation finds the type's presenter.
    public let valueType: any Sendable.Type
    private let decode: @Sendable (String, ClosedRange<Int64>?) throws(TransformError) -> (any Sendable)?
    private let decodeBlob: @Sendable ([UInt8], ClosedRange<Int64>?) throws(TransformError) -> (any Sendable)?
    private let fromJSON: @Sendable (JSONValue, ClosedRange<Int64>?) throws(TransformError) -> (any Sendable)?
    private let toJSON: @Sendable (any Sendable, inout JSONWriter) -> Void
    private let describeValue: @Sendable (any Sendable) -> String
    private let headers: @Sendable (String) -> [String]
    private let cells: @Sendable ((any Sendable)?) -> [String]
    private let version: @Sendable (String) -> Int?
    private let makeWriter: @Sendable ([String]) -> ValueWriter
    private let derivationTable: [String: Derivation]
    /// Whether the model may give this transformer's attributes a `range`.
    public let checksRange: Bool

    /// A derived query column's computation.
    public struct Derivation: Sendable {
        public let sqlType: String
        let derive: @Sendable (any Sendable) -> SQLiteValue
        /// The derived value (NULL for a value of another type).
        public func value(of v: any Sendable) -> SQLiteValue { derive(v) }
    }

    /// Erases `transformer`. Its `Value` may be optional (`Magic?`): a nil value is absent.
    public convenience init<T: ValueTransformer, V>(_ transformer: T, forms: ValueForms<V>) where T.Value == V {
        self.init(transformer, unwrap: { $0 }, wrap: { $0 }, forms: forms)
    }

    /// Erases a transformer whose value is `V?` (an absent value stored as SQL NULL).
    public convenience init<T: ValueTransformer, V>(_ transformer: T, forms: ValueForms<V>) where T.Value == V? {
        self.init(transformer, unwrap: { $0 }, wrap: { $0 }, forms: forms)
    }

    private init<T: ValueTransformer, V>(_ transformer: T, unwrap: @escaping @Sendable (T.Value) -> V?,
                                         wrap: @escaping @Sendable (V) -> T.Value, forms: ValueForms<V>) {
        name = T.name
        valueClassName = T.valueClassName
        valueType = V.self
        checksRange = forms.checkRange != nil
        let check = forms.checkRange
        let checked = { @Sendable (v: V?, range: ClosedRange<Int64>?) throws(TransformError) -> (any Sendable)? in
            guard let v else { return nil }
            if let range, let check { try check(v, range) }
            return v
        }
        decode = { (text: String, range: ClosedRange<Int64>?) throws(TransformError) -> (any Sendable)? in
            try checked(unwrap(try transformer.value(fromStored: text)), range)
        }
        decodeBlob = { (bytes: [UInt8], range: ClosedRange<Int64>?) throws(TransformError) -> (any Sendable)? in
            try checked(unwrap(try transformer.value(fromStoredBlob: bytes)), range)
        }
        storesBlob = T.storesBlob
        let readJSON = forms.readJSON
        fromJSON = { (json: JSONValue, range: ClosedRange<Int64>?) throws(TransformError) -> (any Sendable)? in
            if json == .null { return nil }
            if let readJSON { return try checked(try readJSON(json), range) }
            return try checked(unwrap(try transformer.value(fromStored: json.jsonText)), range)
        }
        let writeJSON = forms.writeJSON
        toJSON = { value, w in
            guard let v = value as? V else { w.writeNull(); return }
            if let writeJSON { writeJSON(v, &w) } else if let json = try? JSONParser.parse(transformer.storedForm(of: wrap(v))) {
                w.write(json)
            } else { w.writeNull() }
        }
        let describe = forms.describe
        describeValue = { value in (value as? V).map(describe) ?? "?" }
        headers = forms.csvHeaders
        let csvCells = forms.csvCells
        cells = { value in csvCells(value as? V) }
        version = { transformer.formatVersion(ofStored: $0) }
        hasFormatVersions = T.hasFormatVersions
        let derivations = forms.derivations
        makeWriter = { names in
            let derive = names.map { derivations[$0]?.derive }
            return { value, range, derived in
                guard let v = value as? V else { return nil }
                var inRange = true
                if let range, let check { do { try check(v, range) } catch { inRange = false } }
                for (k, d) in derive.enumerated() { derived[k] = inRange ? d?(v) ?? .null : .null }
                return (T.storesBlob ? transformer.storedBlob(of: wrap(v)) : transformer.storedUTF8(of: wrap(v)), inRange)
            }
        }
        derivationTable = forms.derivations.mapValues { d in
            let derive = d.derive
            return Derivation(sqlType: d.sqlType) { value in (value as? V).map(derive) ?? .null }
        }
    }

    /// Decodes a stored form (checking `range` when given); nil when it holds an absent value.
    public func value(fromStored text: String, range: ClosedRange<Int64>? = nil) throws(TransformError) -> (any Sendable)? {
        try decode(text, range)
    }

    /// Decodes a stored BLOB (for a transformer that `storesBlob`; any other says it expected text).
    public func value(fromStoredBlob bytes: [UInt8], range: ClosedRange<Int64>? = nil) throws(TransformError) -> (any Sendable)? {
        try decodeBlob(bytes, range)
    }

    /// Decodes a column's value as stored: text or a BLOB, as the transformer keeps it; nil for
    /// NULL. Any other SQL type is damage.
    public func value(fromColumn value: SQLiteValue, range: ClosedRange<Int64>? = nil) throws(TransformError) -> (any Sendable)? {
        switch value {
        case .null: return nil
        case .text(let text):
            if storesBlob { throw .wrongStorageType("text (\(text.utf8.count) bytes)", expected: "a BLOB") }
            return try decode(text, range)
        case .blob(let bytes):
            return try decodeBlob(bytes, range)
        case .integer(let i): throw .wrongStorageType("an integer (\(i))", expected: storesBlob ? "a BLOB" : "JSON text")
        case .real(let d): throw .wrongStorageType("a real (\(d))", expected: storesBlob ? "a BLOB" : "JSON text")
        }
    }

    /// Whether stored forms are BLOBs (a keyed archive) rather than JSON text.
    public let storesBlob: Bool

    /// Reads the value from a record's JSON form; nil for `null`.
    public func value(fromJSON json: JSONValue, range: ClosedRange<Int64>? = nil) throws(TransformError) -> (any Sendable)? {
        try fromJSON(json, range)
    }

    /// Writes the value in a record's JSON form.
    public func writeJSON(_ value: any Sendable, into w: inout JSONWriter) { toJSON(value, &w) }

    /// Describes a value for `inspect`.
    public func describe(_ value: any Sendable) -> String { describeValue(value) }

    /// Decodes `text` and describes the value ("none" when absent), or throws why it cannot.
    public func describeStored(_ text: String) throws(TransformError) -> String {
        guard let v = try decode(text, nil) else { return "none" }
        return describeValue(v)
    }

    /// The writer's path for one value, made once per attribute: given the value, the model's
    /// range and a buffer for the derived values (in the order of `derivations`), its stored form
    /// and whether it keeps the range (out of it, the derived values are NULL); nil when the value
    /// is not of this transformer's type. One look at the value's type per record.
    public typealias ValueWriter = @Sendable (any Sendable, ClosedRange<Int64>?, inout [SQLiteValue]) -> (bytes: [UInt8], inRange: Bool)?

    /// A writer deriving the values named `derivations`.
    public func writer(derivations: [String]) -> ValueWriter { makeWriter(derivations) }


    public func csvHeaders(column: String) -> [String] { headers(column) }
    public func csvCells(_ value: (any Sendable)?) -> [String] { cells(value) }
    public func formatVersion(ofStored text: String) -> Int? { version(text) }

    /// Whether the transformer's stored forms declare a format version.
    public let hasFormatVersions: Bool
    public func derivation(named name: String) -> Derivation? { derivationTable[name] }
    public var derivationNames: [String] { derivationTable.keys.sorted() }
}
