import Foundation
import Testing
@testable import BattleLogBrowser
import BattleLogPresentation
@testable import CoreDataKit

/// What the Core Data browser gives back as a person expects it (issue 40): a UUID copied as
/// its text, a search that finds what a to-one cell shows, the model with its counts, and the
/// filter prompt's history.
@Suite struct CoreDataBrowserValuesTests {
    static let sample = CoreDataBrowserTests.fixtures + "/SampleModel2_V2.sqlite"

    @Test func copyingAUUIDCopiesItsText() throws {
        let (m, _) = try CoreDataBrowserTests.open(Self.sample)
        try CoreDataBrowserTests.select(m, entity: "Book", pk: 1)
        m.chrome.focus = .detail
        m.lists.detailCursor.index = try #require(m.lists.detail?.lines.firstIndex { $0.label == "uniqueID" })
        m.handle(.character("Y"))
        #expect(m.chrome.wantsCopy == "173EF017-8551-4A76-AD07-19D8830FDC80")
        // A date likewise, as its ISO text.
        m.lists.detailCursor.index = try #require(m.lists.detail?.lines.firstIndex { $0.label == "publishedAt" })
        m.handle(.character("Y"))
        #expect(m.chrome.wantsCopy == "2024-05-10T18:14:11.669581Z")
    }

    @Test func searchFindsWhatAToOneCellShows() throws {
        let (m, _) = try CoreDataBrowserTests.open(Self.sample)
        try CoreDataBrowserTests.select(m, entity: "Page", pk: 1)
        m.handle(.character("/"))
        for c in "Book 2" { m.handle(.character(c)) }
        m.handle(.enter)
        #expect(m.selectedObject?.ref.pk == 2, "\(m.chrome.status ?? "")")
    }

    @Test func theModelOverlayGivesEachEntitysObjects() throws {
        let (m, grid) = try CoreDataBrowserTests.open(Self.sample, rows: 40, columns: 120)
        m.handle(.character("m"))
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline, m.store.model.entities.contains(where: { m.count(of: $0) == nil }) { usleep(2_000) }
        m.tick()
        StoreBrowserView.render(m, on: grid)
        #expect(grid.text.contains("Book  (table ZBOOK, Z_ENT 1, 3 objects, class BookV2)"), "\(grid.text)")
        #expect(grid.text.contains("GraphicNovel  (table ZBOOK, Z_ENT 2, 1 object, parent Book"), "\(grid.text)")
    }

    @Test func theFilterPromptWalksTheFiltersAppliedAcrossRuns() throws {
        let folder = NSTemporaryDirectory() + "battlelog-cd-history-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = folder + "/coredata-filter-history"
        do {
            let (m, _) = try CoreDataBrowserTests.open(Self.sample)
            m.filterHistory = FilterHistory(path: file)
            try CoreDataBrowserTests.select(m, entity: "Page", pk: 1)
            for filter in ["number > 50", "isBookmarked = true"] {
                m.handle(.character("f"))
                m.handle(.control("u"))
                for c in filter { m.handle(.character(c)) }
                m.handle(.enter)
                #expect(m.level?.query.list?.filter?.text == filter)
            }
            // A filter that does not compile is not kept.
            m.handle(.character("f"))
            for c in " and nosuch = 1" { m.handle(.character(c)) }
            m.handle(.enter)
            #expect(m.chrome.prompt?.error != nil)
            m.handle(.escape)
        }
        let (m, _) = try CoreDataBrowserTests.open(Self.sample)
        m.filterHistory = FilterHistory(path: file)
        try CoreDataBrowserTests.select(m, entity: "Page", pk: 1)
        m.handle(.character("f"))
        m.handle(.up)
        #expect(m.chrome.prompt?.text == "isBookmarked = true")
        m.handle(.up)
        #expect(m.chrome.prompt?.text == "number > 50")
        m.handle(.down)
        m.handle(.down)
        #expect(m.chrome.prompt?.text == "")
    }
}
