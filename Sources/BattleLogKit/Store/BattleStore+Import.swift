import SQLiteDB

extension BattleStore {
    /// Writes imported records with their own ids (and their Humans with theirs) in one
    /// transaction, the summaries with them: all of them or, on any conflict, none.
    ///
    /// Every fight must come whole (its two records, of two different Humans, each the other's
    /// opponent, or one record without an opponent), and neither a record id nor a fight id may
    /// exist already.
    public func importRecords(_ records: [RecordJSON.Imported]) throws(StoreError) {
        try ensureWritable()
        try Self.checkWholeFights(records)
        try run {
            try db.transaction {
                var known = humansByID
                let insertHuman = try db.cachedStatement("INSERT INTO human(id, name, kind) VALUES (?, ?, ?)")
                for human in records.flatMap({ [$0.owner, $0.opponent].compactMap { $0 } }) {
                    if let existing = known[human.id] {
                        guard existing == human else {
                            throw ImportConflict(message: "Human \(human.id) is \"\(MessageText.cut(existing.name))\" (\(existing.kindText)) here, \"\(MessageText.cut(human.name))\" (\(human.kindText)) in the file")
                        }
                        continue
                    }
                    try insertHuman.execute([human.id, human.name, human.kindText])
                    known[human.id] = human
                }
                let fightExists = try db.cachedStatement("SELECT 1 FROM record WHERE fight = ? LIMIT 1")
                let insert = try db.cachedStatement("""
                    INSERT INTO record(id, fight, owner_id, opponent_id, date, result, duration, random_numbers, using_magic)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """)
                var tallies: [Int64: Tally] = [:]
                var summary = SummaryDelta()
                var checkedFights = Set<Int64>()
                for r in records {
                    let d = r.draft
                    if checkedFights.insert(d.fight).inserted, try fightExists.first([d.fight], { _ in true }) != nil {
                        throw ImportConflict(message: "record \(r.id): fight \(d.fight) already exists in the database; import into a new database (--db NEW.sqlite)")
                    }
                    do {
                        try insert.execute([r.id, d.fight, d.ownerID, d.opponentID, d.date, d.result.rawValue,
                                            durationTransformer.storedForm(of: d.duration),
                                            diceTransformer.storedForm(of: d.randomNumbers),
                                            d.usingMagic.map { magicTransformer.storedForm(of: $0) }])
                    } catch let e as SQLiteError where e.isUniqueConstraint {
                        throw ImportConflict(message: "record \(r.id) already exists in the database; import into a new database (--db NEW.sqlite), or leave that record out")
                    }
                    tallies[d.ownerID, default: Tally()].add(d.result)
                    if let magic = d.usingMagic { summary.addMagic(magic) }
                    summary.addDice(d.randomNumbers)
                }
                try summary.apply(to: db)
                try Self.addTallies(tallies, on: db)
            }
        }
        try reloadHumans()
    }

    /// Refuses a file whose fights are not whole: the store keeps every fight as its two records.
    static func checkWholeFights(_ records: [RecordJSON.Imported]) throws(StoreError) {
        var byFight: [Int64: [RecordJSON.Imported]] = [:]
        for r in records {
            if r.owner.id == r.opponent?.id {
                throw .conflict("record \(r.id): Human \(r.owner.id) cannot fight itself")
            }
            byFight[r.draft.fight, default: []].append(r)
        }
        for r in records {
            let pair = byFight[r.draft.fight] ?? []
            if pair.count == 1 && r.opponent == nil { continue }
            if pair.count > 1, let lone = pair.first(where: { $0.opponent == nil }) {
                throw .conflict("record \(lone.id): fight \(r.draft.fight) has a record without an opponent and another record; a one-sided record is a fight of its own")
            }
            if pair.count == 1 {
                throw .conflict("record \(r.id): fight \(r.draft.fight) has only this record in the file; a fight is imported with both its records (export without --where)")
            }
            if pair.count > 2 {
                throw .conflict("record \(r.id): fight \(r.draft.fight) has \(pair.count) records in the file; a fight has two")
            }
            let other = pair[0].id == r.id ? pair[1] : pair[0]
            if other.owner.id != r.opponent?.id || other.opponent?.id != r.owner.id {
                throw .conflict("record \(r.id): fight \(r.draft.fight)'s two records are not each other's opponent")
            }
        }
    }
}

/// An import that would overwrite different data.
struct ImportConflict: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}

/// Values quoted in messages, cut so that a 20 MB name does not make a 20 MB error line.
public enum MessageText {
    /// `text` whole when short, else its first 60 characters and the length.
    public static func cut(_ text: String, to limit: Int = 60) -> String {
        let count = text.count
        guard count > limit else { return text }
        return String(text.prefix(limit)) + "… (\(count) characters)"
    }
}
