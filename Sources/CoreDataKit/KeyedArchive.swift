import BattleLogFoundation

/// An `NSKeyedArchiver` archive (`$archiver`, `$objects`, `$top`) read without
/// `NSKeyedUnarchiver`: on Linux that ends the process on a class outside its allow-list or on
/// input that is not a property list. Here every reference is checked, cycles are cut and the
/// expansion is bounded, so any bytes give a value or a reason.
public struct KeyedArchive: Sendable {
    /// The most values one decoded archive may expand to (shared objects count each time).
    public static let maxValues = 200_000
    /// The deepest nesting a decoded value may have.
    public static let maxDepth = 128

    public let plist: PropertyList
    /// The plist indices of `$objects`' members: `$objects[uid]` is `plist.objects[objects[uid]]`.
    let objects: [Int]
    /// `$top`'s entries (e.g. `root`), as plist indices of their objects.
    public let top: [String: Int]

    public init(bytes: [UInt8]) throws(PropertyListError) {
        try self.init(plist: BinaryPropertyListReader.read(bytes))
    }

    public init(plist: PropertyList) throws(PropertyListError) {
        guard plist.isDictionary(plist.top) else { throw PropertyListError("not a keyed archive (the top object is not a dictionary)") }
        guard let archiver = plist.lookup(plist.top, "$archiver").flatMap(plist.string), archiver.hasSuffix("KeyedArchiver") else {
            throw PropertyListError("not a keyed archive (no $archiver)")
        }
        guard let objectsIndex = plist.lookup(plist.top, "$objects"), case .array(let members) = plist.objects[objectsIndex] else {
            throw PropertyListError("keyed archive without $objects")
        }
        guard let topIndex = plist.lookup(plist.top, "$top"), let topEntries = plist.dictionary(topIndex) else {
            throw PropertyListError("keyed archive without $top")
        }
        self.plist = plist
        self.objects = members
        var top: [String: Int] = [:]
        for (key, index) in topEntries {
            guard case .uid(let uid) = plist.objects[index], uid < UInt64(members.count) else {
                throw PropertyListError("keyed archive: $top.\(key) is not a reference into $objects")
            }
            top[key] = members[Int(uid)]
        }
        self.top = top
    }

    /// The object `index` stands for: a UID's target, else itself; nil for a UID out of range.
    public func resolve(_ index: Int) -> Int? {
        guard case .uid(let uid) = plist.objects[index] else { return index }
        return uid < UInt64(objects.count) ? objects[Int(uid)] : nil
    }

    /// Whether `index` is `$null` (`$objects[0]`).
    public func isNull(_ index: Int) -> Bool { objects.first == index }

    /// The archived object's fields (without `$class`), resolved; nil when it is not a class instance.
    public func fields(_ index: Int) -> [String: Int]? {
        guard plist.lookup(index, "$class") != nil, var fields = plist.dictionary(index) else { return nil }
        fields["$class"] = nil
        return fields
    }

    /// The class name of an archived object (`$class` -> `$classname`).
    public func className(_ index: Int) -> String? {
        guard let ref = plist.lookup(index, "$class"), let cls = resolve(ref),
              let name = plist.lookup(cls, "$classname") else { return nil }
        return plist.string(name)
    }

    /// The field `key` of an archived object, resolved (nil when missing or `$null`).
    public func field(_ index: Int, _ key: String) -> Int? {
        guard let ref = plist.lookup(index, key), let target = resolve(ref), !isNull(target) else { return nil }
        return target
    }

    /// An archived string (plain, or an NSString instance).
    public func string(_ index: Int?) -> String? {
        guard let index else { return nil }
        if let s = plist.string(index) { return s }
        if let f = field(index, "NS.string") { return plist.string(f) }
        return nil
    }

    public func integer(_ index: Int?) -> Int64? {
        guard let index else { return nil }
        switch plist.objects[index] {
        case .integer(let i): return i
        case .bool(let b): return b ? 1 : 0
        default: return nil
        }
    }

    /// The member references of an archived collection: its `NS.objects` array, or the
    /// `NS.object.0`, `NS.object.1`, ... keys swift-corelibs-foundation writes for an ordered set.
    /// nil when it has neither; an error when `NS.objects` is not an array.
    func memberRefs(_ index: Int, key: String = "NS.objects") throws(PropertyListError) -> [Int]? {
        guard plist.isDictionary(index) else { return nil }
        if let list = plist.lookup(index, key) {
            guard case .array(let refs) = plist.objects[list] else { throw PropertyListError("keyed archive: \(key) is not an array") }
            return refs
        }
        guard key == "NS.objects", let fields = plist.dictionary(index) else { return nil }
        var numbered: [(Int, Int)] = []
        for (k, v) in fields where k.hasPrefix("NS.object.") {
            guard let n = Int(k.dropFirst("NS.object.".count)) else { continue }
            numbered.append((n, v))
        }
        return numbered.isEmpty ? nil : numbered.sorted { $0.0 < $1.0 }.map(\.1)
    }

    /// The members of an archived NSArray / NSSet / NSOrderedSet, resolved.
    public func members(_ index: Int?) -> [Int] {
        guard let index, let refs = try? memberRefs(index) else { return [] }
        return refs.compactMap(resolve)
    }

    /// The entries of an archived NSDictionary with string keys, resolved.
    public func dictionary(_ index: Int?) -> [(key: String, value: Int)] {
        guard let index, let k = plist.lookup(index, "NS.keys"), let v = plist.lookup(index, "NS.objects"),
              case .array(let keys) = plist.objects[k], case .array(let values) = plist.objects[v] else { return [] }
        return zip(keys, values).compactMap { key, value in
            guard let kr = resolve(key), let name = string(kr), let vr = resolve(value) else { return nil }
            return (name, vr)
        }
    }

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
