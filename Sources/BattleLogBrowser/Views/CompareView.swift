import BattleLogKit
import BattleLogPresentation

/// `c`: two marked records side by side, each as the detail pane shows it; a `≠` between the
/// halves marks the lines that differ. Scrolls like the other overlays.
enum CompareView {
    static func rect(_ m: BrowserModel) -> Rect { HelpView.overlayRect(m.layout, width: 160) }

    /// Each half's width: the overlay's inside less a gap either side of the gutter.
    static func halfWidth(_ m: BrowserModel) -> Int { max(1, (rect(m).width - 7) / 2) }

    /// The two records' lines side by side, each record's heading first.
    static func rows(_ m: BrowserModel) -> [(left: [DetailView.Span]?, right: [DetailView.Span]?)] {
        guard let (a, b) = m.overlays.compared else { return [] }
        let w = halfWidth(m)
        let left = [[DetailView.Span(text: "#\(a.id) · \(m.labels["fight"]) \(a.fightText(m.labels))", style: .bold)]]
            + DetailView.content(a, labels: m.labels, width: w)
        let right = [[DetailView.Span(text: "#\(b.id) · \(m.labels["fight"]) \(b.fightText(m.labels))", style: .bold)]]
            + DetailView.content(b, labels: m.labels, width: w)
        return aligned(left, right)
    }

    /// Two records' lines aligned as a diff aligns them, field by field: a field's first line
    /// stands level on both sides whatever its values, its further lines (a value wrapped, the
    /// dice's sparkline, a box's rows) pair in turn, and the longer side's rest faces blanks, so
    /// that one longer wrap does not push every line after it out of step.
    static func aligned(_ left: [[DetailView.Span]], _ right: [[DetailView.Span]]) -> [(left: [DetailView.Span]?, right: [DetailView.Span]?)] {
        LineAlignment.pairs(places(left), places(right)).map { ($0.map { left[$0] }, $1.map { right[$0] }) }
    }

    /// Each line's place: the box it is in (by its title), the label of the field it belongs
    /// to and how far into that field. A box's top and bottom and a blank line are places of
    /// their own, so a box after a field one line longer on one side stands level on both.
    private static func places(_ lines: [[DetailView.Span]]) -> [String] {
        var box = "", field = "", n = 0
        return lines.map { spans in
            let first = spans.first?.text ?? ""
            if spans.allSatisfy({ $0.text.trimmingCharacters(in: .whitespaces).isEmpty }) { return box + "|" + field + "#blank" }
            // A box's line: its border, then its title or its row's label.
            let inBox = spans.first?.style == .border
            if inBox && first.hasPrefix("┌") { (box, field, n) = (spans.count > 1 ? spans[1].text : first, "", 0); return box + "|top" }
            if inBox && first.hasPrefix("└") { return box + "|bottom" }
            if !inBox { box = "" }
            let labelSpan = inBox ? spans.dropFirst().first : spans.count >= 2 ? spans.first : nil
            let label = labelSpan?.style == .bold ? labelSpan!.text.trimmingCharacters(in: .whitespaces) : ""
            if label.isEmpty { n += 1 } else { (field, n) = (label, 0) }
            return box + "|" + field + "#" + String(n)
        }
    }

    static func scrollExtent(_ m: BrowserModel) -> (total: Int, visible: Int) {
        (rows(m).count, max(0, rect(m).height - 2))
    }

    static func render(_ m: BrowserModel, _ s: Screen) {
        guard let (a, b) = m.overlays.compared else { return }
        let r = rect(m)
        Drawing.clear(s, r)
        Drawing.box(s, r, title: "\(m.labels["compare"]) #\(a.id) · #\(b.id)  (Esc/c)", focused: true)
        let w = halfWidth(m)
        let rows = rows(m)
        let scroll = min(m.chrome.overlayScroll, m.overlayScrollLimit)
        for (i, pair) in rows.dropFirst(scroll).prefix(r.height - 2).enumerated() {
            let row = r.top + 1 + i
            let gutter = r.left + 2 + w + 1
            drawHalf(s, row, r.left + 2, w, pair.left)
            drawHalf(s, row, gutter + 2, w, pair.right)
            let differs = text(pair.left) != text(pair.right)
            s.put(row, gutter, differs ? "≠" : "│", style: differs ? .accent : .dim)
        }
        Drawing.moreMarks(s, r, above: scroll > 0, below: scroll + r.height - 2 < rows.count)
    }

    private static func text(_ spans: [DetailView.Span]?) -> String { (spans ?? []).map(\.text).joined() }

    /// One half's line, cut to `width` columns.
    private static func drawHalf(_ s: Screen, _ row: Int, _ x: Int, _ width: Int, _ spans: [DetailView.Span]?) {
        var used = 0
        for span in spans ?? [] where used < width {
            let text = DisplayWidth.truncate(span.text, to: width - used)
            s.put(row, x + used, text, style: span.style)
            used += DisplayWidth.of(text)
        }
    }
}
