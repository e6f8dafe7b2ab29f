import BattleLogKit

/// A fight's merged timeline as lines of text (`show ID --timeline`; the replay's action log):
/// each action's exact time on its own clock, who acted, what, the damage, the die and both
/// sides' hit points after it.
public enum TimelineText {
    /// The lines of `fight` (sides named `names`; `rolls` the record's dice, for each action's
    /// roll), unescaped: the caller escapes the names as it writes them. `exact` adds each
    /// time as stored (`{750/600}`) after its clock reading; `dice` each action's die and roll.
    public static func lines(_ fight: FightTimeline, names: [String], rolls: [Int], labels: Labels, exact: Bool = true,
                             dice: Bool = true) -> [String] {
        let nameWidth = min(24, names.map(DisplayWidth.of).max() ?? 0)
        let kindWidth = Timeline.Kind.allCases.map { DisplayWidth.of(kindName($0, labels)) }.max() ?? 0
        // As wide as the longest reading (a fight of hours has `10:00:00.000`).
        let timeWidth = max(9, fight.actions.map { DisplayWidth.of($0.action.time.clockDescription) }.max() ?? 0)
        // Each action's die and roll, padded to the widest so that the hit points line up.
        let dies = fight.actions.map { a in
            labels.fill("timeline.die", String(a.action.die), rolls.indices.contains(a.action.die) ? String(rolls[a.action.die]) : "?")
        }
        let dieWidth = dies.map(DisplayWidth.of).max() ?? 0
        var damage = [0, 0]
        return fight.actions.enumerated().map { i, a in
            damage[a.side] += a.action.damage
            let t = a.action.time
            let time = DisplayWidth.pad(t.clockDescription, to: timeWidth, alignRight: true)
                + (exact ? " " + DisplayWidth.pad("{\(t.value)/\(t.timescale)}", to: 17) : "")
            let who = DisplayWidth.pad(DisplayWidth.truncate(names[a.side], to: nameWidth), to: nameWidth)
            let hitPoints = FightTimeline.hitPoints(dealt: damage).map(String.init)
            return "\(time) \(who)  \(DisplayWidth.pad(kindName(a.action.kind, labels), to: kindWidth))  "
                + DisplayWidth.pad(String(a.action.damage), to: 3, alignRight: true) + "  "
                + (dice ? DisplayWidth.pad(dies[i], to: dieWidth) + "  " : "")
                + labels.fill("timeline.hitPoints", hitPoints[0], hitPoints[1])
        }
    }

    /// An action's kind in the labels' language.
    public static func kindName(_ kind: Timeline.Kind, _ labels: Labels) -> String {
        labels["timeline.kind." + kind.rawValue]
    }
}
