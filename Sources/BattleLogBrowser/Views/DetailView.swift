import BattleLogKit
import BattleLogPresentation

/// The detail pane: the selected record as the seed's viewer shows it, with the "Magic used" box.
enum DetailView {
    static func render(_ m: BrowserModel, _ s: Screen) {
        let r = m.layout.detail
        guard r.height >= 3, r.width >= 8 else { return }
        guard let rec = m.selectedRecord else {
            Drawing.box(s, r, title: m.labels["detail"], focused: m.chrome.focus == .detail)
            return
        }
        Drawing.box(s, r, title: "\(m.labels["detail"]) #\(rec.id) · \(m.labels["fight"]) \(rec.fightText(m.labels))", focused: m.chrome.focus == .detail)
        let lines = content(rec, labels: m.labels, width: r.width - 4, height: r.height - 2)
        for (i, line) in lines.prefix(r.height - 2).enumerated() {
            var x = r.left + 2
            for span in line {
                s.put(r.top + 1 + i, x, span.text, style: span.style)
                x += DisplayWidth.of(span.text)
            }
        }
    }

    struct Span { let text: String; let style: Style }

    /// Which lines may go to make room for the magic box in a short pane (`essential` never).
    enum Priority {
        /// `continuation`: a value's second and third lines; `extra`: its extra segments (the
        /// time as a fraction, the dice's sparkline); `extraLine`: a value whose whole line is an
        /// extra (the timeline's summary), kept before those.
        /// `opponent`: in the records pane's list too, it goes before a box's line, which nothing
        /// else on screen shows.
        /// `boxLine`: a box shown as one line for want of room (the weapon's name and rarity), the
        /// last to go.
        case essential, result, owner, date, opponent, continuation, extraLine, extra, spacer, boxLine
    }

    /// The lines of the detail, as styled spans, for a pane `width` columns wide and `height`
    /// rows tall: in a short pane the optional lines go, so that the magic box stays whole.
    static func content(_ rec: Record, labels: Labels, width: Int, height: Int = .max) -> [[Span]] {
        let presenters = rec.schema.attributes.indices.map { ValuePresenters.presenter(of: rec.schema, at: $0) }
        var boxes = presenters.count { $0.box != nil }
        func fitted(valueLines: Int, lineValueLines: Int = 3) -> [(spans: [Span], priority: Priority)] {
            var lines = prioritisedContent(rec, labels: labels, width: width, valueLines: valueLines,
                                           lineValueLines: lineValueLines, boxes: boxes)
            // The date, the owner and the result are in the records pane too.
            // A second box is kept whole only beside every line of the record's own (a blank
            // row or an extra may go for it); else it becomes a line first.
            let levels: [Priority] = boxes > 1 ? [.spacer, .extra]
                : [.spacer, .extra, .extraLine, .continuation, .date, .owner, .result, .opponent, .boxLine]
            for level in levels where lines.count > height {
                // A value's further lines go by wrapping it on one line, which ends in `…`.
                if level == .continuation, lineValueLines > 1, lines.contains(where: { $0.priority == .continuation }) {
                    return fitted(valueLines: valueLines, lineValueLines: 1)
                }
                // One at a time, the last first, until the rest fits: no row is left blank.
                while lines.count > height, let last = lines.lastIndex(where: { $0.priority == level }) { lines.remove(at: last) }
            }
            return lines
        }
        // Long magic values wrap over up to three lines, or stay on one when even that is too tall;
        // then the last boxes become lines (the weapon's name and rarity), the first box kept whole.
        var lines = fitted(valueLines: 3)
        if lines.count > height { lines = fitted(valueLines: 1) }
        while lines.count > height, boxes > 1 {
            boxes -= 1
            lines = fitted(valueLines: 1)
        }
        return lines.map(\.spans)
    }

    /// `boxes`: how many of the box presenters draw their box (the first ones); the rest show
    /// their line. `valueLines`: the most lines of a value inside a box; `lineValueLines`: of a
    /// value on its own line (the last one ends in `…` when the value is longer).
    private static func prioritisedContent(_ rec: Record, labels: Labels, width: Int, valueLines: Int, lineValueLines: Int,
                                           boxes: Int) -> [(spans: [Span], priority: Priority)] {
        var out: [(spans: [Span], priority: Priority)] = []
        let presenters = rec.schema.attributes.indices.map { ValuePresenters.presenter(of: rec.schema, at: $0) }
        var boxed = Set<Int>()
        for i in presenters.indices where presenters[i].box != nil && boxed.count < boxes { boxed.insert(i) }
        let labelWidth = ([labels["owner"], labels["opponent"], labels["date"], labels["result"]]
            + rec.schema.attributes.indices.filter { !boxed.contains($0) }.map { labels[rec.schema.attributes[$0].labelKey] })
            .map(DisplayWidth.of).max()! + 1
        func row(_ label: String, _ spans: [Span], _ priority: Priority = .essential) {
            out.append(([Span(text: DisplayWidth.pad(label, to: labelWidth), style: .bold)] + spans, priority))
        }
        let valueWidth = max(4, width - labelWidth)
        func fit(_ text: String) -> String { DisplayWidth.truncate(text, to: valueWidth) }
        func human(_ attribute: String, _ h: Human) -> Span {
            h.isUnknown ? Span(text: fit(rec.humanLine(attribute, h, labels)), style: .damaged)
                : Span(text: fit(h.name), style: Drawing.style(for: h.kind))
        }
        // A damaged field's row says why (no line below repeats it): a short pane keeps it.
        row(labels["owner"], [human("owner", rec.owner)], rec.owner.isUnknown ? .essential : .owner)
        row(labels["opponent"], [rec.opponent.map { human("opponent", $0) } ?? Span(text: Record.noOpponent, style: .dim)],
            rec.opponent?.isUnknown == true ? .essential : .opponent)
        row(labels["date"], [Span(text: rec.dateLine(labels), style: rec.date == nil ? .damaged : .normal)], rec.date == nil ? .essential : .date)
        row(labels["result"], [Span(text: fit(rec.resultLine(labels)), style: Drawing.style(for: rec.result))],
            rec.result == nil ? .essential : .result)
        // Each transformable attribute in model order, through its value type's presenter (the
        // one table `show` uses too): its line's first segment wraps over up to three rows, each
        // further segment gets a row of its own that a short pane may leave out; the boxes come last.
        var box: [(spans: [Span], priority: Priority)] = []
        for (i, attribute) in rec.schema.attributes.enumerated() {
            let presenter = presenters[i]
            let stored = rec.transformables[i]
            if let makeBox = presenter.box, boxed.contains(i) {
                // A blank row between two boxes: the first row a short pane gives up.
                if !box.isEmpty { box.append(([], .spacer)) }
                box += makeBox(stored, labels, width, valueLines).map { line in (line.map { Span(text: $0.text, style: style(for: $0.role)) }, .essential) }
                continue
            }
            let segments = presenter.line(stored, labels: labels, width: valueWidth)
            guard let first = segments.first else { row(labels[attribute.labelKey], []); continue }
            for (n, piece) in DisplayWidth.wrap(first.text, to: valueWidth, maxLines: lineValueLines).enumerated() {
                row(n == 0 ? labels[attribute.labelKey] : "", [Span(text: piece, style: style(for: first.role))],
                    presenter.box != nil ? (n == 0 ? .boxLine : .continuation)
                        : presenter.lineIsExtra ? .extraLine : (n == 0 ? .essential : .continuation))
            }
            for extra in segments.dropFirst() {
                row("", [Span(text: fit(extra.text), style: style(for: extra.role))], .extra)
            }
        }
        for e in rec.columnErrorsWithoutALine {
            out.append(([Span(text: fit(ValuePresenter.damagedColumn(e, labels: labels)), style: .damaged)], .essential))
        }
        out.append(([], .spacer))
        return out + box
    }

    static func style(for role: MagicBox.Role) -> Style {
        switch role {
        case .border: .border
        case .title, .label: .bold
        case .damagedTitle, .damaged: .damaged
        case .hero: .hero
        case .villain, .meterFilled: .villain
        case .meterEmpty, .dim: .dim
        case .reading: .normal
        case .accent: .accent
        }
    }
}
