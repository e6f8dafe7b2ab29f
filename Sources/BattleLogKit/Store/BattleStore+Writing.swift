import SQLiteDB

/// Writing records: fight ids assigned in the transaction, tallies and summaries kept with them.
extension BattleStore {
    /// The next unused fight number (a hint: `insert` assigns the real ones).
    public func nextFightID() throws(StoreError) -> Int64 {
        try run { (try db.scalarInt("SELECT max(fight) FROM record") ?? 0) + 1 }
    }

    /// Writes `drafts` in one transaction, keeping the Humans' tallies and the summaries, and
    /// returns the new ids.
    ///
    /// The drafts' fight numbers only group them: inside the transaction, each group gets the
    /// next unused fight id, in order of first appearance, so any number of writers in any
    /// processes never share one.
    @discardableResult
    public func insert(_ drafts: [RecordDraft]) throws(StoreError) -> [Int64] {
        try insert(try schema.encode(drafts))
    }

    /// Writes drafts encoded beforehand (on any thread, with this store's `schema`), as `insert`.
    @discardableResult
    public func insert(_ encoded: EncodedDrafts) throws(StoreError) -> [Int64] {
        try insert([encoded])
    }

    /// Writes several encoded pieces in one transaction, as one batch: the encoder makes a large
    /// batch a thousand fights at a time, so that it never holds the whole batch's drafts.
    @discardableResult
    public func insert(_ pieces: [EncodedDrafts]) throws(StoreError) -> [Int64] {
        var i = 0
        return try insert(pieces: pieces.count) { () throws(StoreError) -> EncodedDrafts in
            defer { i += 1 }
            return pieces[i]
        }
    }

    /// Writes `count` encoded pieces in one transaction, as one batch, each asked of `next` when
    /// the one before is written and let go then: the batch's pieces are never all held. An error
    /// from `next` rolls the batch back.
    @discardableResult
    public func insert(pieces count: Int, _ next: () throws(StoreError) -> EncodedDrafts) throws(StoreError) -> [Int64] {
        try writeBatch(reloadsHumans: false) { batch in
            let firstFight = (try db.scalarInt("SELECT max(fight) FROM record") ?? 0) + 1
            var fights: [Int64: Int64] = [:]
            var ids: [Int64] = []
            for _ in 0..<count {
                let encoded = try next()
                batch.add(encoded.counts)
                for (n, draft) in encoded.rows.enumerated() {
                    let fight: Int64
                    if let known = fights[draft.fight] { fight = known } else {
                        fight = firstFight + Int64(fights.count)
                        fights[draft.fight] = fight
                    }
                    try batch.write(encoded, row: n, fight: fight)
                    ids.append(db.lastInsertRowID)
                }
            }
            return ids
        }
    }

    /// Adds wins, losses and draws to the Humans' kept tallies (inside the caller's transaction).
    static func addTallies(_ tallies: [Int64: Tally], on db: Database) throws {
        let update = try db.cachedStatement(
            "UPDATE human SET wins = wins + ?, losses = losses + ?, draws = draws + ? WHERE id = ?")
        for (id, t) in tallies { try update.execute([t.wins, t.losses, t.draws, id]) }
    }
}
