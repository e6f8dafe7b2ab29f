import BattleLogKit
import BattleLogPresentation

/// A record list's columns: the date, the result, who was fought (both sides in a filter's
/// list), then the model's listed attributes.
extension RecordSource {
    /// The columns for a pane `width` wide inside, at their natural widths (`rows`: the loaded
    /// records); `filtered`: a filter's list, whose names column holds both sides.
    func columns(filtered: Bool, width inner: Int, rows: [Record]) -> [TableColumn<Record>] {
        typealias Column = TableColumn<Record>
        let labels = self.labels
        // Full date and time when there is room, the date alone otherwise.
        let dateW = inner >= 76 ? 16 : 10
        // Wide enough for damage's cell while a loaded record has a damaged result.
        let resultW = max(4, DisplayWidth.of(labels["result"]),
                          rows.contains { $0.result == nil } ? DisplayWidth.of(ValuePresenter.damagedCell(labels)) : 0)
        // The model's listed attributes: text columns share what the names leave, fixed-width
        // figures sit at the row's end.
        let textColumns = listedColumns.filter { $0.fixedWidth == nil }, figures = listedColumns.filter { $0.fixedWidth != nil }
        // What is left for the names and the text columns; below 16 columns the text columns go.
        let rest = inner - dateW - resultW - figures.reduce(0) { $0 + $1.fixedWidth! + 1 } - 3
        let showsText = !textColumns.isEmpty && rest >= 16
        // A filter lists every Human's records: the column names both sides and gets more room.
        let opponentW = showsText ? (filtered ? rest * 3 / 5 : rest * 2 / 5) : max(4, rest + 1)
        let textRoom = showsText ? rest - opponentW - 1 : 0
        let shown = (showsText ? textColumns : []) + figures
        let widths: [Int] = shown.enumerated().map { i, c in
            if let w = c.fixedWidth { return w }
            let n = textColumns.count, each = (textRoom - (n - 1)) / n
            return i == n - 1 ? textRoom - (n - 1) * (each + 1) : each
        }
        let damaged = ValuePresenter.damagedCell(labels)
        let whoTitle = filtered ? labels["owner"] + " › " + labels["opponent"] : labels["opponent"]
        var all: [Column] = [
            Column(id: "date", title: labels["date"], width: dateW, highlights: false) { rec in
                TableCell(text: rec.date.map { String(Drawing.shortDate($0).prefix(dateW)) } ?? damaged)
            },
            Column(id: "result", title: labels["result"], width: resultW, highlights: false) { rec in
                TableCell(text: rec.resultText(labels), damaged: rec.result == nil, style: Drawing.style(for: rec.result))
            },
            Column(id: "who", title: whoTitle, width: opponentW) { rec in
                let names = (filtered ? [rec.owner] : []) + [rec.opponent]
                let text = (filtered ? Record.nameText(rec.owner, labels) + " › " : "") + rec.opponentText(labels)
                return TableCell(text: text, damaged: names.contains { $0?.isUnknown ?? false })
            },
        ]
        for (column, w) in zip(shown, widths) {
            all.append(Column(id: column.labelKey, title: labels[column.labelKey], width: w, alignRight: column.fixedWidth != nil,
                              highlights: column.fixedWidth == nil) { rec in
                let cell = column.cell(rec, labels: labels, short: true)
                return TableCell(text: cell.text, damaged: cell.isDamaged)
            })
        }
        return all
    }
}
