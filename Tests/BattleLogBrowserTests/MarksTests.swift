import Foundation
import Testing
@testable import BattleLogBrowser
import BattleLogKit
import BattleLogPresentation

/// Marks (issue 43): `m` one, `M` a range, `A` the list, `u` none; `y`, `e` and `c` act on them.
@Suite(.serialized) struct MarksTests {
    static func settle(_ m: BrowserModel) { m.settleFilter() }

    @Test(arguments: ["en", "zh"])
    func mMarksAndGoesDownMMarksARangeAndUClears(language: String) throws {
        let s = try SimulatedStore(fights: 600, heroes: 2, villains: 2)
        let (m, grid) = try makeBrowser(s, rows: 24, columns: 80, language: language)
        let human = try #require(m.selectedHuman)
        let list = try s.store.page(RecordQuery(ownerID: human.id), limit: 10_000).map(\.id)
        m.handle(.tab)
        m.handle(.down); m.handle(.down)
        m.handle(.character("m"))
        #expect(m.recordList.marked == [list[2]] && m.recordList.selected == 3)
        BrowserView.render(m, on: grid)
        let cell = grid.cells[(m.layout.records.top + 4) * grid.columns + m.layout.records.left]
        #expect(cell.text == "*", "\(grid.text)")
        #expect(grid.text.contains(m.labels.counted("marks.count", count: 1, "1")))
        // Forty rows down (past a page), M marks every record between.
        for _ in 0..<37 { m.handle(.down) }
        m.handle(.character("M"))
        #expect(m.recordList.marked == Set(list[2...40]))
        // Back up to the first: m unmarks it.
        for _ in 0..<38 { m.handle(.up) }
        m.handle(.character("m"))
        #expect(m.recordList.marked == Set(list[3...40]))
        // M from below the anchor up works the same way.
        m.handle(.character("u"))
        #expect(m.recordList.marked.isEmpty)
        for _ in 0..<10 { m.handle(.down) }
        m.handle(.character("m"))           // marks list[13], selection at 14
        for _ in 0..<9 { m.handle(.up) }    // at 5
        m.handle(.character("M"))
        #expect(m.recordList.marked == Set(list[5...13]))
    }

    @Test func aFiltersMatchesAreMarkedAllAtOnceAndExportedAndCopied() throws {
        let s = try SimulatedStore(fights: 400, heroes: 2, villains: 2)
        let (m, _) = try makeBrowser(s, rows: 24, columns: 80)
        m.handle(.character("f")); m.type("result = draw"); m.handle(.enter)
        Self.settle(m)
        let filter = try FilterCompiler.compile("result = draw", roster: s.store.humans, columns: s.store.queryColumns)
        let matches = try s.store.page(RecordQuery(filter: filter), limit: 10_000)
        m.handle(.character("A"))
        #expect(m.recordList.marked == Set(matches.map(\.id)))
        // y copies the marked as JSON lines, newest first.
        m.handle(.character("y"))
        #expect(m.chrome.wantsCopy == matches.map { RecordJSON.encode($0) + "\n" }.joined())
        // e writes them to a file.
        let path = s.folder + "/marked.jsonl"
        m.handle(.character("e")); m.type(path); m.handle(.enter)
        for _ in 0..<500 where m.isExporting || m.export != nil { usleep(10_000); m.tick() }
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(lines == matches.sorted { $0.id > $1.id }.map { RecordJSON.encode($0) })
        // Marks stay when the filter goes.
        m.handle(.character("f")); for _ in 0..<20 { m.handle(.backspace) }; m.handle(.enter)
        #expect(m.recordList.marked.count == matches.count)
    }

    /// Marked records are copied and exported in the order of the list on screen: its sort,
    /// wherever they were marked.
    @Test func markedRecordsGoInTheListsOrder() throws {
        let s = try SimulatedStore(fights: 200, heroes: 2, villains: 2)
        let (m, _) = try makeBrowser(s, rows: 24, columns: 80)
        let human = try #require(m.selectedHuman)
        let own = try s.store.page(RecordQuery(ownerID: human.id), limit: 1000)
        // Two of this Human's records and one of another's.
        let other = try #require(try s.store.page(RecordQuery(), limit: 50).first { $0.owner.id != human.id })
        let marks: Set<Int64> = [own[3].id, own[40].id, other.id]
        m.recordList.marked = marks
        m.handle(.character("S")); m.type("duration:asc"); m.handle(.enter)
        Self.settle(m)
        let sorted = try s.store.records(ids: Array(marks)).sorted {
            ($0.fightDuration!.seconds, $1.date!, $1.id) < ($1.fightDuration!.seconds, $0.date!, $0.id)
        }
        m.handle(.character("y"))
        #expect(m.chrome.wantsCopy == sorted.map { RecordJSON.encode($0) + "\n" }.joined())
        // Said in one parenthesis: "Copied the 3 marked records' JSON lines (N bytes) ...".
        #expect(m.chrome.status?.hasPrefix("Copied the 3 marked records' JSON lines (") == true, "\(m.chrome.status ?? "")")
        let path = s.folder + "/marked-sorted.jsonl"
        m.handle(.character("e")); m.type(path); m.handle(.enter)
        for _ in 0..<500 where m.isExporting || m.export != nil { usleep(10_000); m.tick() }
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(lines == sorted.map { RecordJSON.encode($0) })
    }

    @Test(arguments: ["en", "zh"])
    func cComparesTwoMarkedRecordsSideBySide(language: String) throws {
        let s = try SimulatedStore(fights: 100, heroes: 2, villains: 2)
        let (m, grid) = try makeBrowser(s, rows: 40, columns: 120, language: language)
        m.handle(.tab)
        m.handle(.character("c"))
        #expect(m.overlay == .none && m.chrome.status == m.labels.fill("marks.needTwo", "0"))
        let first = try #require(m.selectedRecord)
        m.handle(.character("m"))
        m.handle(.down)
        let second = try #require(m.selectedRecord)
        m.handle(.character("m"))
        m.handle(.character("c"))
        #expect(m.overlay == .compare)
        BrowserView.render(m, on: grid)
        #expect(grid.text.contains("#\(first.id) · #\(second.id)"))
        #expect(grid.text.contains("≠"), "two fights differ somewhere:\n\(grid.text)")
        // Each half shows its record's opponent.
        #expect(grid.text.contains(first.opponentName) && grid.text.contains(second.opponentName))
        m.handle(.character("c"))
        #expect(m.overlay == .none)
        // A third mark: c says it needs two.
        m.handle(.down)
        m.handle(.character("m"))
        m.handle(.character("c"))
        #expect(m.overlay == .none && m.chrome.status == m.labels.fill("marks.needTwo", "3"))
    }
}
