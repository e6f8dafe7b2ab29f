import BattleLogFoundation
import KeyedArchiving

extension KeyedArchive {
    /// Decodes `bytes` as an archive's root object into JSON; never fails: what cannot be decoded
    /// becomes `{"$error": why, "$hex": first bytes}`.
    public static func decodeRoot(_ bytes: [UInt8]) -> JSONValue {
        do { return decodeRoot(try BinaryPropertyListReader.read(bytes), bytes: bytes) }
        catch { return TaggedJSON.error(error.message, bytes: bytes) }
    }

    /// As `decodeRoot(_:)`, for a list already read from `bytes`.
    public static func decodeRoot(_ plist: PropertyList, bytes: [UInt8]) -> JSONValue {
        do {
            let archive = try KeyedArchive(plist: plist)
            guard let root = archive.top["root"] ?? archive.top.sorted(by: { $0.key < $1.key }).first?.value else {
                return TaggedJSON.error("keyed archive with an empty $top", bytes: bytes)
            }
            var decoder = Decoder(archive: archive)
            let value = try decoder.value(root, depth: 0)
            return value
        } catch {
            return TaggedJSON.error(error.message, bytes: bytes)
        }
    }

    /// Decodes a plain property list (not an archive) into JSON.
    public static func decodePlain(_ plist: PropertyList) throws(PropertyListError) -> JSONValue {
        var decoder = PlainDecoder(plist: plist)
        return try decoder.value(plist.top, depth: 0)
    }

    /// Walks an archive into JSON with a budget of values and a depth limit; a reference back to
    /// an object being decoded becomes `{"$ref": uid}`.
    private struct Decoder {
        let archive: KeyedArchive
        var budget = KeyedArchive.maxValues
        var path: Set<Int> = []
        var plist: PropertyList { archive.plist }

        init(archive: KeyedArchive) { self.archive = archive }

        mutating func spend(_ depth: Int) throws(PropertyListError) {
            budget -= 1
            if budget < 0 { throw PropertyListError("keyed archive expands beyond \(KeyedArchive.maxValues) values") }
            if depth > KeyedArchive.maxDepth { throw PropertyListError("keyed archive nests deeper than \(KeyedArchive.maxDepth)") }
        }

        /// A member reference (a UID, or an inline plist value).
        mutating func member(_ ref: Int, depth: Int) throws(PropertyListError) -> JSONValue {
            guard let index = archive.resolve(ref) else {
                throw PropertyListError("keyed archive refers past the end of $objects")
            }
            return try value(index, depth: depth)
        }

        mutating func value(_ index: Int, depth: Int) throws(PropertyListError) -> JSONValue {
            try spend(depth)
            if archive.isNull(index) { return .null }
            switch plist.objects[index] {
            case .null, .bool, .integer, .unsignedInteger, .real, .date, .data, .string:
                return KeyedArchive.scalar(plist.objects[index]) ?? .null
            case .uid: return try member(index, depth: depth + 1)
            case .array(let refs), .set(let refs):
                return .array(try list(refs, depth: depth))
            case .dictionary:
                if path.contains(index) { return .object(["$ref": .integer(Int64(archive.objects.firstIndex(of: index) ?? index))]) }
                path.insert(index)
                defer { path.remove(index) }
                return try instance(index, depth: depth)
            }
        }

        mutating func list(_ refs: [Int], depth: Int) throws(PropertyListError) -> [JSONValue] {
            var out: [JSONValue] = []
            out.reserveCapacity(refs.count)
            for r in refs { out.append(try member(r, depth: depth + 1)) }
            return out
        }

        func refs(_ index: Int, _ key: String) throws(PropertyListError) -> [Int] {
            try archive.memberRefs(index, key: key) ?? []
        }

        /// An archived class instance: the Foundation classes as plain JSON, any other with its fields.
        mutating func instance(_ index: Int, depth: Int) throws(PropertyListError) -> JSONValue {
            guard let name = archive.className(index) else {
                // A dictionary in $objects that is not an instance: its string keys as an object.
                var out: [String: JSONValue] = [:]
                for (k, v) in plist.dictionary(index) ?? [:] { out[k] = try member(v, depth: depth + 1) }
                return .object(out)
            }
            func bytes(_ key: String) -> [UInt8]? {
                guard let r = plist.lookup(index, key), let t = archive.resolve(r), case .data(let b) = plist.objects[t] else { return nil }
                return b
            }
            switch name {
            case "NSString", "NSMutableString":
                if let s = archive.string(index) { return .string(s) }
                if let b = bytes("NS.bytes"), let s = String(validating: b, as: UTF8.self) { return .string(s) }
                throw PropertyListError("keyed archive: \(name) without text")
            case "NSArray", "NSMutableArray", "NSOrderedSet", "NSMutableOrderedSet":
                return .array(try list(refs(index, "NS.objects"), depth: depth))
            case "NSSet", "NSMutableSet", "NSCountedSet":
                let members = try list(refs(index, "NS.objects"), depth: depth)
                let sorted = members.map { (TaggedJSON.text($0), $0) }.sorted { $0.0 < $1.0 }.map(\.1)
                return .object(["$set": .array(sorted)])
            case "NSDictionary", "NSMutableDictionary":
                let keys = try list(refs(index, "NS.keys"), depth: depth)
                let values = try list(refs(index, "NS.objects"), depth: depth)
                guard keys.count == values.count else { throw PropertyListError("keyed archive: \(name) with \(keys.count) keys and \(values.count) values") }
                var object: [String: JSONValue] = [:]
                var allStrings = true
                for (k, v) in zip(keys, values) {
                    if case .string(let s) = k, object[s] == nil { object[s] = v } else { allStrings = false }
                }
                return allStrings ? .object(object) : .object(["$dict": .array(zip(keys, values).map { .array([$0, $1]) })])
            case "NSDate", "__NSDate":
                guard let r = plist.lookup(index, "NS.time"), case .real(let t) = plist.objects[r] else {
                    if let r = plist.lookup(index, "NS.time"), case .integer(let i) = plist.objects[r] { return TaggedJSON.date(sinceReferenceDate: Double(i)) }
                    throw PropertyListError("keyed archive: NSDate without NS.time")
                }
                return TaggedJSON.date(sinceReferenceDate: t)
            case "NSData", "NSMutableData":
                guard let b = bytes("NS.data") else { throw PropertyListError("keyed archive: \(name) without NS.data") }
                return TaggedJSON.data(b)
            case "NSUUID":
                guard let b = bytes("NS.uuidbytes"), b.count == 16 else { throw PropertyListError("keyed archive: NSUUID without 16 bytes") }
                return TaggedJSON.uuid(b)
            case "NSURL":
                guard let relative = archive.string(archive.field(index, "NS.relative")) else {
                    throw PropertyListError("keyed archive: NSURL without NS.relative")
                }
                // The base, decoded once: a string, or an NSURL of its own.
                var base: String?
                if let baseIndex = archive.field(index, "NS.base") {
                    switch try value(baseIndex, depth: depth + 1) {
                    case .string(let s): base = s
                    case .object(let o): if case .string(let s)? = o["$url"] { base = s }
                    default: break
                    }
                }
                return .object(["$url": .string(base.map { Self.join(base: $0, relative: relative) } ?? relative)])
            case "NSNull":
                return .null
            default:
                var out: [String: JSONValue] = [:]
                for (k, v) in plist.dictionary(index) ?? [:] where k != "$class" { out[k] = try member(v, depth: depth + 1) }
                return .object(["$class": .string(name), "$fields": .object(out)])
            }
        }

        /// A relative URL against its base, as NSURL's `absoluteString` would give for the usual
        /// cases (a path relative to a folder URL).
        static func join(base: String, relative: String) -> String {
            if relative.contains("://") || relative.hasPrefix("/") && !base.contains("://") { return relative }
            return base.hasSuffix("/") || relative.hasPrefix("/") ? base + relative : base + "/" + relative
        }
    }

    /// A property list value that holds no references, in dump's JSON form; nil for containers and UIDs.
    static func scalar(_ object: PropertyList.Object) -> JSONValue? {
        switch object {
        case .null: .null
        case .bool(let b): .bool(b)
        case .integer(let i): .integer(i)
        case .unsignedInteger(let u): .number(Double(u))
        case .real(let d): TaggedJSON.real(d)
        case .date(let d): TaggedJSON.date(sinceReferenceDate: d)
        case .data(let b): TaggedJSON.data(b)
        case .string(let s): .string(s)
        case .uid, .array, .set, .dictionary: nil
        }
    }

    /// A plain property list into JSON, bounded like the archive decoder.
    private struct PlainDecoder {
        let plist: PropertyList
        var budget = KeyedArchive.maxValues
        var path: Set<Int> = []

        mutating func value(_ index: Int, depth: Int) throws(PropertyListError) -> JSONValue {
            budget -= 1
            if budget < 0 { throw PropertyListError("property list expands beyond \(KeyedArchive.maxValues) values") }
            if depth > KeyedArchive.maxDepth { throw PropertyListError("property list nests deeper than \(KeyedArchive.maxDepth)") }
            switch plist.objects[index] {
            case .null, .bool, .integer, .unsignedInteger, .real, .date, .data, .string:
                return KeyedArchive.scalar(plist.objects[index]) ?? .null
            case .uid(let u): return .object(["$uid": .integer(Int64(truncatingIfNeeded: u))])
            case .array(let refs), .set(let refs):
                if path.contains(index) { return .object(["$ref": .integer(Int64(index))]) }
                path.insert(index); defer { path.remove(index) }
                var out: [JSONValue] = []
                for r in refs { out.append(try value(r, depth: depth + 1)) }
                return .array(out)
            case .dictionary(let pairs):
                if path.contains(index) { return .object(["$ref": .integer(Int64(index))]) }
                path.insert(index); defer { path.remove(index) }
                var out: [String: JSONValue] = [:]
                for p in pairs {
                    guard let k = plist.string(p.key) else { throw PropertyListError("property list dictionary with a key that is not a string") }
                    out[k] = try value(p.value, depth: depth + 1)
                }
                return .object(out)
            }
        }
    }
}
