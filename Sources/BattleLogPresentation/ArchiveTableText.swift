import BattleLogKit
import KeyedArchiving

/// A keyed archive's object table as lines of text (`inspect`, the browser's inspect view, the
/// Core Data browser): `$top` first, then one line per member of `$objects`, its index, what it
/// is and its keys with their values (`name → 1`, `power 4.78`). Text from the archive is escaped.
public enum ArchiveTableText {
    public static func lines(_ table: ArchiveObjectTable, labels: Labels) -> [String] {
        let top = table.top.map { "\(SafeText.escape($0.key)) \($0.uid)" }.joined(separator: ", ")
        var out = [labels.counted("archive.heading", count: table.rows.count, String(table.rows.count), top)]
        let indexWidth = String(max(0, table.rows.count - 1)).count
        let whatWidth = min(24, table.rows.map { DisplayWidth.of(SafeText.escape($0.what)) }.max() ?? 0)
        for row in table.rows {
            let index = String(repeating: " ", count: indexWidth - String(row.index).count) + String(row.index)
            let what = DisplayWidth.pad(DisplayWidth.truncate(SafeText.escape(row.what), to: whatWidth), to: whatWidth)
            let fields = row.fields.map { SafeText.escape($0.key) + " " + SafeText.escape($0.value) }.joined(separator: "  ")
            out.append("  \(index)  \(what)  \(fields)".trimmingTrailingSpaces)
        }
        return out
    }
}

extension String {
    var trimmingTrailingSpaces: String {
        var s = self
        while s.last == " " { s.removeLast() }
        return s
    }
}
