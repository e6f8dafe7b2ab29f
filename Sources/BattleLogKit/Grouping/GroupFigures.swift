/// The figures of a set of records: how many, their results, and their durations. A plain value
/// (no references), so that a grouping adds millions of records into a hash of them cheaply.
public struct GroupFigures: Sendable, Equatable {
    public internal(set) var count = 0
    public internal(set) var wins = 0
    public internal(set) var losses = 0
    public internal(set) var draws = 0
    /// Seconds summed over the records whose duration reads, and how many they are.
    public internal(set) var durationSum = 0.0
    public internal(set) var durationCount = 0

    public init() {}

    /// One record's figures: a count of one, its result, its duration when it has one.
    static func oneRecord(result: FightResult?, duration: Double?) -> GroupFigures {
        var g = GroupFigures()
        g.addRecord(result: result, duration: duration)
        return g
    }

    /// Wins over all the records (0 for none).
    public var winRate: Double { count == 0 ? 0 : Double(wins) / Double(count) }
    /// The mean duration in seconds, nil when no record's duration reads.
    public var meanDuration: Double? { durationCount == 0 ? nil : durationSum / Double(durationCount) }

    /// Adds one record: its result and its duration in seconds when it has one.
    mutating func addRecord(result: FightResult?, duration: Double?) {
        count += 1
        switch result {
        case .win: wins += 1
        case .loss: losses += 1
        case .draw: draws += 1
        case nil: break
        }
        if let duration { durationSum += duration; durationCount += 1 }
    }

    /// Adds `other`'s figures to these.
    mutating func add(_ other: GroupFigures) {
        count += other.count; wins += other.wins; losses += other.losses; draws += other.draws
        durationSum += other.durationSum; durationCount += other.durationCount
    }

    /// Whether the figures are the same: the counts exactly, the durations' sum within rounding
    /// (the writer adds it batch by batch, a scan in one pass).
    func hasSameFigures(as other: GroupFigures) -> Bool {
        [count, wins, losses, draws, durationCount] == [other.count, other.wins, other.losses, other.draws, other.durationCount]
            && abs(durationSum - other.durationSum) <= 1e-9 * max(1, abs(other.durationSum))
    }
}

extension Dictionary where Value == GroupFigures {
    /// Adds `other`'s figures to this one's, key by key.
    mutating func addFigures(of other: Self) {
        merge(other) { a, b in var a = a; a.add(b); return a }
    }
}
