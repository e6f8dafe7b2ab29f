import Foundation
import Testing
@testable import BattleLogKit

/// The replay's clock: typed times (`:` in a replay), and the player's conversions between the
/// fight's time and real time.
@Suite struct ReplayClockTests {
    @Test(arguments: [
        ("1:23.4", 834, 10), ("0:07", 7, 1), ("83.4", 834, 10), ("1:02:03.250", 3_723_250, 1000),
        ("  0:05.5 ", 55, 10), ("0", 0, 1), ("0:00.000000001", 1, 1_000_000_000), ("59:59.999", 3_599_999, 1000),
        ("120", 120, 1),
    ] as [(String, Int64, Int32)])
    func clockTextIsReadExactly(text: String, value: Int64, timescale: Int32) throws {
        let t = try #require(MediaTime(clockText: text))
        #expect(t.value == value && t.timescale == timescale, "\(text) gave \(t)")
        #expect(t.isNumeric && !t.flags.contains(.hasBeenRounded))
    }

    @Test(arguments: ["", ":", "1:", ":30", "1:60", "1:2:60", "1:2:3:4", "1.", ".5", "-1", "+1", "1e3", "1:30s",
                      "１:23", "0:07.1234567890", "99999999999999999999", "1 :23", "0x10", "1:23.4.5", "٣"])
    func anythingElseIsNotATime(text: String) {
        #expect(MediaTime(clockText: text) == nil, "\(text) was read as a time")
    }

    @Test func aHugeClockSaturatesToNothing() {
        // 18 digits of hours times 3600 overflows Int64: refused, never wrapped.
        #expect(MediaTime(clockText: "999999999999999999:00:00") == nil)
        #expect(MediaTime(clockText: "2562047788015216:00:00") == nil)
        #expect(MediaTime(clockText: "2562047788015215:00:00").map { $0.value } == Int64(9_223_372_036_854_774_000))
    }

    /// Real time and the fight's time convert exactly: waiting `nanoseconds(until: t)` always
    /// reaches t, and never more than a nanosecond's worth later, at every speed.
    @Test func waitingTheNanosecondsUntilAnInstantReachesIt() {
        let hero = Timeline(timescale: 600, actions: [Timeline.Action(time: MediaTime(value: 601, timescale: 600), kind: .strike, damage: 1, die: 0)])
        let villain = Timeline(timescale: 44_100, actions: [Timeline.Action(time: MediaTime(value: 4_410_001, timescale: 44_100), kind: .strike, damage: 1, die: 1)])
        var player = ReplayPlayer(FightTimeline(hero, villain))
        var generator = SeededGenerator(seed: 5)
        for _ in 0..<2_000 {
            while player.speedExponent != Int.random(in: -4...4, using: &generator) {
                player.changeSpeed(faster: player.speedExponent < 0 || Bool.random(using: &generator))
                if player.speedExponent == 4 || player.speedExponent == -4 { break }
            }
            let target = MediaTime(value: Int64.random(in: 0...8_820_000, using: &generator), timescale: 88_200)
            let wait = player.nanoseconds(until: target)
            let reached = player.time(afterNanoseconds: wait, from: player.time)
            #expect(MediaTime.compare(reached, target) >= 0, "waiting \(wait) ns from \(player.time) fell short of \(target)")
            if wait > 0 {
                let early = player.time(afterNanoseconds: wait - 1, from: player.time)
                #expect(MediaTime.compare(early, target) < 0 || early == target, "\(wait) ns was more than needed")
            }
        }
    }

    /// Playing from an anchor never runs backwards or past the end, and pauses there.
    @Test func playingToATargetStopsAtTheEnd() {
        let hero = Timeline(timescale: 600, actions: [Timeline.Action(time: MediaTime(value: 600, timescale: 600), kind: .finalBlow, damage: 100, die: 0)])
        let villain = Timeline(timescale: 44_100, actions: [])
        var player = ReplayPlayer(FightTimeline(hero, villain))
        var changed = player.play(to: MediaTime(value: 1, timescale: 2))
        #expect(!changed && player.time == .zero)   // paused: nothing moves
        player.togglePlay()
        changed = player.play(to: MediaTime(value: 1, timescale: 2))
        #expect(!changed && player.time == MediaTime(value: 1, timescale: 2))   // no action yet
        changed = player.play(to: MediaTime(value: 1, timescale: 4))
        #expect(!changed && player.time == MediaTime(value: 1, timescale: 2))   // never backwards
        changed = player.play(to: MediaTime(value: 5, timescale: 1))
        #expect(changed)
        #expect(player.time == MediaTime(value: 1, timescale: 1) && !player.isPlaying)
        #expect(player.state.hitPoints == [100, 0])
    }
}
