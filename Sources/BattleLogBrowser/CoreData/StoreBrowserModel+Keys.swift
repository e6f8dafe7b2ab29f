import BattleLogKit
import BattleLogPresentation
import CoreDataKit
import Foundation

/// The Core Data browser's keys: the key table's `coreData` context (a `KeyHost`).
extension StoreBrowserModel: StackedListsHost, OverlayHost {
    /// Handles one key or mouse event.
    public func handle(_ key: Key) { dispatch(key) }

    var keyContext: KeyContext { .coreData }

    /// Runs one action, as its key would.
    public func perform(_ action: Action) throws {
        if handleOverlay(action) { return }
        chrome.status = nil
        // The history is a list of transactions: the object lists' own keys say so.
        if shownHistory != nil, [.filter, .sort, .export, .inspect].contains(action) {
            chrome.status = labels["cd.notInHistory"]
            return
        }
        if try performShared(action) { return }
        switch action {
        case .open: try open()
        case .back: back()
        case .search: startSearch()
        case .searchNext: findMatch(forward: !chrome.search.backward)
        case .searchPrevious: findMatch(forward: chrome.search.backward)
        case .sort:
            guard let l = level else { chrome.status = labels["cd.noObjects"]; return }
            chrome.prompt = Prompt(kind: .sort, text: l.sort?.text ?? "")
        case .filter:
            guard let l = level else { chrome.status = labels["cd.noObjects"]; return }
            chrome.prompt = Prompt(kind: .filter, text: l.list?.filter?.text ?? "")
        case .goTo:
            if shownHistory != nil { chrome.prompt = Prompt(kind: .goTo, text: "", placeholder: labels["cd.transactionNumber"]); return }
            guard level != nil else { chrome.status = labels["cd.noObjects"]; return }
            chrome.prompt = Prompt(kind: .goTo, text: "", placeholder: "pk")
        case .inspect: openBytes()
        case .columnLeft, .columnRight, .narrowColumn, .widenColumn, .hideColumn, .resetColumns: changeColumns(action)
        case .export: promptExport()
        case .showModel: open(OpenOverlay(opener: .showModel, title: labels["cd.modelTitle"], text: .lines(modelLines)))
        case .help: open(OpenOverlay(opener: .help))
        case .copyRecord: copyObject()
        case .pager: viewObject(in: .pager)
        case .editor: viewObject(in: .editor)
        case .copyValue: copyValue()
        case .redraw: chrome.wantsFullRedraw = true
        default: break
        }
    }

    /// A search belongs to the pane it was typed in: another pane forgets it.
    func changeFocus(_ pane: Pane) {
        if pane != chrome.focus { chrome.search.text = nil }
        chrome.focus = pane
    }

    /// Back: along the path of followed relationships, then out of the filter, then a pane left.
    func back() {
        if isSorting { cancelSort(); return }
        if popLevel() { return }
        if level?.list?.filter != nil, chrome.focus != .roster {
            applyFilter(nil)
            return
        }
        chrome.focus = pane(-1, wrapping: false)
    }

    /// The key table's Core Data keys, filtered as the help's filter says, and the mouse.
    var help: TextOverlay {
        let rows = HelpView.rows(chrome.helpBindings([.coreData], labels: labels), labels: labels)
        let lines = HelpView.saysNoMatch(rows, chrome, labels: labels)
            + (chrome.helpFilter == nil ? [("", ""), (labels["helpMouse"], labels["cd.helpMouseText"])] : [])
        return TextOverlay(title: HelpView.title(chrome, labels: labels), lines: lines, keyed: true, width: 100)
    }

    // MARK: - Copy

    /// The selected row in `coredata dump`'s (or `coredata history --json`'s) JSON form, read
    /// whole, and its name; nil (and the status says why) when there is none.
    private func selectedJSON() -> (json: String, name: String, file: String)? {
        guard let l = level, let row = lists.selectedRow else {
            chrome.status = labels[shownHistory != nil ? "cd.noTransactions" : "cd.noObjects"]
            return nil
        }
        guard let json = source.json(row, in: l.query) else {
            chrome.status = labels.fill("cd.danglingFollow", source.name(row))
            return nil
        }
        let entity = l.list.map { $0.entity.name.filter { $0.isLetter || $0.isNumber } } ?? "transaction"
        return (json, source.name(row), "\(entity.isEmpty ? "object" : entity)-\(row.key).json")
    }

    /// `y`: the selected row's JSON.
    func copyObject() {
        guard let (json, name, _) = selectedJSON() else { return }
        chrome.copy(json, what: name, labels: labels)
    }

    /// `P`, `E`: the selected row's JSON, laid out, in the pager or the editor.
    func viewObject(in kind: ExternalViewer.Kind) {
        guard let (json, _, file) = selectedJSON() else { return }
        chrome.show(json: json, in: kind, fileName: file)
    }

    /// `Y`: the selected detail line's value (its JSON for a tree), else the selected row's name.
    func copyValue() {
        if copyDetailValue() { return }
        guard let row = lists.selectedRow else { chrome.status = labels["cd.noObjects"]; return }
        chrome.copy(source.name(row), what: source.name(row), labels: labels)
    }
}
