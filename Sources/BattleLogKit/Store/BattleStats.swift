import SQLiteDB
/// What `stats` shows: per Human wins, losses, draws and win rate; totals; how often each
/// formula and gate was used; how often each die value was rolled.
public struct BattleStats: Sendable, Equatable {
    /// One Human's line: wins, losses, draws.
    public struct HumanLine: Sendable, Equatable {
        public let human: Human
        public let tally: BattleStore.Tally
    }

    /// How many records used one formula (`type` "hero") or one gate (`type` "villain").
    public struct Usage: Sendable, Equatable {
        public let type: String
        public let name: String
        public let uses: Int
    }

    public var humans: [HumanLine]
    public var records: Int
    public var fights: Int
    /// Most used first, then by name.
    public var magicUsage: [Usage]
    /// Roll value -> times rolled (over all records).
    public var dice: [Int: Int]

    /// Usage of one magic type (`"hero"` formulas, `"villain"` gates), most used first.
    public func usage(ofType type: String) -> [Usage] { magicUsage.filter { $0.type == type } }

    /// The figures from the summaries the writer keeps: cheap at any size. Counting distinct
    /// fights reads the fight index (about 0.1 s per million records): skip it where speed
    /// matters (`fights` is then 0).
    public static func fromSummaries(_ store: BattleStore, fights counting: FightCounting = .fromTallies) throws(StoreError) -> BattleStats {
        let tallies = try store.tallies()
        let humans = store.humans.map { HumanLine(human: $0, tally: tallies[$0.id] ?? .init()) }
        let records = humans.map(\.tally.total).saturatingSum()
        let (usage, dice) = try store.readSummaries()
        let fights = switch counting {
        case .none: 0
        // Every fight is two records with opponents or one without (doctor checks it): no scan.
        case .fromTallies: fightsFromTallies(records: records, oneSided: try store.oneSidedRecordCount())
        case .distinct: try store.fightCount()
        }
        return BattleStats(humans: humans, records: records, fights: fights, magicUsage: usage, dice: dice)
    }

    /// Fights from the records' count: two-sided records in pairs, one-sided ones alone. Tallies a
    /// hostile file made absurd give a figure that never traps (doctor names the damage).
    static func fightsFromTallies(records: Int, oneSided: Int) -> Int {
        let (twoSided, overflow) = records.subtractingReportingOverflow(oneSided)
        return [overflow ? 0 : max(0, twoSided) / 2, oneSided].saturatingSum()
    }

    /// How `fromSummaries` counts the fights.
    public enum FightCounting: Sendable {
        /// Not at all (0).
        case none
        /// From the records' count and the one-sided ones (an index lookup; what `stats` shows).
        case fromTallies
        /// The distinct fight ids, over the whole fight index (what a scan finds; doctor).
        case distinct
    }

    /// The same figures from a scan of every record (for checking the summaries); `each` sees
    /// every record on the way, so that a caller checking records needs no second pass.
    public static func fromScan(_ store: BattleStore, each: (Record) -> Void = { _ in }) throws -> BattleStats {
        try fromScan(store, extraColumns: []) { r, _ in each(r) }
    }

    /// As `fromScan(_:each:)`, handing `each` the row too, with `extraColumns` after the record's.
    static func fromScan(_ store: BattleStore, extraColumns: [String], each: (Record, Row) -> Void) throws -> BattleStats {
        var tallies: [Int64: BattleStore.Tally] = [:]
        // The summaries gathered as the writer gathers them, from the model's declarations.
        var summary = SummaryDelta(attributes: store.schema.attributes)
        var records = 0
        try store.forEachRecord(extraColumns: extraColumns) { r, row in
            each(r, row)
            records += 1
            if let result = r.result { tallies[r.owner.id, default: .init()].add(result) }
            summary.add { i in r.transformables[i].value ?? nil }
        }
        let humans = store.humans.map { HumanLine(human: $0, tally: tallies[$0.id] ?? .init()) }
        let usage = summary.magicUses.map { Usage(type: $0.key.type, name: $0.key.name, uses: $0.value) }
        // The fights over the fight index, not a set of every id: the scan stays in constant memory.
        return BattleStats(humans: humans, records: records, fights: try store.fightCount(), magicUsage: sortUsage(usage), dice: summary.dice)
    }

    static func sortUsage(_ u: [Usage]) -> [Usage] {
        u.sorted { ($1.uses, $0.type, $0.name) < ($0.uses, $1.type, $1.name) }
    }
}

extension BattleStore {
    func readSummaries() throws(StoreError) -> ([BattleStats.Usage], [Int: Int]) {
        try run {
            let usage = try db.cachedStatement("SELECT type, name, uses FROM \(StoreModel.SummaryKind.magicUsage.table)").map { row in
                BattleStats.Usage(type: row.string(0) ?? "", name: row.string(1) ?? "", uses: row.int(2))
            }
            var dice: [Int: Int] = [:]
            try db.cachedStatement("SELECT roll, times FROM \(StoreModel.SummaryKind.diceCount.table)").forEachRow { dice[$0.int(0)] = $0.int(1) }
            return (BattleStats.sortUsage(usage), dice)
        }
    }

    /// Records without an opponent (imported one-sided): a count over the opponent index.
    public func oneSidedRecordCount() throws(StoreError) -> Int {
        try run { Int(try db.scalarInt("SELECT count(*) FROM record WHERE opponent_id IS NULL") ?? 0) }
    }

    /// The number of fights: distinct fight ids, counted over the fight index.
    public func fightCount() throws(StoreError) -> Int {
        try run { Int(try db.scalarInt("SELECT count(DISTINCT fight) FROM record") ?? 0) }
    }
}
