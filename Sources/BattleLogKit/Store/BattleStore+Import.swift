import SQLiteDB

/// Records read for an import, with their values already encoded: made on the reading thread
/// (`RecordSchema.encode`), so that the writer only checks and inserts.
public struct ImportChunk: Sendable {
    public let records: [ImportedRecord]
    /// Where each record came from (a line number), for conflict messages.
    public let lines: [Int]
    let encoded: EncodedDrafts

    /// Encodes `records` with `schema` (the importing store's).
    public init(records: [ImportedRecord], lines: [Int], schema: RecordSchema) throws(StoreError) {
        self.records = records
        self.lines = lines
        encoded = try schema.encode(records.map(\.draft))
    }
}

extension BattleStore {
    /// Writes the records `produce` hands to `add` with their own ids (and their Humans with
    /// theirs) in one transaction, the summaries with them: all of them or, at the first conflict
    /// or when `produce` throws, none. Streams: memory does not grow with the number of records
    /// (only the fights whose second record has not come yet are held).
    ///
    /// Every fight must come whole (its two records, of two different Humans, each the other's
    /// opponent, or one record without an opponent), and neither a record id nor a fight id may
    /// exist already. `line` names where a record came from in conflict messages. Returns the
    /// number of records written. The chunks come from any thread; `add` runs on the caller's.
    @discardableResult
    public func importRecords(addingGroupSummariesEvery summaryChunk: Int = 50_000,
                              _ produce: (_ add: (_ chunk: ImportChunk) throws -> Void) throws -> Void) throws -> Int {
        var count = 0
        let rollbackJournal = try journalsWithoutLogWhileEmpty()
        defer { if rollbackJournal { try? setJournalMode("wal") } }
        // With a rollback journal, readers are kept out from the start (they wait to open,
        // watching the file grow), not let in to meet the lock halfway through a read.
        try writeBatch(withID: true, exclusive: rollbackJournal) { batch in
            var known = humansByID
            let insertHuman = try db.cachedStatement("INSERT INTO human(id, name, kind) VALUES (?, ?, ?)")
            let fightExists = try db.cachedStatement("SELECT 1 FROM record WHERE fight = ? LIMIT 1")
            // What the database held before: an id or a fight above these came from the file.
            let maxID = try db.scalarInt("SELECT max(id) FROM record") ?? 0
            let maxFight = try db.scalarInt("SELECT max(fight) FROM record") ?? 0
            var pairing = FightPairing()
            var lowFights = Set<Int64>(), lowIDs = Set<Int64>()
            // The highest fight this import has written: a fight above it and above the
            // database's cannot be there yet (an export's fights come in increasing order).
            var highestFight = maxFight
            try produce { chunk in
                batch.add(chunk.encoded.counts)
                for (row, r) in chunk.records.enumerated() {
                    let line = chunk.lines[row]
                    func conflict(_ message: String, naming: Bool = true) -> ImportConflict {
                        ImportConflict(message: "line \(line): record \(r.id)" + (naming ? ": " : " ") + message)
                    }
                    if r.owner.id == r.opponent?.id { throw conflict("Human \(r.owner.id) cannot fight itself") }
                    for human in [r.owner, r.opponent].compactMap({ $0 }) {
                        if let existing = known[human.id] {
                            guard existing == human else {
                                throw conflict("Human \(human.id) is \"\(MessageText.cut(existing.name))\" (\(existing.kindText)) here, \"\(MessageText.cut(human.name))\" (\(human.kindText)) in the file")
                            }
                            continue
                        }
                        // A name belongs to one Human (the roster's names are unique).
                        if let clash = known.values.first(where: { $0.name == human.name }) {
                            throw conflict("Human \(human.id) \"\(MessageText.cut(human.name))\" in the file is Human \(clash.id) here; a name belongs to one Human (import into a new database, --db NEW.sqlite)")
                        }
                        try insertHuman.execute([human.id, human.name, human.kindText])
                        known[human.id] = human
                    }
                    let d = r.draft
                    switch pairing.add(r, line: line) {
                    case .opened:
                        // A fight's first record in the file: the fight must be new here.
                        if d.fight <= highestFight && (d.fight > maxFight || !lowFights.contains(d.fight)) {
                            if try fightExists.first([d.fight], { _ in true }) != nil {
                                throw conflict("fight \(d.fight) already exists in the database; import into a new database (--db NEW.sqlite)")
                            }
                        }
                        if d.fight <= maxFight { lowFights.insert(d.fight) }
                        highestFight = max(highestFight, d.fight)
                    case .closed: break
                    case .refused(let why): throw conflict(why)
                    }
                    do {
                        try batch.write(chunk.encoded, row: row, id: r.id, fight: d.fight)
                    } catch let e as SQLiteError where e.isUniqueConstraint {
                        if r.id > maxID || lowIDs.contains(r.id) { throw conflict("appears twice in the file", naming: false) }
                        throw conflict("already exists in the database; import into a new database (--db NEW.sqlite), or leave that record out", naming: false)
                    }
                    if r.id <= maxID { lowIDs.insert(r.id) }
                    count += 1
                }
                if batch.groups.records >= summaryChunk { try addGroupSummariesSoFar(of: &batch) }
            }
            if let open = pairing.firstOpen {
                throw ImportConflict(message: "line \(open.line): record \(open.id): fight \(open.fight) has only this record in the file; a fight is imported with both its records (an export of the whole log, `battlelog export`; a Human's list or a filter's matches hold one side of most fights)")
            }
        }
        return count
    }

    /// Into a database with no records, the import's one transaction keeps a rollback journal
    /// instead of the WAL while it runs: pages added past the file's end need no journal, so
    /// the records are written once, where the WAL held them all (8 GB at 10,000,000 records,
    /// and its index in memory) and then copied them into the file. All or nothing still: a kill
    /// leaves a hot journal that the next open rolls back. Readers cannot read beside a rollback
    /// journal's writer: the transaction is exclusive, and an open waits for it (see
    /// `StoreFile.open`). False (the WAL kept) when the
    /// database has records, or another connection has it open (the switch needs it alone).
    private func journalsWithoutLogWhileEmpty() throws(StoreError) -> Bool {
        let empty = try run { try db.scalarInt("SELECT EXISTS (SELECT 1 FROM record)") == 0 }
        guard empty, !db.isReadOnly else { return false }
        // Asked without waiting: a reader on the file keeps the WAL, at once.
        return db.withoutWaiting(busyTimeoutMilliseconds: StoreFile.busyMilliseconds) { (try? setJournalMode("delete")) == true }
    }

    /// Sets the journal mode; true when the database took it.
    @discardableResult
    private func setJournalMode(_ mode: String) throws -> Bool {
        let now = try db.prepare("PRAGMA journal_mode = \(mode)").first { $0.string(0) ?? "" }
        return now?.lowercased() == mode
    }

    /// Writes `records` (in memory) the same way; their positions stand for lines.
    public func importRecords(_ records: [ImportedRecord], addingGroupSummariesEvery summaryChunk: Int = 50_000,
                              chunk size: Int = 1_000) throws {
        let chunks = try stride(from: 0, to: records.count, by: max(1, size)).map { start in
            let part = Array(records[start..<min(records.count, start + size)])
            return try ImportChunk(records: part, lines: part.indices.map { start + $0 + 1 }, schema: schema)
        }
        try importRecords(addingGroupSummariesEvery: summaryChunk) { add in for chunk in chunks { try add(chunk) } }
    }
}

/// Checks, as records stream in, that every fight comes whole: its first record opens it, the
/// second (each the other's opponent) closes it; a record without an opponent is a fight alone.
/// Only open fights are held. A fight met again after it closed is refused.
struct FightPairing {
    struct Open { let id: Int64; let fight: Int64; let owner: Int64; let opponent: Int64?; let line: Int }
    enum Outcome: Equatable { case opened, closed, refused(String) }

    private var open: [Int64: Open] = [:]
    /// Fights seen whole, kept only to name the problem when one comes back (a one-sided fight
    /// or a third record): their records' count and whether the first had an opponent.
    private var closed: [Int64: (count: Int, oneSided: Bool)] = [:]

    mutating func add(_ r: ImportedRecord, line: Int) -> Outcome {
        let fight = r.draft.fight
        if let c = closed[fight] {
            closed[fight] = (c.count + 1, c.oneSided)
            return c.oneSided || r.opponent == nil
                ? .refused("fight \(fight) has a record without an opponent and another record; a one-sided record is a fight of its own")
                : .refused("fight \(fight) has \(c.count + 1) records in the file; a fight has two")
        }
        guard let first = open.removeValue(forKey: fight) else {
            if r.opponent == nil { remember(fight, count: 1, oneSided: true); return .opened }
            open[fight] = Open(id: r.id, fight: fight, owner: r.owner.id, opponent: r.opponent?.id, line: line)
            return .opened
        }
        remember(fight, count: 2, oneSided: false)
        if r.opponent == nil {
            return .refused("fight \(fight) has a record without an opponent and another record; a one-sided record is a fight of its own")
        }
        if first.owner != r.opponent?.id || first.opponent != r.owner.id {
            return .refused("fight \(fight)'s two records are not each other's opponent")
        }
        return .closed
    }

    /// Closed fights are remembered for the recent past only (constant memory): a fight's
    /// records come together in an export; one far apart is still refused by the database check.
    private mutating func remember(_ fight: Int64, count: Int, oneSided: Bool) {
        if closed.count >= 4096 { closed.removeAll(keepingCapacity: true) }
        closed[fight] = (count, oneSided)
    }

    /// The first fight still waiting for its second record (by line).
    var firstOpen: Open? { open.values.min { $0.line < $1.line } }
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
