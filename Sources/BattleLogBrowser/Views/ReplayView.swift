import BattleLogKit
import BattleLogPresentation

/// The replay (`r`) over the panes: both fighters with hit-point bars, the clock and speed, a
/// one-row ruler of the fight (a tick at each action, the cursor at the clock), and the action
/// log with the current action marked. Everything drawn is a function of the replay's time,
/// speed and playing state, so seeking to an instant and playing to it draw the same screen.
enum ReplayView {
    static func render(_ m: BrowserModel, _ s: Screen) {
        guard let replay = m.replay else { return }
        let r = m.layout.body
        guard r.height >= 9, r.width >= 20 else { return }
        Drawing.clear(s, r)
        let player = replay.player, fight = player.fight
        Drawing.box(s, r, title: m.labels.fill("replay.title", replay.record.fightText(m.labels), String(replay.record.id)), focused: true)
        let left = r.left + 2, width = r.width - 4
        let owners = [replay.record.owner, replay.other.owner]
        let names = owners.map { SafeText.escape($0.name) }
        // Each fighter's row names the weapon its side struck with.
        let armed = (0..<2).map { i in names[i] + (fight.sides[i].weapon.map { " · " + SafeText.escape($0) } ?? "") }

        // The fighters: mark, name, hit-point bar in their kind's colour, reading.
        let markWidth = owners.map { DisplayWidth.of(m.labels.kindMark($0.kind)) }.max() ?? 1
        let reading = 7   // "100/100"
        // The name and the weapon take what they need while the bar keeps 20 cells.
        let nameWidth = min(max(8, width - markWidth - reading - 3 - 20), armed.map(DisplayWidth.of).max() ?? 8)
        let barWidth = max(4, width - markWidth - nameWidth - reading - 3)
        for side in 0..<2 {
            let row = r.top + 1 + side
            let hp = player.state.hitPoints[side]
            s.put(row, left, m.labels.kindMark(owners[side].kind), style: Drawing.style(for: owners[side].kind))
            Drawing.field(s, row, left + markWidth + 1, armed[side], width: nameWidth, style: .bold)
            let fraction = Double(hp) / Double(FightTimeline.startingHitPoints)
            s.put(row, left + markWidth + nameWidth + 2, Bar.text(fraction, width: barWidth), style: hp == 0 ? .loss : Drawing.style(for: owners[side].kind))
            s.put(row, left + width - reading, DisplayWidth.pad("\(hp)/\(FightTimeline.startingHitPoints)", to: reading, alignRight: true),
                  style: hp == 0 ? .loss : .normal)
        }

        // The clock, the speed, the state and where the replay is among the actions.
        let done = player.state.actionsDone
        let ended = !player.isPlaying && MediaTime.compare(player.time, fight.end) >= 0
        let icon = player.isPlaying ? "▶" : (ended ? "■" : "||")
        let state = m.labels[player.isPlaying ? "replay.playing" : (ended ? "replay.ended" : "replay.paused")]
        let clock = "\(icon) \(ReplayClock.text(player.time, decimals: replay.clockDecimals)) / \(fight.end.clockDescription)"
        s.put(r.top + 4, left, clock, style: .bold)
        // The speed and the rest stand where the exact reading would end: they stay put when
        // play starts or stops and the reading loses or gains its decimals.
        let clockRoom = max(DisplayWidth.of(clock), DisplayWidth.of("|| \(ReplayClock.text(player.time, decimals: 3)) / \(fight.end.clockDescription)"))
        let rest = "   \(player.speedText)   \(state)   " + m.labels.fill("replay.action", String(done), String(fight.actions.count))
        s.put(r.top + 4, left + clockRoom, DisplayWidth.truncate(rest, to: width - clockRoom), style: .normal)

        ruler(fight, time: player.time, owners: owners, row: r.top + 5, left: left, width: width, s)

        // The action log under a rule, the current action marked and kept in sight.
        s.put(r.top + 6, r.left, "├" + String(repeating: "─", count: r.width - 2) + "┤", style: .accent)
        s.put(r.top + 6, left, " \(m.labels["replay.log"]) ", style: .bold)
        let rows = r.bottom - 1 - (r.top + 7)
        let rolls = replay.record.dice ?? []
        // The fullest form that fits: exact times, then clock readings, then without the dice.
        var lines = TimelineText.lines(fight, names: names, rolls: rolls, labels: m.labels)
        for (exact, dice) in [(false, true), (false, false)] where (lines.map(DisplayWidth.of).max() ?? 0) > width - 2 {
            lines = TimelineText.lines(fight, names: names, rolls: rolls, labels: m.labels, exact: exact, dice: dice)
        }
        if lines.isEmpty { s.put(r.top + 7, left + 1, m.labels["replay.noActions"], style: .dim) }
        let current = done - 1
        let scroll = logScroll(current: current, count: lines.count, rows: rows)
        for i in 0..<max(0, rows) {
            let index = scroll + i
            guard index < lines.count else { break }
            let row = r.top + 7 + i
            if index == current {
                s.fill(row, left - 1, width: width + 2, style: .selected)
                s.put(row, left, "▸" + DisplayWidth.truncate(lines[index], to: width - 1), style: .selected)
            } else {
                s.put(row, left + 1, DisplayWidth.truncate(lines[index], to: width - 1), style: index < done ? .normal : .dim)
            }
        }
        Drawing.moreMarks(s, Rect(top: r.top + 6, left: r.left, height: rows + 2, width: r.width),
                          above: scroll > 0, below: scroll + rows < lines.count)
    }

    /// The log's first line shown: the current action a third of the way down once the log is
    /// longer than its room (a function of the current action alone).
    static func logScroll(current: Int, count: Int, rows: Int) -> Int {
        guard rows > 0, count > rows else { return 0 }
        return max(0, min(count - rows, current - rows / 3))
    }

    /// The fight as one row: `─` for time passing, `│` at an action (`┃` where several share a
    /// cell) in the actor's colour, `●` at the clock.
    static func ruler(_ fight: FightTimeline, time: MediaTime, owners: [Human], row: Int, left: Int, width: Int, _ s: Screen) {
        guard width >= 2 else { return }
        func column(_ t: MediaTime) -> Int {
            let end = fight.end.seconds
            guard end > 0 else { return 0 }
            return max(0, min(width - 1, Int((t.seconds / end * Double(width - 1)).rounded(.down))))
        }
        s.put(row, left, String(repeating: "─", count: width), style: .dim)
        var count = [Int](repeating: 0, count: width)
        var side = [Int](repeating: 0, count: width)
        for a in fight.actions {
            let c = column(a.action.time)
            count[c] += 1
            side[c] = a.side
        }
        for c in 0..<width where count[c] > 0 {
            s.put(row, left + c, count[c] > 1 ? "┃" : "│", style: Drawing.style(for: owners[side[c]].kind))
        }
        s.put(row, left + column(time), "●", style: .selected)
    }
}
