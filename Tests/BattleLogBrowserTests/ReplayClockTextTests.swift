import Testing
import BattleLogKit
import BattleLogPresentation

/// The replay's clock reading: exact when paused, as many decimals as the speed lets change
/// about 25 times a second while playing, always rounded down while playing.
@Suite struct ReplayClockTextTests {
    @Test func decimalsFollowTheSpeed() {
        #expect((-4...4).map { ReplayClock.decimals(playing: true, speedExponent: $0) } == [2, 2, 2, 1, 1, 1, 0, 0, 0])
        #expect((-4...4).allSatisfy { ReplayClock.decimals(playing: false, speedExponent: $0) == 3 })
    }

    @Test func aPlayingClockShowsTheTimeReached() {
        let t = MediaTime(value: 88_199, timescale: 88_200)   // a tick before one second
        #expect(ReplayClock.text(t, decimals: 3) == "0:01.000")   // paused: rounded, as show --timeline
        #expect(ReplayClock.text(t, decimals: 2) == "0:00.99")
        #expect(ReplayClock.text(t, decimals: 1) == "0:00.9")
        #expect(ReplayClock.text(t, decimals: 0) == "0:00")
        #expect(ReplayClock.text(MediaTime(value: 3_723_456, timescale: 1000), decimals: 1) == "1:02:03.4")
        #expect(ReplayClock.nextChange(after: t, decimals: 1) == MediaTime(value: 10, timescale: 10))
        #expect(ReplayClock.nextChange(after: MediaTime(value: 1, timescale: 1), decimals: 0) == MediaTime(value: 2, timescale: 1))
    }
}
