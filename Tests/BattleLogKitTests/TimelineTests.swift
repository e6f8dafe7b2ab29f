import Foundation
import Testing
@testable import BattleLogKit
@testable import BattleLogPresentation

/// Fight timelines (issue 21): exact merging across timescales, the stored form, and fights whose
/// results follow from their timelines.
@Suite struct TimelineTests {
    func action(_ value: Int64, _ timescale: Int32, _ kind: Timeline.Kind = .strike, damage: Int = 1, die: Int = 0) -> Timeline.Action {
        Timeline.Action(time: MediaTime(value: value, timescale: timescale), kind: kind, damage: damage, die: die)
    }

    @Test func mergingOrdersActionsExactlyAcrossTimescales() {
        // 1/600 s and 147/88200 s are the same instant; 146/88200 is just before it.
        let hero = Timeline(timescale: 600, actions: [action(1, 600, die: 0), action(2, 600, die: 2)])
        let villain = Timeline(timescale: 88_200, actions: [action(146, 88_200, die: 1), action(147, 88_200, die: 3), action(294, 88_200, die: 4)])
        let merged = Timeline.merge(hero, villain)
        // 146/88200 < 1/600 = 147/88200 (the first side first at a tie) < 2/600 = 294/88200.
        #expect(merged.map(\.side) == [1, 0, 1, 0, 1])
        #expect(merged.map(\.action.die) == [1, 0, 3, 2, 4])
        // Floating point would not see it: 146/88200 and 1/600 differ by 1/88200 only, but a
        // 1/3 s clock against 333/999 is exactly equal.
        let thirds = Timeline(timescale: 3, actions: [action(1, 3, die: 7)])
        let fine = Timeline(timescale: 999, actions: [action(333, 999, die: 8)])
        #expect(Timeline.merge(fine, thirds).map(\.action.die) == [8, 7])
        #expect(Timeline.merge(thirds, fine).map(\.action.die) == [7, 8])
    }

    @Test func aMillionStepsAtMixedTimescalesEndAtTheirExactSum() {
        // Steps of 2 to 9 seconds at 600, 44,100 and 90,000 ticks a second: the sum as a
        // MediaTime against the same sum in whole ticks of their least common multiple.
        let scales: [Int32] = [600, 44_100, 90_000]
        let lcm: Int64 = 4_410_000
        var generator = SeededGenerator(seed: 21)
        var time = MediaTime.zero
        var exact: Int64 = 0
        var actions: [Timeline.Action] = []
        actions.reserveCapacity(1_000_000)
        for i in 0..<1_000_000 {
            let scale = scales[i % 3]
            let ticks = Int64(generator.next(in: (2 * Int(scale))...(9 * Int(scale))))
            time = time + MediaTime(value: ticks, timescale: scale)
            exact += ticks * (lcm / Int64(scale))
            actions.append(Timeline.Action(time: time, kind: .strike, damage: 0, die: i))
        }
        let end = MediaTime(value: exact, timescale: Int32(lcm))
        #expect(MediaTime.compare(time, end) == 0, "\(time) against \(exact)/\(lcm)")
        #expect(time.timescale == Int32(lcm) && time.value == exact, "\(time.value)/\(time.timescale)")
        // In order, and the merged fight ends at the same instant.
        #expect(zip(actions, actions.dropFirst()).allSatisfy { MediaTime.compare($0.time, $1.time) < 0 })
        let fight = FightTimeline(Timeline(timescale: Int32(lcm), actions: actions), Timeline(timescale: 600, actions: []))
        #expect(MediaTime.compare(fight.end, end) == 0)
    }

    @Test func theStoredFormRoundTripsAndDamageIsNamed() throws {
        let t = TimelineTransformer()
        let timeline = Timeline(timescale: 600, actions: [action(750, 600, .strike, damage: 12, die: 0),
                                                          action(4200, 600, .critical, damage: 38, die: 2),
                                                          action(9000, 600, .finalBlow, damage: 9, die: 5)])
        let stored = t.storedForm(of: timeline)
        #expect(stored == #"{"actions":[[750,"strike",12,0],[4200,"critical",38,2],[9000,"final",9,5]],"timescale":600,"version":1}"#)
        #expect(try t.value(fromStored: stored) == timeline)
        #expect(t.formatVersion(ofStored: stored) == 1)
        let damaged: [(String, TransformError)] = [
            (#"{"actions":[],"timescale":600,"version":2}"#, .kind(TimelineError("unknown version 2"))),
            (#"{"actions":[[1,"zap",1,0]],"timescale":600,"version":1}"#, .kind(TimelineError("action 0: unknown kind \"zap\""))),
            (#"{"actions":[[5,"strike",1,0],[4,"strike",1,1]],"timescale":600,"version":1}"#, .kind(TimelineError("action 1 comes before the one above it (4 < 5 ticks)"))),
            (#"{"actions":[[5,"strike",1]],"timescale":600,"version":1}"#, .kind(TimelineError("action 0 is not [ticks, kind, damage, die]"))),
            (#"{"actions":[],"timescale":0,"version":1}"#, .kind(TimelineError("\"timescale\" must be an integer from 1 to 2147483647"))),
            (#"[]"#, .wrongShape(expected: "a timeline object", found: "an array")),
        ]
        for (text, error) in damaged {
            #expect(throws: error, "\(text)") { try t.value(fromStored: text) }
        }
    }

    @Test func everySimulatedFightsResultAndDurationFollowFromItsTimelines() throws {
        let folder = TemporaryFolder()
        let store = try BattleStore(path: folder.file("t.sqlite"))
        try SimulationRun(fights: 3000, seed: 21, heroes: 4, villains: 4, batchSize: 500).run(on: store)
        var results: [FightResult: Int] = [:]
        var kinds = Set<Timeline.Kind>()
        var scales = Set<Int32>()
        for fight in Int64(1)...3000 {
            let records = try store.records(ofFight: fight)
            try #require(records.count == 2)
            let (a, b) = (records[0], records[1])
            let timeline = FightTimeline(try #require(a.timeline), try #require(b.timeline))
            let duration = try a.duration.decoded.get()
            #expect(timeline.result == a.result && timeline.result.opposite == b.result, "fight \(fight)")
            #expect(MediaTime.compare(timeline.end, duration) == 0, "fight \(fight)")
            #expect(timeline.contradiction(result: try #require(a.result), duration: duration, dice: try a.randomNumbers.decoded.get().count) == nil)
            // The dice are the actions' rolls, in order.
            #expect(timeline.actions.map(\.action.die) == Array(0..<timeline.actions.count))
            results[timeline.result, default: 0] += 1
            kinds.formUnion(timeline.actions.map(\.action.kind))
            scales.formUnion(timeline.sides.map(\.timescale))
        }
        // Every outcome and every kind of action happens; the two clocks differ.
        #expect(results.keys.count == 3, "\(results)")
        #expect(kinds == Set(Timeline.Kind.allCases))
        #expect(scales == [600, 44_100])
        #expect(try store.diagnostics.timelineProblems().isEmpty)
    }

    @Test func stateAtAnInstantIsTheSumOfWhatHappenedUpToIt() throws {
        let hero = Timeline(timescale: 600, actions: [action(600, 600, damage: 30, die: 0), action(1800, 600, .finalBlow, damage: 80, die: 2)])
        let villain = Timeline(timescale: 44_100, actions: [action(44_100, 44_100, damage: 10, die: 1)])
        let fight = FightTimeline(hero, villain)
        #expect(fight.state(at: .zero) == .init(hitPoints: [100, 100], actionsDone: 0))
        // At 1 s both the hero's first (600/600) and the villain's (44100/44100) have happened.
        #expect(fight.state(at: MediaTime(value: 1, timescale: 1)) == .init(hitPoints: [90, 70], actionsDone: 2))
        #expect(fight.state(at: MediaTime(value: 1799, timescale: 600)) == .init(hitPoints: [90, 70], actionsDone: 2))
        #expect(fight.state(at: MediaTime(value: 3, timescale: 1)) == .init(hitPoints: [90, 0], actionsDone: 3))
        #expect(fight.result == .win)
        #expect(fight.contradiction(result: .loss, duration: MediaTime(value: 3, timescale: 1), dice: 3) == "its actions make it a win for this side, the record says loss")
        #expect(fight.contradiction(result: .win, duration: MediaTime(value: 4, timescale: 1), dice: 3)?.hasPrefix("its last action is at 0:03.000") == true)
        #expect(fight.contradiction(result: .win, duration: MediaTime(value: 3, timescale: 1), dice: 2) == "an action at 0:03.000 names die 2, the record has 2")
    }

    @Test func seekingToAnInstantEqualsPlayingToIt() throws {
        let folder = TemporaryFolder()
        let store = try BattleStore(path: folder.file("t.sqlite"))
        try SimulationRun(fights: 100, seed: 33, heroes: 3, villains: 3, batchSize: 100).run(on: store)
        var generator = SeededGenerator(seed: 34)
        var instants = 0
        for fight in Int64(1)...100 where instants < 1000 {
            let records = try store.records(ofFight: fight)
            let timeline = FightTimeline(try #require(records[0].timeline), try #require(records[1].timeline))
            var played = ReplayPlayer(timeline)
            played.togglePlay()
            // Real-time steps of 1 ms to 3 s at speeds from 1/16x to 16x, to the end.
            while played.isPlaying && instants < 1000 {
                if generator.chance(1, in: 4) { played.changeSpeed(faster: generator.chance(1, in: 2)) }
                played.advance(nanoseconds: Int64(generator.next(in: 1_000_000...3_000_000_000)))
                var sought = ReplayPlayer(timeline)
                sought.seek(to: played.time)
                #expect(sought.state == played.state, "fight \(fight) at \(played.time)")
                #expect(sought.state == timeline.state(at: played.time))
                instants += 1
            }
            // At the end: every action done, and the result the record says.
            if !played.isPlaying && MediaTime.compare(played.time, timeline.end) == 0 {
                #expect(played.state.actionsDone == timeline.actions.count)
                #expect(played.state.hitPoints.contains(0) == (timeline.result != .draw))
            }
        }
        #expect(instants == 1000)
        // Stepping goes action by action, and back.
        let records = try store.records(ofFight: 1)
        let timeline = FightTimeline(try #require(records[0].timeline), try #require(records[1].timeline))
        var player = ReplayPlayer(timeline)
        player.step(forward: true)
        #expect(player.state.actionsDone >= 1 && player.time == timeline.actions[0].action.time)
        player.step(forward: true)
        player.step(forward: false)
        #expect(player.time == timeline.actions[0].action.time)
        player.changeSpeed(faster: false); player.changeSpeed(faster: false)
        #expect(player.speedText == "1/4x")
        for _ in 0..<10 { player.changeSpeed(faster: true) }
        #expect(player.speedText == "16x")
    }
}

/// The timeline's line counts what happened in words a person writes: `1 action`, `1 critical
/// hit`, and no "0 critical" when no hit was critical.
@Suite struct TimelineLineTests {
    func line(_ kinds: [Timeline.Kind], language: String) -> String {
        let actions = kinds.enumerated().map { i, kind in
            Timeline.Action(time: MediaTime(value: Int64(600 * (i + 1)), timescale: 600), kind: kind, damage: 10 + i, die: 1)
        }
        let labels = Labels.load(language)
        return ValuePresenter.timeline.line(Timeline(timescale: 600, actions: actions), labels, nil).first.map(\.text) ?? ""
    }

    @Test func itCountsInWords() {
        #expect(line([.finalBlow], language: "en") == "1 action · biggest hit 10")
        #expect(line([.strike, .finalBlow], language: "en") == "2 actions · biggest hit 11")
        #expect(line([.critical, .finalBlow], language: "en") == "2 actions · 1 critical hit · biggest hit 11")
        #expect(line([.critical, .critical, .strike, .finalBlow], language: "en") == "4 actions · 2 critical hits · biggest hit 13")
        #expect(line([.strike, .finalBlow], language: "zh") == "2 个动作 · 最大伤害 11")
        #expect(line([.critical, .finalBlow], language: "zh") == "2 个动作 · 1 次暴击 · 最大伤害 11")
    }
}
