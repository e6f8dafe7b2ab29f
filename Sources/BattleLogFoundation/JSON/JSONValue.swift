/// A parsed JSON value. Integers are kept apart from other numbers so that a stored `7` and a
/// stored `7.5` (or `true`) are told apart when a field must be an integer.
public enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case integer(Int64)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// A short name of the JSON type, for error messages.
    public var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .integer: "an integer"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }

    /// Sorted-key compact JSON text.
    public var jsonText: String {
        var writer = JSONWriter()
        writer.write(self)
        return writer.text
    }
}
