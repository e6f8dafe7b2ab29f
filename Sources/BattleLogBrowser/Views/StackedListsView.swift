import BattleLogFoundation
import BattleLogPresentation
import Foundation

/// The engine's lists drawn: the current list as a table in its pane (its title saying the
/// filter and the sort), and the selected row's detail in its own.
enum StackedListsView {
    /// What a browser on the lists shows beside them.
    struct Frame {
        /// The title bar: the file (its middle cut when long) and, at the right, the mode.
        var file: String
        var right: String
        /// The list pane's and the detail's titles.
        var listTitle: String
        var detailTitle: String
        /// The key table's context, for the key bar.
        var context: KeyContext
        /// The status line's hint for each pane.
        var hint: (BrowserModel.Pane) -> String
    }

    /// The whole screen: the title bar with the path through the lists (its start cut first),
    /// the left pane (`roster`), the list and the detail, the open overlay, the key bar and the
    /// status line.
    static func render<Host: StackedListsHost>(_ m: Host, on s: Screen, _ f: Frame, roster: () -> Void) {
        s.clear()
        defer { s.present() }
        let l = m.layout
        if Drawing.tooSmall(s, l, labels: m.labels) { return }
        var left = " battlelog — " + DisplayWidth.truncateMiddle(SafeText.escape(f.file), to: max(8, l.columns / 3))
        let crumb = m.lists.breadcrumb, room = l.columns - DisplayWidth.of(f.right) - 1 - DisplayWidth.of(left) - 3
        if !crumb.isEmpty, room > 4 { left += " │ " + DisplayWidth.truncateSteps(crumb, to: room) }
        Drawing.titleBar(s, columns: l.columns, left: left, right: f.right)
        roster()
        list(s, in: l.records, m.lists, title: f.listTitle, focused: m.chrome.focus == .records, rows: l.recordRows,
             highlight: m.highlightPattern, labels: m.labels)
        detail(s, in: l.detail, m.lists, title: f.detailTitle, focused: m.chrome.focus == .detail, highlight: m.highlightPattern)
        m.shownOverlay?.draw(s, l, scroll: m.chrome.overlayScroll)
        Drawing.keyBar(s, l, keyMap: m.chrome.keyMap, context: f.context, labels: m.labels)
        StatusBarView.draw(s, l, m.chrome, labels: m.labels, StatusBarView.Content(
            parts: m.listStatusParts, progress: StatusBarView.progress(of: m.export, labels: m.labels),
            hint: f.hint(m.chrome.focus) + " ", fallback: m.labels["shortHint"] + " ") { kind in
                // `: pk`, `: transaction`: what the number typed is.
                kind == .goTo ? m.lists.level.map { ": " + m.source.keyName($0.query) + " " } : nil
            })
    }

    /// The list pane under `title` (no list: an empty box).
    static func list<Source: StackedListSource>(_ s: Screen, in r: Rect, _ lists: StackedLists<Source>, title: String, focused: Bool, rows: Int,
                             highlight: SearchPattern?, labels: Labels) {
        guard r.height >= 4, r.width >= 8 else { return }
        guard let l = lists.level else {
            Drawing.box(s, r, title: title, focused: focused)
            return
        }
        let source = lists.source
        var title = title
        if let f = source.filterText(l.query) { title += "  f: " + SafeText.escape(f) }
        if let sort = l.sort { title += " — " + labels.fill("sortedBy", SafeText.escape(source.sortText(sort))) }
        let w = l.window
        let content = TableView.Content(columns: lists.columns(width: r.width - 2), layout: lists.columnLayout, focused: focused,
                                        scroll: w.scroll, row: w.row(at:), selected: w.selected, highlight: focused ? highlight : nil)
        let empty = l.isSorting ? "sorting" : source.filterText(l.query) != nil ? "noMatch" : source.emptyText(l.query)
        TableView.drawList(s, in: r, title: title, content, window: w, rows: rows, empty: w.rows.isEmpty ? labels[empty] : nil)
    }

    /// The detail pane: `title` and the selected row's, its lines with the cursor.
    static func detail<Source>(_ s: Screen, in r: Rect, _ lists: StackedLists<Source>, title: String, focused: Bool, highlight: SearchPattern?) {
        guard r.height >= 3, r.width >= 8 else { return }
        Drawing.box(s, r, title: title + (lists.detail.map { " — " + $0.title } ?? ""), focused: focused, markAbove: lists.detailCursor.scroll > 0)
        guard let d = lists.detail else { return }
        DetailLinesView.draw(s, in: r, lines: d.lines, cursor: lists.detailCursor, focused: focused, highlight: highlight)
    }

    /// A value read whole (Enter on it): a text as it is, its own line breaks kept; binary data
    /// as its text when the bytes are UTF-8 text, else every byte in hex (`HexDump`); nil for a
    /// value its line shows whole.
    static func whole(_ value: JSONValue, labels: Labels) -> String? {
        switch value {
        case .string(let s): return s
        case .object(let o):
            guard o.count == 1, case .string(let base64)? = o["$data"], let data = Data(base64Encoded: base64) else { return nil }
            let bytes = [UInt8](data)
            if let text = String(bytes: bytes, encoding: .utf8), !text.unicodeScalars.contains(where: { $0.value < 0x20 && $0 != "\n" && $0 != "\t" }) { return text }
            return HexDump.lines(bytes, labels: labels).joined(separator: "\n")
        default: return nil
        }
    }
}
