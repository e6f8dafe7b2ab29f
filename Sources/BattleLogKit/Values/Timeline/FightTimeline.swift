/// A fight as its two timelines tell it: the merged actions, and what follows from them (the
/// hit points at any instant, who won, when it ended). Everything is a pure function of the two
/// timelines, so a replay that seeks to an instant and one that plays to it show the same state.
public struct FightTimeline: Sendable, Equatable {
    /// Each side's hit points at the start.
    public static let startingHitPoints = 100
    /// How long a fight may last: no action comes after it, and a fight still going is a draw.
    public static let timeLimit = MediaTime(value: 90, timescale: 1)

    /// The two sides' timelines (0: the first record's owner, 1: the other).
    public let sides: [Timeline]
    /// Both sides' actions in exact time order.
    public let actions: [Timeline.FightAction]

    public init(_ first: Timeline, _ second: Timeline) {
        sides = [first, second]
        actions = Timeline.merge(first, second)
    }

    /// The state after every action up to and including `time`.
    public struct State: Sendable, Equatable {
        /// The hit points of side 0 and side 1 (never below 0).
        public var hitPoints: [Int]
        /// How many of the merged actions have happened (the last one is the current action).
        public var actionsDone: Int
    }

    /// The state at `time`: a pure function of the timelines.
    public func state(at time: MediaTime) -> State {
        var damage = [0, 0]
        var done = 0
        for a in actions {
            guard MediaTime.compare(a.action.time, time) <= 0 else { break }
            damage[a.side] += a.action.damage
            done += 1
        }
        return State(hitPoints: Self.hitPoints(dealt: damage), actionsDone: done)
    }

    /// Each side's hit points when side 0 has dealt `dealt[0]` and side 1 `dealt[1]` (never below 0).
    public static func hitPoints(dealt: [Int]) -> [Int] {
        [max(0, startingHitPoints - dealt[1]), max(0, startingHitPoints - dealt[0])]
    }

    /// When the fight ended: the time of its last action (zero with none).
    public var end: MediaTime { actions.last?.action.time ?? .zero }

    /// The result for side 0 that the actions decide: a win when side 1's hit points reach
    /// zero, a loss when its own do, a draw when time ran out.
    public var result: FightResult {
        let final = state(at: end)
        if final.hitPoints[1] == 0 { return .win }
        if final.hitPoints[0] == 0 { return .loss }
        return .draw
    }

    /// Why the timelines contradict themselves or a record's `result` (for side 0) and
    /// `duration`, or nil when they agree.
    public func contradiction(result: FightResult, duration: MediaTime, dice: Int) -> String? {
        if let a = actions.first(where: { $0.action.die >= dice }) {
            return "an action at \(a.action.time.clockDescription) names die \(a.action.die), the record has \(dice)"
        }
        if MediaTime.compare(end, duration) != 0 {
            return "its last action is at \(end.clockDescription) {\(end.value)/\(end.timescale)}, the duration is \(duration.clockDescription) {\(duration.value)/\(duration.timescale)}"
        }
        let decided = self.result
        if decided != result { return "its actions make it a \(decided.rawValue) for this side, the record says \(result.rawValue)" }
        let finals = actions.filter { $0.action.kind == .finalBlow }.count
        if decided == .draw ? finals != 0 : (finals != 1 || actions.last?.action.kind != .finalBlow) {
            return decided == .draw ? "a draw with a final blow" : "the fight ends without its final blow last"
        }
        return nil
    }
}
