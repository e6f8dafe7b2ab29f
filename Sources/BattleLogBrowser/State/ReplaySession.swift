import BattleLogKit
import BattleLogPresentation

/// A replay open in the browser: the record whose side it is told from, the fight's other
/// record, and the player. While it plays it follows a monotonic clock from an anchor (the
/// instant and the fight's time play last started or changed speed), so the fight's time is
/// always the anchor's plus the real time since, never a sum of rounded steps.
struct ReplaySession {
    /// The record the replay was opened on (side 0 of the fight) and the other side's.
    var record: Record
    var other: Record
    var player: ReplayPlayer
    /// While playing: the monotonic nanoseconds and the fight's time play is measured from.
    private(set) var anchor: (nanoseconds: UInt64, time: MediaTime)?

    init(record: Record, other: Record, fight: FightTimeline) {
        self.record = record
        self.other = other
        player = ReplayPlayer(fight)
    }

    /// The same replay told from the other record's side, at the same time and speed.
    func swappedSides() -> ReplaySession {
        continued(record: other, other: record, fight: FightTimeline(player.fight.sides[1], player.fight.sides[0]))
    }

    /// A replay of `fight` (as stored now, or from the other side) going on at this one's time,
    /// speed and clock.
    func continued(record: Record, other: Record, fight: FightTimeline) -> ReplaySession {
        var next = ReplaySession(record: record, other: other, fight: fight)
        next.player.take(speedAndTimeOf: player)
        next.anchor = next.player.isPlaying ? anchor : nil
        return next
    }

    var isPlaying: Bool { player.isPlaying }

    /// The decimals the clock shows now.
    var clockDecimals: Int { ReplayClock.decimals(playing: player.isPlaying, speedExponent: player.speedExponent) }

    // MARK: Keys

    mutating func togglePlay(now: UInt64) {
        if player.isPlaying { pause(now: now); return }
        player.togglePlay()
        anchor = player.isPlaying ? (now, player.time) : nil
    }

    /// Stops at the time the clock has reached `now` (not at the last redraw's); a replay that
    /// reached its end meanwhile stays at the end.
    mutating func pause(now: UInt64) {
        tick(now: now)
        if player.isPlaying { player.togglePlay() }
        anchor = nil
    }

    mutating func changeSpeed(faster: Bool, now: UInt64) {
        // The time reached so far counts at the old speed; the new one applies from now.
        tick(now: now)
        player.changeSpeed(faster: faster)
        if player.isPlaying { anchor = (now, player.time) }
    }

    mutating func step(forward: Bool) {
        player.step(forward: forward)
        anchor = nil
    }

    mutating func seek(to time: MediaTime, now: UInt64) {
        player.seek(to: time)
        anchor = player.isPlaying ? (now, player.time) : nil
    }

    // MARK: The clock

    /// Moves the fight's time to where the monotonic clock says it is. Returns whether what the
    /// replay shows changed (an action fell due, or the clock's reading moved).
    @discardableResult
    mutating func tick(now: UInt64) -> Bool {
        guard let anchor, player.isPlaying else { self.anchor = nil; return false }
        let before = ReplayClock.text(player.time, decimals: clockDecimals)
        let elapsed = now >= anchor.nanoseconds ? Int64(clamping: now - anchor.nanoseconds) : 0
        let changedState = player.play(to: player.time(afterNanoseconds: elapsed, from: anchor.time))
        if !player.isPlaying { self.anchor = nil }
        return changedState || ReplayClock.text(player.time, decimals: clockDecimals) != before || !player.isPlaying
    }

    /// How long the browser may wait for a key before the replay must be drawn again: until the
    /// next action falls due or the clock's reading changes (nil while paused). At least 1 ms.
    /// The player's time is where the last `tick` left it (never ahead of the real clock), so
    /// waking after this wait always finds the moment reached.
    func millisecondsToNextFrame() -> Int32? {
        guard anchor != nil, player.isPlaying else { return nil }
        let reading = ReplayClock.nextChange(after: player.time, decimals: clockDecimals)
        let due = player.nextActionTime.map { min($0, reading) } ?? reading
        let wait = player.nanoseconds(until: min(due, player.fight.end))
        return Int32(clamping: max(1, (wait + 999_999) / 1_000_000))
    }
}
