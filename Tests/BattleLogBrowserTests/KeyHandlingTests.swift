import Foundation
import Testing
@testable import BattleLogBrowser
import BattleLogKit
import BattleLogPresentation
import BattleLogResources

@Suite(.serialized) struct KeyHandlingTests {
    @Test func pagingReachesTheLastRecordAndComesBack() throws {
        let s = try SimulatedStore(fights: 6000, heroes: 1, villains: 2)
        let (m, _) = try makeBrowser(s, rows: 24, columns: 80)
        let hero = try #require(m.selectedHuman)
        #expect(hero.kind == .hero)
        #expect(m.recordList.total == 6000)
        m.handle(.tab)
        // Page down to the end, checking each step against the store's own order.
        var seen: [Int64] = []
        var previous = -1
        while m.recordList.selected != previous {
            previous = m.recordList.selected
            seen.append(try #require(m.selectedRecord).id)
            m.handle(.pageDown)
        }
        #expect(m.recordList.selected == 5999)
        let all = try s.store.page(RecordQuery(ownerID: hero.id), limit: 10_000).map(\.id)
        #expect(all.count == 6000)
        #expect(m.selectedRecord?.id == all.last)
        // Every page step landed where the store says it should.
        let step = m.layout.recordRows
        for (i, id) in seen.enumerated() { #expect(all[min(i * step, 5999)] == id) }
        // Back up line by line for a while, then page to the top.
        for _ in 0..<250 { m.handle(.up) }
        #expect(m.selectedRecord?.id == all[5999 - 250])
        for _ in 0..<2000 { m.handle(.pageUp) }
        #expect(m.recordList.selected == 0 && m.selectedRecord?.id == all[0])
        // Jumps.
        m.handle(.character("G"))
        #expect(m.recordList.selected == 5999 && m.selectedRecord?.id == all.last)
        m.handle(.up)
        #expect(m.selectedRecord?.id == all[5998])
        m.handle(.character("g"))
        #expect(m.recordList.selected == 0 && m.selectedRecord?.id == all[0])
        m.handle(.down)
        #expect(m.selectedRecord?.id == all[1])
        // The window of loaded records stays bounded.
        #expect(m.recordList.window.count <= RecordSource.maxWindow)
    }

    @Test func rosterNavigationAndSearch() throws {
        let s = try SimulatedStore(fights: 200, heroes: 6, villains: 6)
        let (m, grid) = try makeBrowser(s, rows: 24, columns: 80)
        #expect(m.chrome.focus == .roster)
        m.handle(.down)
        #expect(m.roster.cursor.index == 1 && m.selectedHuman == m.roster.humans[1])
        m.handle(.character("G"))
        #expect(m.roster.cursor.index == m.roster.humans.count - 1)
        let target = m.roster.humans[3]
        m.select(human: String(target.name.dropFirst().prefix(3)).uppercased())
        #expect(m.selectedHuman?.name.lowercased().contains(String(target.name.dropFirst().prefix(3)).lowercased()) == true)
        m.handle(.character("/"))
        m.type("zzzz-no-such")
        #expect(m.chrome.prompt?.text == "zzzz-no-such")
        BrowserView.render(m, on: grid)
        #expect(grid.line(23).hasPrefix("/zzzz-no-such"))
        m.handle(.enter)
        #expect(m.chrome.status?.hasPrefix("No match") == true)
        // n and N cycle through matches.
        let matches = m.roster.humans.indices.filter { m.roster.humans[$0].name.lowercased().contains("a") }
        try #require(matches.count >= 2, "the roster needs two names with an a for this check")
        m.handle(.character("/")); m.type("a"); m.handle(.enter)
        let first = m.roster.cursor.index
        #expect(matches.contains(first))
        m.handle(.character("n"))
        let second = m.roster.cursor.index
        #expect(matches.contains(second) && second != first)
        m.handle(.character("N"))
        #expect(m.roster.cursor.index == first)
    }

    @Test func panesOverlaysAndQuit() throws {
        let s = try SimulatedStore(fights: 100)
        let (m, _) = try makeBrowser(s, rows: 40, columns: 120)
        m.handle(.tab); #expect(m.chrome.focus == .records)
        m.handle(.tab); #expect(m.chrome.focus == .detail)
        m.handle(.tab); #expect(m.chrome.focus == .roster)
        m.handle(.backTab); #expect(m.chrome.focus == .detail)
        m.handle(.character("h")); #expect(m.chrome.focus == .records)
        m.handle(.escape); #expect(m.chrome.focus == .roster)
        m.handle(.enter); #expect(m.chrome.focus == .records)
        m.handle(.f1); #expect(m.overlay == .help && m.chrome.overlayScroll == 0)
        m.handle(.down); #expect(m.overlay == .help && m.chrome.overlayScroll == min(1, m.overlayScrollLimit))
        m.handle(.character("q")); #expect(m.overlay == .none && !m.chrome.shouldQuit)
        m.handle(.character("i")); #expect(m.overlay == .inspect)
        #expect(m.overlays.inspection.map(\.transformer) == ["MediaTimeTransformer", "IntArrayTransformer", "MagicTransformer", "TimelineTransformer", "WeaponTransformer"])
        // Another overlay's key switches to it; its own key closes it.
        m.handle(.character("t")); #expect(m.overlay == .stats)
        m.handle(.character("t")); #expect(m.overlay == .none)
        m.handle(.character("t")); #expect(m.overlay == .stats)
        m.handle(.escape); #expect(m.overlay == .none)
        m.handle(.control("l")); #expect(m.chrome.wantsFullRedraw)
        m.handle(.character("q")); #expect(m.chrome.shouldQuit)
    }

    @Test func mouseSelects() throws {
        let s = try SimulatedStore(fights: 100)
        let (m, _) = try makeBrowser(s, rows: 40, columns: 120)
        let l = m.layout
        m.handle(.click(row: l.roster.top + 1 + 3, column: l.roster.left + 4))
        #expect(m.roster.cursor.index == 3 && m.chrome.focus == .roster)
        m.handle(.click(row: l.records.top + 2 + 5, column: l.records.left + 5))
        #expect(m.recordList.selected == 5 && m.chrome.focus == .records)
        m.handle(.wheelDown(row: l.records.top + 5, column: l.records.left + 5))
        #expect(m.recordList.selected == 8)
        m.handle(.wheelUp(row: l.records.top + 5, column: l.records.left + 5))
        #expect(m.recordList.selected == 5)
        // The wheel scrolls the list under the pointer, whichever pane had the focus.
        m.handle(.wheelDown(row: l.roster.top + 2, column: l.roster.left + 3))
        #expect(m.chrome.focus == .roster && m.roster.cursor.index == 6)
        m.handle(.wheelDown(row: l.records.top + 5, column: l.records.left + 5))
        #expect(m.chrome.focus == .records && m.recordList.selected == 3)
    }

    @Test func resizeRelaysOut() throws {
        let s = try SimulatedStore(fights: 300)
        let (m, _) = try makeBrowser(s, rows: 40, columns: 120)
        m.handle(.tab)
        for _ in 0..<30 { m.handle(.down) }
        m.resize(rows: 24, columns: 80)
        let grid = CellGrid(rows: 24, columns: 80)
        BrowserView.render(m, on: grid)
        #expect(m.recordList.selected >= m.recordList.scroll && m.recordList.selected < m.recordList.scroll + m.layout.recordRows)
        #expect(grid.text.contains("record 31 of"))
    }

    @Test func liveRefreshKeepsTheSelectionOnTheSameRecord() throws {
        let s = try SimulatedStore(fights: 400, heroes: 2, villains: 2)
        let (m, _) = try makeBrowser(s, rows: 24, columns: 80)
        m.handle(.tab)
        for _ in 0..<7 { m.handle(.down) }
        let before = try #require(m.selectedRecord)
        let totalBefore = m.recordList.total
        // Another connection (as another process would) writes more fights.
        let other = try BattleStore(path: s.path)
        try SimulationRun(fights: 300, seed: 99, batchSize: 100).run(on: other)
        m.tick(now: Date().addingTimeInterval(5))
        #expect(m.recordList.total > totalBefore)
        #expect(m.selectedRecord?.id == before.id)
        #expect(m.recordList.selected == 7 + (m.recordList.total - totalBefore))
        let newest = try s.store.page(RecordQuery(ownerID: m.selectedHuman!.id), limit: 1)[0]
        // Up the list, key by key, the new records are read above the loaded ones, to the newest.
        for _ in 0..<m.recordList.selected { m.handle(.up) }
        #expect(m.recordList.selected == 0 && m.selectedRecord?.id == newest.id)
        m.handle(.character("G"))
        m.handle(.character("g"))
        #expect(m.selectedRecord?.id == newest.id)
    }

    @Test func readOnlyDatabaseRefusesToSimulate() throws {
        let s = try SimulatedStore(fights: 20)
        let ro = try BattleStore(path: s.path, readOnly: true)
        let m = try BrowserModel(store: ro, labels: .load("en"), databasePath: s.path, rows: 24, columns: 80)
        m.handle(.character("s"))
        #expect(m.chrome.prompt == nil)
        #expect(m.chrome.status?.contains("Read-only database") == true)
    }

    @Test func shortDetailPaneKeepsTheMagicBoxWhole() throws {
        let s = try SimulatedStore(fights: 60, heroes: 2, villains: 2)
        for (rows, columns) in [(24, 80), (16, 60), (40, 120)] {
            let (m, grid) = try makeBrowser(s, rows: rows, columns: columns)
            m.handle(.end)   // the last Human: a villain, whose box has the meter row too
            m.handle(.tab)
            var checked = 0
            for _ in 0..<20 {
                defer { m.handle(.down) }
                guard m.selectedRecord?.usingMagic.value != nil else { continue }
                BrowserView.render(m, on: grid)
                let detail = m.layout.detail
                let inside = (detail.top + 1..<detail.bottom - 1).map { grid.line($0) }
                let top = inside.firstIndex { $0.contains("┌─ Magic used") }
                let bottom = inside.firstIndex { $0.contains("│ └───") }
                #expect(top != nil && bottom != nil && top! < bottom!, "\(rows)x\(columns): the magic box is cut\n\(grid.text)")
                checked += 1
            }
            #expect(checked >= 5)
        }
    }

    @Test func otherSideOfAFightAndBack() throws {
        let s = try SimulatedStore(fights: 400, heroes: 3, villains: 3)
        let (m, grid) = try makeBrowser(s, rows: 24, columns: 80)
        m.handle(.tab)
        for _ in 0..<37 { m.handle(.down) }
        let mine = try #require(m.selectedRecord)
        m.handle(.character("o"))
        let theirs = try #require(m.selectedRecord)
        #expect(theirs.fight == mine.fight && theirs.owner == mine.opponent && theirs.opponent == mine.owner)
        #expect(m.selectedHuman == mine.opponent)
        // Its place in the opponent's list is its real one: the rows above and below are its neighbours.
        let page = try s.store.page(RecordQuery(ownerID: theirs.owner.id), limit: 1000)
        let index = try #require(page.firstIndex { $0.id == theirs.id })
        #expect(m.recordList.selected == index)
        m.handle(.up)
        #expect(m.selectedRecord?.id == (index > 0 ? page[index - 1].id : theirs.id))
        m.handle(.down)
        BrowserView.render(m, on: grid)
        #expect(grid.text.contains("Record #\(theirs.id)"))
        m.handle(.character("o"))
        #expect(m.selectedRecord?.id == mine.id && m.recordList.selected == 37 && m.selectedHuman == mine.owner)
    }

    @Test func aRecordWithoutAnOpponentShowsADashAndHasNoOtherSide() throws {
        let s = try SimulatedStore(fights: 3, heroes: 1, villains: 1)
        let hero = try #require(s.store.humans.first { $0.kind == .hero })
        _ = try s.store.importOneSided { add in
            try add(OneSidedRecord(ownerName: hero.name, ownerKind: .hero, date: .value(4_000_000_000), result: .win,
                                   values: ["duration": .value(MediaTime(value: 3, timescale: 1)), "randomNumbers": .value([7])]))
        }
        let (m, grid) = try makeBrowser(s, rows: 24, columns: 80)
        m.select(human: hero.name)
        m.handle(.tab)
        let record = try #require(m.selectedRecord)
        #expect(record.opponent == nil, "the newest record is the one-sided one")
        BrowserView.render(m, on: grid)
        #expect(grid.text.contains("—"), "\(grid.text)")
        #expect(grid.line(0).contains("7 records · 4 fights"), "a one-sided record is a fight of its own: \(grid.line(0))")
        m.handle(.character("o"))
        #expect(m.chrome.status == "This fight has no other side")
        #expect(m.selectedRecord?.id == record.id)
    }

    @Test func aLongInputShowsItsEnd() throws {
        let s = try SimulatedStore(fights: 10, heroes: 2, villains: 2)
        let (m, grid) = try makeBrowser(s, rows: 24, columns: 80)
        m.handle(.character("f"))
        let text = "collaborator ~ \"mira\" or formula = \"星辰契约\" or gate = \"Abyssal Maw\" and power >= 7 and result = loss"
        m.type(text)
        BrowserView.render(m, on: grid)
        let line = grid.line(23)
        #expect(line.hasPrefix("f: …") && line.contains("result = loss▏"), "\(line)")
        #expect(DisplayWidth.of(line) <= 80)
        // Home: the start is in view again, the cursor before it.
        m.handle(.home)
        BrowserView.render(m, on: grid)
        #expect(grid.line(23).hasPrefix("f: ▏collaborator ~"), "\(grid.line(23))")
        // Ctrl-C cancels the prompt, as in a shell; at the top it quits.
        m.handle(.control("c"))
        #expect(m.chrome.prompt == nil && !m.chrome.shouldQuit)
        m.handle(.control("c"))
        #expect(m.chrome.shouldQuit)
    }

    @Test func lineEditingKeys() {
        var line = InputLine("power >= 9 and gate = x")
        #expect(line.cursor == 23)
        for _ in 0..<3 { _ = line.edit(.left) }
        _ = line.edit(.control("w"))                       // the word before the cursor: "gate "
        #expect(line.text == "power >= 9 and = x" && line.cursor == 15)
        _ = line.edit(.character("魔"))
        #expect(line.text == "power >= 9 and 魔= x" && line.cursor == 16)
        _ = line.edit(.backspace); _ = line.edit(.delete)
        #expect(line.text == "power >= 9 and  x")
        _ = line.edit(.home); _ = line.edit(.delete); _ = line.edit(.control("e"))
        #expect(line.text == "ower >= 9 and  x" && line.cursor == 16)
        _ = line.edit(.control("a")); _ = line.edit(.right); _ = line.edit(.control("k"))
        #expect(line.text == "o" && line.cursor == 1)
        _ = line.edit(.control("u"))
        #expect(line.text == "" && line.cursor == 0)
        #expect(!line.edit(.tab) && !line.edit(.up))
        // Nothing to delete is not an error.
        _ = line.edit(.backspace); _ = line.edit(.delete)
        #expect(line.text == "")
    }

    @Test func aFilterErrorLeavesTheCursorAtTheProblem() throws {
        let s = try SimulatedStore(fights: 10, heroes: 2, villains: 2)
        let (m, grid) = try makeBrowser(s, rows: 24, columns: 80)
        m.handle(.character("f"))
        m.type("power >= 9 powr result = loss")
        m.handle(.enter)
        #expect(m.chrome.prompt?.errorColumn == 12 && m.chrome.prompt?.line.cursor == 11)
        BrowserView.render(m, on: grid)
        #expect(grid.line(21).hasPrefix("f: power >= 9 ▏powr"), "\(grid.line(21))")
        // The caret is under the problem's first character, not under the cursor mark before it.
        #expect(grid.line(22).hasPrefix(String(repeating: " ", count: 15) + "^ "), "\(grid.line(22))")
        #expect(grid.line(23).hasPrefix(" expected 'and', 'or' or the end"), "\(grid.line(23))")
        // Fixed where the cursor waits: "powr" becomes "and", the rest stands.
        for _ in 0..<4 { m.handle(.delete) }
        m.type("and")
        #expect(m.chrome.prompt?.text == "power >= 9 and result = loss" && m.chrome.prompt?.error == nil)
        m.handle(.enter)
        #expect(m.chrome.prompt == nil && m.filterText == "power >= 9 and result = loss")
        // Spaces around what was typed are kept: the column names the problem in the text as
        // shown, and typing there lands at the end, after the trailing space (a tester typed
        // `power >=5 `; another lost the space Tab needed before a value).
        m.handle(.character("f"))
        m.handle(.control("u"))
        m.type("  power >= ")
        m.handle(.enter)
        #expect(m.chrome.prompt?.text == "  power >= " && m.chrome.prompt?.errorColumn == 11, "\(String(describing: m.chrome.prompt))")
        m.type("5")
        m.handle(.enter)
        #expect(m.chrome.prompt == nil && m.filterText == "power >= 5", "\(String(describing: m.chrome.prompt))")
    }

    @Test func simulateFromInside() throws {
        let s = try SimulatedStore(fights: 20, heroes: 2, villains: 2)
        let (m, _) = try makeBrowser(s, rows: 24, columns: 80)
        let before = m.recordList.total
        m.handle(.character("s"))
        #expect(m.chrome.prompt?.kind == .simulate)
        // The default is a placeholder: typing replaces it, Enter on an empty prompt takes it.
        #expect(m.chrome.prompt?.text == "" && m.chrome.prompt?.placeholder == "1000")
        let grid = CellGrid(rows: 24, columns: 80)
        BrowserView.render(m, on: grid)
        #expect(grid.line(23).hasPrefix("Fights to simulate: ▏1000"))
        m.type("abc")
        m.handle(.enter)
        #expect(m.chrome.prompt?.error != nil)
        m.handle(.control("u"))
        m.type("300")
        m.handle(.enter)
        #expect(m.chrome.prompt == nil)
        let deadline = Date().addingTimeInterval(20)
        while m.isSimulating && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        m.tick(now: Date().addingTimeInterval(10))
        m.tick(now: Date().addingTimeInterval(20))
        #expect(m.chrome.status?.hasPrefix("Simulated 300 of 300 fights") == true, "\(m.chrome.status ?? "")")
        #expect(m.recordList.total > before)
    }
}

@Suite struct EscapingTests {
    @Test func controlCharactersAreShownEscaped() throws {
        let s = try SimulatedStore(fights: 30, heroes: 2, villains: 2)
        let hero = try #require(s.store.humans.first { $0.kind == .hero })
        try s.store.executeRaw("UPDATE human SET name = ? WHERE id = ?", ["Evil\u{1B}]0;pwned\u{07}\u{1B}[2J\r\n\u{9B}31m", hero.id])
        let rec = try s.store.page(RecordQuery(ownerID: hero.id), limit: 1)[0]
        try s.store.executeRaw("UPDATE record SET using_magic = ? WHERE id = ?",
                               [#"{"type":"hero","version":1,"collaboratorName":"\u001b[5mX\u0000","cooperationFormulaName":"F\u202eG"}"#, rec.id])
        try s.store.reloadHumans()
        let (m, grid) = try makeBrowser(s, rows: 40, columns: 120)
        m.select(human: "Evil")
        m.handle(.tab)
        BrowserView.render(m, on: grid)
        let text = grid.text
        for cell in grid.cells {
            for scalar in cell.text.unicodeScalars {
                #expect(!(scalar.value < 0x20 || (0x7F..<0xA0).contains(scalar.value) || scalar.value == 0x202E), "raw control \(scalar.value)")
            }
        }
        #expect(text.contains("Evil^[]0;pwned^G^[[2J\\r\\n\\u{9b}31m"), "\(text)")
        #expect(text.contains("^[[5mX^@"))
        #expect(text.contains("F\\u{202e}G"))
        m.handle(.character("i"))
        BrowserView.render(m, on: grid)
        #expect(grid.text.contains("\\u001b[5mX"))
    }

    @Test func safeTextEscapes() {
        #expect(SafeText.escape("a\u{1B}[1mb\tc\nd\re\u{7F}f\u{85}g\u{0}") == "a^[[1mb\\tc\\nd\\re^?f\\u{85}g^@")
        #expect(SafeText.escape("plain 中文 🦊") == "plain 中文 🦊")
    }

    @Test func widthAndTruncation() {
        #expect(DisplayWidth.of("中文ab") == 6)
        #expect(DisplayWidth.of("🦊") == 2)
        #expect(DisplayWidth.of("e\u{301}") == 1)
        #expect(DisplayWidth.truncate("中文中文", to: 5) == "中文…")
        #expect(DisplayWidth.pad("中", to: 4) == "中  ")
        #expect(DisplayWidth.wrap("unknown version 7 of magic", to: 10) == ["unknown", "version 7", "of magic"])
        #expect(DisplayWidth.wrap("星辰契约 Starlight", to: 4) == ["星辰", "契约", "Star", "ligh", "t"])
        // A scalar wider than the line still moves on (shown as "…"), and escapes are applied.
        #expect(DisplayWidth.wrap("中文", to: 1) == ["…", "…"])
        #expect(DisplayWidth.wrap("{\"a\":\"b c\"}", to: 5, atSpaces: false) == ["{\"a\":", "\"b c\"", "}"])
        #expect(DisplayWidth.wrap("星辰契约", to: 3, maxLines: 2, atSpaces: false) == ["星", "辰…"])
        #expect(DisplayWidth.wrap("a\u{1b}[2Jb", to: 20) == ["a^[[2Jb"])
        // Bounded: a megabyte of text gives at most maxLines lines, the last one ending in "…".
        let huge = DisplayWidth.wrap(String(repeating: "abc ", count: 250_000), to: 10, maxLines: 3)
        #expect(huge == ["abc abc", "abc abc", "abc abc…"])
        let grid = CellGrid(rows: 1, columns: 6)
        grid.put(0, 0, "中文中文", style: .normal)
        #expect(grid.line(0) == "中文中")
        grid.put(0, 1, "x", style: .normal)
        #expect(grid.line(0) == " x文中")
    }
}

@Suite struct UnboundKeyTests {
    /// A key that does nothing says so and where the keys are listed (a trial pressed `x`, `Q`
    /// and `Z` and saw nothing), in both browsers and both languages; a bound key does not.
    @Test(arguments: ["en", "zh"]) func aKeyThatDoesNothingSaysSo(language: String) throws {
        let s = try SimulatedStore(fights: 10)
        let (m, _) = try makeBrowser(s, rows: 24, columns: 80, language: language)
        m.handle(.character("Q"))
        #expect(m.chrome.status == m.labels.fill("unboundKey", "Q"), "\(m.chrome.status ?? "")")
        m.handle(.character("j"))
        #expect(m.chrome.status != m.labels.fill("unboundKey", "j"))
        let cd = try CoreDataBrowserTests.open(CoreDataBrowserTests.fixtures + "/SampleModel2_V2.sqlite").0
        cd.handle(.character("Q"))
        #expect(cd.chrome.status?.hasPrefix("Q") == true, "\(cd.chrome.status ?? "")")
    }
}

@Suite struct EmptyStoreTests {
    @Test func anEmptyDatabaseBrowsesWithoutRecords() throws {
        let folder = NSTemporaryDirectory() + "battlelog-empty-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let store = try BattleStore(path: folder + "/e.sqlite")
        let m = try BrowserModel(store: store, labels: .load("en"), databasePath: "e.sqlite", rows: 24, columns: 80)
        let grid = CellGrid(rows: 24, columns: 80)
        for key: Key in [.down, .tab, .down, .pageDown, .character("G"), .character("g"), .character("i"), .character("t"), .escape, .character("/"), .character("x"), .enter] {
            m.handle(key)
            BrowserView.render(m, on: grid)
        }
        #expect(m.selectedRecord == nil)
        #expect(grid.text.contains("No records"))
        #expect(m.chrome.status?.hasPrefix("No match") == true)
    }
}

@Suite struct HelpFilterTests {
    @Test func helpIsFilterable() throws {
        let s = try SimulatedStore(fights: 10)
        let (m, grid) = try makeBrowser(s, rows: 40, columns: 120)
        m.handle(.character("?"))
        m.handle(.character("/"))
        for c in "page" { m.handle(.character(c)) }
        // As you type: the list narrows before Enter (P names $PAGER).
        #expect(m.helpBindings.map(\.action) == [.pageUp, .pageDown, .halfPageUp, .halfPageDown, .pager])
        m.handle(.enter)
        #expect(m.overlay == .help && m.chrome.overlayScroll == 0)
        #expect(m.helpBindings.map(\.action) == [.pageUp, .pageDown, .halfPageUp, .halfPageDown, .pager])
        BrowserView.render(m, on: grid)
        #expect(grid.text.contains("half page down") && !grid.text.contains("statistics view"))
        m.handle(.escape)
        #expect(m.overlay == .none && m.helpBindings.count == KeyTable.bindings.filter { $0.context != .coreData }.count)
    }
}

@Suite struct FilterLiveRefreshTests {
    @Test func newMatchesAppearAndTheSelectionStays() throws {
        let s = try SimulatedStore(fights: 300, heroes: 3, villains: 3)
        let (m, _) = try makeBrowser(s, rows: 24, columns: 80)
        m.handle(.character("f"))
        for c in "magic = villain" { m.handle(.character(c)) }
        m.handle(.enter)
        m.filterSearch?.wait(timeout: 20)
        m.tick()
        for _ in 0..<5 { m.handle(.down) }
        let before = try #require(m.selectedRecord)
        let totalBefore = m.recordList.total
        try SimulationRun(fights: 200, seed: 77, batchSize: 50).run(on: try BattleStore(path: s.path))
        m.tick(now: Date().addingTimeInterval(5))
        m.filterSearch?.wait(timeout: 20)
        m.tick(now: Date().addingTimeInterval(6))
        #expect(m.recordList.total > totalBefore)
        #expect(m.selectedRecord?.id == before.id)
        #expect(m.recordList.selected == 5 + (m.recordList.total - totalBefore))
    }
}

@Suite struct FilterLayoutTests {
    @Test func aFilterTakesTheRostersRoomAndEscBringsItBack() throws {
        let s = try SimulatedStore(fights: 200, heroes: 3, villains: 3)
        let (m, grid) = try makeBrowser(s, rows: 40, columns: 120)
        let records = m.layout.records.width
        m.handle(.character("f"))
        m.type("magic = villain")
        m.handle(.enter)
        m.filterSearch?.wait(timeout: 20)
        m.tick()
        #expect(!m.layout.showsRoster && m.layout.records.left == 0 && m.layout.records.width > records)
        BrowserView.render(m, on: grid)
        #expect(!grid.text.contains("Roster") && grid.line(2).contains("Owner › Opponent"))
        // Tab goes round the two panes on screen.
        #expect(m.chrome.focus == .records)
        m.handle(.tab)
        #expect(m.chrome.focus == .detail)
        m.handle(.tab)
        #expect(m.chrome.focus == .records)
        m.handle(.character("h"))
        #expect(m.chrome.focus == .records)
        // Esc leaves the filter: the roster is back, focused, with its Human's records.
        m.handle(.escape)
        #expect(m.filterText == nil && m.layout.showsRoster && m.chrome.focus == .roster)
        #expect(m.layout.records.width == records)
        BrowserView.render(m, on: grid)
        #expect(grid.text.contains("Roster 3+3"))
    }
}

@Suite struct LiveToggleTests {
    @Test func statusBarShowsLiveRefreshState() throws {
        let s = try SimulatedStore(fights: 10)
        let (m, grid) = try makeBrowser(s, rows: 24, columns: 100)
        BrowserView.render(m, on: grid)
        #expect(grid.line(23).contains("● live"))
        m.handle(.character("L"))
        #expect(!m.liveRefresh.isOn)
        BrowserView.render(m, on: grid)
        #expect(grid.line(23).contains("○ live off"))
        // Paused: another writer's records do not appear until it is on again.
        let before = m.recordList.total
        try SimulationRun(fights: 100, seed: 5, batchSize: 50).run(on: try BattleStore(path: s.path))
        m.tick(now: Date().addingTimeInterval(5))
        #expect(m.recordList.total == before)
        m.handle(.character("L"))
        m.tick(now: Date().addingTimeInterval(10))
        #expect(m.recordList.total > before)
    }

    /// The live state stands last on the left, after the search whether the search is a part
    /// of the line or its message, and shows whole or not at all (a trial saw `● li` cut).
    @Test(arguments: ["en", "zh"]) func theLiveStateStandsLastAndWhole(language: String) throws {
        let s = try SimulatedStore(fights: 300, heroes: 3, villains: 3)
        let (m, grid) = try makeBrowser(s, rows: 24, columns: 80, language: language)
        let live = "● " + m.labels["live"]
        func order(_ line: String, _ search: String) -> Bool {
            guard let a = line.range(of: search), let b = line.range(of: live) else { return false }
            return a.upperBound <= b.lowerBound
        }
        m.handle(.tab)
        m.handle(.character("/"))
        for c in "the" { m.handle(.character(c)) }
        m.handle(.enter)
        // While it searches, the search is the message.
        BrowserView.render(m, on: grid)
        #expect(m.chrome.status?.hasPrefix("/the") == true)
        #expect(order(grid.line(23), "/the"), "\(grid.line(23))")
        m.chrome.status = nil
        BrowserView.render(m, on: grid)
        #expect(order(grid.line(23), "/the"), "\(grid.line(23))")
        // Searches ever longer: after a search shown whole comes the live state whole, or
        // nothing but the keys' hint.
        for n in 20...45 {
            let search = "/" + String(repeating: "x", count: n)
            m.handle(.character("/"))
            for c in search.dropFirst() { m.handle(.character(c)) }
            m.handle(.enter)
            m.chrome.status = nil
            BrowserView.render(m, on: grid)
            let line = grid.line(23)
            guard let r = line.range(of: search + " ") else { continue }
            let after = line[r.lowerBound...].dropFirst(search.count)
            #expect(after.hasPrefix(" │ " + live) || after.trimmingCharacters(in: .whitespaces).hasPrefix("?:"), "\(line)")
        }
    }
}

@Suite struct FilterScanBoundsTests {
    /// Descriptors of this process open on `path` itself: one per SQLite connection.
    static func connections(to path: String) -> Int {
        let fds = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        return fds.filter { (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\($0)")) == path }.count
    }

    @Test func aFilterReplacedTwentyTimesKeepsOneScanAndShowsTheLast() throws {
        let s = try SimulatedStore(fights: 40_000, heroes: 4, villains: 4)
        let (m, _) = try makeBrowser(s, rows: 24, columns: 80)
        // The read-ahead of the first page has its own connection: counted in the baseline.
        while m.readers.pagePrefetcher.isWorking { Thread.sleep(forTimeInterval: 0.002) }
        let baseline = Self.connections(to: s.path)
        var most = 0
        // Sparse filters no index serves: each scans every record's dice.
        for sum in 400..<420 {
            m.handle(.character("f"))
            m.handle(.control("u"))
            m.type("rolls.sum = \(sum) or rolls contains 101")
            m.handle(.enter)
            most = max(most, Self.connections(to: s.path))
        }
        for _ in 0..<20 {
            Thread.sleep(forTimeInterval: 0.01)
            most = max(most, Self.connections(to: s.path))
        }
        // The scan's connection, the match count's, and the count's second half while it counts:
        // never one per filter typed.
        #expect(most <= baseline + 3, "\(most - baseline) extra connections at once (baseline \(baseline))")
        m.filterSearch?.wait(timeout: 60)
        m.tick()
        #expect(m.filterText == "rolls.sum = 419 or rolls contains 101")
        let expected = try s.store.count(RecordQuery(filter: FilterCompiler.compile("rolls.sum = 419", roster: s.store.humans)))
        #expect(m.recordList.total == expected && m.filterProgress?.finished == true)
        if expected > 0 { #expect(m.selectedRecord?.randomNumbers.value?.reduce(0, +) == 419) }
        #expect(m.readers.scanner.threadIsRunning)
        // Quitting ends the scanner's thread (and closes its connection).
        m.stopBackgroundWork()
        #expect(!m.readers.scanner.threadIsRunning)
    }
}

@Suite struct SecondPassDefectTests {
    @Test func aFilterThatDoesNotParseLeavesEverythingAsItWas() throws {
        let s = try SimulatedStore(fights: 2000, heroes: 3, villains: 3)
        let (m, grid) = try makeBrowser(s, rows: 24, columns: 80)
        m.handle(.character("f")); m.type("power >= 9"); m.handle(.enter)
        m.filterSearch?.wait(timeout: 20)
        m.tick()
        m.handle(.down); m.handle(.down)
        BrowserView.render(m, on: grid)
        let before = (m.filterText, m.recordList.total, m.selectedRecord?.id, grid.text)
        m.handle(.character("f")); m.handle(.control("u")); m.type("powr"); m.handle(.enter)
        #expect(m.chrome.prompt?.error != nil, "the bad filter is reported in the prompt")
        m.handle(.escape)
        m.tick()
        BrowserView.render(m, on: grid)
        #expect(m.filterText == before.0 && m.recordList.total == before.1 && m.selectedRecord?.id == before.2)
        #expect(grid.text == before.3, "the screen changed after a failed edit:\n\(grid.text)")
    }

    @Test func theRosterScrollFollowsAWindowThatGrows() throws {
        let s = try SimulatedStore(fights: 300, heroes: 12, villains: 12)
        let (m, _) = try makeBrowser(s, rows: 24, columns: 80)
        m.handle(.end)
        #expect(m.roster.cursor.index == 23 && m.roster.cursor.scroll > 0)
        m.resize(rows: 40, columns: 120)
        #expect(m.roster.cursor.scroll == max(0, 24 - m.layout.rosterRows), "rows hidden above with room below")
        #expect(m.roster.cursor.index >= m.roster.cursor.scroll && m.roster.cursor.index < m.roster.cursor.scroll + m.layout.rosterRows)
    }
}

@Suite struct StatusAndTitleTests {
    @Test func aLongPathLosesItsMiddleNotItsFileName() throws {
        let s = try SimulatedStore(fights: 50, heroes: 2, villains: 2)
        let long = "/home/someone/with/a/very/long/folder/name/that/goes/on/and/on/battlelog.sqlite"
        let model = try BrowserModel(store: s.store, labels: .load("en"), databasePath: long, rows: 24, columns: 80)
        let grid = CellGrid(rows: 24, columns: 80)
        BrowserView.render(model, on: grid)
        #expect(grid.line(0).contains("…") && grid.line(0).contains("/battlelog.sqlite"), "\(grid.line(0))")
        #expect(DisplayWidth.truncateMiddle(long, to: 30).hasSuffix("/battlelog.sqlite") && DisplayWidth.of(DisplayWidth.truncateMiddle(long, to: 30)) <= 30)
        #expect(DisplayWidth.truncateMiddle("short.sqlite", to: 30) == "short.sqlite")
    }

    @Test func aMessageIsNotCutAt80ColumnsAndNWithoutASearchSaysSo() throws {
        let s = try SimulatedStore(fights: 50, heroes: 2, villains: 2)
        let (m, grid) = try makeBrowser(s, rows: 24, columns: 80)
        m.handle(.character("n"))
        BrowserView.render(m, on: grid)
        #expect(grid.line(23).contains("No search yet: / searches"), "\(grid.line(23))")
        m.handle(.tab)
        m.chrome.status = "Simulated 20,000 fights (seed 3708112233445566778)"
        BrowserView.render(m, on: grid)
        #expect(grid.line(23).contains("Simulated 20,000 fights (seed 3708112233445566778)"), "\(grid.line(23))")
    }
}

@Suite struct DisplayWidthAgreesWithWcwidthTests {
    /// Every printable scalar: `DisplayWidth` says what the C library's `wcwidth` says in
    /// C.UTF-8, which is how far ncursesw moves the cursor (Hebrew points, Hangul jamo, skin tones...).
    @Test func everyPrintableScalarAgrees() throws {
        typealias WcWidth = @convention(c) (Int32) -> Int32
        let symbol = try #require(dlsym(UnsafeMutableRawPointer(bitPattern: 0), "wcwidth"))
        let wcwidth = unsafeBitCast(symbol, to: WcWidth.self)
        try #require(newlocale(LC_CTYPE_MASK, "C.UTF-8", nil) != nil, "no C.UTF-8 locale here")
        let previous = String(cString: setlocale(LC_CTYPE, nil))
        setlocale(LC_CTYPE, "C.UTF-8")
        defer { setlocale(LC_CTYPE, previous) }
        var checked = 0, disagreements: [String] = []
        for v in UInt32(0x20)...0x10FFFF {
            guard let scalar = Unicode.Scalar(v), !(0x7F..<0xA0).contains(v) else { continue }
            let expected = wcwidth(Int32(v))
            guard expected >= 0 else { continue }
            checked += 1
            if DisplayWidth.of(scalar) != Int(expected) && disagreements.count < 20 {
                disagreements.append("U+\(String(v, radix: 16, uppercase: true)): \(DisplayWidth.of(scalar)) vs wcwidth \(expected)")
            }
        }
        #expect(checked > 250_000)
        #expect(disagreements.isEmpty, "\(disagreements)")
        #expect(DisplayWidth.of("שָׁלוֹם עוֹלָם") == 9)
    }
}

@Suite struct OverlayScrollTests {
    @Test func theStatsOverlayScrollsToEveryHumanAndSaysThereIsMore() throws {
        let s = try SimulatedStore(fights: 500, heroes: 12, villains: 12)
        let (m, grid) = try makeBrowser(s, rows: 24, columns: 80)
        m.handle(.character("t"))
        BrowserView.render(m, on: grid)
        #expect(grid.text.contains("↓") && grid.text.contains("1-19/24"), "\(grid.text)")
        let ranked = try #require(m.overlays.stats).humans.sorted { ($1.tally.winRate, $0.human.name) < ($0.tally.winRate, $1.human.name) }
        let lastName = String(ranked[23].human.name.prefix(4))
        #expect(!grid.text.contains(lastName) || ranked.prefix(19).contains { $0.human.name.hasPrefix(lastName) })
        m.handle(.character("G"))
        BrowserView.render(m, on: grid)
        #expect(m.chrome.overlayScroll == m.overlayScrollLimit && m.chrome.overlayScroll == 5)
        #expect(grid.text.contains("6-24/24") && grid.text.contains("↑") && grid.text.contains(lastName), "\(grid.text)")
        m.handle(.pageDown)
        #expect(m.chrome.overlayScroll == 5, "scrolled past the end")
        m.handle(.home)
        #expect(m.chrome.overlayScroll == 0)
        m.handle(.wheelDown(row: 10, column: 10))
        #expect(m.chrome.overlayScroll == 3 && m.overlay == .stats)
    }

    @Test func helpTakesGAndEndAndPageDownStopsAtTheEnd() throws {
        let s = try SimulatedStore(fights: 50, heroes: 2, villains: 2)
        let (m, grid) = try makeBrowser(s, rows: 24, columns: 80)
        m.handle(.f1)
        let limit = m.overlayScrollLimit
        #expect(limit > 0)
        for _ in 0..<10 { m.handle(.pageDown) }
        #expect(m.chrome.overlayScroll == limit)
        BrowserView.render(m, on: grid)
        #expect(grid.text.contains("close the replay"), "the last line is not on screen:\n\(grid.text)")
        m.handle(.character("g")); #expect(m.chrome.overlayScroll == 0)
        m.handle(.end); #expect(m.chrome.overlayScroll == limit)
        m.handle(.home); #expect(m.chrome.overlayScroll == 0)
    }
}

@Suite struct FilterErrorTests {
    @Test func aFilterErrorIsShownWholeUnderACaret() throws {
        let s = try SimulatedStore(fights: 50, heroes: 2, villains: 2)
        let (m, grid) = try makeBrowser(s, rows: 24, columns: 80)
        // A name near no field: every field is listed.
        m.handle(.character("f")); m.type("frobnicate = 3"); m.handle(.enter)
        BrowserView.render(m, on: grid)
        let text = grid.text
        for field in ["power", "gate", "formula", "collaborator", "(at column 1)"] {
            #expect(text.contains(field), "the error lost \(field):\n\(text)")
        }
        let inputRow = (0..<24).first { grid.line($0).hasPrefix("f: ▏frobnicate = 3") }
        #expect(inputRow != nil && grid.line(inputRow! + 1).hasPrefix("    ^"), "\(text)")
    }
}

@Suite struct ShortDetailTests {
    /// At 80x24 the detail of a record with magic and a weapon keeps the weapon's line (it went
    /// first, though nothing else on screen shows it) and drops the opponent, which the records
    /// pane lists.
    @Test(arguments: ["en", "zh"])
    func aShortDetailKeepsTheWeaponAndDropsWhatTheListShows(language: String) throws {
        let s = try SimulatedStore(fights: 60, heroes: 2, villains: 2)
        let (m, grid) = try makeBrowser(s, rows: 24, columns: 80, language: language)
        let schema = s.store.schema
        let weapon = try #require(schema.attributes.firstIndex { $0.name == "weapon" })
        let magic = try #require(schema.attributes.firstIndex { $0.name == "usingMagic" })
        let record = try #require(try s.store.page(RecordQuery(), limit: 200).first { r in
            (r.transformables[weapon].value ?? nil) != nil && (r.transformables[magic].value ?? nil) != nil && r.opponent != nil
        })
        m.handle(.character(":")); m.type(String(record.id)); m.handle(.enter)
        #expect(m.selectedRecord?.id == record.id)
        BrowserView.render(m, on: grid)
        let pane = (m.layout.detail.top..<m.layout.detail.bottom).map(grid.line).joined(separator: "\n")
        #expect(pane.contains(m.labels[schema.attributes[weapon].labelKey]), "\(pane)")
        #expect(!pane.contains(m.labels["opponent"]), "\(pane)")
    }
}

extension ShortDetailTests {
    /// A short detail leaves out only what it must: at every height, either the pane is full
    /// or every line outside a box shows (a box may have become its one line). It used to drop
    /// every extra line at once, the timeline among them, leaving rows blank at 120x40.
    @Test(arguments: ["en", "zh"])
    func aShortDetailLeavesNoRowBlankWhileALineIsLeftOut(language: String) throws {
        let s = try SimulatedStore(fights: 40, heroes: 2, villains: 2)
        let labels = Labels.load(language)
        func text(_ lines: [[DetailView.Span]]) -> [String] { lines.map { $0.map(\.text).joined() } }
        func inBox(_ line: String) -> Bool { line.trimmingCharacters(in: .whitespaces).first.map { "│┌└".contains($0) } ?? false }
        for record in try s.store.page(RecordQuery(), limit: 30) {
            for width in [56, 88] {
                let whole = text(DetailView.content(record, labels: labels, width: width)).filter { !inBox($0) }
                for height in 6...(whole.count + 12) {
                    let shown = text(DetailView.content(record, labels: labels, width: width, height: height))
                    #expect(shown.count <= height)
                    if shown.count < height {
                        let missing = whole.filter { !shown.contains($0) }
                        #expect(missing.isEmpty, "record \(record.id), \(width) wide, \(height) high: \(shown.count) lines, left out \(missing)")
                    }
                }
            }
        }
    }
}

extension ShortDetailTests {
    /// A second box (the weapon's) is shown whole only when the record's own lines all fit
    /// beside it; else it is a line, before the timeline, the owner, the date or the result go
    /// (a record without magic showed the "No magic used" box, a blank row, the weapon's box,
    /// and neither its owner nor its timeline at 120x40). A row between two boxes goes first.
    @Test(arguments: ["en", "zh"])
    func aSecondBoxIsALineBeforeTheRecordsOwnLinesGo(language: String) throws {
        let s = try SimulatedStore(fights: 80, heroes: 2, villains: 2)
        let labels = Labels.load(language)
        let schema = s.store.schema
        let magic = try #require(schema.attributes.firstIndex { $0.name == "usingMagic" })
        let records = try s.store.page(RecordQuery(), limit: 160)
        let without = try #require(records.first { ($0.transformables[magic].value ?? nil) == nil && $0.opponent != nil })
        for record in [without] + records.prefix(10) {
            let text = DetailView.content(record, labels: labels, width: 88, height: 14).map { $0.map(\.text).joined() }
            #expect(text.contains { $0.hasPrefix(labels["owner"]) } && text.contains { $0.hasPrefix(labels["timeline"]) },
                    "record \(record.id):\n\(text.joined(separator: "\n"))")
        }
        // Zoomed at 80x24 (22 rows, 76 wide): no blank row between the boxes while a line is left out.
        for record in records.prefix(20) {
            let whole = DetailView.content(record, labels: labels, width: 76)
            let shown = DetailView.content(record, labels: labels, width: 76, height: 22)
            if shown.filter({ !$0.isEmpty }).count < whole.filter({ !$0.isEmpty }).count {
                #expect(!shown.contains { $0.isEmpty }, "record \(record.id): a blank row while a line is left out")
            }
        }
    }
}

@Suite struct LabelTableTests {
    /// A value kind's labels live in its folder, one home: merged into both languages' tables,
    /// and never also in the shared `Resources/labels` files.
    @Test func eachKindsLabelsAreItsOwn() throws {
        for kind in [Weapon.self, Magic.self, Timeline.self] as [any PresentedValue.Type] {
            #expect(!kind.labels.isEmpty && Set(kind.labels["en"]!.keys) == Set(kind.labels["zh"]!.keys), "\(kind)")
            for language in ["en", "zh"] {
                let shared = try #require(ResourceFiles.text(folder: "labels", name: language + ".json"))
                let labels = Labels.load(language)
                for (key, text) in kind.labels[language]! {
                    #expect(labels[key] == text, "\(language): \(key)")
                    #expect(!shared.contains("\"\(key)\":"), "\(key) is in \(language).json too")
                }
            }
        }
        #expect(Labels.load("zh")["weapon.rarity.legendary"] != Labels.load("en")["weapon.rarity.legendary"])
    }

    /// Every string a person reads comes from the label tables: both languages hold the same
    /// keys, every key binding and every filter error has its label, and no label is empty.
    @Test func bothLanguagesHaveEveryKey() {
        let en = Labels.load("en"), zh = Labels.load("zh")
        #expect(en.keys.subtracting(zh.keys).isEmpty, "missing in zh: \(en.keys.subtracting(zh.keys).sorted())")
        #expect(zh.keys.subtracting(en.keys).isEmpty, "missing in en: \(zh.keys.subtracting(en.keys).sorted())")
        for b in KeyTable.bindings { #expect(en.keys.contains(b.labelKey) && zh.keys.contains(b.labelKey), "\(b.labelKey)") }
        for (key, english) in FilterError.englishTemplates {
            #expect(en["filterError." + key] == english, "en.json's filterError.\(key) differs from the code's English")
            #expect(zh.keys.contains("filterError." + key))
        }
        for key in en.keys { #expect(!zh[key].isEmpty && !en[key].isEmpty, "\(key) is empty") }
    }

    @Test func theChineseBrowserSaysItsFilterErrorsAndHelpInChinese() throws {
        let s = try SimulatedStore(fights: 50, heroes: 2, villains: 2)
        let (m, grid) = try makeBrowser(s, rows: 24, columns: 80, language: "zh")
        m.handle(.character("f")); m.type("powr = 3"); m.handle(.enter)
        BrowserView.render(m, on: grid)
        #expect(grid.text.contains("未知字段 \"powr\"") && grid.text.contains("（第 1 列）"), "\(grid.text)")
        m.handle(.escape); m.handle(.character("f")); m.type("power >= 9 and"); m.handle(.enter)
        BrowserView.render(m, on: grid)
        #expect(grid.text.contains("表达式结尾") && !grid.text.contains("the end of the expression"), "\(grid.text)")
        m.handle(.escape); m.handle(.f1)
        BrowserView.render(m, on: grid)
        #expect(grid.text.contains("(/ 筛选)") && !grid.text.contains("filters"), "\(grid.text)")
        m.handle(.escape)
        BrowserView.render(m, on: grid)
        #expect(grid.line(2).contains("侠") && !grid.line(2).contains("│H "), "\(grid.line(2))")
    }

    @Test func oneFightIsOneFightInTheTitle() throws {
        let s = try SimulatedStore(fights: 1, heroes: 2, villains: 2)
        let (m, grid) = try makeBrowser(s, rows: 24, columns: 80)
        BrowserView.render(m, on: grid)
        let title = String(grid.text.split(separator: "\n").first ?? "")
        #expect(title.hasSuffix("2 records · 1 fight"), "\(title.debugDescription)")
    }
}

