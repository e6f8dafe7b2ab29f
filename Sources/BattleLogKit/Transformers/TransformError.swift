import KeyedArchiving

/// Why a stored value cannot be turned back into its value.
public enum TransformError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The stored text is not JSON.
    case notJSON(JSONParseError)
    /// The stored value has the wrong SQL type (for example a BLOB or an INTEGER).
    case wrongStorageType(String, expected: String = "JSON text")
    /// The JSON is not of the expected shape ("expected an object, found an array").
    case wrongShape(expected: String, found: String)
    /// A magic envelope names a type no registered kind has.
    case unknownMagicType(String)
    /// A magic envelope has a version this program cannot read.
    case unknownVersion(type: String, version: Int64)
    /// An untagged value whose keys match no kind of magic.
    case unrecognisedLegacyKeys([String])
    /// A field of a magic value is missing, mistyped or out of range.
    case magicField(MagicFieldError)
    /// A MediaTime dictionary is missing a key or has a value out of range.
    case mediaTime(MediaTime.DictionaryError)
    /// An element of an integer array is not an integer.
    case arrayElement(index: Int, found: String)
    /// A required value is NULL.
    case missingValue
    /// An element is outside the range the model gives the attribute.
    case outOfRange(index: Int, value: Int64, range: ClosedRange<Int64>)
    /// A timeline's part is missing, mistyped, out of order or out of range.
    case timeline(String)
    /// A keyed archive refused: a class outside the allow-list, a cycle, a reference out of
    /// range, nesting too deep, a key missing or of the wrong type.
    case archive(KeyedArchiveError)
    /// A weapon's JSON form (an import line) is missing a key or has one of the wrong type.
    case weaponField(String)

    public var description: String {
        switch self {
        case .notJSON(let e): e.description
        case .wrongStorageType(let t, let expected): "stored as \(t), expected \(expected)"
        case .archive(let e): "archive: \(e.description)"
        case .weaponField(let why): why
        case .wrongShape(let expected, let found): "expected \(expected), found \(found)"
        case .unknownMagicType(let t): "unknown magic type \"\(t)\""
        case .unknownVersion(let t, let v): "unknown version \(v) of magic type \"\(t)\""
        case .unrecognisedLegacyKeys(let keys): "untagged magic with unrecognised keys [\(keys.joined(separator: ", "))]"
        case .magicField(let e): e.description
        case .mediaTime(let e): "time dictionary: \(e.description)"
        case .arrayElement(let i, let found): "element \(i) should be an integer, found \(found)"
        case .missingValue: "value is missing (NULL)"
        case .timeline(let why): "timeline: \(why)"
        case .outOfRange(let i, let v, let r): "expected elements from \(r.lowerBound) to \(r.upperBound), found \(v) at index \(i)"
        }
    }
}
