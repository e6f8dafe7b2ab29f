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
        // The fights are made and encoded on a second thread, one batch ahead of the writer
        // (the same fights in the same order as on one thread); the writer only inserts.
        let batches = BoundedQueue<Result<(fights: Int, pieces: [EncodedDrafts]), StoreError>>(capacity: 1)
        defer { batches.close() }
        Thread.detachNewThread { [fights, batchSize, schema = store.schema] in
            var simulator = simulator
            var made = 0
            while made < fights && !batches.isClosed {
                let n = min(batchSize, fights - made)
                // Made and encoded a thousand fights at a time: only a thousand fights' drafts
                // are held, and a closed queue stops a large batch soon.
                var pieces: [EncodedDrafts] = []
                var chunk = 0
                var failure: StoreError?
                while chunk < n && !batches.isClosed && failure == nil {
                    let k = min(1000, n - chunk)
                    do throws(StoreError) { pieces.append(try schema.encode(simulator.nextBatch(k))) } catch { failure = error }
                    chunk += k
                }
                guard chunk == n else { break }
                let encoded: Result<(fights: Int, pieces: [EncodedDrafts]), StoreError> = failure.map { .failure($0) } ?? .success((n, pieces))
                guard batches.put(encoded) else { break }
                made += n
            }
            batches.close()
        }
        let began = Date()
        var saved = 0
        while saved < fights && !shouldStop() {
            // Waiting for the next batch asks `shouldStop` every 50 ms: a stop is not delayed.
            // The producer closes the queue after its last batch, which still comes out first.
            let made: (fights: Int, pieces: [EncodedDrafts])
            switch batches.take(waitingAtMost: 0.05) {
            case .item(let next): made = try next.get()
            case .timedOut: continue
            case .closed: return saved
            }
            do {
                try store.insert(made.pieces)
            } catch {
                if error == .interrupted { break }
                throw error
            }
            saved += made.fights
            progress(SimulationProgress(saved: saved, total: fights, elapsed: Date().timeIntervalSince(began)))
        }
        return saved
    }
}

extension BattleStore {
    /// The date of the newest record, or nil for an empty store.
    public func latestDate() throws(StoreError) -> Int64? {
        try run { try db.scalarInt("SELECT max(date) FROM record") }
    }
}
