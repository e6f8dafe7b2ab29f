import Foundation
import Testing
@testable import BattleLogBrowser
import BattleLogKit

/// Saved views (`V`, `'`) and undo (`U`), issue 43: a filter, a sort and a column layout kept
/// under a name across runs, and the last view change undone.
@Suite(.serialized) struct SavedViewsTests {
    static func settle(_ m: BrowserModel) { m.settleFilter() }

    @Test(arguments: ["en", "zh"])
    func aViewIsSavedRecalledInAnotherRunAndUndone(language: String) throws {
        let s = try SimulatedStore(fights: 200, heroes: 2, villains: 2)
        let file = s.folder + "/state/views"
        let (m, _) = try makeBrowser(s, rows: 24, columns: 80, language: language)
        m.views.saved = SavedViews(path: file)
        m.handle(.character("f")); m.type("result != draw"); m.handle(.enter)
        Self.settle(m)
        m.handle(.character("S")); m.type("power:desc"); m.handle(.enter)
        Self.settle(m)
        m.handle(.character("H"))   // the date column, in the filter's view
        // Saved under a name of any script, typed one scalar a key.
        let name = "强 क्षि é"
        m.handle(.character("V"))
        for scalar in name.unicodeScalars { m.handle(.character(Character(scalar))) }
        m.handle(.enter)
        #expect(m.chrome.status == m.labels.fill("views.saved", name))

        // Another run: the view comes back whole.
        let (other, _) = try makeBrowser(s, rows: 24, columns: 80, language: language)
        other.views.saved = SavedViews(path: file)
        #expect(other.filterText == nil && other.recordList.level.sort == nil)
        other.handle(.character("'"))
        other.type("强")
        other.handle(.tab)
        #expect(other.chrome.prompt?.text == name)
        other.handle(.enter)
        Self.settle(other)
        #expect(other.filterText == "result != draw" && other.recordList.level.sort?.text == "power:desc")
        #expect(other.columnLayout.hidden == ["date"])
        let filter = try FilterCompiler.compile("result != draw", roster: s.store.humans, columns: s.store.queryColumns)
        let expected = try s.store.page(RecordQuery(filter: filter, sort: try s.store.sort("power:desc")), limit: 5).map(\.id)
        #expect(other.selectedRecord?.id == expected.first)

        // U goes back one change at a time: before the recall, nothing.
        other.handle(.character("U"))
        Self.settle(other)
        #expect(other.filterText == nil && other.recordList.level.sort == nil && other.lists.columnLayouts.isEmpty)
        other.handle(.character("U"))
        #expect(other.chrome.status == other.labels["views.nothingToUndo"])
        // In the first run: undo the hidden column, then the sort, then the filter.
        m.handle(.character("U"))
        #expect(m.columnLayout.hidden.isEmpty && m.recordList.level.sort?.text == "power:desc")
        for _ in 0..<4 { m.handle(.character("j")) }
        let kept = m.selectedRecord?.id
        m.handle(.character("U"))
        Self.settle(m)
        m.tick()
        #expect(m.recordList.level.sort == nil && m.filterText == "result != draw")
        // The selected record stays selected through the undo, as through a new sort.
        #expect(m.selectedRecord?.id == kept)
        // The matches are found again in the order restored, newest first (they stayed sorted).
        #expect(m.filterSearch?.query.sort == nil)
        m.handle(.character("g"))
        #expect(SortKeyTests.walk(m, count: 5) == (try s.store.page(RecordQuery(filter: filter), limit: 5).map(\.id)))
        m.handle(.character("U"))
        #expect(m.filterText == nil)
    }

    @Test func aNameThatIsNoViewAndAViewThatNoLongerAppliesAreSaid() throws {
        let s = try SimulatedStore(fights: 30, heroes: 2, villains: 2)
        let (m, _) = try makeBrowser(s, rows: 24, columns: 80)
        m.handle(.character("'"))
        #expect(m.chrome.prompt == nil && m.chrome.status == m.labels["views.none"])
        // A view whose filter names a field the model no longer has is refused whole.
        m.views.saved = SavedViews(path: nil)
        m.views.saved.save(SavedView(name: "gone", filter: "colour = \"red\"", sort: "power", columns: [:]))
        m.views.saved.save(SavedView(name: "bad sort", filter: nil, sort: "weapon.enchantments", columns: [:]))
        for (name, fragment) in [("gone", "no longer applies"), ("bad sort", "is a list"), ("nosuch", "no view named")] {
            m.handle(.character("'")); m.type(name); m.handle(.enter)
            #expect(m.chrome.prompt?.kind == .recallView && m.chrome.prompt?.error?.contains(fragment) == true, "\(name): \(m.chrome.prompt?.error ?? "")")
            m.handle(.escape)
            #expect(m.filterText == nil && m.recordList.level.sort == nil)
        }
        // A damaged line in the file is left out, the others read.
        let file = s.folder + "/views"
        try "{not json\n{\"name\":\"ok\",\"filter\":null,\"sort\":\"power\",\"columns\":{}}\n".write(toFile: file, atomically: true, encoding: .utf8)
        #expect(SavedViews(path: file).entries.map(\.name) == ["ok"])
    }

    /// Enter alone in `V` saves nothing (it once took the last view's name and overwrote it);
    /// a typed name that exists is replaced, and the status says so.
    @Test(arguments: ["en", "zh"])
    func savingNeedsATypedNameAndSaysWhenItReplaces(language: String) throws {
        let s = try SimulatedStore(fights: 30, heroes: 2, villains: 2)
        let (m, _) = try makeBrowser(s, rows: 24, columns: 80, language: language)
        m.views.saved = SavedViews(path: nil)
        m.views.saved.save(SavedView(name: "wins", filter: "result = win", sort: nil, columns: [:]))
        m.handle(.character("V"))
        #expect(m.chrome.prompt?.placeholder == nil)
        m.handle(.enter)
        #expect(m.chrome.prompt?.kind == .saveView && m.chrome.prompt?.error == m.labels["views.needName"])
        #expect(m.views.saved.named("wins")?.filter == "result = win")
        m.type("wins"); m.handle(.enter)
        #expect(m.chrome.status == m.labels.fill("views.replaced", "wins"))
        #expect(m.views.saved.named("wins")?.filter == nil && m.views.saved.entries.count == 1)
    }

    /// A sort given up while it is being found (Esc) is not a view `U` comes back to: `U` after
    /// it gives the sort before (it gave the sort given up).
    @Test func aSortGivenUpIsNotAViewToUndoTo() throws {
        let s = try SimulatedStore(fights: 200, heroes: 2, villains: 2)
        let (m, _) = try makeBrowser(s, rows: 24, columns: 80)
        _ = try m.filterAndSettle("result = win", s)
        m.handle(.character("S")); m.type("power:desc"); m.handle(.enter)
        m.settleFilter()
        m.handle(.character("S")); m.handle(.control("u")); m.type("rolls.sum:desc"); m.handle(.enter)
        #expect(m.recordList.level.sort?.text == "rolls.sum:desc")
        // Given up as Esc gives it up while it runs (here, however fast the scan was).
        try m.cancelSort()
        #expect(m.recordList.level.sort == nil && m.filterText == "result = win")
        m.handle(.character("U"))
        #expect(m.recordList.level.sort?.text == "power:desc", "\(m.recordList.level.sort?.text ?? "none")")
    }
}
