import SQLiteDB

/// The one write path of a batch of records, inside one transaction: each record through the
/// model's insert (`RecordWriter`: its columns, stored forms and derived query columns), the
/// Humans' tallies and the model's summaries gathered as it goes and added at the end.
/// Simulate, import and the Core Data import all write through it (`BattleStore.writeBatch`).
struct BatchWriter {
    private var writer: RecordWriter
    private var counts: BatchCounts
    /// One record's inputs, by attribute index (a buffer reused for every record).
    private var inputs: [AttributeInput]

    init(db: Database, attributes: [ResolvedAttribute], withID: Bool) throws {
        writer = try RecordWriter(db: db, attributes: attributes, withID: withID)
        counts = BatchCounts(attributes: attributes)
        inputs = Array(repeating: .absent, count: attributes.count)
    }

    /// Writes one record; `input(i)` gives the model's i-th transformable attribute. Returns how
    /// many of its values go in as damage.
    @discardableResult
    mutating func write(id: Int64? = nil, fight: Int64, owner: Int64, opponent: Int64?, date: SQLiteValue,
                        result: FightResult, _ input: (Int) -> AttributeInput) throws -> Int {
        for i in inputs.indices { inputs[i] = input(i) }
        var derived: [[SQLiteValue]] = Array(repeating: [], count: inputs.count)
        let damaged = try writer.write(id: id, fight: fight, owner: owner, opponent: opponent, date: date,
                                       result: result, input: { inputs[$0] }, bound: { derived[$0] = Array($1) })
        counts.add(owner: owner, result: result) { inputs[$0].value }
        counts.groups.add(owner: owner, opponent: opponent, date: date, result: result) { i in
            switch inputs[i] {
            case .value(let v): .value(v, derived: derived[i][...])
            case .absent: .absent
            case .raw: .raw
            }
        }
        return damaged
    }

    /// Writes record `row` of a batch encoded beforehand; its counts are added with `add`.
    @discardableResult
    mutating func write(_ batch: EncodedDrafts, row: Int, id: Int64? = nil, fight: Int64) throws -> Int {
        try writer.write(batch, row: row, id: id, fight: fight)
    }

    /// Adds tallies and summaries counted beforehand (`EncodedDrafts.counts`).
    mutating func add(_ counted: BatchCounts) { counts.merge(counted) }

    /// The batch's group summaries, gathered as it was written.
    var groups: GroupSummaryDelta { counts.groups }

    /// The last record id before the records whose group summaries `groups` holds.
    var groupsAfter: Int64 = 0

    /// Takes the group summaries gathered so far and starts afresh (a long batch adds them to the
    /// table as it goes).
    mutating func takeGroups() -> GroupSummaryDelta {
        defer { counts.groups = counts.groups.emptied() }
        return counts.groups
    }

    /// Adds the batch's tallies and summaries (before the transaction commits).
    func finish(on db: Database) throws {
        // Text bound in place belongs to the batch's caller: the statement lets go of it.
        writer.clearBindings()
        try counts.apply(to: db)
    }
}

/// A batch's wins, losses and draws by Human, and the model's summaries of its values.
struct BatchCounts: Sendable {
    private var tallies: [Int64: BattleStore.Tally] = [:]
    private var summary: SummaryDelta
    /// The group summaries' rows (added by the caller, who has the record's every column).
    var groups: GroupSummaryDelta

    init(attributes: [ResolvedAttribute]) {
        summary = SummaryDelta(attributes: attributes.map(\.attribute))
        groups = GroupSummaryDelta(attributes: attributes)
    }

    /// Counts one record; `value(i)` is the model's i-th attribute's value (nil: none).
    mutating func add(owner: Int64, result: FightResult, _ value: (Int) -> (any Sendable)?) {
        tallies[owner, default: BattleStore.Tally()].add(result)
        summary.add(value)
    }

    mutating func merge(_ other: BatchCounts) {
        tallies.merge(other.tallies) { a, b in
            BattleStore.Tally(wins: a.wins + b.wins, losses: a.losses + b.losses, draws: a.draws + b.draws)
        }
        summary.merge(other.summary)
        groups.merge(other.groups)
    }

    func apply(to db: Database) throws {
        try summary.apply(to: db)
        try BattleStore.addTallies(tallies, on: db)
    }
}

extension BattleStore {
    /// Runs `body` with a batch writer inside one write transaction, then adds the batch's
    /// tallies and summaries (the group summaries too), commits, and reads the Humans again when
    /// the batch may have added some (`reloadsHumans`). Everything or nothing: a throw
    /// from `body` rolls the batch back. A conflict `body` finds is a `StoreError.conflict`, an
    /// SQLite failure is classified against the store's file.
    func writeBatch<T>(withID: Bool = false, reloadsHumans: Bool = true, exclusive: Bool = false,
                       _ body: (inout BatchWriter) throws -> T) throws(StoreError) -> T {
        try ensureWritable()
        var outcome: T?
        do {
            // The log's bound is checked again holding the write lock: writers beside each other
            // cannot all pass it at once (see `WALBound`).
            while outcome == nil {
                try keepTheLogBounded()
                outcome = try db.transaction(exclusive: exclusive) { () throws -> T? in
                    guard WALBound.logBytes(of: path) <= WALBound.bytes else { return nil }
                    var batch = try BatchWriter(db: db, attributes: resolvedAttributes, withID: withID)
                    batch.groupsAfter = try lastRecordID()
                    let outcome = try body(&batch)
                    try batch.finish(on: db)
                    try extendGroupSummaries(afterBatchFrom: batch.groupsAfter, gathered: batch.groups)
                    return outcome
                }
            }
        } catch let e as StoreError {
            throw e
        } catch let e as ImportConflict {
            throw .conflict(e.message)
        } catch {
            throw StoreError(classifying: error, path: path, creating: false)
        }
        if reloadsHumans { try reloadHumans() }
        return outcome!
    }

    /// Inside a long batch (an import is one): adds the group summaries gathered so far to the
    /// table, within the batch's transaction, and gathers afresh. What the batch holds then
    /// stays bounded whatever its length: an import of 10,000,000 records gathered a row per
    /// day of the file (105,856) until its commit.
    func addGroupSummariesSoFar(of batch: inout BatchWriter) throws {
        try extendGroupSummaries(afterBatchFrom: batch.groupsAfter, gathered: batch.takeGroups())
        batch.groupsAfter = try lastRecordID()
    }
}
