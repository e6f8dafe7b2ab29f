import Testing
@testable import BattleLogBrowser

/// The one window onto long lists read in pages (the Core Data browser's objects, sorts and
/// history): every row reached once in order both ways, never more than its most rows kept.
@Suite struct KeyedWindowTests {
    /// A list of the numbers 0..<count read by key, a page at a time.
    static func pages(_ count: Int, reads: Counter) -> WindowPages<Int> {
        .byKey({ Int64($0) }) { from, backward, n in
            reads.value += 1
            if backward {
                let end = from.map { Int($0) } ?? count
                return Array(max(0, end - n)..<end)
            }
            let start = from.map { Int($0) + 1 } ?? 0
            return Array(start..<min(count, start + n))
        }
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
        let failing = WindowPages<Int>.byKey({ Int64($0) }) { _, _, _ in throw Gone() }
        #expect(throws: Gone.self) { try w.move(by: 100, visible: 10, limit: 64, maxRows: 200, failing) }
        #expect(w.selected == 63 && w.selectedRow == 63 && w.scroll == 54)
        // A load that fails leaves nothing on screen that is not in the list.
        #expect(throws: Gone.self) { try w.load(.first, failing, limit: 64, visible: 10) }
        #expect(w.rows.isEmpty && w.selectedRow == nil)
    }

    @Test(arguments: [0, 1, 31, 500, 999])
    func aroundAKeyItIsSelectedWithItsNeighbours(key: Int) throws {
        var w = KeyedWindow<Int>()
        try w.load(.around(Int64(key)), Self.pages(1_000, reads: Counter()), limit: 64, visible: 10)
        #expect(w.selectedRow == key)
        #expect(w.rows == Array(max(0, key - 32)..<min(1_000, key + 64)))
        #expect(w.atStart == (key < 32) && w.atEnd == (key + 64 > 1_000))
        #expect((w.scroll..<w.scroll + 10).contains(w.selected))
        try w.load(.last, Self.pages(1_000, reads: Counter()), limit: 64, visible: 10)
        #expect(w.selectedRow == 999 && w.rows.first == 936)
    }
}
