/// The replay of a fight as it plays: a clock over the fight's timeline, a speed, and the state
/// at the clock's time kept as actions fall due. Playing to an instant and seeking to it give the
/// same `state` (`FightTimeline.state(at:)` is the definition; `advance` only gets there in
/// steps). Times are exact `MediaTime`s; the real time a step covers is scaled by the speed,
/// in the clock's own ticks (1/44,100 s unless the fight's clocks share a finer one).
public struct ReplayPlayer: Sendable {
    public let fight: FightTimeline
    /// The replay's time on the fight's clock, from zero to the fight's end.
    public private(set) var time: MediaTime = .zero
    /// The state at `time`.
    public private(set) var state: FightTimeline.State
    /// The playing speed as a power of two: 0 is real time, -4 is 1/16x, 4 is 16x.
    public private(set) var speedExponent = 0
    public private(set) var isPlaying = false

    /// The slowest and fastest speeds (1/16x to 16x).
    public static let speedExponents = -4...4

    public init(_ fight: FightTimeline) {
        self.fight = fight
        state = fight.state(at: .zero)
    }

    /// The ticks per second of the replay's clock: the least common multiple of both sides'
    /// timescales when it fits, else the finer of the two.
    var timescale: Int32 {
        let a = Int64(fight.sides[0].timescale), b = Int64(fight.sides[1].timescale)
        func gcd(_ x: Int64, _ y: Int64) -> Int64 { y == 0 ? x : gcd(y, x % y) }
        let lcm = a / gcd(a, b) * b
        return lcm <= Int64(Int32.max) ? Int32(lcm) : Int32(max(a, b))
    }

    /// Takes `other`'s time, speed and playing state (the same replay told from the other side).
    public mutating func take(speedAndTimeOf other: ReplayPlayer) {
        speedExponent = other.speedExponent
        seek(to: other.time)
        isPlaying = other.isPlaying && MediaTime.compare(time, fight.end) < 0
    }

    /// Plays or pauses; playing from the end starts again from the beginning.
    public mutating func togglePlay() {
        if !isPlaying && MediaTime.compare(time, fight.end) >= 0 { seek(to: .zero) }
        isPlaying.toggle()
    }

    /// Halves (`faster: false`) or doubles the speed, within 1/16x and 16x.
    public mutating func changeSpeed(faster: Bool) {
        speedExponent = min(Self.speedExponents.upperBound, max(Self.speedExponents.lowerBound, speedExponent + (faster ? 1 : -1)))
    }

    /// Sets the speed to 2^`exponent` (held within 1/16x and 16x).
    public mutating func setSpeed(exponent: Int) {
        speedExponent = min(Self.speedExponents.upperBound, max(Self.speedExponents.lowerBound, exponent))
    }

    /// The speed of a text (`2x`, `1/4x`, `1x`) as its exponent; nil for another text.
    public static func speedExponent(of text: String) -> Int? {
        speedExponents.first { e in (e >= 0 ? "\(1 << e)x" : "1/\(1 << -e)x") == text.lowercased() }
    }

    /// The speed as text: `1x`, `4x`, `1/8x`.
    public var speedText: String {
        speedExponent >= 0 ? "\(1 << speedExponent)x" : "1/\(1 << -speedExponent)x"
    }

    /// Moves the clock on by `nanoseconds` of real time at the current speed, applying the
    /// actions that fall due; stops (and pauses) at the end. Returns whether the state changed.
    @discardableResult
    public mutating func advance(nanoseconds: Int64) -> Bool {
        guard nanoseconds > 0 else { return false }
        return play(to: time(afterNanoseconds: nanoseconds, from: time))
    }

    /// While playing, moves the clock on to `target` (never back), applying the actions that
    /// fall due; at the end it stops there and pauses. Returns whether the state changed. A
    /// replay that follows a wall clock calls this with the time its anchor gives, so the
    /// rounding of one step never adds up over many.
    @discardableResult
    public mutating func play(to target: MediaTime) -> Bool {
        guard isPlaying, MediaTime.compare(target, time) > 0 else { return false }
        var target = target
        if MediaTime.compare(target, fight.end) >= 0 {
            target = fight.end
            isPlaying = false
        }
        return move(to: target)
    }

    /// The fight's time `nanoseconds` of real time after `start` at the current speed, exact to
    /// a tick of the replay's clock (rounded down).
    public func time(afterNanoseconds nanoseconds: Int64, from start: MediaTime) -> MediaTime {
        let scale = timescale
        var ticks = Int128(max(0, nanoseconds)) * Int128(scale)
        ticks = speedExponent >= 0 ? ticks << speedExponent : ticks >> -speedExponent
        ticks /= 1_000_000_000
        // A replay never runs past the fight's end; a clock that far on is the end.
        guard let value = Int64(exactly: ticks) else { return fight.end }
        return start + MediaTime(value: value, timescale: scale)
    }

    /// The real nanoseconds that pass at the current speed before the clock reaches `target`
    /// (rounded up, so that waking then finds it reached; 0 when it already has).
    public func nanoseconds(until target: MediaTime) -> Int64 {
        let delta = target - time
        guard delta.isNumeric, delta.value > 0 else { return 0 }
        var numerator = Int128(delta.value) * 1_000_000_000
        var denominator = Int128(delta.timescale)
        if speedExponent >= 0 { denominator <<= speedExponent } else { numerator <<= -speedExponent }
        let result = (numerator + denominator - 1) / denominator
        return Int64(exactly: result) ?? Int64.max
    }

    /// The time of the next action to fall due, or nil after the last.
    public var nextActionTime: MediaTime? {
        state.actionsDone < fight.actions.count ? fight.actions[state.actionsDone].action.time : nil
    }

    /// Jumps to `time` (clamped to the fight), recomputing the state from the timeline.
    public mutating func seek(to time: MediaTime) {
        let clamped = MediaTime.compare(time, .zero) < 0 ? .zero : (MediaTime.compare(time, fight.end) > 0 ? fight.end : time)
        self.time = clamped
        state = fight.state(at: clamped)
        if MediaTime.compare(clamped, fight.end) >= 0 { isPlaying = false }
    }

    /// Jumps to the previous (`forward: false`) or next action, pausing.
    public mutating func step(forward: Bool) {
        isPlaying = false
        let done = state.actionsDone
        if forward {
            guard done < fight.actions.count else { return }
            seek(to: fight.actions[done].action.time)
        } else {
            // Back to the action before the current one (or the start).
            seek(to: done >= 2 ? fight.actions[done - 2].action.time : .zero)
        }
    }

    /// Moves forward to `target`, applying each action that falls due on the way.
    private mutating func move(to target: MediaTime) -> Bool {
        var changed = false
        while state.actionsDone < fight.actions.count {
            let next = fight.actions[state.actionsDone]
            guard MediaTime.compare(next.action.time, target) <= 0 else { break }
            let other = 1 - next.side
            state.hitPoints[other] = max(0, state.hitPoints[other] - next.action.damage)
            state.actionsDone += 1
            changed = true
        }
        time = target
        return changed
    }
}
