/// Simulates fights between Heroes and Villains.
///
/// The rule (also in the README): a fight has 3 to 12 rounds, one die roll (1...100) each.
/// The Hero scores the rolls of the even rounds (1st, 3rd, ...), the Villain those of the odd
/// ones. A Hero's magic adds 15; a Villain's adds 3 x the gate's power (3...30). The higher score
/// wins; scores within 5 of each other are a draw. Each round lasts 2 to 9 seconds, drawn at
/// timescale 600 on even rounds and 44,100 on odd ones; the fight's duration is their exact
/// `MediaTime` sum. The clock advances 1 to 60 minutes between fights.
public struct FightSimulator: Sendable {
    public let pools: NamePools
    private(set) var generator: SeededGenerator
    /// The simulated clock, in seconds since 1970.
    public private(set) var clock: Int64
    public private(set) var nextFight: Int64
    let heroes: [Human]
    let villains: [Human]

    /// The first date of a new log: 2026-01-01T00:00:00Z.
    public static let epochStart: Int64 = 1_767_225_600

    public init(seed: UInt64, heroes: [Human], villains: [Human], startClock: Int64, firstFight: Int64,
                pools: NamePools = .bundled) {
        precondition(!heroes.isEmpty && !villains.isEmpty, "a fight needs a Hero and a Villain")
        self.generator = SeededGenerator(seed: seed)
        self.heroes = heroes
        self.villains = villains
        self.clock = startClock
        self.nextFight = firstFight
        self.pools = pools
    }

    /// A roster of `heroes` Heroes and `villains` Villains drawn from the pools by `seed`.
    public static func roster(seed: UInt64, heroes: Int, villains: Int, pools: NamePools = .bundled) -> [Human] {
        var g = SeededGenerator(seed: seed ^ 0x524F_5354_4552)  // "ROSTER": independent of the fights
        let h = NamePools.draw(heroes, from: pools.heroes, using: &g).map { Human(name: $0, kind: .hero) }
        let v = NamePools.draw(villains, from: pools.villains, using: &g).map { Human(name: $0, kind: .villain) }
        return h + v
    }

    /// One fight: two drafts sharing a fight id, the Hero's first.
    public mutating func nextPair() -> (RecordDraft, RecordDraft) {
        let hero = generator.pick(heroes)
        let villain = generator.pick(villains)
        let rounds = generator.next(in: 3...12)
        var rolls: [Int] = []
        rolls.reserveCapacity(rounds)
        var duration = MediaTime.zero
        for round in 0..<rounds {
            rolls.append(generator.next(in: 1...100))
            let timescale: Int32 = round % 2 == 0 ? 600 : 44_100
            let ticks = Int64(generator.next(in: (2 * Int(timescale))...(9 * Int(timescale))))
            duration = duration + MediaTime(value: ticks, timescale: timescale)
        }
        var heroMagic: Magic?
        if generator.chance(7, in: 8) {
            var collaborator = generator.pick(heroes).name
            if collaborator == hero.name { collaborator = generator.pick(pools.heroes) }
            heroMagic = .hero(cooperationFormulaName: generator.pick(pools.formulas), collaboratorName: collaborator)
        }
        var villainMagic: Magic?
        var power = 0
        if generator.chance(7, in: 8) {
            power = generator.next(in: 1...10)
            villainMagic = .villain(powerOfEvilGate: power, gateName: generator.pick(pools.gates))
        }
        var heroScore = heroMagic == nil ? 0 : 15
        var villainScore = 3 * power
        for (i, roll) in rolls.enumerated() {
            if i % 2 == 0 { heroScore += roll } else { villainScore += roll }
        }
        let heroResult: FightResult = abs(heroScore - villainScore) <= 5 ? .draw : (heroScore > villainScore ? .win : .loss)
        clock += Int64(generator.next(in: 60...3600))
        let fight = nextFight
        nextFight += 1
        let heroRecord = RecordDraft(fight: fight, ownerID: hero.id, opponentID: villain.id, date: clock, result: heroResult,
                                     duration: duration, randomNumbers: rolls, usingMagic: heroMagic)
        let villainRecord = RecordDraft(fight: fight, ownerID: villain.id, opponentID: hero.id, date: clock,
                                        result: heroResult.opposite, duration: duration, randomNumbers: rolls,
                                        usingMagic: villainMagic)
        return (heroRecord, villainRecord)
    }

    /// The drafts of the next `count` fights.
    public mutating func nextBatch(_ count: Int) -> [RecordDraft] {
        var drafts: [RecordDraft] = []
        drafts.reserveCapacity(count * 2)
        for _ in 0..<count {
            let (a, b) = nextPair()
            drafts.append(a)
            drafts.append(b)
        }
        return drafts
    }
}
