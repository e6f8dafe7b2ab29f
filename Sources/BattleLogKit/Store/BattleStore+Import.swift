import SQLiteDB

extension BattleStore {
    /// Writes imported records with their own ids (and their Humans with theirs) in one
    /// transaction: all of them or, on any conflict, none.
    public func importRecords(_ records: [RecordJSON.Imported]) throws(StoreError) {
        try ensureWritable()
        try run {
            try db.transaction {
                var known = humansByID
                let insertHuman = try db.cachedStatement("INSERT INTO human(id, name, kind) VALUES (?, ?, ?)")
                for human in records.flatMap({ [$0.owner, $0.opponent] }) {
                    if let existing = known[human.id] {
                        guard existing == human else {
                            throw ImportConflict(message: "Human \(human.id) is \"\(existing.name)\" (\(existing.kind.rawValue)) here, \"\(human.name)\" (\(human.kind.rawValue)) in the file")
                        }
                        continue
                    }
                    try insertHuman.execute([human.id, human.name, human.kind.rawValue])
                    known[human.id] = human
                }
                let insert = try db.cachedStatement("""
                    INSERT INTO record(id, fight, owner_id, opponent_id, date, result, duration, random_numbers, using_magic)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """)
                for r in records {
                    let d = r.draft
                    try insert.execute([r.id, d.fight, d.ownerID, d.opponentID, d.date, d.result.rawValue,
                                        durationTransformer.storedForm(of: d.duration),
                                        diceTransformer.storedForm(of: d.randomNumbers),
                                        d.usingMagic.map { magicTransformer.storedForm(of: $0) }])
                }
            }
        }
        try rebuildSummaries()
        try reloadHumans()
    }
}

/// An import that would overwrite different data.
struct ImportConflict: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}
