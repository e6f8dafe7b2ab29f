/// Builds an `NSKeyedArchiver` archive as Foundation writes one: `$archiver` "NSKeyedArchiver",
/// `$version` 100000, `$top` {`root`: UID}, and `$objects` starting with `$null`, each instance a
/// dictionary whose `$class` names a shared class entry (`$classname`, `$classes`). Strings are
/// stored plainly (as Foundation stores an NSString), reals and integers inline in the instance
/// that holds them (as `encode(_:forKey:)` of a Double or an Int).
///
/// It never asks Foundation: what it writes depends on the values alone, and the program needs
/// no Objective-C class to write one.
public struct KeyedArchiveBuilder: Sendable {
    /// A reference into `$objects`.
    public struct UID: Sendable, Equatable, Hashable {
        public let index: UInt64
        /// `$null`: what an absent object field refers to.
        public static let null = UID(index: 0)
    }

    /// An instance's field: a reference to another archived object, or a scalar stored inline.
    public enum Field: Sendable {
        case object(UID)
        case real(Double)
        case integer(Int64)
        case bool(Bool)
    }

    /// The property-list table: `$objects`' members and the strings their dictionaries use as keys.
    private var table: [PropertyList.Object] = []
    /// `$objects`: indices into `table`.
    private var members: [Int] = []
    /// Key strings, each written once.
    private var keys: [String: Int] = [:]
    /// Class entries by class name.
    private var classes: [String: UID] = [:]

    public init() {
        _ = add(.string("$null"))
    }

    private mutating func add(_ object: PropertyList.Object) -> UID {
        table.append(object)
        members.append(table.count - 1)
        return UID(index: UInt64(members.count - 1))
    }

    private mutating func key(_ name: String) -> Int {
        if let k = keys[name] { return k }
        table.append(.string(name))
        keys[name] = table.count - 1
        return table.count - 1
    }

    /// A string, stored as Foundation stores an NSString: a plain string in `$objects`.
    public mutating func string(_ s: String) -> UID { add(.string(s)) }

    /// The class entry of `hierarchy` (the class first, `NSObject` last), written once.
    public mutating func classEntry(_ hierarchy: [String]) -> UID {
        if let uid = classes[hierarchy[0]] { return uid }
        let names = hierarchy.map { name -> Int in table.append(.string(name)); return table.count - 1 }
        table.append(.array(names))
        let list = table.count - 1
        table.append(.string(hierarchy[0]))
        let name = table.count - 1
        let uid = add(.dictionary([(key: key("$classes"), value: list), (key: key("$classname"), value: name)]))
        classes[hierarchy[0]] = uid
        return uid
    }

    /// An instance of the class `hierarchy[0]` with `fields`, in the order given.
    public mutating func instance(_ hierarchy: [String], fields: [(String, Field)]) -> UID {
        // The instance's place comes first, as Foundation numbers an object before its fields.
        let uid = add(.null)
        let cls = classEntry(hierarchy)
        var pairs: [(key: Int, value: Int)] = [(key("$class"), scalar(.uid(cls.index)))]
        for (name, field) in fields {
            let value: PropertyList.Object = switch field {
            case .object(let ref): .uid(ref.index)
            case .real(let d): .real(d)
            case .integer(let i): .integer(i)
            case .bool(let b): .bool(b)
            }
            pairs.append((key(name), scalar(value)))
        }
        table[members[Int(uid.index)]] = .dictionary(pairs)
        return uid
    }

    /// An `NSArray` of `elements` (`NS.objects`).
    public mutating func array(_ elements: [UID]) -> UID {
        let uid = add(.null)
        let cls = classEntry(["NSArray", "NSObject"])
        let refs = elements.map { scalar(.uid($0.index)) }
        table.append(.array(refs))
        let list = table.count - 1
        table[members[Int(uid.index)]] = .dictionary([(key("NS.objects"), list), (key("$class"), scalar(.uid(cls.index)))])
        return uid
    }

    /// An `NSDate` (`NS.time`: seconds since 2001-01-01T00:00:00Z).
    public mutating func date(sinceReferenceDate t: Double) -> UID {
        let uid = add(.null)
        let cls = classEntry(["NSDate", "NSObject"])
        table[members[Int(uid.index)]] = .dictionary([(key("NS.time"), scalar(.real(t))), (key("$class"), scalar(.uid(cls.index)))])
        return uid
    }

    /// A value stored inside a dictionary, not a member of `$objects`.
    private mutating func scalar(_ object: PropertyList.Object) -> Int {
        table.append(object)
        return table.count - 1
    }

    /// The archive's bytes, `root` under `$top`.
    public func bytes(root: UID) -> [UInt8] {
        var t = table
        func put(_ o: PropertyList.Object) -> Int { t.append(o); return t.count - 1 }
        let objects = put(.array(members))
        let top = put(.dictionary([(key: put(.string("root")), value: put(.uid(root.index)))]))
        let archive = put(.dictionary([
            (key: put(.string("$version")), value: put(.integer(100_000))),
            (key: put(.string("$archiver")), value: put(.string("NSKeyedArchiver"))),
            (key: put(.string("$top")), value: top),
            (key: put(.string("$objects")), value: objects),
        ]))
        return BinaryPropertyListWriter.write(t, top: archive)
    }
}
