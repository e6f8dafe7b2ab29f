/// The transformable values of a record about to be written, by attribute name: a small list
/// (a record has a handful), looked up by name without hashing; an absent value has no entry.
public struct AttributeValues: Sendable, ExpressibleByDictionaryLiteral {
    private var entries: [(name: String, value: any Sendable)] = []

    public init() {}

    public init(dictionaryLiteral elements: (String, any Sendable)...) {
        entries.reserveCapacity(elements.count)
        for (name, value) in elements { self[name] = value }
    }

    /// The value of the attribute `name`; setting nil removes it.
    public subscript(name: String) -> (any Sendable)? {
        get {
            for entry in entries where entry.name == name { return entry.value }
            return nil
        }
        set {
            if let i = entries.firstIndex(where: { $0.name == name }) {
                if let newValue { entries[i].value = newValue } else { entries.remove(at: i) }
            } else if let newValue {
                entries.append((name, newValue))
            }
        }
    }

    /// How many values there are.
    public var count: Int { entries.count }

    /// Every (name, value), in the order they were set.
    public var all: [(name: String, value: any Sendable)] { entries }

    /// The same names with equal values (values of the same Equatable type and `==`).
    public func isEqual(to other: AttributeValues) -> Bool {
        count == other.count && all.allSatisfy { name, value in other[name].map { AnyEquality.same(value, $0) } ?? false }
    }
}
