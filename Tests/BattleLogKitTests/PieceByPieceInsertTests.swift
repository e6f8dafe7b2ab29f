import Testing
@testable import BattleLogKit

/// A batch written piece by piece (`insert(pieces:_:)`, how simulate writes): each piece asked
/// when the one before is written, the batch still whole or not at all.
@Suite struct PieceByPieceInsertTests {
    /// A store with a roster and a few fights, and a simulator that goes on from them.
    static func store(_ folder: TemporaryFolder) throws -> (BattleStore, FightSimulator) {
        let (_, store) = try GroupSummaryTests.simulated(folder, "p", fights: 10, seed: 2, heroes: 2, villains: 2, batchSize: 10)
        let simulator = FightSimulator(seed: 3, heroes: store.humans.filter { $0.kind == .hero }, villains: store.humans.filter { $0.kind == .villain },
                                       startClock: try store.latestDate() ?? FightSimulator.epochStart, firstFight: try store.nextFightID())
        return (store, simulator)
    }

    @Test func piecesAreAskedOneAtATimeAndWrittenAsOneBatch() throws {
        let folder = TemporaryFolder()
        var (store, simulator) = try Self.store(folder)
        let before = try store.recordCount()
        var asked = 0
        let ids = try store.insert(pieces: 3) { () throws(StoreError) -> EncodedDrafts in
            // The pieces before this one are already written, inside the batch's transaction.
            #expect(try store.run { try store.db.scalarInt("SELECT count(*) FROM record") } == Int64(before + 2 * 5 * asked))
            asked += 1
            return try store.schema.encode(simulator.nextBatch(5))
        }
        #expect(asked == 3 && ids.count == 30)
        #expect(try store.recordCount() == before + 30)
        #expect(try store.diagnostics.fightProblems().isEmpty)
    }

    @Test func aPieceThatFailsRollsTheWholeBatchBack() throws {
        let folder = TemporaryFolder()
        var (store, simulator) = try Self.store(folder)
        let before = try store.recordCount()
        var asked = 0
        #expect(throws: StoreError.interrupted) {
            try store.insert(pieces: 3) { () throws(StoreError) -> EncodedDrafts in
                asked += 1
                if asked == 3 { throw .interrupted }
                return try store.schema.encode(simulator.nextBatch(5))
            }
        }
        #expect(asked == 3)
        #expect(try store.recordCount() == before, "the two pieces written are rolled back with the batch")
        // The store goes on writing after it.
        try store.insert(pieces: 1) { () throws(StoreError) -> EncodedDrafts in try store.schema.encode(simulator.nextBatch(5)) }
        #expect(try store.recordCount() == before + 10)
    }

    @Test func aStopBetweenBatchesKeepsTheBatchesWritten() throws {
        let folder = TemporaryFolder()
        let (_, store) = try GroupSummaryTests.simulated(folder, "s", fights: 0, seed: 2, heroes: 2, villains: 2, batchSize: 10)
        var reported = 0
        let saved = try SimulationRun(fights: 5000, seed: 4, heroes: 2, villains: 2, batchSize: 1500)
            .run(on: store, shouldStop: { reported >= 2 }, progress: { _ in reported += 1 })
        #expect(saved == 3000)
        #expect(try store.recordCount() == 6000)
    }
}
