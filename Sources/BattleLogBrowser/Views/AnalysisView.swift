import BattleLogKit
import BattleLogPresentation
import Foundation

/// The statistics view on a field (`t`, then Tab): the field's groups over the filter on screen
/// (value, count, win rate, mean time, a bar), and beside or under them a chart: the chosen
/// measure over date buckets as a line, a number's bins as a histogram.
enum AnalysisView {
    /// Where the table and the chart go in the body.
    static func geometry(_ m: BrowserModel) -> (table: Rect, chart: Rect?) {
        let r = m.layout.body
        let inner = Rect(top: r.top + 3, left: r.left + 2, height: max(1, r.height - 4), width: max(10, r.width - 4))
        guard let field = m.overlays.analysis?.field?.field, hasChart(field) else { return (inner, nil) }
        if inner.width >= 100 {
            let tableWidth = inner.width * 11 / 20
            return (Rect(top: inner.top, left: inner.left, height: inner.height, width: tableWidth),
                    Rect(top: inner.top, left: inner.left + tableWidth + 2, height: inner.height, width: inner.width - tableWidth - 2))
        }
        let tableHeight = max(4, inner.height / 2)
        return (Rect(top: inner.top, left: inner.left, height: tableHeight, width: inner.width),
                Rect(top: inner.top + tableHeight + 1, left: inner.left, height: max(0, inner.height - tableHeight - 1), width: inner.width))
    }

    static func hasChart(_ field: GroupField) -> Bool {
        switch field {
        case .date: true
        case .number(_, let width): width != nil
        default: false
        }
    }

    /// Rows of groups the table shows (under its heading).
    static func tableRows(_ m: BrowserModel) -> Int { max(1, geometry(m).table.height - 1) }

    static func render(_ m: BrowserModel, _ s: Screen) {
        guard let a = m.overlays.analysis, let (name, field) = a.field else { return }
        let r = m.layout.body
        Drawing.clear(s, r)
        Drawing.box(s, r, title: m.labels["stats"] + " — " + m.labels.fill("analysis.by", name) + "  " + m.labels["analysis.keys"], focused: true)
        let width = r.width - 4
        // The fields, the one on screen marked; the strip drops fields from its start to keep it in sight.
        let names = [m.labels["analysis.summary"]] + a.fields.map(\.name)
        var first = 0
        func widthUpTo(_ last: Int) -> Int { names[first...last].map { DisplayWidth.of($0) + 4 }.reduce(0, +) + (first > 0 ? 2 : 0) }
        while first < a.tab, widthUpTo(a.tab) > width { first += 1 }
        var x = r.left + 2
        if first > 0 { s.put(r.top + 1, x, "… ", style: .dim); x += 2 }
        for i in first..<names.count {
            let text = i == a.tab ? "[" + names[i] + "]" : " " + names[i] + " "
            guard x + DisplayWidth.of(text) <= r.right - 2 else { s.put(r.top + 1, r.right - 3, "…", style: .dim); break }
            s.put(r.top + 1, x, text, style: i == a.tab ? .accent : .dim)
            x += DisplayWidth.of(text) + 2
        }
        // Over what: the filter, how deep the drill-down is, whether it is still counting.
        var scope = m.filterText.map { "f: " + $0 } ?? m.labels["analysis.allRecords"]
        if !a.drills.isEmpty { scope += "  " + m.labels.fill("analysis.drilled", String(a.drills.count)) }
        if a.groups == nil { scope += "  " + m.labels["counting"] }
        s.put(r.top + 2, r.left + 2, DisplayWidth.truncate(scope, to: width), style: .bold)
        let (table, chart) = geometry(m)
        guard let groups = a.groups else { return }
        if let failure = a.failure {
            s.put(table.top, table.left, DisplayWidth.truncate(m.labels["error"] + ": " + failure, to: table.width), style: .damaged)
            return
        }
        if groups.isEmpty {
            s.put(table.top, table.left, m.labels[m.filterText == nil ? "analysis.noRecords" : "noMatch"], style: .dim)
            return
        }
        drawTable(m, s, a, field, groups, table)
        if let chart, chart.height >= 4 { drawChart(m, s, a, field, groups, chart) }
    }

    static func drawTable(_ m: BrowserModel, _ s: Screen, _ a: AnalysisSession, _ field: GroupField, _ groups: [GroupCount], _ r: Rect) {
        // The largest count is the widest.
        let countW = max(DisplayWidth.of(m.labels["col.count"]), GroupedNumber.text(groups.map(\.count).max() ?? 0).count)
        let rateW = max(6, DisplayWidth.of(m.labels["analysis.winPct"])), meanW = max(7, DisplayWidth.of(m.labels["analysis.meanTime"]))
        let figures = countW + rateW + meanW + 3
        // The names take what they need (at most 30 columns); the bar what is left.
        let widest = groups.prefix(200).map { DisplayWidth.of(GroupTable.label($0.key, field: field, labels: m.labels)) }.max() ?? 6
        var nameW = min(max(widest, DisplayWidth.of(m.labels["col.value"]), 6), 30)
        let barW = r.width - figures - nameW - 1 >= 6 ? min(60, r.width - figures - nameW - 1) : 0
        if barW == 0 { nameW = max(6, r.width - figures) }
        func right(_ t: String, _ w: Int) -> String { DisplayWidth.pad(t, to: w, alignRight: true) }
        let head = DisplayWidth.pad(m.labels["col.value"], to: nameW) + " " + right(m.labels["col.count"], countW) + " "
            + right(m.labels["analysis.winPct"], rateW) + " " + right(m.labels["analysis.meanTime"], meanW)
        s.put(r.top, r.left, DisplayWidth.truncate(head, to: r.width), style: .bold)
        let largest = max(1, groups.map(\.count).max() ?? 1)
        for i in 0..<max(0, r.height - 1) {
            let index = a.scroll + i
            guard index < groups.count else { break }
            let g = groups[index]
            let y = r.top + 1 + i
            let selected = index == a.selected
            let style: Style = selected ? .selected : .normal
            s.fill(y, r.left, width: r.width, style: style)
            let label = GroupTable.label(g.key, field: field, labels: m.labels)
            let mean = g.meanDuration.map { ReplayClock.text(MediaTime(seconds: $0, preferredTimescale: 10), decimals: 1) } ?? "–"
            let line = DisplayWidth.pad(DisplayWidth.truncate(label, to: nameW), to: nameW) + " " + right(GroupedNumber.text(g.count), countW) + " "
                + right(String(format: "%.1f", g.winRate * 100), rateW) + " " + right(mean, meanW)
            s.put(y, r.left, DisplayWidth.truncate(line, to: r.width), style: selected ? style : (g.key == .absent || g.key == .damaged ? .dim : .normal))
            if barW > 0 { s.put(y, r.left + nameW + figures + 1, Bar.text(Double(g.count) / Double(largest), width: barW), style: selected ? style : .accent) }
        }
        Drawing.moreMarks(s, Rect(top: r.top - 3, left: r.left - 2, height: r.height + 4, width: r.width + 4),
                          above: false, below: a.scroll + r.height - 1 < groups.count)
    }

    static func drawChart(_ m: BrowserModel, _ s: Screen, _ a: AnalysisSession, _ field: GroupField, _ groups: [GroupCount], _ r: Rect) {
        // Drawn once for its groups, measure and size (21,000 days took 15 ms a frame).
        let chart: AnalysisSession.Chart
        if let drawn = a.chart, drawn.measure == a.measure, drawn.width == r.width, drawn.height == r.height {
            chart = drawn
        } else {
            guard let made = chartLines(m, a, field, groups, r) else { return }
            chart = AnalysisSession.Chart(measure: a.measure, width: r.width, height: r.height, title: made.title, lines: made.lines)
            m.overlays.analysis?.chart = chart
        }
        s.put(r.top, r.left, DisplayWidth.truncate(chart.title, to: r.width), style: .bold)
        for (i, line) in chart.lines.prefix(r.height - 1).enumerated() {
            s.put(r.top + 1 + i, r.left, DisplayWidth.truncate(line, to: r.width), style: i < chart.lines.count - 2 ? .accent : .dim)
        }
    }

    /// The chart's title and lines: a line chart of the measure over dates, a histogram of buckets.
    static func chartLines(_ m: BrowserModel, _ a: AnalysisSession, _ field: GroupField, _ groups: [GroupCount], _ r: Rect) -> (title: String, lines: [String])? {
        // Dates and numbers are kept in value order already (a sort of 21,000 days per frame cost 15 ms).
        let inOrder = AnalysisSession.order(field) == .value ? groups : GroupOrder.value.sorted(groups)
        let ordered = inOrder.filter { $0.key != .absent && $0.key != .damaged }
        guard !ordered.isEmpty else { return nil }
        let lines: [String]
        let title: String
        switch field {
        case .date:
            // The measure over the date buckets, oldest first.
            title = m.labels.fill("analysis.chart." + a.measure.rawValue, m.labels["analysis.bucket." + bucketName(field)]) + "  (m)"
            let values: [Double?] = ordered.map { g in
                switch a.measure {
                case .count: Double(g.count)
                case .winRate: g.count == 0 ? nil : g.winRate * 100
                case .meanDuration: g.meanDuration
                }
            }
            let xLabels = ordered.map { g -> String in if case .text(let t) = g.key { t } else { "" } }
            let scale: (Double) -> String = switch a.measure {
            case .count: { GroupedNumber.text(Int($0.rounded())) }
            case .winRate: { String(format: "%.0f%%", $0) }
            case .meanDuration: { ReplayClock.text(MediaTime(seconds: $0, preferredTimescale: 10), decimals: 0) }
            }
            lines = Chart.line(values, xLabels: xLabels, width: r.width, height: max(3, min(10, r.height - 3)),
                               low: a.measure == .winRate ? 0 : (a.measure == .count ? 0 : nil), high: a.measure == .winRate ? 100 : nil, scale: scale)
        case .number(let path, let width?):
            // Every bin from the lowest to the highest, empty ones too (at most 80).
            title = m.labels.fill("analysis.chart.histogram", path)
            var bins: [Double: Int] = [:]
            for g in ordered { if case .bucket(let from, _) = g.key { bins[from] = g.count } }
            guard let lo = bins.keys.min(), let hi = bins.keys.max() else { return nil }
            let n = min(80, Int(((hi - lo) / width).rounded()) + 1)
            let starts = (0..<n).map { lo + Double($0) * width }
            let counts = starts.map { bins[$0] ?? 0 }
            let xLabels = starts.map { path == "duration" ? GroupTable.label(.bucket(from: $0, to: $0 + width), field: field, labels: m.labels).components(separatedBy: "–")[0] : GroupTable.label(.number($0), field: field, labels: m.labels) }
            lines = Chart.histogram(counts, xLabels: xLabels, width: r.width, height: max(2, min(10, r.height - 3)))
        default:
            return nil
        }
        return (title, lines)
    }

    static func bucketName(_ field: GroupField) -> String {
        if case .date(let b) = field { return b.rawValue }
        return "day"
    }
}

/// `v`: two Humans' fights against each other: the tally, the first's win rate month by month,
/// the magic each used against the other, and the fights (Enter opens one).
enum HeadToHeadView {
    static func listRect(_ m: BrowserModel) -> Rect {
        let r = m.layout.body
        let top = r.top + 1 + min(12, r.height / 2)
        return Rect(top: top, left: r.left + 2, height: max(1, r.bottom - 1 - top), width: r.width - 4)
    }

    static func listRows(_ m: BrowserModel) -> Int { max(1, listRect(m).height) }

    static func render(_ m: BrowserModel, _ s: Screen) {
        guard let h = m.overlays.headToHead else { return }
        let r = m.layout.body
        Drawing.clear(s, r)
        let a = SafeText.escape(h.first.name), b = SafeText.escape(h.second.name)
        // Two long names share the title's room: neither pushes the other out.
        let keys = "  " + m.labels["h2h.keys"], room = max(8, r.width - 8 - DisplayWidth.of(m.labels.fill("h2h.title", "", "") + keys))
        // The first name keeps what the second leaves, and at least half; the second the rest.
        let keptA = min(DisplayWidth.of(a), max(room / 2, room - DisplayWidth.of(b)))
        let title = m.labels.fill("h2h.title", DisplayWidth.truncate(a, to: max(4, keptA)), DisplayWidth.truncate(b, to: max(4, room - keptA)))
        Drawing.box(s, r, title: title + keys, focused: true)
        let inner = Rect(top: r.top + 1, left: r.left + 2, height: r.height - 2, width: r.width - 4)
        let t = h.tally
        let tally = m.labels.fill("h2h.tally", fitting: inner.width, a, GroupedNumber.text(t.count), GroupedNumber.text(t.wins),
                                  GroupedNumber.text(t.losses), GroupedNumber.text(t.draws), String(format: "%.1f", t.winRate * 100))
        s.put(inner.top, inner.left, tally, style: .bold)
        guard t.count > 0 else {
            let why = m.labels[h.first.kind != nil && h.first.kind == h.second.kind ? "h2h.sameKind" : "h2h.none"]
            for (i, line) in DisplayWidth.wrap(why, to: inner.width, maxLines: 3).enumerated() { s.put(inner.top + 2 + i, inner.left, line, style: .dim) }
            return
        }
        let list = listRect(m)
        let upper = Rect(top: inner.top + 1, left: inner.left, height: list.top - inner.top - 2, width: inner.width)
        // Left: the win rate month by month; right: the magic each used against the other.
        let half = upper.width / 2
        if upper.height >= 4, !h.byMonth.isEmpty {
            s.put(upper.top, upper.left, m.labels.fill("h2h.rateByMonth", fitting: half - 1, a), style: .bold)
            let values: [Double?] = h.byMonth.map { $0.count == 0 ? nil : $0.winRate * 100 }
            let labels = h.byMonth.map { g -> String in if case .text(let t) = g.key { t } else { "" } }
            let lines = Chart.line(values, xLabels: labels, width: half - 1, height: max(3, upper.height - 3), low: 0, high: 100,
                                   scale: { String(format: "%.0f%%", $0) })
            for (i, line) in lines.prefix(upper.height - 1).enumerated() {
                s.put(upper.top + 1 + i, upper.left, DisplayWidth.truncate(line, to: half - 1), style: i < lines.count - 2 ? .accent : .dim)
            }
        }
        var y = upper.top
        // Each side's list gets half the rows; one that does not fit says how many more.
        let perSide = max(1, upper.height / 2 - 1)
        for (who, magic, kind) in [(a, h.firstMagic, h.first.kind), (b, h.secondMagic, h.second.kind)] {
            guard y < upper.bottom else { break }
            s.put(y, upper.left + half + 1, m.labels.fill("h2h.magicOf", fitting: upper.width - half - 1, who), style: .bold)
            y += 1
            let most = max(1, magic.map(\.count).max() ?? 1)
            let shown = magic.count > perSide ? perSide - 1 : perSide
            if magic.count > shown, y + shown < upper.bottom {
                s.put(y + shown, upper.left + half + 1, m.labels.fill("h2h.more", String(magic.count - shown)), style: .dim)
            }
            defer { if magic.count > shown { y += 1 } }
            for g in magic.prefix(shown) where y < upper.bottom {
                let label = GroupTable.label(g.key, field: .magic, labels: m.labels)
                let w = upper.width - half - 1
                let nameW = min(18, w / 2)
                s.put(y, upper.left + half + 1, DisplayWidth.pad(DisplayWidth.truncate(label, to: nameW), to: nameW), style: .normal)
                let barW = max(2, w - nameW - 8)
                s.put(y, upper.left + half + 2 + nameW, Bar.text(Double(g.count) / Double(most), width: barW), style: Drawing.style(for: kind))
                s.put(y, upper.left + half + 3 + nameW + barW, GroupedNumber.text(g.count), style: .dim)
                y += 1
            }
        }
        // The fights, newest first; Enter opens one.
        s.put(list.top - 1, list.left, DisplayWidth.truncate(m.labels.fill("h2h.fights", GroupedNumber.text(h.recent.count)), to: list.width), style: .bold)
        let scroll = max(0, m.overlays.headToHeadIndex - listRows(m) + 1)
        for (i, record) in h.recent.dropFirst(scroll).prefix(listRows(m)).enumerated() {
            let index = scroll + i
            let y = list.top + i
            let selected = index == m.overlays.headToHeadIndex
            s.fill(y, list.left, width: list.width, style: selected ? .selected : .normal)
            // Damage in its one spelling; a damaged magic is never shown as none.
            let damaged = ValuePresenter.damagedCell(m.labels)
            let date = record.date.map(Drawing.shortDate) ?? damaged
            let result = record.result.map { m.labels[$0.rawValue] } ?? damaged
            let magic = switch record.usingMagic.decoded {
            case .success(let v?): v.displayFields.map(\.text).joined(separator: " · ")
            case .success(nil): ValuePresenter.absent
            case .failure: damaged
            }
            let text = date + "  " + DisplayWidth.pad(result, to: 6) + "  " + SafeText.escape(magic)
            s.put(y, list.left, DisplayWidth.truncate(text, to: list.width), style: selected ? .selected : Drawing.style(for: record.result))
        }
        // More fights above or below the list: said on the border, as every overlay says it.
        Drawing.moreMarks(s, r, above: scroll > 0, below: scroll + listRows(m) < h.recent.count)
    }
}
