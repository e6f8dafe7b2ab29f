import BattleLogKit

/// `stats --by A,B` as text: A's groups down, B's across, each cell its count and a shade of
/// its share of the largest cell with both values present (`░▒▓█`).
public enum PairTable {
    /// The rows' and columns' keys in order: by their totals, largest first (`order` for the
    /// others), absent and damaged last.
    public static func axes(_ pairs: [PairCount], order: GroupOrder) -> (rows: [GroupCount.Key], columns: [GroupCount.Key]) {
        func totals(_ key: (PairCount) -> GroupCount.Key) -> [GroupCount] {
            var sums: [GroupCount.Key: GroupCount] = [:]
            for p in pairs { sums[key(p), default: GroupCount(key: key(p))].add(p.figures) }
            return order.sorted(Array(sums.values))
        }
        return (totals(\.row).map(\.key), totals(\.column).map(\.key))
    }

    /// The shade of a cell holding `fraction` of the largest cell's count.
    static func shade(_ fraction: Double) -> String {
        let shades = [" ", "░", "▒", "▓", "█"]
        guard fraction > 0 else { return " " }
        return shades[max(1, min(4, Int((fraction * 4).rounded(.up))))]
    }

    /// The table's lines within `width` columns; the columns that do not fit are named in a
    /// last line. `corner` names the axes in the top-left cell (`gate ↓ result →`).
    public static func lines(_ pairs: [PairCount], first: GroupField, second: GroupField, order: GroupOrder,
                             labels: Labels, width: Int = 100, corner: String = "") -> [String] {
        let (rows, columns) = axes(pairs, order: order)
        var cells: [GroupCount.Key: [GroupCount.Key: Int]] = [:]
        for p in pairs { cells[p.row, default: [:]][p.column] = p.figures.count }
        // The shades compare the cells whose two values are present: an absent or damaged row
        // or column (a Hero's records have no gate) is often larger than all of them.
        func present(_ k: GroupCount.Key) -> Bool { k != .absent && k != .damaged }
        let valued = pairs.filter { present($0.row) && present($0.column) }
        let largest = (valued.isEmpty ? pairs : valued).map(\.figures.count).max() ?? 0
        let rowLabels = rows.map { GroupTable.label($0, field: first, labels: labels) }
        let rowWidth = min(30, max(DisplayWidth.of(corner), rowLabels.map(DisplayWidth.of).max() ?? 1))
        let columnLabels = columns.map { GroupTable.label($0, field: second, labels: labels) }
        let numberWidth = max(3, pairs.map { GroupedNumber.text($0.figures.count).count }.max() ?? 1) + 2
        let cellWidth = min(16, max(numberWidth, columnLabels.map(DisplayWidth.of).max() ?? 1))
        let fitting = max(1, min(columns.count, (width - rowWidth) / (cellWidth + 2)))
        var out = [DisplayWidth.pad(DisplayWidth.truncate(corner, to: rowWidth), to: rowWidth) + columnLabels.prefix(fitting).map {
            "  " + DisplayWidth.pad(DisplayWidth.truncate($0, to: cellWidth), to: cellWidth, alignRight: true)
        }.joined()]
        for (row, label) in zip(rows, rowLabels) {
            var line = DisplayWidth.pad(DisplayWidth.truncate(label, to: rowWidth), to: rowWidth)
            for column in columns.prefix(fitting) {
                let n = cells[row]?[column] ?? 0
                let text = (n == 0 ? "–" : GroupedNumber.text(n)) + " " + shade(largest > 0 ? Double(n) / Double(largest) : 0)
                line += "  " + DisplayWidth.pad(text, to: cellWidth, alignRight: true)
            }
            while line.last == " " { line.removeLast() }
            out.append(line)
        }
        if fitting < columns.count {
            out.append(labels.fill("statsBy.moreColumns", String(columns.count - fitting)))
        }
        return out
    }
}
