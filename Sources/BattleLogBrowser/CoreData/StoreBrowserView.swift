import BattleLogFoundation
import BattleLogPresentation
import CoreDataKit

/// Draws the Core Data browser from its model: the entity tree, the objects, the detail, the
/// overlays and the status bar, in the battle log browser's layout, styles and drawing helpers.
public enum StoreBrowserView {
    public static func render(_ m: StoreBrowserModel, on s: Screen) {
        let hints: [BrowserModel.Pane: String] = [.roster: "cd.hint", .records: m.shownHistory != nil ? "cd.hintHistory" : "cd.hintObjects", .detail: "cd.hintDetail"]
        let frame = StackedListsView.Frame(
            file: PathParts.name(of: m.storePath), right: m.labels["cd.readOnly"] + " ", listTitle: m.level.map { m.source.title($0.query) } ?? m.labels["cd.objects"],
            detailTitle: m.labels["cd.detail"], context: .coreData, hint: { m.labels[hints[$0] ?? "cd.hint"] })
        StackedListsView.render(m, on: s, frame) { tree(m, s) }
    }

    /// The entity tree, each entity with its count (`~`: its fields were guessed), then the history's tables.
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
}
