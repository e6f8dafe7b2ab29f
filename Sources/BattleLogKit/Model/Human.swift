/// Which side a Human fights on.
public enum HumanKind: String, Sendable, CaseIterable, Codable {
    case hero
    case villain
}

/// A fighter: a Hero or a Villain, with a unique name.
public struct Human: Sendable, Hashable {
    /// The row id in the store (0 before it is stored).
    public var id: Int64
    public var name: String
    /// Nil when the stored kind is neither hero nor villain (see `damage`).
    public var kind: HumanKind?
    /// What is wrong with the stored row (`kind: expected hero or villain, found "wizard"`), or
    /// nil when it is whole. A damaged Human is shown with its damage, never with a default.
    public var damage: String?
    /// True when a record's column names no Human (an id that is not an integer, or no Human
    /// with it): the name and kind are not known, only `damage`. Shown and exported as damage.
    public private(set) var isUnknown = false

    public init(id: Int64 = 0, name: String, kind: HumanKind) {
        self.id = id
        self.name = name
        self.kind = kind
    }

    init(id: Int64, name: String, kind: HumanKind?, damage: String?) {
        self.id = id
        self.name = name
        self.kind = kind
        self.damage = damage
    }

    /// The Human a record's column could not name, and why.
    static func unknown(id: Int64, damage: String) -> Human {
        var h = Human(id: id, name: "", kind: nil, damage: damage)
        h.isUnknown = true
        return h
    }

    /// `hero`, `villain`, or `?` for a damaged kind.
    public var kindText: String { kind?.rawValue ?? "?" }
}
