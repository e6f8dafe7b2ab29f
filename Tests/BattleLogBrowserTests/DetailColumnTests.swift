import Testing
@testable import BattleLogBrowser
import BattleLogPresentation

/// The detail pane's values start in one column, however long a label is and however deep a
/// nested key: a label longer than its column is cut, never the column moved.
@Suite struct DetailColumnTests {
    typealias Line = DetailLine<Int>

    @Test(arguments: [30, 36, 44, 60])
    func everyValueStartsInOneColumn(width: Int) {
        let lines: [Line] = [
            Line(label: "flags", value: "4"),
            Line(label: "lastaccesstimestamp", value: "—"),
            Line(label: "timestamp", value: "2015-06-30 09:12:44"),
            Line(label: "userInfo", value: "{2 keys}", folds: true, isOpen: true),
            Line(depth: 1, label: "a", value: "1"),
            Line(depth: 1, label: "aVeryLongNestedKeyName", value: "2"),
        ]
        let grid = CellGrid(rows: 10, columns: width)
        DetailLinesView.draw(grid, in: Rect(top: 0, left: 0, height: 10, width: width), lines: lines, cursor: ListCursor(),
                             focused: false, highlight: nil)
        let values = ["4", "—", "2015", "{2 keys}", "1", "2"]
        let columns = values.enumerated().map { i, v in
            let row = grid.line(1 + i)
            return row.range(of: " " + v).map { DisplayWidth.of(String(row[..<$0.lowerBound])) + 1 }
        }
        #expect(Set(columns).count == 1 && columns.first! != nil, "\((1...6).map { grid.line($0) })")
        // The column is as wide as the widest label, nested ones with their indent, up to half
        // the pane: a label too long for it is cut in its middle with an ellipsis, not dropped.
        let label = grid.line(2)
        #expect(label.contains("lastaccesstimestamp") || (label.contains("last") && label.contains("…") && label.contains("amp")), "\(label)")
        let fits = 2 + 2 + "aVeryLongNestedKeyName".count + 1 <= (width - 2) / 2 + 2
        #expect(grid.line(6).contains(fits ? "aVeryLongNestedKeyName " : "aVery") && grid.line(6).contains("…") != fits, "\(grid.line(6))")
    }

    /// Keys alike at their start beside short values (Accounts3's dataclasses at 80 columns):
    /// the labels take what the values leave, and a key still too long is cut in its middle,
    /// so that each can be told from the others (a trial saw three `com.apple.Dataclass.Acc…`).
    @Test func keysAlikeAtTheirStartCanBeToldApart() {
        let keys = ["com.apple.Dataclass.Account", "com.apple.Dataclass.Available", "com.apple.Dataclass.Backup",
                    "com.apple.Dataclass.Bookmarks"]
        let lines: [Line] = [Line(label: "properties", value: "4 keys", folds: true, isOpen: true)]
            + keys.map { Line(depth: 1, label: $0, value: "true") }
        for width in [54, 40, 30] {
            let grid = CellGrid(rows: 8, columns: width)
            DetailLinesView.draw(grid, in: Rect(top: 0, left: 0, height: 8, width: width), lines: lines, cursor: ListCursor(),
                                 focused: false, highlight: nil)
            let shown = (2...5).map { grid.line($0) }
            #expect(Set(shown).count == 4 && shown.allSatisfy { $0.contains("true") }, "\(width): \(shown)")
            if width >= 54 { #expect(zip(shown, keys).allSatisfy { $0.contains($1) }, "\(width): \(shown)") }
        }
    }

    /// Nested keys under a short top-level label get the room they need (a trial saw `C…`,
    /// `D…` for `Created`, `Domain` beside an empty value column at 120 columns).
    @Test func nestedKeysAreWholeWhereThereIsRoom() {
        let lines: [Line] = [
            Line(label: "value", value: "9 items", folds: true, isOpen: true),
            Line(depth: 1, label: "[0]", value: "7 keys", folds: true, isOpen: true),
            Line(depth: 2, label: "Created", value: "606519859"),
            Line(depth: 2, label: "com.apple.Dataclass.CKDatabaseService", value: "1"),
        ]
        let grid = CellGrid(rows: 8, columns: 120)
        DetailLinesView.draw(grid, in: Rect(top: 0, left: 0, height: 8, width: 120), lines: lines, cursor: ListCursor(),
                             focused: false, highlight: nil)
        #expect(grid.line(3).contains("Created") && grid.line(4).contains("com.apple.Dataclass.CKDatabaseService"), "\(grid.text)")
        #expect(!grid.text.contains("…"))
    }
}
