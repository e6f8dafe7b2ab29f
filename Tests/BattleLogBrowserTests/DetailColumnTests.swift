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
        // A label too long for its column is cut with an ellipsis, not dropped.
        #expect(grid.line(2).contains("lastaccess"), "\(grid.line(2))")
        #expect(grid.line(6).contains("aVery") && grid.line(6).contains("…"), "\(grid.line(6))")
    }
}
