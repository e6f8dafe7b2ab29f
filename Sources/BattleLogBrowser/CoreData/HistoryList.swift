import BattleLogFoundation
import BattleLogKit
import BattleLogPresentation
import CoreDataKit

/// The store's persistent history as a list: one row per transaction, read in keyed pages by
/// its number; the detail shows the transaction and every change, and Enter on a change opens
/// the object it changed.
public struct HistoryLevel: Sendable {
    public internal(set) var rows: [HistoryTransaction] = []
    public internal(set) var selected = 0
    public internal(set) var scroll = 0
    public internal(set) var atStart = true
    public internal(set) var atEnd = true
    /// The pane and detail position to come back to from an object opened from a change.
    var returnFocus: BrowserModel.Pane = .records
    var detailIndex = 0
    var detailScroll = 0

    public var selectedTransaction: HistoryTransaction? { rows.indices.contains(selected) ? rows[selected] : nil }
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

    func loadHistory(_ h: inout HistoryLevel, _ where_: Load) {
        do {
            switch where_ {
            case .first:
                h.rows = try store.transactionPage(from: nil, limit: Self.pageFetch)
                h.atStart = true
                h.atEnd = h.rows.count < Self.pageFetch
                h.selected = 0
            case .last:
                h.rows = try store.transactionPage(from: nil, backward: true, limit: Self.pageFetch)
                h.atEnd = true
                h.atStart = h.rows.count < Self.pageFetch
                h.selected = max(0, h.rows.count - 1)
            case .around(let key):
                let before = try store.transactionPage(from: key, backward: true, limit: Self.pageFetch / 2)
                let after = try store.transactionPage(from: key - 1, limit: Self.pageFetch)
                h.rows = before + after
                h.atStart = before.count < Self.pageFetch / 2
                h.atEnd = after.count < Self.pageFetch
                h.selected = min(before.count, max(0, h.rows.count - 1))
            }
        } catch {
            h.rows = []
            h.atStart = true
            h.atEnd = true
            status = labels["error"] + ": " + SafeText.escape(String(describing: error))
        }
        h.scroll = max(0, min(h.selected - layout.recordRows / 2, h.rows.count - layout.recordRows))
    }

    /// Moves the history's selection by `delta` rows, reading pages as it goes (at most
    /// `maxWindow` rows kept).
    func moveHistory(by delta: Int) {
        guard var h = history else { return }
        defer { history = h; refreshDetail(resetLine: true) }
        var target = h.selected + delta
        do {
            while target >= h.rows.count && !h.atEnd, let last = h.rows.last {
                let more = try store.transactionPage(from: last.id, limit: Self.pageFetch)
                h.atEnd = more.count < Self.pageFetch
                h.rows += more
                if h.rows.count > Self.maxWindow {
                    let drop = h.rows.count - Self.maxWindow
                    h.rows.removeFirst(drop)
                    h.selected -= drop; h.scroll -= drop; target -= drop
                    h.atStart = false
                }
            }
            while target < 0 && !h.atStart, let first = h.rows.first {
                let more = try store.transactionPage(from: first.id, backward: true, limit: Self.pageFetch)
                h.atStart = more.count < Self.pageFetch
                h.rows = more + h.rows
                h.selected += more.count; h.scroll += more.count; target += more.count
                if h.rows.count > Self.maxWindow {
                    h.rows.removeLast(h.rows.count - Self.maxWindow)
                    h.atEnd = false
                }
            }
        } catch {
            status = labels["error"] + ": " + SafeText.escape(String(describing: error))
        }
        h.selected = max(0, min(h.rows.count - 1, target))
        if h.selected < h.scroll { h.scroll = h.selected }
        if h.selected >= h.scroll + layout.recordRows { h.scroll = h.selected - layout.recordRows + 1 }
        h.scroll = max(0, min(h.scroll, max(0, h.rows.count - layout.recordRows)))
    }

    /// `:` in the history: the transaction with that number.
    func goToTransaction(_ id: Int64) {
        guard var h = history else { return }
        guard (try? store.transaction(id: id)) ?? nil != nil else {
            status = labels.fill("cd.noSuchTransaction", String(id))
            return
        }
        loadHistory(&h, .around(id))
        history = h
        focus = .records
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

    /// One transaction as its row in the list: time, number, process, and its changes.
    static func historyRow(_ t: HistoryTransaction, numberWidth: Int, width: Int) -> String {
        // To the second; the detail has the fraction.
        var time = String(repeating: " ", count: 19)
        if let seconds = t.timestamp, case .object(let o) = TaggedJSON.date(sinceReferenceDate: seconds), case .string(let iso)? = o["$date"] {
            time = String(iso.prefix(19)).replacingOccurrences(of: "T", with: " ")
        }
        let who = DisplayWidth.pad(DisplayWidth.truncate(SafeText.escape(t.processID ?? t.bundleID ?? t.author ?? "—"), to: 16), to: 16)
        let changes = t.changes.map { "\($0.kind.rawValue) \(SafeText.escape($0.entity)) \($0.pk)" }.joined(separator: "; ")
            + (t.changeCount > t.changes.count ? "; …" : "")
        let line = time + "  " + DisplayWidth.pad(String(t.id), to: numberWidth, alignRight: true) + "  " + who + "  "
            + GroupedNumber.text(t.changeCount) + ": " + changes
        return DisplayWidth.truncate(line, to: width)
    }

    /// `y`, `P`, `E` on the history: the selected transaction as `coredata history --json` writes it.
    func selectedTransactionJSON() -> (json: String, name: String)? {
        guard let row = shownHistory?.selectedTransaction, let t = (try? store.transaction(id: row.id)) ?? nil else { return nil }
        return (TaggedJSON.text(t.json), labels.fill("cd.transaction", String(t.id)))
    }
}

extension ObjectDetail.Line {
    typealias Value = (text: String, style: Style)
}
