/// One labelled row of a magic's detail box ("Collaborator: Mira").
public struct MagicField: Sendable, Equatable {
    /// The key of the row's label in the label tables (`Resources/labels`), e.g. `collaborator`.
    public let labelKey: String
    /// The stored (Codable) field name, e.g. `collaboratorName`.
    public let fieldName: String
    /// The value as text.
    public let text: String
    /// For a bounded number, its value and range (drawn as a meter).
    public let meter: (value: Int, range: ClosedRange<Int>)?

    public init(labelKey: String, fieldName: String, text: String, meter: (value: Int, range: ClosedRange<Int>)? = nil) {
        self.labelKey = labelKey
        self.fieldName = fieldName
        self.text = text
        self.meter = meter
    }

    public static func == (a: MagicField, b: MagicField) -> Bool {
        a.labelKey == b.labelKey && a.fieldName == b.fieldName && a.text == b.text
            && a.meter?.value == b.meter?.value && a.meter?.range == b.meter?.range
    }
}

/// A kind of magic. Everything the program knows about one kind lives in its conforming type;
/// `MagicCatalog.kinds` lists them. Adding a kind means one new type and one entry there.
public protocol MagicKind: Sendable, Codable, Hashable {
    /// The envelope's `"type"`, e.g. `"hero"`.
    static var typeName: String { get }
    /// The current envelope format version.
    static var formatVersion: Int { get }
    /// The side that uses this magic.
    static var side: HumanKind { get }
    /// The Codable field names, sorted: how a legacy, untagged value is recognised.
    static var fieldNames: [String] { get }

    /// Reads and validates the fields of an envelope or a legacy value.
    init(fields: [String: JSONValue]) throws(MagicFieldError)
    /// The fields under their Codable names, in declaration order (the stored envelope sorts them).
    var storedFields: [(key: String, value: JSONValue)] { get }
    /// The labelled rows of the detail box, in display order.
    var displayFields: [MagicField] { get }
    /// A short one-line summary for lists.
    var summary: String { get }
    /// The name that stats count uses of (a formula, a gate).
    var statisticName: String { get }
    /// The fields the filter language can test, under their Codable names and short aliases.
    static var filterFields: [MagicFilterField] { get }
}

/// A magic field the filter language can test (`power >= 8`, `gate ~ "maw"`).
public struct MagicFilterField: Sendable {
    public enum ValueType: Sendable { case text, integer }
    /// The Codable field name, e.g. `powerOfEvilGate`.
    public let name: String
    public let aliases: [String]
    public let type: ValueType

    public init(name: String, aliases: [String], type: ValueType) {
        self.name = name
        self.aliases = aliases
        self.type = type
    }

    /// The model's query path for this field (its short alias: `power`, `gate`).
    public var queryPath: String { aliases.first ?? name }
}

extension [String: JSONValue] {
    /// The string field `name`, or a typed error.
    func requiredString(_ name: String) throws(MagicFieldError) -> String {
        guard let value = self[name] else { throw .missingField(name) }
        guard case .string(let s) = value else { throw .wrongType(field: name, expected: "a string", found: value.typeName) }
        return s
    }

    /// The integer field `name` within `range`, or a typed error.
    func requiredInteger(_ name: String, in range: ClosedRange<Int>) throws(MagicFieldError) -> Int {
        guard let value = self[name] else { throw .missingField(name) }
        guard case .integer(let i) = value else { throw .wrongType(field: name, expected: "an integer", found: value.typeName) }
        guard i >= Int64(range.lowerBound), i <= Int64(range.upperBound) else {
            throw .outOfRange(field: name, value: i, range: range)
        }
        return Int(i)
    }
}
