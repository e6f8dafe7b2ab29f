import BattleLogKit
import BattleLogPresentation

/// The detail pane while the roster is focused: the selected Human's page (their tally, their
/// win rate over time as a sparkline, their favourite formula or gate).
enum HumanPageView {
    static func render(_ m: BrowserModel, _ s: Screen) {
        let r = m.layout.detail
        guard r.height >= 3, r.width >= 8 else { return }
        guard let h = m.selectedHuman else {
            Drawing.box(s, r, title: m.labels["humanPage.title"], focused: false)
            return
        }
        Drawing.box(s, r, title: "\(m.labels["humanPage.title"]) — \(h.name)", focused: false)
        var lines = content(m, h, width: r.width - 4)
        // A short pane keeps its last line, the hint to the Human's records, and loses the
        // blank line before it, then what precedes it.
        if lines.count > r.height - 2, let hint = lines.last {
            lines.removeLast()
            if lines.last?.isEmpty == true { lines.removeLast() }
            lines = Array(lines.prefix(max(0, r.height - 3))) + [hint]
        }
        for (i, line) in lines.prefix(r.height - 2).enumerated() {
            var x = r.left + 2
            for span in line {
                s.put(r.top + 1 + i, x, DisplayWidth.truncate(span.text, to: max(0, r.right - 2 - x)), style: span.style)
                x += DisplayWidth.of(span.text)
            }
        }
    }

    typealias Span = DetailView.Span

    static func content(_ m: BrowserModel, _ h: Human, width: Int) -> [[Span]] {
        let l = m.labels
        let t = m.roster.tallies[h.id] ?? BattleStore.Tally()
        let keys = ["humanPage.kind", "humanPage.record", "humanPage.span", "humanPage.winRate", "humanPage.favouriteFormula", "humanPage.favouriteGate"]
        let labelWidth = keys.map { DisplayWidth.of(l[$0]) }.max() ?? 0
        func label(_ key: String) -> Span { Span(text: DisplayWidth.pad(l[key], to: labelWidth) + "  ", style: .bold) }
        var out: [[Span]] = [
            [label("humanPage.kind"), Span(text: l.kind(h.kind), style: Drawing.style(for: h.kind))],
            [label("humanPage.record"), Span(text: "\(GroupedNumber.text(t.wins))-\(GroupedNumber.text(t.losses))-\(GroupedNumber.text(t.draws))", style: .normal),
             Span(text: "  \(Int((t.winRate * 100).rounded()))% \(l["humanPage.wins"])", style: .dim)],
        ]
        guard let p = m.selectedProfile, p.humanID == h.id else {
            out.append([Span(text: l["humanPage.loading"], style: .dim)])
            return out
        }
        if let first = p.first, let last = p.last {
            out.append([label("humanPage.span"), Span(text: "\(ISODate.format(first).prefix(10)) – \(ISODate.format(last).prefix(10))", style: .normal)])
        }
        if !p.points.isEmpty {
            let room = max(4, width - labelWidth - 2)
            let shown = Array(p.points.suffix(room))
            out.append([label("humanPage.winRate"), Span(text: Sparkline.render(shown.map { max(1, $0.winRate) }, limit: room), style: .accent)])
            out.append([Span(text: String(repeating: " ", count: labelWidth + 2), style: .normal),
                        Span(text: l.fill("humanPage.per", l["humanPage.period." + p.period.rawValue]), style: .dim)])
        }
        if let f = p.favourite {
            out.append([label(h.kind == .hero ? "humanPage.favouriteFormula" : "humanPage.favouriteGate"),
                        Span(text: f.name, style: .normal), Span(text: "  " + l.fill("humanPage.uses", GroupedNumber.text(f.uses)), style: .dim)])
        }
        out.append([])
        out.append([Span(text: l["humanPage.hint"], style: .dim)])
        return out
    }
}
