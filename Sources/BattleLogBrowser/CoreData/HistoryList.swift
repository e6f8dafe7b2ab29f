import BattleLogFoundation
import BattleLogPresentation
import CoreDataKit

/// The store's persistent history as a list: one row per transaction, read in keyed pages by
/// its number; the detail shows the transaction and every change, and Enter on a change opens
/// the object it changed.
extension StoreSource {
    /// A transaction, read whole, as the detail's lines.
    func historyDetail(_ t: HistoryTransaction) -> DetailPage<StoreAction> {
        func text(_ s: String?) -> Line.Value { s.map { (SafeText.escape($0), .normal) } ?? ("—", .dim) }
        let title = labels.fill("cd.transaction", String(t.id))
        var lines = [Line(label: title, value: "", style: .bold, isHeading: true)]
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
            lines.append(Line(label: labels["cd.change." + c.kind.rawValue], value: String(c.text.dropFirst(c.kind.rawValue.count + 1)),
                              style: c.kind == .delete ? .dim : .normal, action: .own(.follow(ref)), json: c.json))
        }
        return DetailPage(title: title, lines: lines)
    }

    /// The history's columns for a pane `width` wide: time (to the second; the detail has the
    /// fraction), number, process, and the changes.
    func historyColumns(width: Int, rows: [StoreRow]) -> [TableColumn<StoreRow>] {
        // A column is never under three wide (`TableView.laidOut`).
        let numberWidth = max(3, rows.map { String($0.key).count }.max() ?? 1)
        func cell(_ text: @escaping (HistoryTransaction) -> String) -> (StoreRow) -> TableCell {
            { row in TableCell(text: row.transaction.map(text) ?? "") }
        }
        return [
            TableColumn(id: "time", title: labels["cd.hTime"], width: 19, cell: cell { t in
                t.time.map { String($0.prefix(19)).replacingOccurrences(of: "T", with: " ") } ?? ""
            }),
            TableColumn(id: "number", title: "#", width: numberWidth, alignRight: true, highlights: false, cell: cell { String($0.id) }),
            TableColumn(id: "process", title: labels["cd.hProcess"], width: 16, cell: cell { SafeText.escape($0.processID ?? $0.bundleID ?? $0.author ?? "—") }),
            TableColumn(id: "changes", title: labels["cd.hChanges"], width: max(20, width - 19 - numberWidth - 16 - 3), cell: cell { t in
                let changes = t.changes.map { "\($0.kind.rawValue) \(SafeText.escape($0.entity)) \($0.pk)" }.joined(separator: "; ")
                return GroupedNumber.text(t.changeCount) + ": " + changes + (t.changeCount > t.changes.count ? "; …" : "")
            }),
        ]
    }
}
