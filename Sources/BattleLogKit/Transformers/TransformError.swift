import KeyedArchiving

/// Why a stored value cannot be turned back into its value.
public enum TransformError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A value of a kind refused in that kind's terms (`MagicError`, `TimelineError`, ...).
    case kind(any ValueKindError)
    /// The stored text is not JSON.
    case notJSON(JSONParseError)
    /// The stored value has the wrong SQL type (for example a BLOB or an INTEGER).
    case wrongStorageType(String, expected: String = "JSON text")
    /// The JSON is not of the expected shape ("expected an object, found an array").
    case wrongShape(expected: String, found: String)
    /// A required value is NULL.
    case missingValue
    /// An element is outside the range the model gives the attribute.
    case outOfRange(index: Int, value: Int64, range: ClosedRange<Int64>)
    /// A keyed archive refused: a class outside the allow-list, a cycle, a reference out of
    /// range, nesting too deep, a key missing or of the wrong type.
    case archive(KeyedArchiveError)

    public var description: String {
        switch self {
        case .kind(let e): e.description
        case .notJSON(let e): e.description
        case .wrongStorageType(let t, let expected): "stored as \(t), expected \(expected)"
        case .archive(let e): "archive: \(e.description)"
        case .wrongShape(let expected, let found): "expected \(expected), found \(found)"
        case .missingValue: "value is missing (NULL)"
        case .outOfRange(let i, let v, let r): "expected elements from \(r.lowerBound) to \(r.upperBound), found \(v) at index \(i)"
        }
    }

    public static func == (a: TransformError, b: TransformError) -> Bool {
        switch (a, b) {
        case (.kind(let x), .kind(let y)): x.isEqual(to: y)
        case (.notJSON(let x), .notJSON(let y)): x == y
        case (.wrongStorageType(let x, let e), .wrongStorageType(let y, let f)): x == y && e == f
        case (.wrongShape(let e, let x), .wrongShape(let f, let y)): e == f && x == y
        case (.missingValue, .missingValue): true
        case (.outOfRange(let i, let v, let r), .outOfRange(let j, let w, let s)): i == j && v == w && r == s
        case (.archive(let x), .archive(let y)): x == y
        default: false
        }
    }
}
