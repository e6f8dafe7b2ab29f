import BattleLogPresentation
import CoreDataKit

/// The Core Data browser's keys: the key table's `coreData` context, the engine's lists'
/// (`StackedListsHost`) and overlays' (`OverlayHost`), and its own (`i`, `m`).
extension StoreBrowserModel: StackedListsHost, OverlayHost {
    /// Handles one key or mouse event.
    public func handle(_ key: Key) { dispatch(key) }

    var keyContext: KeyContext { .coreData }

    /// Runs one action, as its key would.
    public func perform(_ action: Action) throws {
        guard try !performEngineAction(action) else { return }
        switch action {
        case .inspect: openBytes()
        case .showModel: open(OpenOverlay(opener: .showModel, title: labels["cd.modelTitle"], text: .lines(modelLines)))
        default: break
        }
    }

    /// The key table's Core Data keys, filtered as the help's filter says, and the mouse.
    var help: TextOverlay {
        let rows = HelpView.withMouse(HelpView.rows(chrome.helpBindings([.coreData], labels: labels), labels: labels), chrome, labels: labels, text: "cd.helpMouseText")
        return TextOverlay(title: HelpView.title(chrome, labels: labels), lines: HelpView.saysNoMatch(rows, chrome, labels: labels), keyed: true, width: 100)
    }

    // MARK: - The lists' host

    var rosterCursor: ListCursor { treeCursor }
    var rosterTexts: [String] { tree.map { $0.entity?.name ?? $0.historyTable ?? "" } }

    /// What a row's cells show: an object's values and its to-ones as their targets (`Book 3`);
    /// a transaction's columns.
    func searchTexts(_ row: StoreRow) -> [String] {
        guard let o = row.listed?.object else {
            return row.transaction == nil ? [source.name(row)] : source.historyColumns(width: 0, rows: []).map { $0.cell(row).text }
        }
        let values = o.attributes.map { TaggedValueText.shown($0.value, labels: labels).text }
        return [source.name(row), String(row.key)] + values + o.relationships.compactMap { o.target(of: $0.name).map(StoreSource.name) }
    }
}
