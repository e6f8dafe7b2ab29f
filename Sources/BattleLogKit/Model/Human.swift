/// Which side a Human fights on.
public enum HumanKind: String, Sendable, CaseIterable, Codable {
    case hero
    case villain
}

/// A fighter: a Hero or a Villain, with a unique name.
public struct Human: Sendable, Hashable, Codable {
    /// The row id in the store (0 before it is stored).
    public var id: Int64
    public var name: String
    public var kind: HumanKind

    public init(id: Int64 = 0, name: String, kind: HumanKind) {
        self.id = id
        self.name = name
        self.kind = kind
    }
}
