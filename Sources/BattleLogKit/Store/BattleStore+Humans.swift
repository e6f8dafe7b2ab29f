import SQLiteDB
import BattleLogFoundation

/// The roster, the tallies the writer keeps, and rebuilding the summaries.
extension BattleStore {
    /// Reloads the roster from the database.
    public func reloadHumans() throws(StoreError) {
        let rows = try run {
            try db.cachedStatement("SELECT id, name, kind FROM human").map { Self.decodeHuman($0) }
        }
        humansByID = Dictionary(rows.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
    }

    /// Every Human, heroes first, then by name.
    public var humans: [Human] {
        humansByID.values.sorted { ($0.kind == .hero ? 0 : 1, $0.name, $0.id) < ($1.kind == .hero ? 0 : 1, $1.name, $1.id) }
    }

    /// The Human called `name`: exactly, else the one whose name `battlelog names` prints as
    /// `name` (control characters escaped, so that a name copied or completed from it comes
    /// back), else ignoring case when only one name matches so.
    public func human(named name: String) -> Human? {
        if let exact = humansByID.values.first(where: { $0.name == name }) { return exact }
        if let shown = humansByID.values.first(where: { SafeText.escape($0.name) == name }) { return shown }
        let folded = humansByID.values.filter { FilterText.sameName($0.name, name) }
        return folded.count == 1 ? folded[0] : nil
    }

    /// Adds Humans (in one transaction) and returns them with their ids.
    @discardableResult
    public func insertHumans(_ humans: [Human]) throws(StoreError) -> [Human] {
        try ensureWritable()
        let inserted = try run {
            try db.transaction {
                let insert = try db.cachedStatement("INSERT INTO human(name, kind) VALUES (?, ?)")
                return try humans.map { human -> Human in
                    try insert.execute([human.name, human.kindText])
                    return Human(id: db.lastInsertRowID, name: human.name, kind: human.kind, damage: nil)
                }
            }
        }
        try reloadHumans()
        return inserted
    }

    /// Deletes a Human and, by cascade, every record it owns or fought in; the summaries are
    /// rebuilt in the same transaction.
    public func deleteHuman(id: Int64) throws(StoreError) {
        try ensureWritable()
        try run {
            try db.transaction {
                try db.execute("DELETE FROM human WHERE id = ?", [id])
                try rebuildSummariesInTransaction()
            }
        }
        try reloadHumans()
    }

    /// Wins, losses and draws of one Human, as the writer keeps them.
    public struct Tally: Sendable, Equatable {
        public var wins = 0, losses = 0, draws = 0
        public init(wins: Int = 0, losses: Int = 0, draws: Int = 0) {
            self.wins = wins; self.losses = losses; self.draws = draws
        }
        public var total: Int { [wins, losses, draws].saturatingSum() }
        /// Wins over all records, 0 when there are none.
        public var winRate: Double { total == 0 ? 0 : max(0, min(1, Double(wins) / Double(total))) }
        public mutating func add(_ result: FightResult) {
            switch result {
            case .win: wins += 1
            case .loss: losses += 1
            case .draw: draws += 1
            }
        }
    }

    /// Every Human's tally, kept by the writer (no scan of the records).
    public func tallies() throws(StoreError) -> [Int64: Tally] {
        try run {
            var result: [Int64: Tally] = [:]
            try db.cachedStatement("SELECT id, wins, losses, draws FROM human").forEachRow { row in
                result[row.int64(0)] = Tally(wins: row.int(1), losses: row.int(2), draws: row.int(3))
            }
            return result
        }
    }

    /// Recomputes the tallies, magic usage and dice counts from the records: a full scan, in one
    /// transaction (`doctor --repair`).
    public func rebuildSummaries() throws(StoreError) {
        try ensureWritable()
        try run { try db.transaction { try rebuildSummariesInTransaction() } }
    }

    /// The rebuild itself, inside the caller's transaction.
    func rebuildSummariesInTransaction() throws {
        try db.execute(script: """
            UPDATE human SET
              wins = (SELECT count(*) FROM record WHERE owner_id = human.id AND result = 'win'),
              losses = (SELECT count(*) FROM record WHERE owner_id = human.id AND result = 'loss'),
              draws = (SELECT count(*) FROM record WHERE owner_id = human.id AND result = 'draw');
            DELETE FROM \(StoreModel.SummaryKind.magicUsage.table);
            DELETE FROM \(StoreModel.SummaryKind.diceCount.table);
            """)
        // From the model's summary declarations, as the writer keeps them.
        var summary = SummaryDelta(attributes: schema.attributes)
        try forEachRecord { record in
            summary.add { i in record.transformables[i].value ?? nil }
        }
        try recomputeDerivedColumns()
        try summary.apply(to: db)
        // The records' changes above dropped the group summaries (their triggers): made again.
        try catchUpGroupSummaries(inTransaction: true)
    }
}
