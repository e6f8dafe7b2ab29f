import BattleLogFoundation

/// One group of `stats --by`: its value, and the figures of its records.
public struct GroupCount: Sendable, Equatable {
    /// What the records of the group share.
    public enum Key: Sendable, Hashable {
        case text(String)
        case number(Double)
        /// A bucket of numbers: `from` up to (not including) `to`.
        case bucket(from: Double, to: Double)
        case human(Human)
        /// The records have no such value (no magic of that kind, no opponent, no timeline).
        case absent
        /// The value is stored but damaged.
        case damaged
    }

    public let key: Key
    /// The group's records' figures.
    public internal(set) var figures = GroupFigures()

    public init(key: Key) { self.key = key }

    init(key: Key, figures: GroupFigures) {
        self.key = key
        self.figures = figures
    }

    public internal(set) var count: Int { get { figures.count } set { figures.count = newValue } }
    public internal(set) var wins: Int { get { figures.wins } set { figures.wins = newValue } }
    public internal(set) var losses: Int { get { figures.losses } set { figures.losses = newValue } }
    public internal(set) var draws: Int { get { figures.draws } set { figures.draws = newValue } }
    /// Seconds summed over the records whose duration reads, and how many they are.
    public internal(set) var durationSum: Double { get { figures.durationSum } set { figures.durationSum = newValue } }
    public internal(set) var durationCount: Int { get { figures.durationCount } set { figures.durationCount = newValue } }
    /// Wins over all the group's records (0 for none).
    public var winRate: Double { figures.winRate }
    /// The mean duration in seconds, nil when no record's duration reads.
    public var meanDuration: Double? { figures.meanDuration }

    /// Adds `other`'s figures to this group's.
    public mutating func add(_ other: GroupCount) { figures.add(other.figures) }
}

/// A group's keys: one per field of the grouping (one or two).
struct GroupKeys: Hashable {
    let first: GroupCount.Key
    let second: GroupCount.Key?

    init(_ first: GroupCount.Key, _ second: GroupCount.Key?) {
        self.first = first
        self.second = second
    }

    /// Field `i`'s key.
    subscript(i: Int) -> GroupCount.Key {
        precondition(i == 0 || second != nil, "a grouping of one field has one key")
        return i == 0 ? first : second!
    }
}

/// A cell of `stats --by A,B`: the records whose first field is `row` and second `column`.
public struct PairCount: Sendable, Equatable {
    public let row: GroupCount.Key
    public let column: GroupCount.Key
    public internal(set) var figures: GroupCount
}
