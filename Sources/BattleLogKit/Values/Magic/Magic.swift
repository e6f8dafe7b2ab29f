/// The magic a fighter used: any registered `MagicKind`.
public struct Magic: Sendable, Hashable {
    /// The concrete magic value.
    public let value: any MagicKind

    /// Wraps a value of any magic kind.
    public init(_ value: any MagicKind) { self.value = value }

    /// A hero's magic (`HeroMagic`).
    public static func hero(cooperationFormulaName: String, collaboratorName: String) -> Magic {
        Magic(HeroMagic(cooperationFormulaName: cooperationFormulaName, collaboratorName: collaboratorName))
    }

    /// A villain's magic (`VillainMagic`); the power belongs in 1...10.
    public static func villain(powerOfEvilGate: Int, gateName: String) -> Magic {
        Magic(VillainMagic(powerOfEvilGate: powerOfEvilGate, gateName: gateName))
    }

    /// The envelope's `"type"`.
    public var typeName: String { type(of: value).typeName }
    public var formatVersion: Int { type(of: value).formatVersion }
    public var displayFields: [MagicField] { value.displayFields }
    public var summary: String { value.summary }

    public static func == (a: Magic, b: Magic) -> Bool { a.value.isEqual(to: b.value) }
    public func hash(into hasher: inout Hasher) { hasher.combine(value) }
}

extension MagicKind {
    func isEqual(to other: any MagicKind) -> Bool { (other as? Self) == self }
}

/// The registered kinds of magic: the one place a new kind is added.
public enum MagicCatalog {
    public static let kinds: [any MagicKind.Type] = [HeroMagic.self, VillainMagic.self]

    /// The kind whose envelope type is `typeName`.
    public static func kind(named typeName: String) -> (any MagicKind.Type)? {
        kinds.first { $0.typeName == typeName }
    }

    /// The kind whose field names are exactly `keys` (a legacy, untagged value).
    public static func legacyKind(forKeys keys: some Collection<String>) -> (any MagicKind.Type)? {
        let sorted = keys.sorted()
        return kinds.first { $0.fieldNames == sorted }
    }

    /// The kind a side uses.
    public static func kind(for side: HumanKind) -> (any MagicKind.Type)? {
        kinds.first { $0.side == side }
    }
}
