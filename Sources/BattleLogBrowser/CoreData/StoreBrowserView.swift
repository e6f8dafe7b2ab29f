import BattleLogFoundation
import BattleLogKit
import BattleLogPresentation
import CoreDataKit
import Foundation

/// Draws the Core Data browser from its model: the entity tree, the objects, the detail, the
/// overlays and the status bar, in the battle log browser's layout, styles and drawing helpers.
public enum StoreBrowserView {
    public static func render(_ m: StoreBrowserModel, on s: Screen) {
        s.clear()
        if Drawing.tooSmall(s, m.layout, labels: m.labels) {
            s.present()
            return
        }
        titleBar(m, s)
        tree(m, s)
        objects(m, s)
        detail(m, s)
        if m.overlay != .none { overlay(m, s) }
        Drawing.keyBar(s, m.layout, keyMap: m.chrome.keyMap, context: .coreData, labels: m.labels)
        statusBar(m, s)
        s.present()
    }

    static func titleBar(_ m: StoreBrowserModel, _ s: Screen) {
        let l = m.layout
        let right = m.labels["cd.readOnly"] + " "
        let file = SafeText.escape(PathParts.name(of: m.storePath))
        var left = " battlelog — " + DisplayWidth.truncateMiddle(file, to: max(8, l.columns / 3))
        let crumb = m.breadcrumb
        let room = l.columns - DisplayWidth.of(right) - 1 - DisplayWidth.of(left) - 3
        // The end of a long path is where the user is: it loses its start.
        if !crumb.isEmpty, room > 4 { left += " │ " + truncateStart(crumb, to: room) }
        Drawing.titleBar(s, columns: l.columns, left: left, right: right)
    }

    /// A path too long for `width`: whole steps dropped from its start (`… › pages › Page 2`);
    /// a last step still too long is cut at its end.
    static func truncateStart(_ text: String, to width: Int) -> String {
        guard DisplayWidth.of(text) > width else { return text }
        var steps = text.components(separatedBy: " › ")
        while steps.count > 1, DisplayWidth.of("… › " + steps.joined(separator: " › ")) > width { steps.removeFirst() }
        return DisplayWidth.truncate("… › " + steps.joined(separator: " › "), to: width)
    }

    // MARK: - Entity tree

    static func tree(_ m: StoreBrowserModel, _ s: Screen) {
        let r = m.layout.roster
        guard r.height >= 3, r.width >= 8 else { return }
        let entities = m.tree.filter { $0.entity != nil }.count
        Drawing.box(s, r, title: "\(m.labels["cd.entities"]) \(entities)", focused: m.chrome.focus == .roster)
        let inner = r.width - 2
        for i in 0..<m.layout.rosterRows {
            let index = m.treeCursor.scroll + i
            guard index < m.tree.count else { break }
            let row = m.tree[index]
            let selected = index == m.treeCursor.index
            let style: Style = selected ? (m.chrome.focus == .roster ? .selected : .selectedDim) : .normal
            let y = r.top + 1 + i
            s.fill(y, r.left + 1, width: inner, style: style)
            let count: String
            var name: String
            var nameStyle = style
            if let e = row.entity {
                name = String(repeating: "  ", count: row.depth) + SafeText.escape(e.name)
                if e.attributes.contains(where: \.guessed) || e.relationships.contains(where: \.guessed) { name += " ~" }
                count = m.count(of: e).map(GroupedNumber.text) ?? "…"
            } else if let t = row.historyTable {
                name = String(repeating: "  ", count: row.depth) + SafeText.escape(t)
                count = m.count(ofTable: t).map(GroupedNumber.text) ?? "…"
                if !selected { nameStyle = .dim }
            } else {
                name = m.labels["cd.history"]
                count = ""
                if !selected { nameStyle = .bold }
            }
            let countWidth = DisplayWidth.of(count)
            Drawing.field(s, y, r.left + 1, name, width: max(1, inner - countWidth - 1), style: nameStyle)
            Drawing.highlight(s, y, r.left + 1, shown: name, pattern: m.chrome.focus == .roster ? m.highlightPattern : nil)
            s.put(y, r.right - 1 - countWidth, count, style: selected ? style : .dim)
        }
        Drawing.moreMarks(s, r, above: m.treeCursor.scroll > 0, below: m.treeCursor.scroll + m.layout.rosterRows < m.tree.count)
    }

    // MARK: - Objects

    static func objects(_ m: StoreBrowserModel, _ s: Screen) {
        let r = m.layout.records
        guard r.height >= 4, r.width >= 8 else { return }
        let inner = r.width - 2
        if let h = m.shownHistory {
            history(m, h, s)
            return
        }
        guard let level = m.level else {
            Drawing.box(s, r, title: m.labels["cd.objects"], focused: m.chrome.focus == .records)
            return
        }
        var title = m.labels["cd.objects"] + " — "
        switch level.list.source {
        case .entity(let name): title += SafeText.escape(name)
        case .related(let owner, let relationship): title += StoreBrowserModel.name(owner) + " › " + SafeText.escape(relationship)
        }
        if let f = level.list.filter { title += "  f: " + SafeText.escape(f.text) }
        if let sort = level.sort { title += "  S: " + SafeText.escape(sort.text) }
        Drawing.box(s, r, title: title, focused: m.chrome.focus == .records)
        let content = TableView.Content(columns: m.objectColumns(width: inner), layout: m.columnLayout, focused: m.chrome.focus == .records,
                                        scroll: level.window.scroll, row: level.window.row(at:), selected: level.window.selected, highlight: m.chrome.focus == .records ? m.highlightPattern : nil)
        TableView.draw(s, in: r, rows: level.window.rows.isEmpty ? 0 : m.layout.recordRows, content)
        if level.window.rows.isEmpty {
            let why = level.sorted.map { !$0.isDone } == true ? "sorting" : level.list.filter != nil ? "noMatch" : "cd.noObjects"
            s.put(r.top + 2, r.left + 2, m.labels[why], style: .dim)
            return
        }
        Drawing.moreMarks(s, r, level.window, visible: m.layout.recordRows)
    }

    /// The history's transactions, one a row: time, number, process, changes.
    static func history(_ m: StoreBrowserModel, _ history: HistoryLevel, _ s: Screen) {
        let h = history.window
        let r = m.layout.records
        let count = m.count(ofTable: "ATRANSACTION").map(GroupedNumber.text) ?? "…"
        Drawing.box(s, r, title: m.labels.fill("cd.historyTitle", count), focused: m.chrome.focus == .records)
        let content = TableView.Content(columns: m.historyColumns(width: r.width - 2), layout: m.columnLayout, focused: m.chrome.focus == .records,
                                        scroll: h.scroll, row: h.row(at:), selected: h.selected,
                                        highlight: m.chrome.focus == .records ? m.highlightPattern : nil)
        TableView.draw(s, in: r, rows: h.rows.isEmpty ? 0 : m.layout.recordRows, content)
        if h.rows.isEmpty {
            s.put(r.top + 2, r.left + 2, m.labels["cd.noTransactions"], style: .dim)
            return
        }
        Drawing.moreMarks(s, r, h, visible: m.layout.recordRows)
    }

    // MARK: - Detail

    static func detail(_ m: StoreBrowserModel, _ s: Screen) {
        let r = m.layout.detail
        guard r.height >= 3, r.width >= 8 else { return }
        let title = m.labels["cd.detail"] + (m.detail.map { " — " + ($0.title ?? StoreBrowserModel.name($0.ref)) } ?? "")
        Drawing.box(s, r, title: title, focused: m.chrome.focus == .detail)
        guard let d = m.detail else { return }
        let inner = r.width - 2
        let labelWidth = min(max(8, inner / 2), (d.lines.filter { $0.depth == 0 && !$0.isHeading }.map { DisplayWidth.of($0.label) }.max() ?? 8) + 2)
        for i in 0..<m.detailRows {
            let index = m.detailCursor.scroll + i
            guard index < d.lines.count else { break }
            let line = d.lines[index]
            let y = r.top + 1 + i
            let selected = index == m.detailCursor.index
            let base: Style = selected ? (m.chrome.focus == .detail ? .selected : .selectedDim) : .normal
            if let box = line.box {
                var x = r.left + 2
                for segment in box {
                    let text = DisplayWidth.truncate(segment.text, to: max(0, r.right - 1 - x))
                    s.put(y, x, text, style: DetailView.style(for: segment.role))
                    x += DisplayWidth.of(text)
                }
                continue
            }
            if line.isHeading {
                s.put(y, r.left + 1, DisplayWidth.truncate(line.label, to: inner), style: line.style == .accent ? .accent : .bold)
                continue
            }
            s.fill(y, r.left + 1, width: inner, style: base)
            let mark: String = switch line.action {
            case .fold?: line.isOpen ? "▾ " : "▸ "
            default: "  "
            }
            let left = String(repeating: "  ", count: line.depth) + mark + line.label
            let leftWidth = max(labelWidth + 2, DisplayWidth.of(left) + 1)
            let shownLeft = DisplayWidth.truncate(left, to: min(inner, leftWidth))
            s.put(y, r.left + 1, shownLeft, style: selected ? base : (line.depth == 0 ? .bold : .normal))
            let valueX = r.left + 1 + min(inner, leftWidth)
            let room = r.right - 1 - valueX
            if room > 0 {
                let value = DisplayWidth.truncate(line.value, to: room)
                s.put(y, valueX, value, style: selected ? base : line.style)
                Drawing.highlight(s, y, valueX, shown: value, pattern: m.chrome.focus == .detail ? m.highlightPattern : nil)
            }
        }
        Drawing.moreMarks(s, r, above: m.detailCursor.scroll > 0, below: m.detailCursor.scroll + m.detailRows < d.lines.count)
    }

    // MARK: - Overlays

    /// The open overlay's lines (text, and whether it is a heading or a key).
    static func overlayLines(_ m: StoreBrowserModel) -> [(String, String)] {
        switch m.overlay {
        case .none: return []
        case .help:
            let rows = HelpView.rows(m.chrome.helpBindings([.coreData], labels: m.labels), labels: m.labels)
            return HelpView.saysNoMatch(rows, m.chrome, labels: m.labels)
                + (m.chrome.helpFilter == nil ? [("", ""), (m.labels["helpMouse"], m.labels["cd.helpMouseText"])] : [])
        case .model:
            return m.modelLines.map { ($0, "") }
        case .bytes:
            return m.bytesLines.map { ($0, "") }
        case .value:
            // The whole value, its own line breaks kept, wrapped to the overlay.
            let width = max(10, overlayRect(m, lineCount: 1).width - 4)
            return m.shownValue.text.split(separator: "\n", omittingEmptySubsequences: false).flatMap { line in
                let escaped = SafeText.escape(String(line))
                return escaped.isEmpty ? [""] : DisplayWidth.wrap(escaped, to: width, maxLines: 2_000, atSpaces: true)
            }.map { ($0, "") }
        }
    }

    static func overlayRect(_ m: StoreBrowserModel, lineCount: Int) -> Rect {
        Drawing.overlayRect(m.layout, width: m.overlay == .help ? 100 : 110, lineCount: lineCount)
    }

    static func overlayExtent(_ m: StoreBrowserModel) -> (total: Int, visible: Int) {
        let count = overlayLines(m).count
        return (count, max(0, overlayRect(m, lineCount: count).height - 2))
    }

    static func overlay(_ m: StoreBrowserModel, _ s: Screen) {
        // The lines once a frame (the value's are wrapped to the overlay).
        let lines = overlayLines(m)
        let r = overlayRect(m, lineCount: lines.count)
        let scroll = min(m.chrome.overlayScroll, max(0, lines.count - (r.height - 2)))
        let title: String = switch m.overlay {
        case .help: m.labels["help"] + "  " + (m.chrome.helpFilter.map { "/" + SafeText.escape($0) } ?? m.labels["helpFilterHint"])
        case .model: m.labels["cd.modelTitle"]
        case .value: m.shownValue.title
        default: m.labels["cd.bytesTitle"]
        }
        Drawing.overlay(s, r, title: title, lines: lines, scroll: scroll, keyed: m.overlay == .help)
    }

    // MARK: - Status bar

    static func statusBar(_ m: StoreBrowserModel, _ s: Screen) {
        let l = m.layout
        let row = l.status.top
        s.fill(row, 0, width: l.columns, style: .statusBar)
        if let p = m.chrome.prompt {
            prompt(m, p, s)
            return
        }
        var parts: [String] = []
        if let level = m.level {
            // A sort's progress first: at 80 columns it is what must not be cut.
            if let sorted = level.sorted, !sorted.isDone {
                parts.append(m.labels.fill("cd.sortingFound", GroupedNumber.text(sorted.count)))
            }
            let count = m.listCount.map { m.labels.fill($0 == 1 ? "cd.objectCount" : "cd.objectsCount", GroupedNumber.text($0)) } ?? m.labels["counting"]
            if let o = m.selectedObject { parts.append("pk \(o.ref.pk) · " + count) } else { parts.append(count) }
            if let f = level.list.filter { parts.append("f: " + SafeText.escape(f.text)) }
            if let sort = level.sort { parts.append("S: " + SafeText.escape(sort.text)) }
        }
        // The search, unless the message says it already (`/x │ /x: 1 of 2`).
        if let q = m.chrome.search.text, !(m.chrome.status?.hasPrefix(m.chrome.search.label + SafeText.escape(q)) ?? false) {
            parts.append(m.chrome.search.label + SafeText.escape(q))
        }
        if let e = m.export, e.isRunning {
            let p = e.progress
            parts.append("\(m.labels["exporting"]) \(GroupedNumber.text(p.written))/\(GroupedNumber.text(p.total))")
        }
        let shortHint = m.labels["shortHint"] + " "
        let paneHint = m.labels[m.chrome.focus == .roster ? "cd.hint" : m.chrome.focus == .records ? (m.shownHistory != nil ? "cd.hintHistory" : "cd.hintObjects") : "cd.hintDetail"] + " "
        // With the function-key bar on screen, the keys are there: the status line keeps its room.
        let bar = l.keyBar != nil
        Drawing.statusLine(s, row: row, columns: l.columns, parts: parts, message: m.chrome.status, hint: bar ? "" : paneHint,
                           fallback: bar ? "" : shortHint, shortHint: bar ? "" : shortHint)
    }

    /// The prompt's line (`PromptView`) behind its label.
    static func prompt(_ m: StoreBrowserModel, _ p: StoreBrowserModel.Prompt, _ s: Screen) {
        let l = m.layout
        let label: String = switch p.kind {
        case .search: m.chrome.search.label
        case .helpFilter: "/"
        case .filter: "f: "
        case .goTo: ": pk "
        case .export: m.labels["exportPrompt"] + ": "
        case .sort: m.labels["sortPrompt"] + ": "
        case .simulate, .seek, .saveView, .recallView: ""
        }
        PromptView.render(p, label: label, s, l)
    }
}
