import BattleLogKit
import BattleLogPresentation

/// `c`: two marked records side by side, each as the detail pane shows it; a `≠` between the
/// halves marks the lines that differ. Scrolls like the other overlays.
enum CompareView {
    static func rect(_ m: BrowserModel) -> Rect { HelpView.overlayRect(m.layout, width: 160) }

    /// Each half's width: the overlay's inside less the gutter.
    static func halfWidth(_ m: BrowserModel) -> Int { max(1, (rect(m).width - 5) / 2) }

    static func lines(_ m: BrowserModel) -> (left: [[DetailView.Span]], right: [[DetailView.Span]]) {
        guard let (a, b) = m.compared else { return ([], []) }
        let w = halfWidth(m)
        return (DetailView.content(a, labels: m.labels, width: w), DetailView.content(b, labels: m.labels, width: w))
    }

    static func scrollExtent(_ m: BrowserModel) -> (total: Int, visible: Int) {
        let (l, r) = lines(m)
        return (max(l.count, r.count) + 1, max(0, rect(m).height - 2))
    }

    static func render(_ m: BrowserModel, _ s: Screen) {
        guard let (a, b) = m.compared else { return }
        let r = rect(m)
        Drawing.clear(s, r)
        Drawing.box(s, r, title: "\(m.labels["compare"]) #\(a.id) · #\(b.id)  (Esc/c)", focused: true)
        let w = halfWidth(m)
        let (left, right) = lines(m)
        let header = [[DetailView.Span(text: "#\(a.id) · \(m.labels["fight"]) \(a.fightText)", style: .bold)]]
        let headerRight = [[DetailView.Span(text: "#\(b.id) · \(m.labels["fight"]) \(b.fightText)", style: .bold)]]
        let l = header + left, rr = headerRight + right
        let scroll = min(m.overlayScroll, m.overlayScrollLimit)
        let count = max(l.count, rr.count)
        for i in 0..<min(r.height - 2, max(0, count - scroll)) {
            let row = r.top + 1 + i, k = scroll + i
            let leftX = r.left + 2, rightX = r.left + 3 + w + 1
            drawHalf(s, row, leftX, w, k < l.count ? l[k] : nil)
            drawHalf(s, row, rightX, w, k < rr.count ? rr[k] : nil)
            let differs = text(k < l.count ? l[k] : nil) != text(k < rr.count ? rr[k] : nil)
            s.put(row, r.left + 2 + w, differs ? "≠" : "│", style: differs ? .accent : .dim)
        }
        Drawing.moreMarks(s, r, above: scroll > 0, below: scroll + r.height - 2 < count)
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
