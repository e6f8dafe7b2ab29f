/// Simulates fights between Heroes and Villains.
///
/// The rule (also in the README): each side starts with 100 hit points and acts on its own clock,
/// the Hero every 2 to 9 seconds drawn at timescale 600, the Villain every 2 to 9 seconds drawn at
/// timescale 44,100. The earlier action comes first (compared exactly; at the same instant, the
/// Hero's). Each action rolls one die (1...100, kept in order in `randomNumbers`): 12 or less is a
/// dodge (no damage), 95 or more a critical hit (2 x roll / 8), 60 or more casts the side's magic
/// once if it has one (a Hero's 15 + roll / 10, a Villain's 3 x the gate's power + roll / 10),
/// anything else a strike (roll / 8 + 1), all rounded down. A side that fights with a weapon (each
/// Human owns three, `Armory`; one is drawn per fight, none one time in ten) adds its bonus (power
/// ÷ 3, rounded down) to each strike and critical hit, and its timeline names it. The action that takes the other side to zero is the
/// final blow and ends the fight; a fight with no action left within 1:30 is a draw. Each record
/// stores its owner's actions as its `timeline`; the fight's duration is exactly the time of its
/// last action. The clock advances 1 to 60 minutes between fights.
public struct FightSimulator: Sendable {
    public let pools: NamePools
    private(set) var generator: SeededGenerator
    /// The simulated clock, in seconds since 1970.
    public private(set) var clock: Int64
    public private(set) var nextFight: Int64
    let heroes: [Human]
    let villains: [Human]
    /// Each Human's three weapons, by name.
    let weapons: [String: [Weapon]]

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
        let armory = Armory(seed: seed)
        self.weapons = Dictionary((heroes + villains).map { ($0.name, armory.weapons(of: $0.name)) }, uniquingKeysWith: { a, _ in a })
    }

    /// The weapon `human` fights this fight with: one of its three, or none one time in ten.
    private mutating func drawWeapon(for human: Human) -> Weapon? {
        guard let owned = weapons[human.name], !owned.isEmpty, !generator.chance(1, in: 10) else { return nil }
        return generator.pick(owned)
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
        var heroMagic: Magic?
        if generator.chance(7, in: 8) {
            var collaborator = generator.pick(heroes).name
            // Another Hero: drawn from the other names when the roster gave itself.
            if collaborator == hero.name, case let others = pools.heroes.filter({ $0 != hero.name }), !others.isEmpty {
                collaborator = generator.pick(others)
            }
            heroMagic = .hero(cooperationFormulaName: generator.pick(pools.formulas), collaboratorName: collaborator)
        }
        var villainMagic: Magic?
        var power = 0
        if generator.chance(7, in: 8) {
            power = generator.next(in: 1...10)
            villainMagic = .villain(powerOfEvilGate: power, gateName: generator.pick(pools.gates))
        }
        let heroWeapon = drawWeapon(for: hero), villainWeapon = drawWeapon(for: villain)
        let fought = fight(heroMagic: heroMagic == nil ? nil : 15, villainMagic: villainMagic == nil ? nil : 3 * power,
                           weapons: [heroWeapon, villainWeapon])
        clock += Int64(generator.next(in: 60...3600))
        let fight = nextFight
        nextFight += 1
        let heroRecord = RecordDraft(fight: fight, ownerID: hero.id, opponentID: villain.id, date: clock, result: fought.heroResult,
                                     values: Self.values(fought, timeline: fought.hero, magic: heroMagic, weapon: heroWeapon))
        let villainRecord = RecordDraft(fight: fight, ownerID: villain.id, opponentID: hero.id, date: clock,
                                        result: fought.heroResult.opposite,
                                        values: Self.values(fought, timeline: fought.villain, magic: villainMagic, weapon: villainWeapon))
        return (heroRecord, villainRecord)
    }

    /// The two clocks of a fight (ticks per second).
    static let heroTimescale: Int32 = 600, villainTimescale: Int32 = 44_100

    /// A fight as it was fought: both timelines, the dice, the duration and the Hero's result.
    struct Fought {
        var hero: Timeline
        var villain: Timeline
        var rolls: [Int]
        var duration: MediaTime
        var heroResult: FightResult
    }

    /// Fights one fight by the rule above; `heroMagic` and `villainMagic` are each side's magic
    /// damage before its roll's share (nil: no magic), `weapons` each side's weapon (nil: none).
    mutating func fight(heroMagic: Int?, villainMagic: Int?, weapons: [Weapon?] = [nil, nil]) -> Fought {
        let bonus = weapons.map { $0?.bonus ?? 0 }
        let scales = [Self.heroTimescale, Self.villainTimescale]
        let magicBase = [heroMagic, villainMagic]
        // Each side's next action, in ticks of its own clock.
        var next = scales.map { nextStep(after: 0, timescale: $0) }
        var actions: [[Timeline.Action]] = [[], []]
        var hitPoints = [FightTimeline.startingHitPoints, FightTimeline.startingHitPoints]
        var magicCast = [false, false]
        var rolls: [Int] = []
        var last = MediaTime.zero
        var heroResult = FightResult.draw
        while true {
            // The earlier action, exactly; at the same instant the Hero's.
            let times = [MediaTime(value: next[0], timescale: scales[0]), MediaTime(value: next[1], timescale: scales[1])]
            let side = MediaTime.compare(times[0], times[1]) <= 0 ? 0 : 1
            let time = times[side]
            guard MediaTime.compare(time, FightTimeline.timeLimit) <= 0 else { break }
            let roll = generator.next(in: 1...100)
            rolls.append(roll)
            var kind: Timeline.Kind
            var damage: Int
            if roll <= 12 {
                kind = .dodge; damage = 0
            } else if roll >= 95 {
                kind = .critical; damage = 2 * (roll / 8) + bonus[side]
            } else if roll >= 60, let base = magicBase[side], !magicCast[side] {
                kind = .magic; damage = base + roll / 10; magicCast[side] = true
            } else {
                kind = .strike; damage = roll / 8 + 1 + bonus[side]
            }
            let other = 1 - side
            hitPoints[other] = max(0, hitPoints[other] - damage)
            if hitPoints[other] == 0 { kind = .finalBlow }
            actions[side].append(Timeline.Action(time: time, kind: kind, damage: damage, die: rolls.count - 1))
            last = time
            if kind == .finalBlow {
                heroResult = side == 0 ? .win : .loss
                break
            }
            next[side] = nextStep(after: next[side], timescale: scales[side])
        }
        return Fought(hero: Timeline(timescale: scales[0], actions: actions[0], weapon: weapons[0]?.name),
                      villain: Timeline(timescale: scales[1], actions: actions[1], weapon: weapons[1]?.name),
                      rolls: rolls, duration: last, heroResult: heroResult)
    }

    /// A side's next action: 2 to 9 seconds after `ticks`, drawn in ticks of its own clock.
    private mutating func nextStep(after ticks: Int64, timescale: Int32) -> Int64 {
        ticks + Int64(generator.next(in: (2 * Int(timescale))...(9 * Int(timescale))))
    }

    /// A record's values: the fight's duration and dice, the owner's timeline, magic and weapon.
    private static func values(_ f: Fought, timeline: Timeline, magic: Magic?, weapon: Weapon?) -> AttributeValues {
        var values: AttributeValues = ["duration": f.duration, "randomNumbers": f.rolls, "timeline": timeline]
        if let magic { values["usingMagic"] = magic }
        if let weapon { values["weapon"] = weapon }
        return values
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
