import SQLiteDB

/// What `doctor` asks of a store. Run them inside `readSnapshot` so that they agree.
extension BattleStore {
    /// `PRAGMA integrity_check`: "ok", or SQLite's list of problems.
    public func integrityCheck() throws(StoreError) -> [String] {
        try run { try db.prepare("PRAGMA integrity_check").map { $0.string(0) ?? "" } }
    }

    /// Foreign keys that point nowhere (`PRAGMA foreign_key_check`), as "table rowid -> parent".
    public func foreignKeyProblems() throws(StoreError) -> [String] {
        try run {
            try db.prepare("PRAGMA foreign_key_check").map { row in
                "\(row.string(0) ?? "?") row \(row.int64(1)) refers to a missing \(row.string(2) ?? "?")"
            }
        }
    }

    /// Fights that are not two records of two different Humans, each the other's opponent (or one
    /// record without an opponent: one side imported from a Core Data store), as "fight N: why"
    /// (a scan of the fight index).
    public func fightProblems(limit: Int = 100) throws(StoreError) -> [String] {
        try run {
            try db.prepare("""
                SELECT fight, count(*), count(DISTINCT owner_id), min(owner_id), max(owner_id), count(opponent_id)
                FROM record GROUP BY fight
                HAVING NOT (count(*) = 1 AND count(opponent_id) = 0)
                   AND (count(*) != 2 OR count(opponent_id) != 2 OR count(DISTINCT owner_id) != 2
                        OR min(owner_id) IS NOT min(opponent_id) OR max(owner_id) IS NOT max(opponent_id))
                LIMIT ?
                """).map([limit]) { row in
                let fight = row.value(0)
                let name = if case .integer(let f) = fight { "fight \(f)" } else { "fight \(fight.typeName)" }
                if row.int(1) != 2 { return "\(name) has \(row.int(1)) records (a fight has two, or one without an opponent)" }
                if row.int(5) != 2 { return "\(name): one of its two records has no opponent" }
                if row.int(2) != 2 { return "\(name): both records belong to Human \(row.int64(3))" }
                return "\(name): its two records are not each other's opponent"
            }
        }
    }
}

extension BattleStore {
    /// Humans whose stored row a column cannot hold, as "human N: what is wrong".
    public var humanProblems: [String] {
        humansByID.values.sorted { $0.id < $1.id }.compactMap { h in h.damage.map { "human \(h.id): \($0)" } }
    }
}
