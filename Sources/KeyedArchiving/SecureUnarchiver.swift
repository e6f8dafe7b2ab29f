/// Reads a keyed archive's root object into `ArchivedValue`s with an allow-list of classes, in
/// the spirit of `NSSecureUnarchiveFromDataTransformer`: no class named by the data is ever
/// instantiated, and an archive that names a class outside the list is refused by that class's
/// name before anything of it is built. Every reference, depth and count is checked, so any
/// bytes give a value or a `KeyedArchiveError`.
public struct SecureUnarchiver: Sendable {
    /// The classes an archive may name (`$classname`). A plain string in `$objects` is an
    /// NSString and an inline number an NSNumber: those two need to be listed to be read.
    public let allowedClasses: Set<String>
    /// The deepest nesting of objects accepted (the root is at depth 1).
    public let maxDepth: Int

    public init(allowedClasses: Set<String>, maxDepth: Int = 32) {
        self.allowedClasses = allowedClasses
        self.maxDepth = maxDepth
    }

    /// The root object (`$top.root`) of the archive `bytes`.
    public func decodeRoot(_ bytes: [UInt8]) throws(KeyedArchiveError) -> ArchivedValue {
        let archive: KeyedArchive
        do { archive = try KeyedArchive(bytes: bytes) } catch { throw .malformed(error.message) }
        guard let rootRef = archive.plist.lookup(archive.plist.top, "$top").flatMap({ archive.plist.dictionary($0) })?["root"] else {
            throw .malformed("no $top.root")
        }
        var walk = Walk(archive: archive, allowed: allowedClasses, maxDepth: maxDepth)
        return try walk.value(rootRef, key: "root", depth: 1)
    }

    private struct Walk {
        let archive: KeyedArchive
        let allowed: Set<String>
        let maxDepth: Int
        /// The `$objects` members on the way from the root to here (a member met again is a cycle).
        var path: Set<Int> = []
        var plist: PropertyList { archive.plist }

        /// The value a field or element refers to: a UID into `$objects`, or a scalar inline.
        mutating func value(_ index: Int, key: String, depth: Int) throws(KeyedArchiveError) -> ArchivedValue {
            guard depth <= maxDepth else { throw .tooDeep(key: key, limit: maxDepth) }
            guard case .uid(let uid) = plist.objects[index] else { return try inline(index, key: key) }
            guard uid < UInt64(archive.objects.count) else {
                throw .uidOutOfRange(key: key, uid: uid, count: archive.objects.count)
            }
            if uid == 0 { return .null }
            let target = archive.objects[Int(uid)]
            guard !path.contains(target) else { throw .cycle(key: key) }
            path.insert(target)
            defer { path.remove(target) }
            if case .dictionary = plist.objects[target] { return try instance(target, key: key, depth: depth) }
            if case .uid = plist.objects[target] { throw .wrongType(key: key, expected: "an object", found: "a reference") }
            return try inline(target, key: key)
        }

        /// A scalar: a string is an NSString, a number an NSNumber.
        func inline(_ index: Int, key: String) throws(KeyedArchiveError) -> ArchivedValue {
            func need(_ cls: String) throws(KeyedArchiveError) {
                guard allowed.contains(cls) else { throw .classNotAllowed(cls) }
            }
            switch plist.objects[index] {
            case .string(let s): try need("NSString"); return .string(s)
            case .integer(let i): try need("NSNumber"); return .integer(i)
            case .real(let d): try need("NSNumber"); return .real(d)
            case .bool(let b): try need("NSNumber"); return .bool(b)
            case .unsignedInteger: throw .wrongType(key: key, expected: "a number within 64 bits", found: "a larger integer")
            case .null: return .null
            case .date: throw .wrongType(key: key, expected: "an archived object", found: "a bare date")
            case .data: throw .wrongType(key: key, expected: "an archived object", found: "bare data")
            case .array, .set: throw .wrongType(key: key, expected: "an archived object", found: "a bare array")
            case .dictionary: throw .wrongType(key: key, expected: "an archived object", found: "a bare dictionary")
            case .uid: throw .wrongType(key: key, expected: "an archived object", found: "a reference")
            }
        }

        /// An instance: its class checked against the allow-list first, then its fields.
        mutating func instance(_ index: Int, key: String, depth: Int) throws(KeyedArchiveError) -> ArchivedValue {
            guard let classRef = plist.lookup(index, "$class") else {
                throw .wrongType(key: key, expected: "an archived object", found: "a dictionary without $class")
            }
            guard case .uid(let uid) = plist.objects[classRef] else { throw .wrongType(key: "$class", expected: "a reference", found: "another value") }
            guard uid < UInt64(archive.objects.count) else { throw .uidOutOfRange(key: "$class", uid: uid, count: archive.objects.count) }
            let cls = archive.objects[Int(uid)]
            guard let nameRef = plist.lookup(cls, "$classname") else {
                throw .wrongType(key: "$class", expected: "a class entry with $classname", found: "none")
            }
            guard let name = plist.string(nameRef) else { throw .wrongType(key: "$classname", expected: "a string", found: "another value") }
            guard allowed.contains(name) else { throw .classNotAllowed(name) }
            switch name {
            case "NSArray":
                guard let listRef = plist.lookup(index, "NS.objects") else { throw .missingKey("NS.objects", className: name) }
                guard case .array(let refs) = plist.objects[listRef] else {
                    throw .wrongType(key: "NS.objects", expected: "an array", found: Self.kind(plist.objects[listRef]))
                }
                var elements: [ArchivedValue] = []
                elements.reserveCapacity(refs.count)
                for r in refs { elements.append(try value(r, key: key + "[]", depth: depth + 1)) }
                return .array(elements)
            case "NSDate":
                guard let t = plist.lookup(index, "NS.time") else { throw .missingKey("NS.time", className: name) }
                switch plist.objects[t] {
                case .real(let d): return .date(sinceReferenceDate: d)
                case .integer(let i): return .date(sinceReferenceDate: Double(i))
                case let other: throw .wrongType(key: "NS.time", expected: "a number", found: Self.kind(other))
                }
            case "NSString", "NSMutableString":
                guard let s = plist.lookup(index, "NS.string") else { throw .missingKey("NS.string", className: name) }
                guard let text = plist.string(s) else { throw .wrongType(key: "NS.string", expected: "a string", found: Self.kind(plist.objects[s])) }
                return .string(text)
            default:
                guard case .dictionary(let pairs) = plist.objects[index] else { return .null }
                var fields: [String: ArchivedValue] = [:]
                for p in pairs {
                    guard let k = plist.string(p.key) else {
                        throw .wrongType(key: "a key of \(name)", expected: "a string", found: Self.kind(plist.objects[p.key]))
                    }
                    if k == "$class" { continue }
                    fields[k] = try value(p.value, key: k, depth: depth + 1)
                }
                return .instance(className: name, fields: fields)
            }
        }

        static func kind(_ o: PropertyList.Object) -> String {
            switch o {
            case .null: "null"
            case .bool: "a boolean"
            case .integer, .unsignedInteger: "an integer"
            case .real: "a real"
            case .date: "a date"
            case .data: "data"
            case .string: "a string"
            case .uid: "a reference"
            case .array: "an array"
            case .set: "a set"
            case .dictionary: "a dictionary"
            }
        }
    }
}

/// A value read from a keyed archive by `SecureUnarchiver`: plain data, nothing instantiated.
public indirect enum ArchivedValue: Sendable, Equatable {
    case null
    case string(String)
    case integer(Int64)
    case real(Double)
    case bool(Bool)
    /// An NSDate: seconds since 2001-01-01T00:00:00Z.
    case date(sinceReferenceDate: Double)
    case array([ArchivedValue])
    /// An instance of an allowed class, by its fields' keys.
    case instance(className: String, fields: [String: ArchivedValue])

    /// What it is, as an error message names it ("a string", "an NSArray").
    public var kind: String {
        switch self {
        case .null: "null"
        case .string: "a string"
        case .integer: "an integer"
        case .real: "a real"
        case .bool: "a boolean"
        case .date: "an NSDate"
        case .array: "an NSArray"
        case .instance(let name, _): "an instance of \(name)"
        }
    }
}

/// Why a keyed archive cannot be read by `SecureUnarchiver`. Each case names the class or the key.
public enum KeyedArchiveError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Not a binary property list or not a keyed archive (a count larger than the archive, a
    /// reference past the table, a missing `$objects`...).
    case malformed(String)
    /// The archive names a class outside the allow-list.
    case classNotAllowed(String)
    /// An object refers back to one of the objects that contain it.
    case cycle(key: String)
    /// A UID past the end of `$objects`.
    case uidOutOfRange(key: String, uid: UInt64, count: Int)
    /// Objects nested deeper than the limit.
    case tooDeep(key: String, limit: Int)
    /// A key holds a value of the wrong type.
    case wrongType(key: String, expected: String, found: String)
    /// A key the class needs is absent.
    case missingKey(String, className: String)

    public var description: String {
        switch self {
        case .malformed(let why): why
        case .classNotAllowed(let name): "the archive names the class \(name), which is not allowed here"
        case .cycle(let key): "the archive's object under \(key) contains itself (a cycle)"
        case .uidOutOfRange(let key, let uid, let count): "\(key) refers to object \(uid) of \(count)"
        case .tooDeep(let key, let limit): "objects nested deeper than \(limit) (under \(key))"
        case .wrongType(let key, let expected, let found): "\(key) should be \(expected), found \(found)"
        case .missingKey(let key, let cls): "\(cls) has no \(key)"
        }
    }
}
