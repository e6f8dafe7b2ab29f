/// A binary property list read into a flat table of objects: containers hold the indices of
/// their members, never the members themselves, so a list that shares one object many times (or
/// refers to itself) costs its size on disk, not its expansion.
public struct PropertyList: Sendable {
    /// One object of the table, shallow.
    public enum Object: Sendable, Equatable {
        case null
        case bool(Bool)
        case integer(Int64)
        /// An integer above Int64.max (bplist stores 128-bit integers for large unsigned values).
        case unsignedInteger(UInt64)
        case real(Double)
        /// Seconds since 2001-01-01T00:00:00Z.
        case date(Double)
        case data([UInt8])
        case string(String)
        /// A keyed archive's reference into `$objects`.
        case uid(UInt64)
        case array([Int])
        case set([Int])
        case dictionary([(key: Int, value: Int)])

        public static func == (a: Object, b: Object) -> Bool {
            switch (a, b) {
            case (.null, .null): true
            case (.bool(let x), .bool(let y)): x == y
            case (.integer(let x), .integer(let y)): x == y
            case (.unsignedInteger(let x), .unsignedInteger(let y)): x == y
            case (.real(let x), .real(let y)): x == y || (x.isNaN && y.isNaN)
            case (.date(let x), .date(let y)): x == y
            case (.data(let x), .data(let y)): x == y
            case (.string(let x), .string(let y)): x == y
            case (.uid(let x), .uid(let y)): x == y
            case (.array(let x), .array(let y)), (.set(let x), .set(let y)): x == y
            case (.dictionary(let x), .dictionary(let y)):
                x.count == y.count && zip(x, y).allSatisfy { $0.key == $1.key && $0.value == $1.value }
            default: false
            }
        }
    }

    /// Every object of the file, in its offset-table order.
    public let objects: [Object]
    /// The index of the top object.
    public let top: Int

    public init(objects: [Object], top: Int) {
        self.objects = objects
        self.top = top
    }

    /// The string at `index`, if it is one.
    public func string(_ index: Int) -> String? {
        guard objects.indices.contains(index), case .string(let s) = objects[index] else { return nil }
        return s
    }

    /// The value under the string `key` of the dictionary at `index` (a linear scan: the
    /// dictionaries of an archive are small, and hashing every key costs more).
    public func lookup(_ index: Int, _ key: String) -> Int? {
        guard objects.indices.contains(index), case .dictionary(let pairs) = objects[index] else { return nil }
        for p in pairs {
            if case .string(let k) = objects[p.key], k == key { return p.value }
        }
        return nil
    }

    /// Whether the object at `index` is a dictionary.
    public func isDictionary(_ index: Int) -> Bool {
        guard objects.indices.contains(index), case .dictionary = objects[index] else { return false }
        return true
    }

    /// The members of the dictionary at `index` whose keys are strings, by key.
    public func dictionary(_ index: Int) -> [String: Int]? {
        guard objects.indices.contains(index), case .dictionary(let pairs) = objects[index] else { return nil }
        var result: [String: Int] = [:]
        for p in pairs { if let k = string(p.key) { result[k] = p.value } }
        return result
    }
}

/// Why a property list or a keyed archive cannot be read.
public struct PropertyListError: Error, Equatable, Sendable, CustomStringConvertible {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
