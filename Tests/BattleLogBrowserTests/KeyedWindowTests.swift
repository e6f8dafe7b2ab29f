import Testing
@testable import BattleLogBrowser

/// The one window onto long lists read in pages (the Core Data browser's objects, sorts and
/// history): every row reached once in order both ways, never more than its most rows kept.
@Suite struct KeyedWindowTests {
    /// A list of the numbers 0..<count read by key, a page at a time.
    static func pages(_ count: Int, reads: Counter) -> WindowPages<Int> {
        WindowPages(after: { w, n in
            reads.value += 1
            let start = (w.rows.last ?? -1) + 1
            return Array(start..<min(count, start + n))
        }, before: { w, n in
            reads.value += 1
            let end = w.rows.first ?? count
            return Array(max(0, end - n)..<end)
        })
    }

    final class Counter { var value = 0 }

    @Test(arguments: [0, 1, 63, 64, 65, 1_000])
    func everyRowOnceInOrderBothWaysWithinTheMostKept(count: Int) throws {
        let reads = Counter()
        let pages = Self.pages(count, reads: reads)
        var w = KeyedWindow<Int>()
        try w.fillFirst(pages, limit: 64)
        var seen: [Int] = []
        while let row = w.selectedRow {
            seen.append(row)
            #expect(w.rows.count <= 200 && (w.scroll...w.scroll + 9).contains(w.selected))
            let before = w.selected
            try w.move(by: 1, visible: 10, limit: 64, maxRows: 200, pages)
            if w.selectedRow == row && w.selected == before { break }
        }
        #expect(seen == Array(0..<count))
        #expect(w.atEnd && (count <= 200 || !w.atStart))
        var back: [Int] = []
        while let row = w.selectedRow {
            back.append(row)
            let before = w.selected
            try w.move(by: -1, visible: 10, limit: 64, maxRows: 200, pages)
            if w.selectedRow == row && w.selected == before { break }
        }
        #expect(back == Array((0..<count).reversed()))
        // The ends in one read each.
        reads.value = 0
        try w.fillLast(pages, limit: 64)
        #expect(w.selectedRow == (count > 0 ? count - 1 : nil) && w.atEnd && reads.value == 1)
        #expect(w.atStart == (count < 64))
    }

    @Test func aFailedReadLeavesTheSelectionWhereItGotAndSaysSo() throws {
        struct Gone: Error {}
        let reads = Counter()
        var w = KeyedWindow<Int>()
        try w.fillFirst(Self.pages(1_000, reads: reads), limit: 64)
        let failing = WindowPages<Int>(after: { _, _ in throw Gone() }, before: { _, _ in throw Gone() })
        #expect(throws: Gone.self) { try w.move(by: 100, visible: 10, limit: 64, maxRows: 200, failing) }
        #expect(w.selected == 63 && w.selectedRow == 63 && w.scroll == 54)
    }
}
