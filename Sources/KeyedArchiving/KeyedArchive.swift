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
    public let objects: [Int]
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
    public func memberRefs(_ index: Int, key: String = "NS.objects") throws(PropertyListError) -> [Int]? {
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
}
