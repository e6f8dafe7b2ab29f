import Foundation
import Testing
@testable import BattleLogBrowser
import BattleLogFoundation
import BattleLogPresentation
@testable import CoreDataKit

/// The persistent history as a view of the Core Data browser (issue 40): every transaction a
/// row in keyed pages, its changes in the detail, and a change leading to its object.
@Suite struct CoreDataHistoryViewTests {
    static let truthSocial = CoreDataBrowserTests.fixtures + "/wild/iLEAPP-ios17-TruthSocial-ChatModel.sqlite"

    static func openHistory(_ path: String, language: String = "en", rows: Int = 24, columns: Int = 80) throws -> (StoreBrowserModel, CellGrid) {
        let (m, grid) = try CoreDataBrowserTests.open(path, rows: rows, columns: columns, language: language)
        let heading = try #require(m.tree.firstIndex { $0.entity == nil && $0.historyTable == nil })
        m.selectRosterRow(heading)
        m.handle(.enter)
        #expect(m.chrome.focus == .records)
        return (m, grid)
    }

    static func text(_ grid: CellGrid) -> String { grid.text }

    @Test func everyTransactionIsARowInNumberOrderAcrossPages() throws {
        let (m, grid) = try Self.openHistory(Self.truthSocial)
        var expected: [Int64] = []
        try m.store.forEachTransaction { expected.append($0.id); return true }
        #expect(expected.count == 125 && expected.count > StackedLists<StoreSource>.pageFetch)
        var seen: [Int64] = []
        while true {
            seen.append(try #require(m.shownHistory?.window.selectedRow?.key))
            let before = m.shownHistory?.window.selected
            let id = m.shownHistory?.window.selectedRow?.key
            m.handle(.character("j"))
            if m.shownHistory?.window.selectedRow?.key == id && m.shownHistory?.window.selected == before { break }
        }
        #expect(seen == expected.sorted())
        // G and g jump to the ends.
        m.handle(.character("g"))
        #expect(m.shownHistory?.window.selectedRow?.key == expected.min())
        m.handle(.character("G"))
        #expect(m.shownHistory?.window.selectedRow?.key == expected.max())
        CoreDataBrowserTests.settledRender(m, grid)
        #expect(Self.text(grid).contains("Persistent history — 125 transactions"), "\(Self.text(grid))")
    }

    /// One transaction, and one byte copied, are said in the singular, in both languages.
    @Test(arguments: ["en", "zh"]) func oneIsSaidInTheSingular(language: String) throws {
        let (m, grid) = try Self.openHistory(CoreDataBrowserTests.fixtures + "/SampleModel2_V2.sqlite", language: language)
        CoreDataBrowserTests.settledRender(m, grid)
        #expect(try m.store.rowCount(table: "ATRANSACTION") == 1)
        // The box's title ends there (not `1 transactions`).
        #expect(Self.text(grid).contains(m.labels["cd.historyTitleOne"] + " ─"), "\(Self.text(grid))")
        m.chrome.copy("x", what: "x", labels: m.labels)
        #expect(m.chrome.status == m.labels.fill("copiedOne", "x"))
    }

    /// The status line says where the selection is, as an object list's does: the
    /// transaction's number and how many there are (a tester found it empty).
    @Test(arguments: ["en", "zh"]) func theStatusLineSaysWhichTransactionOfHowMany(language: String) throws {
        let (m, grid) = try Self.openHistory(Self.truthSocial, language: language)
        for _ in 0..<6 { m.handle(.character("j")) }
        CoreDataBrowserTests.settledRender(m, grid)
        let status = try #require(Self.text(grid).split(separator: "\n").last.map(String.init))
        let expected = m.labels["cd.transactionKey"] + " 7 · " + m.labels.fill("cd.transactionsCount", "125")
        #expect(status.contains(expected), "\(status)")
        #expect(!status.contains(m.labels.fill("cd.objectsCount", "125")))
        // `:` asks for a transaction, not a pk.
        m.handle(.character(":"))
        for c in "x" { m.handle(.character(c)) }
        m.handle(.enter)
        #expect(m.chrome.prompt?.error == m.labels.fill("cd.goToNeedsKey", m.labels["cd.transactionKey"]))
        CoreDataBrowserTests.settledRender(m, grid)
        let prompt = try #require(Self.text(grid).split(separator: "\n").last.map(String.init))
        #expect(prompt.hasPrefix(": " + m.labels["cd.transactionKey"] + " x"), "\(prompt)")
    }

    @Test func aChangeLeadsToItsObjectAndBackspaceReturns() throws {
        let (m, grid) = try Self.openHistory(Self.truthSocial, rows: 40, columns: 120)
        for _ in 0..<6 { m.handle(.character("j")) }
        #expect(m.shownHistory?.window.selectedRow?.key == 7)
        CoreDataBrowserTests.settledRender(m, grid)
        let screen = Self.text(grid)
        #expect(screen.contains("2024-01-10 21:57:00   7 TruthSocial      1: update ManagedChat 1"), "\(screen)")
        #expect(screen.contains("Detail — Transaction 7"))
        m.handle(.enter)
        #expect(m.chrome.focus == .detail)
        let line = try #require(m.lists.detail?.lines.firstIndex { $0.value == "ManagedChat 1 (lastReadAt, serverId)" })
        #expect(m.lists.detail?.lines[line].label == "update")
        m.lists.detailCursor.index = line
        m.handle(.enter)
        // The object's list lies over the history's.
        #expect(m.lists.levels.count == 2 && m.selectedObject?.ref == ObjectRef(entity: "ManagedChat", pk: 1))
        #expect(m.lists.breadcrumb == "Transaction 7 › ManagedChat 1")
        m.handle(.backspace)
        #expect(m.lists.levels.count == 1 && m.shownHistory?.window.selectedRow?.key == 7)
        #expect(m.chrome.focus == .detail && m.lists.detailCursor.index == line)
    }

    @Test func aChangeToAnObjectDeletedSinceSaysSoAndOpensNothing() throws {
        let path = CoreDataBrowserTests.fixtures + "/wild/RMAdminStore-Local.sqlite"
        let (m, _) = try Self.openHistory(path)
        var target: (transaction: Int64, change: HistoryChange)?
        try m.store.forEachTransaction { t in
            if let c = t.changes.first(where: { $0.kind == .delete }) { target = (t.id, c); return false }
            return true
        }
        let (transaction, change) = try #require(target)
        #expect(try !m.store.exists(ObjectRef(entity: change.entity, pk: change.pk)))
        m.handle(.character("g"))
        while m.shownHistory?.window.selectedRow?.key != transaction { m.handle(.character("j")) }
        m.handle(.enter)
        m.lists.detailCursor.index = try #require(m.lists.detail?.lines.firstIndex { $0.label == "delete" })
        m.handle(.enter)
        #expect(m.lists.levels.count == 1 && m.shownHistory != nil)
        #expect(m.chrome.status == "\(change.entity) \(change.pk) is no longer in the store: it was deleted after this change", "\(m.chrome.status ?? "")")
    }

    @Test func colonGoesToATransactionAndTheObjectListsKeysSaySo() throws {
        let path = CoreDataBrowserTests.fixtures + "/wild/RMAdminStore-Local.sqlite"
        let (m, _) = try Self.openHistory(path)
        m.handle(.character(":"))
        for c in "700" { m.handle(.character(c)) }
        m.handle(.enter)
        #expect(m.shownHistory?.window.selectedRow?.key == 700)
        #expect(m.lists.detail?.title == "Transaction 700")
        m.handle(.character("k"))
        #expect(m.shownHistory?.window.selectedRow?.key == 699)
        m.handle(.character(":"))
        for c in "99999" { m.handle(.character(c)) }
        m.handle(.enter)
        #expect(m.chrome.status == "no transaction 99999 in the history" && m.shownHistory?.window.selectedRow?.key == 699)
        for key in ["f", "S", "e", "i"] {
            m.handle(.character(Character(key)))
            #expect(m.chrome.prompt == nil && m.chrome.status == m.labels["cd.notInHistory"], "\(key)")
        }
        // It is read whole on an 80-column status line (a tester saw it cut before `:`).
        for language in ["en", "zh"] {
            let words = Labels.load(language)["cd.notInHistory"]
            #expect(DisplayWidth.of(words) <= 78 && words.contains(":"), "\(words)")
        }
        // From the heading to one of the history's tables: the history stays where it was.
        let table = try #require(m.tree.firstIndex { $0.historyTable == "ATRANSACTION" })
        m.chrome.focus = .roster
        m.selectRosterRow(table)
        #expect(m.shownHistory?.window.selectedRow?.key == 699)
    }

    @Test func copyGivesTheTransactionAsCoredataHistoryJSONWritesIt() throws {
        let (m, _) = try Self.openHistory(Self.truthSocial)
        m.handle(.character("j"))
        m.handle(.character("y"))
        let t = try #require(try m.store.transaction(id: 2))
        #expect(m.chrome.wantsCopy == TaggedJSON.text(t.json))
        #expect(m.chrome.wantsCopy?.contains("\"updatedProperties\":[\"avatarURL\",\"lastReadAt\",\"type\"]") == true)
    }

    @Test func theViewSpeaksChinese() throws {
        let (m, grid) = try Self.openHistory(Self.truthSocial, language: "zh")
        CoreDataBrowserTests.settledRender(m, grid)
        let screen = Self.text(grid)
        #expect(screen.contains("持久化历史 — 125 个事务"), "\(screen)")
        #expect(screen.contains("事务 1"))
    }

    /// The history is a table as the object lists are: `H` hides a column, and the history keeps
    /// its layout apart from the entities'.
    @Test func theHistorysColumnsHideAndKeepTheirOwnLayout() throws {
        let (m, grid) = try Self.openHistory(Self.truthSocial, rows: 40, columns: 120)
        CoreDataBrowserTests.settledRender(m, grid)
        let headerRow = m.layout.records.top + 1
        #expect(grid.line(headerRow).contains("process"))
        m.handle(.character("]")); m.handle(.character("]"))
        m.handle(.character("H"))
        #expect(m.chrome.status == m.labels.fill("columns.hidden", "process"))
        CoreDataBrowserTests.settledRender(m, grid)
        #expect(!grid.line(headerRow).contains("process") && grid.line(headerRow).contains("changes"), "\(grid.line(headerRow))")
        // An entity's list has its own layout.
        try CoreDataBrowserTests.select(m, entity: "ManagedChat", pk: 1)
        #expect(m.lists.columnLayout == ColumnLayout())
    }
}
