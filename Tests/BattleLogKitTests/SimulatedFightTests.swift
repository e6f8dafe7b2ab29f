import Testing
@testable import BattleLogKit

/// What the simulator writes is a plausible battle log.
@Suite struct SimulatedFightTests {
    /// A Hero's collaborator is another Hero, never the Hero itself, even with one Hero on the
    /// roster (the second draw came from the whole pool of names, the Hero's own among them:
    /// a trial found Heroes collaborating with themselves).
    @Test func aHeroNeverCollaboratesWithItself() throws {
        let folder = TemporaryFolder()
        let store = try BattleStore(path: folder.file("s.sqlite"))
        try SimulationRun(fights: 2_000, seed: 5, heroes: 1, villains: 2, batchSize: 500).run(on: store)
        var heroRecords = 0
        for r in try store.records(RecordQuery()) where r.owner.kind == .hero {
            guard let magic = (r.usingMagic.value ?? nil)?.value as? HeroMagic else { continue }
            heroRecords += 1
            #expect(magic.collaboratorName != r.owner.name, "record \(r.id)")
        }
        #expect(heroRecords > 1_500)
    }
}
