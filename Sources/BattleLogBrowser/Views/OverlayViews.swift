import BattleLogKit
import BattleLogPresentation

/// The help overlay, generated from the key table the input handler uses.
enum HelpView {
    /// The browser's keys, the mouse, then the replay's keys under their heading.
    static func lines(_ m: BrowserModel) -> [(String, String)] {
        func rows(_ context: KeyContext) -> [(String, String)] { Self.rows(m.helpBindings.filter { $0.context == context }, labels: m.labels) }
        let replay = rows(.replay)
        var browser = withMouse(rows(.browser), m.chrome, labels: m.labels, text: "helpMouseText")
        // The statistics view's keys (the browser's keys, meaning this there); first when help
        // was opened from it.
        let analysisRows = rows(.analysis)
        if !analysisRows.isEmpty {
            let analysis = [(m.labels["helpAnalysis"], "")] + analysisRows
            browser = m.overlays.underHelp == .stats ? analysis + [("", "")] + browser : browser + [("", "")] + analysis
        }
        guard !replay.isEmpty else { return browser }
        // Opened in a replay, the replay's keys come first.
        let replaySection = [(m.labels["helpReplay"], "")] + replay
        return m.replay != nil ? replaySection + [("", "")] + browser : browser + [("", "")] + replaySection
    }

    /// One row a binding: its keys, and what it does in the language's words.
    static func rows(_ bindings: [KeyBinding], labels: Labels) -> [(String, String)] {
        bindings.map { b in (b.keys.map(\.label).joined(separator: " "), labels[b.labelKey]) }
    }

    /// The keys `rows`, then how the mouse works (label `text`) unless a filter narrows them.
    static func withMouse(_ rows: [(String, String)], _ chrome: BrowserChrome, labels: Labels, text: String) -> [(String, String)] {
        rows + (chrome.helpFilter == nil ? [("", ""), (labels["helpMouse"], labels[text])] : [])
    }

    /// A help filter that matches nothing says so.
    static func saysNoMatch(_ lines: [(String, String)], _ chrome: BrowserChrome, labels: Labels) -> [(String, String)] {
        guard lines.isEmpty, let f = chrome.helpFilter else { return lines }
        return [(labels.fill("helpNoMatch", SafeText.escape(f)), "")]
    }

    /// The lines as drawn, their descriptions wrapped to the overlay, and the overlay: as wide as
    /// its lines whole and as tall as the wrapped ones (the body's size at most), in the middle
    /// of the body.
    static func shown(_ m: BrowserModel) -> (lines: [(String, String)], rect: Rect) {
        let all = saysNoMatch(lines(m), m.chrome, labels: m.labels)
        let width = max(64, Drawing.keyedWidth(all))
        let lines = Drawing.wrappedKeyed(all, width: overlayRect(m.layout, width: width).width)
        return (lines, Drawing.overlayRect(m.layout, width: width, lineCount: lines.count))
    }

    static func scrollExtent(_ m: BrowserModel) -> (total: Int, visible: Int) {
        let (lines, r) = shown(m)
        return (lines.count, max(0, r.height - 2))
    }

    static func render(_ m: BrowserModel, _ s: Screen) {
        let (lines, r) = shown(m)
        let scroll = min(m.chrome.overlayScroll, m.overlayScrollLimit)
        Drawing.overlay(s, r, title: title(m.chrome, labels: m.labels), lines: lines, scroll: scroll, keyed: true)
    }

    /// `Help  /filter`, or the hint that `/` narrows it.
    static func title(_ chrome: BrowserChrome, labels: Labels) -> String {
        labels["help"] + "  " + (chrome.helpFilter.map { "/" + SafeText.escape($0) } ?? labels["helpFilterHint"])
    }

    static func overlayRect(_ l: Layout, width: Int) -> Rect {
        let w = min(l.columns - 2, width)
        return Rect(top: l.body.top, left: (l.columns - w) / 2, height: l.body.height, width: w)
    }
}

/// The inspect overlay: how each transformable value of the record is stored.
enum InspectView {
    static func rect(_ m: BrowserModel) -> Rect { HelpView.overlayRect(m.layout, width: 100) }

    static func scrollExtent(_ m: BrowserModel) -> (total: Int, visible: Int) {
        (lines(m, width: rect(m).width - 4).count, max(0, rect(m).height - 2))
    }

    static func render(_ m: BrowserModel, _ s: Screen) {
        let r = rect(m)
        Drawing.clear(s, r)
        let id = m.selectedRecord.map { "#\($0.id)" } ?? ""
        let width = r.width - 4
        let lines = lines(m, width: width)
        let scroll = min(m.chrome.overlayScroll, m.overlayScrollLimit)
        Drawing.box(s, r, title: "\(m.labels["inspect"]) \(id)  (Esc/i)", focused: true, markAbove: scroll > 0)
        for (i, line) in lines.dropFirst(scroll).prefix(r.height - 2).enumerated() {
            s.put(r.top + 1 + i, r.left + 2, DisplayWidth.truncate(line.0, to: width), style: line.1)
        }
        Drawing.moreMarks(s, r, above: scroll > 0, below: scroll + r.height - 2 < lines.count)
    }

    /// The most lines of one stored text the overlay shows.
    static let storedLines = 400

    /// Every line of the inspection, `width` columns wide at most.
    static func lines(_ m: BrowserModel, width: Int) -> [(String, Style)] {
        var lines: [(String, Style)] = []
        for e in m.overlays.inspection {
            lines.append((e.attribute, .bold))
            lines.append(("  \(m.labels["transformer"]): \(e.transformer)", .normal))
            // The stored text whole, cut by columns under its label (the overlay scrolls); a
            // hostile megabyte stops at `storedLines` lines, its length said on the next line.
            func wrapped(_ label: String, _ text: String, maxLines: Int, atSpaces: Bool, style: Style) {
                let prefix = "  \(label): "
                let indent = String(repeating: " ", count: DisplayWidth.of(prefix))
                let pieces = DisplayWidth.wrap(text, to: max(1, width - DisplayWidth.of(prefix)), maxLines: maxLines, atSpaces: atSpaces)
                for (i, piece) in pieces.enumerated() { lines.append(((i == 0 ? prefix : indent) + piece, style)) }
            }
            wrapped(m.labels["stored"], e.storedText ?? e.nonText ?? "NULL", maxLines: Self.storedLines, atSpaces: false, style: .accent)
            lines.append(("  \(m.labels["length"]): \(e.nonText == nil ? "\(e.length) \(m.labels["bytes"])" : "-")   \(m.labels["version"]): \(e.version.map(String.init) ?? "-")", .normal))
            if let err = e.error {
                wrapped("⚠ " + m.labels["error"], err, maxLines: 20, atSpaces: true, style: .damaged)
            } else {
                wrapped(m.labels["decoded"], e.decoded ?? "", maxLines: 20, atSpaces: true, style: .normal)
            }
            // A keyed archive's object graph, one object a line (the overlay scrolls).
            if case .success(let table)? = e.archive { lines += ArchiveTableText.lines(table, labels: m.labels).map { ($0, .normal) } }
        }
        return lines
    }
}

/// The stats view: win rates as bars, the most used formulas and gates, the dice histogram.
enum StatsView {
    /// The Humans' list is what scrolls: all of them, and the rows under its heading.
    static func scrollExtent(_ m: BrowserModel) -> (total: Int, visible: Int) {
        (m.overlays.stats?.humans.count ?? 0, max(0, m.layout.body.height - 3))
    }

    static func render(_ m: BrowserModel, _ s: Screen) {
        let r = m.layout.body
        Drawing.clear(s, r)
        // The summary is the whole log's (kept as the log is written): with a filter on, it says so.
        let whole = m.filterText == nil ? "" : " · " + m.labels["analysis.summaryAll"]
        Drawing.box(s, r, title: m.labels["stats"] + whole + "  " + m.labels["analysis.summaryKeys"], focused: true)
        guard let stats = m.overlays.stats else { return }
        let inner = Rect(top: r.top + 1, left: r.left + 2, height: r.height - 2, width: r.width - 4)
        let leftWidth = inner.width / 2 - 1
        let rightLeft = inner.left + leftWidth + 2
        let rightWidth = inner.width - leftWidth - 2

        // Win rates, best first; the list scrolls (j/k, PgUp/PgDn, g/G, the wheel) and says when
        // there is more.
        let humans = stats.humans.sorted { ($1.tally.winRate, $0.human.name) < ($0.tally.winRate, $1.human.name) }
        let scroll = min(m.chrome.overlayScroll, m.overlayScrollLimit)
        let shown = max(0, inner.height - 1)
        var heading = m.labels["winRates"]
        if humans.count > shown {
            heading += "  \(scroll + 1)-\(min(humans.count, scroll + shown))/\(humans.count) "
                + (scroll > 0 ? "↑" : "") + (scroll + shown < humans.count ? "↓" : "")
        }
        s.put(inner.top, inner.left, DisplayWidth.truncate(heading, to: leftWidth), style: .bold)
        // H or V before the name, as in the roster: the kind shows without colour too. The
        // names take what they need while the figures and a bar of 6 cells keep their room.
        let counts = TallyColumns.Counts(humans.map(\.tally))
        let widest = humans.map { DisplayWidth.of(m.labels.kindMark($0.human.kind) + " " + $0.human.name) }.max() ?? 8
        let nameW = min(widest, max(8, min(24, leftWidth - 8 - counts.width - 1 - 6)))
        let countsW = leftWidth - nameW - 8 - counts.width - 1 >= 6 ? counts.width + 1 : 0
        let barW = max(4, leftWidth - nameW - 8 - countsW)
        for (i, line) in humans.dropFirst(scroll).prefix(shown).enumerated() {
            let row = inner.top + 1 + i
            let marker = m.labels.kindMark(line.human.kind) + " "
            s.put(row, inner.left, DisplayWidth.pad(marker + line.human.name, to: nameW), style: Drawing.style(for: line.human.kind))
            if countsW > 0 { s.put(row, inner.left + nameW + 1, counts.text(line.tally), style: .dim) }
            s.put(row, inner.left + nameW + 1 + countsW, Bar.text(line.tally.winRate, width: barW), style: Drawing.style(for: line.human.kind))
            s.put(row, inner.left + nameW + 2 + countsW + barW, String(format: "%5.1f%%", line.tally.winRate * 100), style: .normal)
        }

        // Most used formulas and gates.
        var row = inner.top
        let topN = max(1, (inner.height - 12) / 2)
        for (type, title) in [("hero", m.labels["topFormulas"]), ("villain", m.labels["topGates"])] {
            s.put(row, rightLeft, title, style: .bold)
            row += 1
            let all = stats.usage(ofType: type)
            // The last row says how many more there are, when they do not all fit.
            let usage = all.prefix(all.count > topN ? max(1, topN - 1) : topN)
            let most = max(1, usage.first?.uses ?? 1)
            let nw = min(18, rightWidth / 2)
            for u in usage {
                s.put(row, rightLeft, DisplayWidth.pad(u.name, to: nw), style: .normal)
                let bw = max(2, rightWidth - nw - 10)
                s.put(row, rightLeft + nw + 1, Bar.text(Double(u.uses) / Double(most), width: bw), style: type == "hero" ? .hero : .villain)
                s.put(row, rightLeft + nw + 2 + bw, String(u.uses), style: .dim)
                row += 1
            }
            if all.count > usage.count {
                let more = m.labels.fill("moreUsage", GroupedNumber.text(all.count - usage.count), type == "hero" ? "formula" : "gate")
                s.put(row, rightLeft, DisplayWidth.truncate(more, to: rightWidth), style: .dim)
                row += 1
            }
            row += 1
        }

        // Dice histogram: ten columns of tens, each bar from zero to its share of the rolls, the
        // tallest at the top: even dice look even (a bar scaled from its lowest share made a
        // difference of a fraction of a percent look like a tilt). The heading gives the test
        // and the range against the uniform tenth, the last row the scale.
        let histHeight = max(3, min(8, inner.bottom - row - 2))
        guard row + histHeight + 1 < inner.bottom || histHeight >= 3 else { return }
        var buckets = [Int](repeating: 0, count: 10)
        for (roll, times) in stats.dice where (1...100).contains(roll) { buckets[(roll - 1) / 10] = buckets[(roll - 1) / 10].addingSaturating(times) }
        let total = Double(buckets.map { max(0, $0) }.saturatingSum())
        let shares = buckets.map { total > 0 ? Double(max(0, $0)) / total * 10 : 0 }   // 1 = the uniform share
        let high = max(shares.max() ?? 1, 1)
        var diceHeading = m.labels["diceHistogram"]
        if total > 0 {
            func percent(_ share: Double) -> String { String(format: "%+.1f%%", (share - 1) * 100) }
            // The test first (how far from even, as a statistic), the range of shares where it fits.
            if let chi = m.overlays.diceUniformity {
                diceHeading += "  " + m.labels.fill("diceChiShort", String(format: "%.1f", chi.statistic), String(format: "%.2g", chi.pValue))
                if !chi.isReliable { diceHeading += " " + m.labels["diceTooFewShort"] }
            }
            let range = "  " + m.labels.fill("diceVsUniform", percent(shares.min() ?? 1), percent(shares.max() ?? 1))
            if DisplayWidth.of(diceHeading + range) <= rightWidth { diceHeading += range }
        }
        s.put(row, rightLeft, DisplayWidth.truncate(diceHeading, to: rightWidth), style: .bold)
        row += 1
        let colWidth = max(2, min(5, rightWidth / 10))
        let blocks: [String] = [" ", "▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]
        for level in 0..<histHeight {
            let y = row + level
            guard y < inner.bottom - 1 else { break }
            for (b, count) in buckets.enumerated() {
                let fraction = total > 0 ? shares[b] / high : 0
                let eighths = Int((max(0, min(1, fraction)) * Double(histHeight * 8)).rounded(.down))
                _ = count
                let fromBottom = histHeight - 1 - level
                let cell = max(0, min(8, eighths - fromBottom * 8))
                s.put(y, rightLeft + b * colWidth, String(repeating: blocks[cell], count: colWidth - 1), style: .accent)
            }
        }
        let labelRow = row + histHeight
        if labelRow < inner.bottom {
            // Every bucket's first face when the labels have room to stay apart, else every other one.
            for b in stride(from: 0, to: 10, by: colWidth >= 3 ? 1 : 2) {
                s.put(labelRow, rightLeft + b * colWidth, String(b * 10 + 1), style: .dim)
            }
            // The scale: the bars start at 0, the tallest is this share of the rolls.
            let scale = m.labels.fill("diceScale", String(format: "%.1f%%", high * 10))
            if labelRow + 1 < inner.bottom, total > 0 {
                s.put(labelRow + 1, rightLeft, DisplayWidth.truncate(scale, to: rightWidth), style: .dim)
            }
        }
    }
}
