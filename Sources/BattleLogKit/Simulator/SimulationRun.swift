import Foundation

/// Progress of a simulation, reported after each committed batch.
public struct SimulationProgress: Sendable {
    public let saved: Int
    public let total: Int
    public let elapsed: Double
    /// Fights per second so far.
    public var rate: Double { elapsed > 0 ? Double(saved) / elapsed : 0 }
    /// Seconds left at the current rate.
    public var eta: Double { rate > 0 ? Double(total - saved) / rate : 0 }
}

/// Simulates fights into a store: creates the roster when the store has none, then writes
/// fights in batched transactions (each batch whole or not at all).
public struct SimulationRun: Sendable {
    /// Fights made and encoded at a time: what the writer is handed, and lets go once written.
    static let pieceSize = 1000

    /// The pieces a batch of `fights` comes in (the last one may be smaller).
    static func pieces(of fights: Int) -> Int { (fights + pieceSize - 1) / pieceSize }

    public var fights: Int
    public var seed: UInt64
    public var heroes: Int
    public var villains: Int
    public var batchSize: Int

    public init(fights: Int, seed: UInt64, heroes: Int = 12, villains: Int = 12, batchSize: Int = 10_000) {
        self.fights = fights
        self.seed = seed
        self.heroes = heroes
        self.villains = villains
        self.batchSize = batchSize
    }

    /// Runs the simulation. `shouldStop` is asked between batches; `progress` is told after each.
    /// A batch whose writing the store's progress handler interrupts is rolled back and the run
    /// ends there. Returns the number of fights saved.
    @discardableResult
    public func run(on store: BattleStore, shouldStop: () -> Bool = { false },
                    progress: (SimulationProgress) -> Void = { _ in }) throws -> Int {
        if store.humansByID.isEmpty {
            try store.insertHumans(FightSimulator.roster(seed: seed, heroes: heroes, villains: villains))
        }
        let roster = store.humans
        let heroList = roster.filter { $0.kind == .hero }.sorted { $0.id < $1.id }
        let villainList = roster.filter { $0.kind == .villain }.sorted { $0.id < $1.id }
        guard !heroList.isEmpty, !villainList.isEmpty else {
            throw StoreError.invalidModel("the roster needs at least one Hero and one Villain")
        }
        let start = try store.latestDate() ?? FightSimulator.epochStart
        let simulator = FightSimulator(seed: seed, heroes: heroList, villains: villainList,
                                       startClock: start, firstFight: try store.nextFightID())
        // The fights are made and encoded on a second thread, a thousand at a time and at most a
        // batch ahead of the writer (the same fights in the same order as on one thread). The
        // writer inserts each piece as it comes, inside its batch's transaction, and lets it go:
        // only the pieces not yet written are held (whole batches in flight held three).
        let pieces = BoundedQueue<Result<EncodedDrafts, StoreError>>.filled(capacity: max(1, Self.pieces(of: batchSize)),
                                                                           name: "battlelog simulate") { [fights, batchSize, schema = store.schema] pieces in
            var simulator = simulator
            var made = 0
            while made < fights && !pieces.isClosed {
                // A batch's pieces: a closed queue stops a large batch soon.
                let n = min(batchSize, fights - made)
                var chunk = 0
                while chunk < n && !pieces.isClosed {
                    let k = min(Self.pieceSize, n - chunk)
                    let piece: Result<EncodedDrafts, StoreError>
                    do throws(StoreError) { piece = .success(try schema.encode(simulator.nextBatch(k))) } catch { piece = .failure(error) }
                    guard pieces.put(piece), case .success = piece else { break }
                    chunk += k
                }
                guard chunk == n else { break }
                made += n
            }
        }
        defer { pieces.close() }
        /// The next piece, asking `shouldStop` every 50 ms while it waits; nil when a stop is
        /// asked or the producer has ended (it closes the queue after its last piece, which still
        /// comes out first).
        func nextPiece() throws(StoreError) -> EncodedDrafts? {
            while true {
                switch pieces.take(waitingAtMost: 0.05) {
                case .item(let piece): return try piece.get()
                case .timedOut: if shouldStop() { return nil }
                case .closed: return nil
                }
            }
        }
        let began = Date()
        var saved = 0
        while saved < fights && !shouldStop() {
            let n = min(batchSize, fights - saved)
            // The first piece is waited for outside the transaction: no write lock is held idle.
            guard let first = try nextPiece() else { break }
            var next: EncodedDrafts? = first
            do {
                // A stop or the producer's end inside a batch rolls it back.
                try store.insert(pieces: Self.pieces(of: n)) { () throws(StoreError) -> EncodedDrafts in
                    if let piece = next { next = nil; return piece }
                    guard let piece = try nextPiece() else { throw .interrupted }
                    return piece
                }
            } catch {
                if error == .interrupted { break }
                throw error
            }
            saved += n
            progress(SimulationProgress(saved: saved, total: fights, elapsed: Date().timeIntervalSince(began)))
        }
        return saved
    }
}

extension BattleStore {
    /// The newest whole-number date, or nil when no record has one. A damaged date (text, a
    /// fraction) is passed over: text sorts above every number, and read as 0 it would start
    /// the next fights in 1970. Walks `record_date` from its end.
    public func latestDate() throws(StoreError) -> Int64? {
        try run { try db.scalarInt("SELECT date FROM record WHERE typeof(date) = 'integer' ORDER BY date DESC LIMIT 1") }
    }
}
