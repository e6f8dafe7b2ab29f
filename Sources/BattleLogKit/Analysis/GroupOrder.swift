/// How `stats --by` orders its groups (`--sort`). Groups of absent and damaged values come last
/// whatever the order; ties go by value.
public enum GroupOrder: String, Sendable, CaseIterable {
    /// The largest group first (the default).
    case count
    /// By value: names and words alphabetically, numbers, buckets and dates ascending.
    case value
    /// The highest win rate first.
    case winrate
    /// The longest mean duration first.
    case duration

    public func sorted(_ groups: [GroupCount]) -> [GroupCount] {
        groups.sorted { a, b in
            let (ra, rb) = (Self.rank(a.key), Self.rank(b.key))
            if ra != rb { return ra < rb }
            switch self {
            case .count where a.count != b.count: return a.count > b.count
            case .winrate where a.winRate != b.winRate: return a.winRate > b.winRate
            case .duration where a.meanDuration != b.meanDuration: return (a.meanDuration ?? -1) > (b.meanDuration ?? -1)
            default: return Self.valueBefore(a.key, b.key)
            }
        }
    }

    /// Values first, then absent, then damaged.
    private static func rank(_ k: GroupCount.Key) -> Int {
        switch k {
        case .absent: 1
        case .damaged: 2
        default: 0
        }
    }

    static func valueBefore(_ a: GroupCount.Key, _ b: GroupCount.Key) -> Bool {
        switch (a, b) {
        case (.text(let x), .text(let y)): x < y
        case (.number(let x), .number(let y)): x < y
        case (.bucket(let x, _), .bucket(let y, _)): x < y
        case (.human(let x), .human(let y)): (x.name, x.id) < (y.name, y.id)
        default: false
        }
    }
}
