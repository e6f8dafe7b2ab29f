import BattleLogFoundation
import BattleLogKit
import Foundation

/// `stats --by` as text: one row per group with its count, wins, losses, draws, win rate, mean
/// duration and a bar scaled to the largest group.
public enum GroupTable {
    /// A group's value as a person reads it (escaped): a name, a word in the labels' language, a
    /// number, a bucket (`10–20`, `0:30–1:00`), a week (`week of 2026-02-09`), the absent group's
    /// name, or damage's one spelling.
    public static func label(_ key: GroupCount.Key, field: GroupField, labels: Labels) -> String {
        switch key {
        case .human(let h): return SafeText.escape(h.name)
        case .absent: return labels["group.none"]
        case .damaged: return ValuePresenter.damagedCell(labels)
        case .text(let t):
            switch field {
            case .result, .magic, .kind: return labels.keys.contains(t) ? labels[t] : SafeText.escape(t)
            case .date(.week): return labels.fill("group.week", t)
            default: return SafeText.escape(t)
            }
        case .number(let n):
            // An exact time to the millisecond, as the detail shows it (`0:07.923`).
            if case .number(let path, _) = field, isTime(path) {
                return ReplayClock.text(MediaTime(seconds: n, preferredTimescale: 1000), decimals: n == n.rounded() ? 0 : 3)
            }
            return number(n)
        case .bucket(let from, let to):
            if case .number(let path, _) = field, isTime(path) {
                return clock(from) + "–" + clock(to)
            }
            // The dice's figures are whole numbers: a bucket of them names its first and last
            // (`90–99`), not the half-open bounds (`90–100` would seem to hold 100). A roll's
            // highest and lowest stop at the dice's top face: the last bucket reads `100`, not
            // `100–109`.
            if case .number(let path, _) = field, path.hasPrefix("rolls."), from == from.rounded(), to == to.rounded(), to - from >= 1 {
                var last = to - 1
                if path == "rolls.max" || path == "rolls.min", let top = diceTopFace, top >= from { last = min(last, top) }
                return last == from ? number(from) : number(from) + "–" + number(last)
            }
            return number(from) + "–" + number(to)
        }
    }

    /// Whether the grouped path is a span of time shown as a clock: `duration`, or a query path
    /// battlelog's model declares as `seconds` (`timeline.firstHit`).
    public static func isTime(_ path: String) -> Bool {
        path == "duration" || QueryColumns.computed.source(path: path)?.kind == .seconds
    }

    /// The highest face of battlelog's dice (the model's range of the dice counted).
    static let diceTopFace: Double? = (try? StoreModel.bundled())?.transformableAttributes
        .first { $0.summary == .diceCount }?.range.map { Double($0.upperBound) }

    /// A number without a needless fraction: `7`, `2.5`.
    static func number(_ n: Double) -> String {
        n == n.rounded() && abs(n) < 1e15 ? String(Int64(n)) : PrintfNumber.general(n)
    }

    /// A number as JSON writes it: an integer when whole, else its shortest decimal form.
    public static func jsonNumber(_ n: Double) -> String {
        guard n.isFinite else { return "null" }
        return n == n.rounded() && abs(n) < 9e15 ? String(Int64(n)) : "\(n)"
    }

    /// Seconds as `m:ss` (or `m:ss.s` when not whole).
    static func clock(_ seconds: Double) -> String {
        let t = MediaTime(seconds: seconds, preferredTimescale: 1000)
        let whole = seconds == seconds.rounded()
        return ReplayClock.text(t, decimals: whole ? 0 : 1)
    }

    /// `line` without the spaces at its end.
    static func trimmingTrailingSpaces(_ line: String) -> String {
        let utf8 = line.utf8
        var end = utf8.endIndex
        while end > utf8.startIndex, utf8[utf8.index(before: end)] == 0x20 { end = utf8.index(before: end) }
        return end == utf8.endIndex ? line : String(line[..<end])
    }

    /// The table's lines, at most `width` columns wide (the bar takes what the figures leave);
    /// a value's name is cut at 30 columns, unless `wholeNames` (piped output: every line whole).
    public static func lines(_ groups: [GroupCount], field: GroupField, labels: Labels, width: Int = 100, wholeNames: Bool = false) -> [String] {
        let names = ParallelRanges.map(groups.count) { range in range.map { label(groups[$0].key, field: field, labels: labels) } }.flatMap { $0 }
        let widest = max(DisplayWidth.of(labels["col.value"]), names.map(DisplayWidth.of).max() ?? 5)
        let countWidth = max(DisplayWidth.of(labels["col.count"]), groups.map { GroupedNumber.text($0.count).count }.max() ?? 1)
        let figureWidth = max(6, groups.map { GroupedNumber.text(max($0.wins, $0.losses, $0.draws)).count }.max() ?? 1)
        let rateWidth = max(7, DisplayWidth.of(labels["col.winRate"])), meanWidth = max(8, DisplayWidth.of(labels["col.meanDuration"]))
        // On a terminal the names give way (to 8 columns) before the figures do.
        let figures = 2 + countWidth + 3 * (2 + figureWidth) + 2 + rateWidth + 2 + meanWidth
        let nameWidth = wholeNames ? widest : min(widest, max(8, min(30, width - figures)))
        func right(_ text: String, _ w: Int) -> String { DisplayWidth.pad(text, to: w, alignRight: true) }
        let head = DisplayWidth.pad(labels["col.value"], to: nameWidth) + "  " + right(labels["col.count"], countWidth)
            + "  " + right(labels["col.wins"], figureWidth) + "  " + right(labels["col.losses"], figureWidth)
            + "  " + right(labels["col.draws"], figureWidth) + "  " + right(labels["col.winRate"], rateWidth)
            + "  " + right(labels["col.meanDuration"], meanWidth)
        let barWidth = max(0, min(30, width - DisplayWidth.of(head) - 2))
        let largest = groups.map(\.count).max() ?? 0
        // Hundreds of thousands of rows (a fraction's exact values) are written on both cores.
        let rows = ParallelRanges.map(groups.count) { range in
            range.map { i in
                let (g, name) = (groups[i], names[i])
                let rate = PrintfNumber.fixed(g.winRate * 100, places: 1) + "%"
                let mean = g.meanDuration.map { ReplayClock.text(MediaTime(seconds: $0, preferredTimescale: 10), decimals: 1) } ?? "–"
                var line = DisplayWidth.pad(DisplayWidth.truncate(name, to: nameWidth), to: nameWidth) + "  "
                    + right(GroupedNumber.text(g.count), countWidth) + "  " + right(GroupedNumber.text(g.wins), figureWidth)
                    + "  " + right(GroupedNumber.text(g.losses), figureWidth) + "  " + right(GroupedNumber.text(g.draws), figureWidth)
                    + "  " + right(rate, rateWidth) + "  " + right(mean, meanWidth)
                if barWidth > 0 && largest > 0 { line += "  " + Bar.text(Double(g.count) / Double(largest), width: barWidth) }
                return Self.trimmingTrailingSpaces(line)
            }
        }
        return [head] + rows.joined()
    }
}
