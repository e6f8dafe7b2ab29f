import Foundation
import Testing
import BattleLogPresentation
@testable import BattleLogBrowser
import BattleLogKit

/// The records pane's columns (issue 43): `[`/`]` move the current one and scroll sideways,
/// `{`/`}` narrow and widen it, `H` hides it, `=` brings them back; each view keeps its own.
@Suite struct ColumnsTests {
    static func header(_ m: BrowserModel, _ grid: CellGrid) -> String {
        BrowserView.render(m, on: grid)
        return grid.line(m.layout.records.top + 1)
    }

    static func cell(_ grid: CellGrid, _ row: Int, _ column: Int) -> Cell { grid.cells[row * grid.columns + column] }

    @Test(arguments: ["en", "zh"])
    func hideWidenScrollAndReset(language: String) throws {
        let s = try SimulatedStore(fights: 60, heroes: 2, villains: 2)
        let (m, grid) = try makeBrowser(s, rows: 24, columns: 80, language: language)
        m.handle(.tab)
        let result = m.labels["result"], date = m.labels["date"]
        #expect(Self.header(m, grid).contains(result))
        // ] to the result column, H hides it.
        m.handle(.character("]"))
        #expect(m.columnLayout.current == 1)
        m.handle(.character("H"))
        #expect(!Self.header(m, grid).contains(result))
        #expect(m.chrome.status == m.labels.fill("columns.hidden", result))
        // The opponent column is current now: widened past the pane's width, the list scrolls.
        for _ in 0..<40 { m.handle(.character("}")) }
        let header = Self.header(m, grid)
        #expect(!header.contains(date), "the date scrolled out: \(header)")
        let r = m.layout.records
        #expect(Self.cell(grid, r.top + 1, r.left).text == "‹")
        // Its title stands out as the current column's.
        let titleX = r.left + 1
        #expect(Self.cell(grid, r.top + 1, titleX).style == .selected)
        // [ back to the date: in sight again, the right side cut with ›.
        m.handle(.character("["))
        let back = Self.header(m, grid)
        #expect(back.contains(date) && Self.cell(grid, r.top + 1, r.right - 1).text == "›", "\(back)")
        // { narrows, never under its title (a tester saw a column narrowed to `…`), nor
        // past its own width when the title is wider.
        for _ in 0..<200 { m.handle(.character("{")) }
        #expect(RecordsView.columns(m)[0].width == DisplayWidth.of(date))
        m.handle(.character("]"))
        let second = RecordsView.columns(m)[1]
        for _ in 0..<200 { m.handle(.character("{")) }
        #expect(RecordsView.columns(m)[1].width == max(3, DisplayWidth.of(second.title)), "\(second.title)")
        // = brings every column back at its own width.
        m.handle(.character("="))
        #expect(m.columnLayout == ColumnLayout())
        #expect(Self.header(m, grid).contains(result) && Self.header(m, grid).contains(date))
        // The last column widened past the pane: it is cut, but nothing lies beyond it, so no
        // `›` (a tester saw one on a column that was only clipped).
        for _ in 0..<20 { m.handle(.character("]")) }
        for _ in 0..<100 { m.handle(.character("}")) }
        _ = Self.header(m, grid)
        #expect(Self.cell(grid, r.top + 1, r.right - 1).text != "›", "\(grid.text)")
        // One column short of the last, the last one lies beyond: `›`.
        m.handle(.character("["))
        _ = Self.header(m, grid)
        #expect(Self.cell(grid, r.top + 1, r.right - 1).text == "›", "\(grid.text)")
    }

    @Test func eachViewKeepsItsOwnLayoutAndTheLastColumnStays() throws {
        let s = try SimulatedStore(fights: 60, heroes: 2, villains: 2)
        let (m, grid) = try makeBrowser(s, rows: 24, columns: 80)
        m.handle(.tab)
        m.handle(.character("H"))     // the date, in the Human's list
        #expect(!Self.header(m, grid).contains(m.labels["date"]))
        m.handle(.character("f")); m.type("result = win"); m.handle(.enter)
        for _ in 0..<500 where m.filterProgress?.finished != true { usleep(2_000); m.tick() }
        #expect(Self.header(m, grid).contains(m.labels["date"]), "the filter's view has its own layout")
        for _ in 0..<20 { m.handle(.character("H")) }
        #expect(RecordsView.columns(m).count == 1 && m.chrome.status == m.labels["columns.lastOne"])
        m.handle(.escape)   // back to the Human's list: its layout as it was
        m.handle(.tab)
        #expect(m.filterText == nil)
        #expect(!Self.header(m, grid).contains(m.labels["date"]) && RecordsView.columns(m).count > 1)
    }
}
