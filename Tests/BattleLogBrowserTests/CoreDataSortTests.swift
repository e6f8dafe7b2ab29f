import AppStoreWriter
import Foundation
import SQLiteDB
import Testing
@testable import BattleLogBrowser
import BattleLogFoundation
import BattleLogPresentation
@testable import CoreDataKit

/// Sorting a Core Data object list by any field (issue 40): the whole order as SQL gives it,
/// paged across windows, objects without the value last, kept across a filter; Esc gives a
/// running sort up.
@Suite(.serialized) struct CoreDataSortTests {
    /// A copy of SampleModel2_V2 whose every tenth Page has no number.
    static func storeWithNulls() throws -> (path: String, folder: String) {
        let folder = NSTemporaryDirectory() + "battlelog-cd-sort-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let path = folder + "/s.sqlite"
        try FileManager.default.copyItem(atPath: CoreDataBrowserTests.fixtures + "/SampleModel2_V2.sqlite", toPath: path)
        let db = try Database(path: path, mode: .readWrite)
        try db.execute(script: "UPDATE ZPAGE SET ZNUMBER = NULL WHERE Z_PK % 10 = 0")
        return (path, folder)
    }

    /// Sorts the Page list by `text` and waits for every key.
    static func sorted(_ m: StoreBrowserModel, _ text: String) throws {
        m.handle(.character("S"))
        m.handle(.control("u"))
        for c in text { m.handle(.character(c)) }
        m.handle(.enter)
        let deadline = Date().addingTimeInterval(10)
        while m.isSorting && Date() < deadline { usleep(1_000) }
        m.tick()
    }

    /// Every pk of the list, walking it with j from its first row.
    static func walk(_ m: StoreBrowserModel) -> [Int64] {
        m.chrome.focus = .records
        m.handle(.character("g"))
        var pks: [Int64] = []
        while let pk = m.selectedObject?.ref.pk {
            pks.append(pk)
            let at = m.level?.window.selected
            m.handle(.character("j"))
            if m.level?.window.selected == at { break }
        }
        return pks
    }

    /// `/` in a long list finds rows past the loaded ones (a trial found it searched 64 rows of
    /// 255): Enter and `n` read on, wrapping at the end; nothing anywhere says so, not "in the
    /// loaded rows"; in a sorted list too.
    @Test func searchReadsPastTheLoadedRows() throws {
        let (m, _) = try CoreDataBrowserTests.open(CoreDataBrowserTests.fixtures + "/SampleModel2_V2.sqlite")
        try CoreDataBrowserTests.select(m, entity: "Page", pk: 1)
        m.chrome.focus = .records
        m.handle(.character("g"))
        let loaded = try #require(m.level?.window.rows.map(\.key))
        #expect(!loaded.contains(110) && m.level?.window.atEnd == false)
        func search(_ text: String, backward: Bool = false) {
            m.handle(.character("/"))
            if backward { m.handle(.control("r")) }
            m.type(text)
            m.handle(.enter)
        }
        search("Page 110")
        #expect(m.selectedObject?.ref.pk == 110)
        #expect(m.chrome.status == "/Page 110: " + m.labels["searchBeyond"], "\(m.chrome.status ?? "")")
        // The only match: n reads to the end, wraps, and comes back to it.
        m.handle(.character("n"))
        #expect(m.selectedObject?.ref.pk == 110)
        #expect(m.chrome.status?.contains(m.labels["searchLoaded"]) == false && m.chrome.status?.contains(m.labels["searchWrapped"]) == true,
                "\(m.chrome.status ?? "")")
        search("zzqq")
        #expect(m.chrome.status == m.chrome.search.noMatch("zzqq", labels: m.labels), "\(m.chrome.status ?? "")")
        // Up the list from the top: from the end.
        m.handle(.character("g"))
        search("Page 100", backward: true)
        #expect(m.selectedObject?.ref.pk == 100)
        #expect(m.chrome.status?.contains(m.labels["searchWrapped"]) == true, "\(m.chrome.status ?? "")")
        // In a sorted list, in its order.
        try Self.sorted(m, "number:desc")
        m.handle(.character("g"))
        let top = m.selectedObject?.ref.pk
        search("Page 2")
        let found = try #require(m.selectedObject?.ref.pk)
        #expect(found != top && String(found).hasPrefix("2"), "\(found)")
        #expect(m.level?.sort != nil)
    }

    @Test(arguments: [false, true])
    func theWholeListInTheFieldsOrderNullsLast(descending: Bool) throws {
        let (path, folder) = try Self.storeWithNulls()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let (m, _) = try CoreDataBrowserTests.open(path)
        try CoreDataBrowserTests.select(m, entity: "Page", pk: 1)
        try Self.sorted(m, descending ? "number:desc" : "number")
        #expect(m.level?.sort == ObjectSort(field: "number", descending: descending))
        // The order by plain SQL: numbers in order (ties by pk, reversed with the order), then
        // the pages without a number by pk.
        let db = try Database(path: path, mode: .readOnly)
        let direction = descending ? "DESC" : "ASC"
        let numbered = try db.prepare("SELECT Z_PK FROM ZPAGE WHERE ZNUMBER IS NOT NULL ORDER BY ZNUMBER \(direction), Z_PK \(direction)").map { $0.int64(0) }
        let unnumbered = try db.prepare("SELECT Z_PK FROM ZPAGE WHERE ZNUMBER IS NULL ORDER BY Z_PK").map { $0.int64(0) }
        let expected = numbered + unnumbered
        #expect(expected.count > StackedLists<StoreSource>.pageFetch, "the walk crosses pages")
        #expect(Self.walk(m) == expected)
        // Back up across the pages too, and G lands on the last.
        m.handle(.character("G"))
        #expect(m.selectedObject?.ref.pk == expected.last)
        var back: [Int64] = []
        while let pk = m.selectedObject?.ref.pk {
            back.append(pk)
            let at = m.level?.window.selected
            m.handle(.character("k"))
            if m.level?.window.selected == at { break }
        }
        #expect(back == expected.reversed())
        // `:` goes to a pk where the sort has it.
        try m.submit(.init(kind: .goTo, text: String(expected[70])))
        #expect(m.selectedObject?.ref.pk == expected[70])
        m.handle(.character("j"))
        #expect(m.selectedObject?.ref.pk == expected[71])
    }

    /// `e` writes the list in the order on screen (a tester's export of a sorted list came out
    /// by pk), as JSON lines and as CSV, objects without the value last.
    @Test(arguments: ["jsonl", "csv"]) func anExportFollowsTheSort(format: String) throws {
        let (path, folder) = try Self.storeWithNulls()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let (m, _) = try CoreDataBrowserTests.open(path)
        try CoreDataBrowserTests.select(m, entity: "Page", pk: 1)
        try Self.sorted(m, "number:desc")
        let shown = Self.walk(m)
        let file = folder + "/pages." + format
        m.handle(.character("e"))
        for c in file { m.handle(.character(c)) }
        m.handle(.enter)
        let deadline = Date().addingTimeInterval(10)
        while m.export != nil && Date() < deadline { usleep(2_000); m.tick() }
        let lines = try String(contentsOfFile: file, encoding: .utf8).split(whereSeparator: \.isNewline).dropFirst(format == "csv" ? 1 : 0)
        // Each line's pk: the JSON's `pk`, the CSV's second field.
        let pks = lines.map { line -> Int64 in
            if format == "csv" { return Int64(line.split(separator: ",")[1]) ?? -1 }
            guard case .object(let o)? = try? JSONParser.parse(String(line)), case .integer(let pk)? = o["pk"] else { return -1 }
            return pk
        }
        #expect(pks == shown, "\(pks.prefix(12)) against \(shown.prefix(12))")
    }

    @Test func theSortStaysAcrossAFilterAndAnEmptyTextGoesBackToPkOrder() throws {
        let (m, grid) = try CoreDataBrowserTests.open(CoreDataBrowserTests.fixtures + "/SampleModel2_V2.sqlite")
        try CoreDataBrowserTests.select(m, entity: "Page", pk: 1)
        try Self.sorted(m, "number:desc")
        // The pane's title and the status line say it in the record browser's words.
        CoreDataBrowserTests.settledRender(m, grid)
        let sortedBy = m.labels.fill("sortedBy", "number:desc")
        #expect(grid.line(m.layout.records.top).contains(sortedBy) && grid.line(grid.rows - 1).contains(sortedBy), "\(grid.text)")
        m.handle(.character("f"))
        for c in "isBookmarked = true" { m.handle(.character(c)) }
        m.handle(.enter)
        let deadline = Date().addingTimeInterval(10)
        while m.isSorting && Date() < deadline { usleep(1_000) }
        m.tick()
        let numbers = Self.walk(m).map { pk in
            (try? m.store.object(ObjectRef(entity: "Page", pk: pk)))??.attributes.first { $0.name == "number" }?.value
        }
        let values = numbers.compactMap { v -> Int64? in if case .integer(let i)? = v { i } else { nil } }
        #expect(values.count == numbers.count && values == values.sorted(by: >) && !values.isEmpty)
        try Self.sorted(m, "")
        #expect(m.level?.sort == nil)
        let pks = Self.walk(m)
        #expect(pks == pks.sorted() && pks.count == values.count)
    }

    /// A new sort keeps the selected object selected, on its row of the pane, as the record
    /// browser's does (a tester's sort sent them to the first row); back in pk order too.
    @Test func aNewSortKeepsTheSelectedObject() throws {
        let (m, _) = try CoreDataBrowserTests.open(CoreDataBrowserTests.fixtures + "/SampleModel2_V2.sqlite")
        try CoreDataBrowserTests.select(m, entity: "Page", pk: 1)
        m.chrome.focus = .records
        for _ in 0..<6 { m.handle(.character("j")) }
        let kept = try #require(m.selectedObject?.ref.pk)
        let row = try #require(m.level.map { $0.window.selected - $0.window.scroll })
        try Self.sorted(m, "number:desc")
        let place = m.level.map { $0.window.firstPosition + $0.window.selected }
        #expect(m.selectedObject?.ref.pk == kept && m.level.map { $0.window.selected - $0.window.scroll } == row)
        try Self.sorted(m, "")
        #expect(m.level?.sort == nil && m.selectedObject?.ref.pk == kept)
        try Self.sorted(m, "number:desc")
        #expect(Self.walk(m).firstIndex(of: kept) == place && place != 6)
    }

    @Test func aFieldTheListLacksIsNamedWithTheFieldsThereAre() throws {
        let (m, _) = try CoreDataBrowserTests.open(CoreDataBrowserTests.fixtures + "/SampleModel2_V2.sqlite")
        try CoreDataBrowserTests.select(m, entity: "Page", pk: 1)
        m.handle(.character("S"))
        for c in "colour" { m.handle(.character(c)) }
        m.handle(.enter)
        #expect(m.chrome.prompt?.error == "\"colour\" is not a field to sort by; fields: pk, book, isBookmarked, number", "\(m.chrome.prompt?.error ?? "")")
        // A near miss is named, as the record browser's sort names it (a tester found only the
        // list of fields here).
        m.handle(.control("u"))
        for c in "numbr:desc" { m.handle(.character(c)) }
        m.handle(.enter)
        #expect(m.chrome.prompt?.error == "\"numbr\" is not a field to sort by; did you mean number?", "\(m.chrome.prompt?.error ?? "")")
        m.handle(.control("u"))
        for c in "number:up" { m.handle(.character(c)) }
        m.handle(.enter)
        #expect(m.chrome.prompt?.error == "\"up\": a sort is FIELD, FIELD:asc or FIELD:desc")
        m.handle(.escape)
        #expect(m.level?.sort == nil)
        // Tab completes the field, then offers its directions.
        m.handle(.character("S"))
        for c in "isB" { m.handle(.character(c)) }
        m.handle(.tab)
        #expect(m.chrome.prompt?.text == "isBookmarked")
    }

    @Test func escGivesARunningSortUp() throws {
        let (m, grid) = try CoreDataBrowserTests.open(CoreDataBrowserTests.fixtures + "/SampleModel2_V2.sqlite")
        try CoreDataBrowserTests.select(m, entity: "Page", pk: 1)
        // A sorter that never runs: the sort stays in progress for as long as the test needs.
        m.source.sorter.shutDown()
        m.handle(.character("S"))
        for c in "number" { m.handle(.character(c)) }
        m.handle(.enter)
        #expect(m.isSorting && m.level?.window.rows.isEmpty == true)
        StoreBrowserView.render(m, on: grid)
        #expect(grid.text.contains("sorting… 0 found (Esc cancels)"), "\(grid.text)")
        m.handle(.escape)
        #expect(!m.isSorting && m.level?.sort == nil && m.chrome.status == "sort given up: in pk order again")
        #expect(m.selectedObject?.ref.pk == 1 && m.lists.levels.count == 1)
    }
}
