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
        m.shownOverlay?.draw(s, m.layout, scroll: m.chrome.overlayScroll)
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
        if !crumb.isEmpty, room > 4 { left += " │ " + DisplayWidth.truncateSteps(crumb, to: room) }
        Drawing.titleBar(s, columns: l.columns, left: left, right: right)
    }

    // MARK: - Entity tree

    static func tree(_ m: StoreBrowserModel, _ s: Screen) {
        let r = m.layout.roster
        guard r.height >= 3, r.width >= 8 else { return }
        let entities = m.tree.filter { $0.entity != nil }.count
        Drawing.box(s, r, title: "\(m.labels["cd.entities"]) \(entities)", focused: m.chrome.focus == .roster)
        ListPaneView.draw(s, in: r, count: m.tree.count, cursor: m.treeCursor, focused: m.chrome.focus == .roster,
                          highlight: m.chrome.focus == .roster ? m.highlightPattern : nil) { index in
            let row = m.tree[index], indent = String(repeating: "  ", count: row.depth)
            if let e = row.entity {
                let guessed = e.attributes.contains(where: \.guessed) || e.relationships.contains(where: \.guessed)
                return ListPaneView.Row(name: indent + SafeText.escape(e.name) + (guessed ? " ~" : ""), figure: m.count(of: e).map(GroupedNumber.text) ?? "…")
            }
            if let t = row.historyTable {
                return ListPaneView.Row(name: indent + SafeText.escape(t), nameStyle: .dim, figure: m.source.count(ofTable: t).map(GroupedNumber.text) ?? "…")
            }
            return ListPaneView.Row(name: m.labels["cd.history"], nameStyle: .bold, figure: "")
        }
    }

    // MARK: - Objects

    static func objects(_ m: StoreBrowserModel, _ s: Screen) {
        var title = m.labels["cd.objects"] + (m.level.map { " — " + m.source.title($0.query) } ?? "")
        if m.shownHistory != nil {
            let count = m.listCount
            title = count == 1 ? m.labels["cd.historyTitleOne"] : m.labels.fill("cd.historyTitle", count.map(GroupedNumber.text) ?? "…")
        }
        let focused = m.chrome.focus == .records
        StackedListsView.list(s, in: m.layout.records, m.lists, title: title, focused: focused, rows: m.layout.recordRows,
                              highlight: m.highlightPattern, labels: m.labels)
        StackedListsView.detail(s, in: m.layout.detail, m.lists, title: m.labels["cd.detail"], focused: m.chrome.focus == .detail,
                                highlight: m.highlightPattern)
    }

    // MARK: - Status bar

    static func statusBar(_ m: StoreBrowserModel, _ s: Screen) {
        // The history's count is in its title.
        let parts = m.shownHistory == nil ? m.listStatusParts : []
        let exporting = m.export.flatMap { $0.isRunning ? $0.progress : nil }
        let hint = m.labels[m.chrome.focus == .roster ? "cd.hint" : m.chrome.focus == .records ? (m.shownHistory != nil ? "cd.hintHistory" : "cd.hintObjects") : "cd.hintDetail"] + " "
        StatusBarView.draw(s, m.layout, m.chrome, labels: m.labels, StatusBarView.Content(
            parts: parts, progress: exporting.map { [StatusBarView.progress(m.labels["exporting"], $0.written, of: $0.total)] } ?? [],
            hint: hint, fallback: m.labels["shortHint"] + " ") { $0 == .goTo ? ": pk " : nil })
    }
}
