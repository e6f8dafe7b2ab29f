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

    /// The order a grouping by `field` reads in when none is asked: dates and numbers in their
    /// own order (a histogram reads left to right), names and words largest first.
    public static func natural(for field: GroupField) -> GroupOrder {
        switch field {
        case .date, .number: .value
        default: .count
        }
    }

    public func sorted(_ groups: [GroupCount]) -> [GroupCount] {
        // What each group is compared on is laid out side by side and sorted with its place: a
        // fraction's exact values make hundreds of thousands of groups, and a comparison that
        // reads two groups at random is two misses of the cache.
        let values = Self.valuePlaces(groups)
        var entries = groups.indices.map { i in
            let g = groups[i]
            let measure = switch self {
            case .count: Double(g.count)
            case .winrate: g.winRate
            case .duration: g.meanDuration ?? -1
            case .value: 0.0
            }
            return (rank: Self.rank(g.key), measure: measure, value: values[i], index: i)
        }
        // The value's places differ for every group: no two entries are equal.
        entries.sort { a, b in
            if a.rank != b.rank { return a.rank < b.rank }
            if a.measure != b.measure { return a.measure > b.measure }
            return a.value < b.value
        }
        return entries.map { groups[$0.index] }
    }

    /// Each group's place when the groups are sorted by rank, then value (`valueBefore`), then
    /// the order given.
    private static func valuePlaces(_ groups: [GroupCount]) -> [Int] {
        var order: [Int]
        let numbers = groups.indices.compactMap { i -> (rank: Int, number: Double, index: Int)? in
            switch groups[i].key {
            case .number(let x), .bucket(let x, _): (0, x, i)
            case let k where rank(k) > 0: (rank(k), 0, i)
            default: nil
            }
        }
        if numbers.count == groups.count {
            // Numbers and buckets: compared as they lie.
            order = numbers.sorted { a, b in
                if a.rank != b.rank { return a.rank < b.rank }
                if a.number != b.number { return a.number < b.number }
                return a.index < b.index
            }.map(\.index)
        } else {
            let ranks = groups.map { rank($0.key) }
            order = groups.indices.sorted { i, j in
                if ranks[i] != ranks[j] { return ranks[i] < ranks[j] }
                if valueBefore(groups[i].key, groups[j].key) { return true }
                if valueBefore(groups[j].key, groups[i].key) { return false }
                return i < j
            }
        }
        var places = [Int](repeating: 0, count: groups.count)
        for (place, i) in order.enumerated() { places[i] = place }
        return places
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
