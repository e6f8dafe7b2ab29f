/// What one side of a fight did, in order: the timeline stored with each record (the record's
/// owner's actions). Times are exact `MediaTime`s on that side's own clock (`timescale`); the
/// fight is the merge of both sides' timelines (`Timeline.merge`), compared exactly across
/// timescales.
public struct Timeline: Sendable, Equatable {
    /// One action: when (on its side's clock), what, the damage it dealt and which of the
    /// record's dice decided it (an index into the record's dice, in the order rolled).
    public struct Action: Sendable, Equatable {
        public let time: MediaTime
        public let kind: Kind
        public let damage: Int
        public let die: Int

        public init(time: MediaTime, kind: Kind, damage: Int, die: Int) {
            self.time = time
            self.kind = kind
            self.damage = damage
            self.die = die
        }
    }

    /// The kinds of action, by their stored name.
    public enum Kind: String, Sendable, CaseIterable {
        case strike
        /// The side's magic, cast once.
        case magic
        /// A miss: the other side dodged (no damage).
        case dodge
        /// A strike that deals double.
        case critical
        /// The action that took the other side's hit points to zero; the last of the fight.
        case finalBlow = "final"
    }

    /// The ticks per second of this side's clock.
    public let timescale: Int32
    public let actions: [Action]
    /// The name of the weapon this side struck with (nil: bare-handed, or written before weapons).
    public let weapon: String?

    public init(timescale: Int32, actions: [Action], weapon: String? = nil) {
        self.timescale = timescale
        self.actions = actions
        self.weapon = weapon
    }

    /// The number of critical hits.
    public var crits: Int { actions.count { $0.kind == .critical } }
    /// The first action that dealt damage, if any.
    public var firstHit: Action? { actions.first { $0.damage > 0 } }
    /// The largest damage of one action (0 with none).
    public var biggestHit: Int { actions.map(\.damage).max() ?? 0 }

    /// `action`'s time on this side's clock, as the stored and JSON forms write it (a time on
    /// another clock is rounded to its nearest tick).
    public func clockTime(of action: Action) -> MediaTime { action.time.convertScale(timescale) }

    /// An action of a merged fight: which side acted (0: the first timeline given, 1: the second).
    public struct FightAction: Sendable, Equatable {
        public let side: Int
        public let action: Action
    }

    /// Both sides' actions in time order, compared exactly across timescales. Actions at the same
    /// instant (`1/600` and `147/88200`) keep the first side's first, then each side's own order.
    public static func merge(_ a: Timeline, _ b: Timeline) -> [FightAction] {
        var merged: [FightAction] = []
        merged.reserveCapacity(a.actions.count + b.actions.count)
        var i = 0, j = 0
        while i < a.actions.count || j < b.actions.count {
            if j == b.actions.count || (i < a.actions.count && MediaTime.compare(a.actions[i].time, b.actions[j].time) <= 0) {
                merged.append(FightAction(side: 0, action: a.actions[i]))
                i += 1
            } else {
                merged.append(FightAction(side: 1, action: b.actions[j]))
                j += 1
            }
        }
        return merged
    }
}
