import Foundation
import Testing
@testable import BattleLogBrowser
import BattleLogFoundation
import BattleLogKit

/// `/` with Ctrl-T (a regular expression) and Ctrl-R (up the list), issue 43; `n` goes on the
/// search's way, `N` the other.
@Suite(.serialized) struct RegexSearchTests {
    static func settle(_ m: BrowserModel) {
        for _ in 0..<1000 where m.isSearchingRecords { usleep(5_000); m.tick() }
        m.tick()
    }

    /// Esc on `/` gives back the search there was (its text and way), as less and vim keep the
    /// last pattern: `n` repeats it. In the record browser, on the roster.
    @Test func escOnANewSearchKeepsTheLastOneForN() throws {
        let s = try SimulatedStore(fights: 100, heroes: 6, villains: 6)
        let (m, _) = try makeBrowser(s, rows: 24, columns: 80)
        let name = m.roster.humans[2].name
        m.handle(.character("/")); m.type(name); m.handle(.enter)
        #expect(m.roster.cursor.index == 2 && m.chrome.search.text == name)
        m.handle(.character("g"))
        m.handle(.character("/")); m.handle(.control("r")); m.type("zzqq"); m.handle(.escape)
        #expect(m.chrome.search.text == name && m.chrome.search.label == "/")
        m.handle(.character("n"))
        #expect(m.roster.cursor.index == 2)
    }

    /// Record search says where a match stands among the matches ("2 of 5"), as the roster's
    /// and the Core Data browser's do; in a list longer than the loaded records it says that the
    /// count is of those.
    @Test(arguments: ["en", "zh"])
    func aRecordSearchSaysWhichMatchOfHowMany(language: String) throws {
        let s = try SimulatedStore(fights: 30, heroes: 1, villains: 2)
        let (m, _) = try makeBrowser(s, rows: 24, columns: 80, language: language)
        m.handle(.tab)
        let records = try s.store.page(RecordQuery(ownerID: try #require(m.selectedHuman).id), limit: 1_000)
        #expect(records.count == m.recordList.window.count, "the whole list is loaded")
        let name = try #require(records.last).opponentName
        let pattern = try SearchPattern(name, regex: false)
        let matches = records.indices.filter { BrowserModel.record(records[$0], matches: pattern) }
        m.handle(.character("/")); m.type(name); m.handle(.enter)
        Self.settle(m)
        #expect(m.selectedRecord?.id == records[matches[0]].id)
        #expect(m.chrome.status == "/\(name): 1 \(m.labels["of"]) \(matches.count)", "\(m.chrome.status ?? "")")
        m.handle(.character("n"))
        #expect(m.selectedRecord?.id == records[matches[1]].id && m.chrome.status?.contains("2 \(m.labels["of"]) \(matches.count)") == true)
        // Up from the first match wraps to the last, and says so.
        m.handle(.character("g"))
        m.handle(.character("N"))
        #expect(m.selectedRecord?.id == records[matches.last!].id && m.chrome.status?.contains(m.labels["searchWrapped"]) == true)
    }

    /// In a filter's list longer than the loaded records, `n` goes on past them to every match
    /// in the filter's order (it used to wrap within the loaded ones); the status gives no
    /// count that only the loaded rows make.
    @Test func nInAFiltersListGoesPastTheLoadedRecords() throws {
        let s = try SimulatedStore(fights: 600, heroes: 2, villains: 3)
        let (m, _) = try makeBrowser(s, rows: 24, columns: 80)
        let list = try m.filterAndSettle("kind = hero", s)
        #expect(m.recordList.total == list.count && list.count > 3 * m.recordList.window.count)
        let name = try #require(m.roster.humans.first { $0.kind == .villain }).name
        let pattern = try SearchPattern(name, regex: false)
        let matches = list.indices.filter { BrowserModel.record(list[$0], matches: pattern, includingOwner: true) }
        let loaded = m.recordList.window.count
        let past = try #require(matches.firstIndex { $0 >= loaded + 10 })
        m.handle(.character("/")); m.type(name); m.handle(.enter)
        Self.settle(m)
        #expect(m.selectedRecord?.id == list[matches[0]].id)
        #expect(m.chrome.status == "/\(name)", "\(m.chrome.status ?? "")")
        for k in 1...(past + 2) {
            m.handle(.character("n"))
            Self.settle(m)
            #expect(m.selectedRecord?.id == list[matches[k]].id, "match \(k) at \(matches[k]): \(m.chrome.status ?? "")")
            #expect(m.recordList.selected == matches[k])
        }
    }

    /// A filter's short list, whole on screen once its scan ends, is searched whole: `/` counts
    /// its matches ("1 of 3") and does not say it looked only at the loaded records. (Its window
    /// learned that it reached the list's end only when the count moved.)
    @Test func aShortFiltersListIsSearchedWhole() throws {
        let s = try SimulatedStore(fights: 200, heroes: 3, villains: 3)
        let (m, _) = try makeBrowser(s, rows: 40, columns: 100)
        let human = try #require(m.roster.humans.first { $0.kind == .hero })
        let target = try #require(m.roster.humans.first { $0.kind == .villain })
        let list = try m.filterAndSettle("owner = \(FilterCompletion.quote(human.name)) and opponent = \(FilterCompletion.quote(target.name))", s)
        #expect(!list.isEmpty && list.count == m.recordList.window.count, "the whole list is loaded")
        #expect(m.recordList.level.window.atEnd, "the window knows it holds the list's end")
        m.handle(.character("/")); m.type(target.name); m.handle(.enter)
        RegexSearchTests.settle(m)
        #expect(m.chrome.status == "/\(target.name): 1 \(m.labels["of"]) \(list.count)", "\(m.chrome.status ?? "")")
    }

    /// The same when the scan found every match before it ended (a short list in a large log):
    /// the tick that sees it end tells the window it holds the list's end, though the count
    /// did not move.
    @Test func aFiltersMatchesFoundBeforeItsScanEndsAreTheWholeList() throws {
        let s = try SimulatedStore(fights: 50, heroes: 2, villains: 2)
        let (m, _) = try makeBrowser(s, rows: 40, columns: 100)
        let ids = try s.store.page(RecordQuery(), limit: 3).map(\.id)
        // A scan not run by the scanner: its matches given by hand, as a slow scan finds them.
        let search = FilterSearch(text: "date > 2000-01-01", query: RecordQuery(filter: try FilterCompiler.compile("date > 2000-01-01", roster: m.roster.humans)))
        m.filterSearch = search
        m.emptyRecordWindow()
        search.found.append(ids)
        m.tick()
        #expect(m.recordList.window.map(\.id) == ids && !m.recordList.level.window.atEnd, "still scanning")
        search.found.finish(failure: nil)
        m.tick()
        #expect(m.recordList.level.window.atEnd)
        #expect(!m.searchesPart)
    }

    /// A search typed while the detail pane has the focus moves the records list and leaves the
    /// focus where it was: the next keys still act there (`z` zooms the detail).
    @Test func aSearchFromTheDetailPaneKeepsItsFocus() throws {
        let s = try SimulatedStore(fights: 60, heroes: 2, villains: 2)
        let (m, _) = try makeBrowser(s, rows: 24, columns: 80)
        m.handle(.tab); m.handle(.tab)
        #expect(m.chrome.focus == .detail)
        let name = try #require(m.recordList.window.dropFirst(2).first).opponentName
        let start = m.selectedRecord?.id
        m.handle(.character("/")); m.type(name); m.handle(.enter)
        m.handle(.character("n"))
        RegexSearchTests.settle(m)
        #expect(m.selectedRecord?.id != start || m.recordList.window.filter { $0.opponentName == name }.count == 1)
        #expect(m.chrome.focus == .detail)
    }

    /// A search in a filter's list still being found is no search of the rows loaded so far
    /// only: it reads on past them (it said "No match" while the first rows were coming).
    @Test func aSearchWhileTheFiltersListIsFoundReadsPastWhatIsLoaded() throws {
        let s = try SimulatedStore(fights: 50, heroes: 2, villains: 2)
        let (m, _) = try makeBrowser(s, rows: 40, columns: 100)
        let text = "date > 2000-01-01"
        // A scan not run by the scanner: nothing found yet, as at the start of a slow scan.
        m.filterSearch = FilterSearch(text: text, query: RecordQuery(filter: try FilterCompiler.compile(text, roster: m.roster.humans)))
        m.emptyRecordWindow()
        m.tick()
        #expect(m.recordList.window.isEmpty && m.searchesPart)
        let name = try #require(m.roster.humans.last).name
        m.handle(.character("/")); m.type(name); m.handle(.enter)
        #expect(m.chrome.status?.hasPrefix(m.labels["noMatch"]) == false, "\(m.chrome.status ?? "")")
    }

    /// Typing on (`Cla`, then `Clar`) keeps the record the search found while it still matches:
    /// the list does not jump back to where the search started and out again.
    @Test func typingOnKeepsAMatchFoundPastTheLoadedRecords() throws {
        let s = try SimulatedStore(fights: 1500, heroes: 1, villains: 3)
        let (m, _) = try makeBrowser(s, rows: 24, columns: 80)
        m.handle(.tab)
        let list = try s.store.page(RecordQuery(ownerID: try #require(m.selectedHuman).id), limit: 10_000)
        let loaded = m.recordList.window.count
        // A text of a record's values whose first match lies past the loaded records.
        var firstSeen: [String: Int] = [:]
        for (i, r) in list.enumerated() { for t in BrowserModel.searchTexts(r) where t.count >= 3 && firstSeen[t] == nil { firstSeen[t] = i } }
        let (text, at) = try #require(firstSeen.filter { $0.value > loaded + 10 }.min { $0.value < $1.value })
        let origin = m.selectedRecord?.id
        m.handle(.character("/"))
        m.type(String(text.prefix(text.count - 1)))
        Self.settle(m)
        let found = try #require(m.selectedRecord)
        #expect(found.id != origin)
        m.type(String(text.last!))
        // At once, before any background search could answer: still there (or on the match).
        #expect(m.selectedRecord?.id == found.id || m.selectedRecord?.id == list[at].id)
        Self.settle(m)
        m.handle(.enter)
        #expect(m.selectedRecord?.id == list[at].id)
    }

    /// Typing a search up the list (Ctrl-R) looks at the row it starts from first, as typing
    /// down the list does: the match there stays.
    @Test func aSearchTypedUpTheListLooksAtItsOwnRowFirst() {
        let next = SearchState.next(among: 5, from: 4, forward: false, includeCurrent: true, matches: { $0 == 1 || $0 == 4 })
        #expect(next == SearchState.Match(index: 4, ordinal: 2, count: 2, wrapped: false))
        let wrapped = SearchState.next(among: 5, from: 0, forward: false, includeCurrent: true, matches: { $0 == 3 })
        #expect(wrapped == SearchState.Match(index: 3, ordinal: 1, count: 1, wrapped: true))
        let onN = SearchState.next(among: 5, from: 4, forward: false, includeCurrent: false, matches: { $0 == 1 || $0 == 4 })
        #expect(onN?.index == 1)
    }

    @Test func aRegularExpressionFindsHumansUpAndDownTheRoster() throws {
        let s = try SimulatedStore(fights: 100, heroes: 6, villains: 6)
        let (m, grid) = try makeBrowser(s, rows: 24, columns: 80)
        let regex = try Regex("^[a-m]").ignoresCase()
        let matching = m.roster.humans.indices.filter { (try? regex.firstMatch(in: m.roster.humans[$0].name)) != nil }
        #expect(matching.count >= 2)
        m.handle(.character("/"))
        m.handle(.control("t"))
        // One scalar a key, as typed.
        for scalar in "^[a-m]".unicodeScalars { m.handle(.character(Character(scalar))) }
        #expect(m.roster.cursor.index == matching[0])
        BrowserView.render(m, on: grid)
        #expect(grid.line(23).hasPrefix("/re:^[a-m]"), "\(grid.line(23))")
        m.handle(.enter)
        // The status says the search once, not `/re:^[a-m] │ /re:^[a-m]`.
        BrowserView.render(m, on: grid)
        #expect(grid.line(23).components(separatedBy: "/re:^[a-m]").count == 2, "\(grid.line(23))")
        m.handle(.character("n"))
        #expect(m.roster.cursor.index == matching[1])
        m.handle(.character("N"))
        #expect(m.roster.cursor.index == matching[0])
        // As text (Ctrl-T again: the kind is kept from one search to the next), the same
        // characters match nothing.
        m.handle(.character("/"))
        m.handle(.control("t"))
        for c in "^[a-m]" { m.handle(.character(c)) }
        #expect(m.chrome.status?.hasPrefix("No match") == true, "\(m.chrome.status ?? "")")
        // Said beside the typing too (the prompt hides the status line).
        #expect(m.chrome.prompt?.error?.hasPrefix("No match") == true)
        m.handle(.escape)
        // Esc gives back the search there was, its kind too: a regular expression.
        #expect(m.chrome.search.regex && m.chrome.search.text == "^[a-m]")

        // Up the roster from its end: the last match first; n goes on up.
        m.handle(.character("G"))
        m.handle(.character("/"))
        m.handle(.control("r"))
        m.type("^[a-m]")
        #expect(m.roster.cursor.index == matching.last)
        BrowserView.render(m, on: grid)
        #expect(grid.line(23).hasPrefix("?re:"), "\(grid.line(23))")
        m.handle(.enter)
        m.handle(.character("n"))
        #expect(m.roster.cursor.index == matching[matching.count - 2])
        // A text search's status says it once, not `/a │ /a: 2 of 9`.
        m.handle(.character("/"))
        m.handle(.control("t"))
        m.type("a")
        m.handle(.enter)
        BrowserView.render(m, on: grid)
        #expect(grid.line(23).components(separatedBy: "/a").count == 2, "\(grid.line(23))")
    }

    @Test(arguments: ["en", "zh"])
    func anExpressionThatDoesNotCompileIsSaidAndNothingMoves(language: String) throws {
        let s = try SimulatedStore(fights: 50, heroes: 3, villains: 3)
        let (m, grid) = try makeBrowser(s, rows: 24, columns: 80, language: language)
        let before = m.roster.cursor.index
        m.handle(.character("/"))
        m.handle(.control("t"))
        m.type("(unclosed")
        #expect(m.roster.cursor.index == before)
        let lead = String(m.labels.fill("searchError.regex", "").prefix(6))
        #expect(m.chrome.status?.hasPrefix(lead) == true, "\(m.chrome.status ?? "")")
        m.handle(.enter)
        #expect(m.chrome.prompt?.kind == .search && m.chrome.prompt?.error?.hasPrefix(lead) == true)
        BrowserView.render(m, on: grid)
        #expect(grid.text.contains(lead))
        #expect(throws: SearchPatternError.self) { try SearchPattern("(unclosed", regex: true) }
    }

    /// Beyond the loaded records, a Human's list is searched in the background, record by
    /// record, both ways.
    @Test func aRegularExpressionFindsARecordFarDownAHumansListAndBackUp() throws {
        let s = try SimulatedStore(fights: 3000, heroes: 1, villains: 2)
        let (m, _) = try makeBrowser(s, rows: 24, columns: 80)
        let hero = try #require(m.selectedHuman)
        m.handle(.tab)
        let records = try s.store.page(RecordQuery(ownerID: hero.id), limit: 10_000)
        // The oldest record's opponent, anchored on both ends, with its duration's exact text.
        let target = try #require(records.last)
        let pattern = "^" + NSRegularExpression.escapedPattern(for: target.opponentName) + "$"
        let regex = try SearchPattern(pattern, regex: true)
        let expected = try #require(records.firstIndex { BrowserModel.record($0, matches: regex) })
        m.handle(.character("/"))
        m.handle(.control("t"))
        m.type(pattern)
        m.handle(.enter)
        Self.settle(m)
        #expect(m.selectedRecord?.id == records[expected].id)
        // Up the list from the end.
        m.handle(.character("G"))
        m.handle(.character("/"))
        m.handle(.control("r"))
        m.type(pattern)
        m.handle(.enter)
        Self.settle(m)
        let last = try #require(records.lastIndex { BrowserModel.record($0, matches: regex) })
        #expect(m.selectedRecord?.id == records[last].id)
    }
}
