import BattleLogFoundation
import BattleLogKit
import BattleLogPresentation
import CoreDataKit

/// The store's persistent history as a list: one row per transaction, read in keyed pages by
/// its number; the detail shows the transaction and every change, and Enter on a change opens
/// the object it changed.
public struct HistoryLevel: Sendable {
    /// The loaded transactions around the selection.
    public internal(set) var window = KeyedWindow<HistoryTransaction>()
    /// The pane and detail position to come back to from an object opened from a change.
    var returnFocus: BrowserModel.Pane = .records
    var detailCursor = ListCursor()

    public var selectedTransaction: HistoryTransaction? { window.selectedRow }
}

extension StoreBrowserModel {
    /// Shows the history in the objects pane (the tree's history heading or one of its tables).
    func openHistory() {
        var h = HistoryLevel()
        loadHistory(&h, .first)
        history = h
        refreshDetail(resetLine: true)
    }

    /// The history shown, when no object list is open over it.
    var shownHistory: HistoryLevel? { levels.isEmpty ? history : nil }

    /// The history's pages, by transaction number.
    var historyPages: WindowPages<HistoryTransaction> {
        let store = self.store
        return .byKey(\.id) { from, backward, n in try store.transactionPage(from: from, backward: backward, limit: n) }
    }

    func loadHistory(_ h: inout HistoryLevel, _ start: WindowStart) { load(&h.window, start, historyPages) }

    /// Moves the history's selection by `delta` rows.
    func moveHistory(by delta: Int) {
        guard var h = history else { return }
        move(&h.window, by: delta, historyPages)
        history = h
        refreshDetail(resetLine: true)
    }

    /// `:` in the history: the transaction with that number.
    func goToTransaction(_ id: Int64) {
        guard var h = history else { return }
        guard (try? store.transaction(id: id)) ?? nil != nil else {
            chrome.status = labels.fill("cd.noSuchTransaction", String(id))
            return
        }
        loadHistory(&h, .around(id))
        history = h
        chrome.focus = .records
        refreshDetail(resetLine: true)
    }

    func moveHistoryToEnd(last: Bool) {
        guard var h = history else { return }
        loadHistory(&h, last ? .last : .first)
        history = h
        refreshDetail(resetLine: true)
    }

    /// The selected transaction, read whole, as the detail's lines.
    func historyDetail() -> ObjectDetail? {
        guard let row = shownHistory?.selectedTransaction else { return nil }
        let t = (try? store.transaction(id: row.id)) ?? row
        return Self.historyDetail(t ?? row, labels: labels)
    }

    static func historyDetail(_ t: HistoryTransaction, labels: Labels) -> ObjectDetail {
        typealias Line = ObjectDetail.Line
        let e = SafeText.escape
        func text(_ s: String?) -> Line.Value { s.map { (e($0), .normal) } ?? ("—", .dim) }
        var lines: [Line] = [Line(label: labels.fill("cd.transaction", String(t.id)), value: "", style: .bold, isHeading: true)]
        let time = t.timestamp.map { TaggedValueText.shown(TaggedJSON.date(sinceReferenceDate: $0), labels: labels).text }
        let fields: [(String, Line.Value)] = [
            ("cd.tTime", text(time)), ("cd.tAuthor", text(t.author)), ("cd.tBundle", text(t.bundleID)),
            ("cd.tContext", text(t.contextName)), ("cd.tProcess", text(t.processID)),
            ("cd.tQueryGeneration", t.queryGeneration == .null ? ("—", .dim) : (TaggedValueText.shown(t.queryGeneration, labels: labels).text, .normal)),
        ]
        for (key, value) in fields {
            lines.append(Line(label: labels[key], value: value.text, style: value.style, action: value.text == "—" ? nil : .read))
        }
        lines.append(Line(label: labels.fill("cd.changes", GroupedNumber.text(t.changeCount)), value: "", style: .accent, isHeading: true))
        for c in t.changes {
            let ref = ObjectRef(entity: c.entity.hasPrefix("Z_ENT ") ? nil : c.entity, pk: c.pk)
            // The change's own line without its kind, which is the label.
            let what = String(c.text.dropFirst(c.kind.rawValue.count + 1))
            lines.append(Line(label: labels["cd.change." + c.kind.rawValue], value: what, style: c.kind == .delete ? .dim : .normal,
                              action: .follow(ref), json: c.json))
        }
        return ObjectDetail(ref: ObjectRef(entity: nil, pk: t.id), object: nil, lines: lines,
                            title: labels.fill("cd.transaction", String(t.id)))
    }

    /// The history's columns for a pane `width` columns wide: time (to the second; the detail
    /// has the fraction), number, process, and the changes; as the layout arranges them.
    func historyColumns(width: Int) -> [TableColumn<HistoryTransaction>] {
        // A column is never under three wide (`TableView.laidOut`).
        let numberWidth = max(3, history?.window.rows.map { String($0.id).count }.max() ?? 1)
        let all: [TableColumn<HistoryTransaction>] = [
            TableColumn(id: "time", title: labels["cd.hTime"], width: 19) { t in
                guard let seconds = t.timestamp, case .object(let o) = TaggedJSON.date(sinceReferenceDate: seconds),
                      case .string(let iso)? = o["$date"] else { return TableCell(text: "") }
                return TableCell(text: String(iso.prefix(19)).replacingOccurrences(of: "T", with: " "))
            },
            TableColumn(id: "number", title: "#", width: numberWidth, alignRight: true, highlights: false) { TableCell(text: String($0.id)) },
            TableColumn(id: "process", title: labels["cd.hProcess"], width: 16) { TableCell(text: SafeText.escape($0.processID ?? $0.bundleID ?? $0.author ?? "—")) },
            TableColumn(id: "changes", title: labels["cd.hChanges"], width: max(20, width - 19 - numberWidth - 16 - 3)) { t in
                let changes = t.changes.map { "\($0.kind.rawValue) \(SafeText.escape($0.entity)) \($0.pk)" }.joined(separator: "; ")
                return TableCell(text: GroupedNumber.text(t.changeCount) + ": " + changes + (t.changeCount > t.changes.count ? "; …" : ""))
            },
        ]
        return TableView.laidOut(all, columnLayouts[.history] ?? ColumnLayout())
    }

    /// `y`, `P`, `E` on the history: the selected transaction as `coredata history --json` writes it.
    func selectedTransactionJSON() -> (json: String, name: String)? {
        guard let row = shownHistory?.selectedTransaction, let t = (try? store.transaction(id: row.id)) ?? nil else { return nil }
        return (TaggedJSON.text(t.json), labels.fill("cd.transaction", String(t.id)))
    }
}
