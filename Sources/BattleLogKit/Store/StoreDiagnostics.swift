import SQLiteDB

/// What `doctor` asks of a store (`store.diagnostics`): each check reports its problems as
/// lines. Run them inside `readSnapshot` so that they agree.
public struct StoreDiagnostics {
    let store: BattleStore
    private var db: Database { store.db }
    private func run<T>(_ body: () throws -> T) throws(StoreError) -> T { try store.run(body) }

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

extension StoreDiagnostics {
    /// Records whose derived columns disagree with the values they come from, as
    /// "record N: rolls_max is 12, its dice say 30" (doctor; a full scan).
    public func derivedColumnProblems(limit: Int = 100) throws(StoreError) -> [String] {
        try run {
            let pending = try ModelColumns.pending(on: db)
            var problems: [String] = []
            for resolved in store.resolvedAttributes where !resolved.derived.isEmpty {
                let checked = resolved.derived.indices.filter { !pending.contains(resolved.derived[$0].column.column) }
                guard !checked.isEmpty else { continue }
                try store.forEachDerivation(of: resolved, extra: checked.map { resolved.derived[$0].column.column }) { id, row, derived in
                    guard problems.count < limit else { return }
                    for (k, i) in checked.enumerated() {
                        let d = resolved.derived[i]
                        let expected = derived[i]
                        let stored = row.value(Int32(2 + k))
                        if !BattleStore.sameDerived(stored, expected) {
                            problems.append("record \(id): \(d.column.column) is \(ColumnDecoding.describe(stored)), its \(resolved.attribute.name) gives \(ColumnDecoding.describe(expected)) (battlelog doctor --repair recomputes it)")
                            break
                        }
                    }
                }
            }
            return problems
        }
    }

    /// Humans whose stored row a column cannot hold, as "human N: what is wrong".
    public var humanProblems: [String] {
        store.humansByID.values.sorted { $0.id < $1.id }.compactMap { h in h.damage.map { "human \(h.id): \($0)" } }
    }
}

extension BattleStore {
    /// The checks `doctor` runs.
    public var diagnostics: StoreDiagnostics { StoreDiagnostics(store: self) }
}

extension StoreDiagnostics {
    /// Fights whose two timelines contradict themselves, the record's result or its duration
    /// (`FightTimeline.contradiction`), or of which only one record has a timeline, as "fight N:
    /// why". Fights without timelines (written before them, imported from Core Data) and
    /// damaged values (the decode names those) are left to the other checks. A scan of the
    /// fight index; nothing when the model has no attribute of type `Timeline`.
    public func timelineProblems(limit: Int = 100) throws(StoreError) -> [String] {
        let attributes = store.resolvedAttributes
        let schema = store.schema
        guard let timeline = schema.index(ofValueType: "Timeline"),
              let duration = attributes.firstIndex(where: { $0.attribute.valueClassName == "MediaTime" && !$0.attribute.isOptional }),
              let dice = schema.index(ofValueType: "[Int]") else { return [] }
        let column = { (i: Int) in attributes[i].attribute.column }
        return try run {
            var problems: [String] = []
            try db.prepare("""
                SELECT a.fight, a.result, a.\(column(duration)), a.\(column(dice)), a.\(column(timeline)), b.\(column(timeline))
                FROM record a JOIN record b ON b.fight = a.fight AND b.id > a.id
                WHERE a.\(column(timeline)) IS NOT NULL OR b.\(column(timeline)) IS NOT NULL
                """).forEachRow { row in
                guard problems.count < limit else { return }
                let fight = row.value(0)
                let name = if case .integer(let f) = fight { "fight \(f)" } else { "fight \(fight.typeName)" }
                guard case .text(let first) = row.value(4), case .text(let second) = row.value(5) else {
                    problems.append("\(name): only one of its two records has a timeline")
                    return
                }
                func decode<T>(_ i: Int, _ value: SQLiteValue) -> T? {
                    guard case .text(let text) = value else { return nil }
                    return (try? attributes[i].transformer.value(fromStored: text, range: attributes[i].range)) as? T
                }
                guard let a: Timeline = decode(timeline, .text(first)), let b: Timeline = decode(timeline, .text(second)),
                      let result = row.string(1).flatMap(FightResult.init(rawValue:)),
                      let time: MediaTime = decode(duration, row.value(2)), let rolls: [Int] = decode(dice, row.value(3)) else { return }
                if let why = FightTimeline(a, b).contradiction(result: result, duration: time, dice: rolls.count) {
                    problems.append("\(name): its timeline contradicts itself: \(why)")
                }
            }
            return problems
        }
    }
}
