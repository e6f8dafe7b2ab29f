/// Why a stored magic is refused.
public enum MagicError: ValueKindError {
    /// The envelope names a type no registered kind has.
    case unknownType(String)
    /// The envelope has a version this program cannot read.
    case unknownVersion(type: String, version: Int64)
    /// An untagged value whose keys match no kind of magic.
    case unrecognisedLegacyKeys([String])
    /// A field is missing, mistyped or out of range.
    case field(MagicFieldError)

    public var description: String {
        switch self {
        case .unknownType(let t): "unknown magic type \"\(t)\""
        case .unknownVersion(let t, let v): "unknown version \(v) of magic type \"\(t)\""
        case .unrecognisedLegacyKeys(let keys): "untagged magic with unrecognised keys [\(keys.joined(separator: ", "))]"
        case .field(let e): e.description
        }
    }
}

/// Why a magic kind's fields are refused.
public enum MagicFieldError: Error, Equatable, Sendable, CustomStringConvertible {
    case missingField(String)
    case wrongType(field: String, expected: String, found: String)
    case outOfRange(field: String, value: Int64, range: ClosedRange<Int>)

    public var description: String {
        switch self {
        case .missingField(let f): "missing field \"\(f)\""
        case .wrongType(let f, let expected, let found): "field \"\(f)\" should be \(expected), found \(found)"
        case .outOfRange(let f, let v, let r): "field \"\(f)\" = \(v) is outside \(r.lowerBound)...\(r.upperBound)"
        }
    }
}
