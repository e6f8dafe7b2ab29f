import Foundation
import Testing
@testable import BattleLogBrowser
import BattleLogKit
import BattleLogPresentation

/// Whole-screen snapshots at 80x24 and 120x40, in English and Chinese.
@Suite(.serialized) struct GoldenScreenTests {
    static let sizes = [(24, 80), (40, 120)]

    @Test(arguments: ["en", "zh"])
    func heroRecord(language: String) throws {
        let s = try SimulatedStore(fights: 300)
        for (rows, cols) in Self.sizes {
            let (m, grid) = try makeBrowser(s, rows: rows, columns: cols, language: language)
            let hero = try #require(m.roster.humans.first { $0.kind == .hero })
            m.select(human: hero.name)
            m.type([.tab, .down, .down])
            #expect(m.selectedRecord?.usingMagic.value??.typeName == "hero")
            BrowserView.render(m, on: grid)
            try expectGolden(grid, "hero-\(language)-\(cols)x\(rows)")
            #expect(grid.text.contains(language == "en" ? "Magic used" : "使用的魔法"))
            #expect(grid.text.contains(language == "en" ? "Cooperation formula" : "协作契约配方"))
        }
    }

    @Test(arguments: ["en", "zh"])
    func villainRecord(language: String) throws {
        let s = try SimulatedStore(fights: 300)
        for (rows, cols) in Self.sizes {
            let (m, grid) = try makeBrowser(s, rows: rows, columns: cols, language: language)
            let villain = try #require(m.roster.humans.first { $0.kind == .villain })
            m.select(human: villain.name)
            m.type([.tab])
            while m.selectedRecord?.usingMagic.value??.typeName != "villain" { m.handle(.down) }
            BrowserView.render(m, on: grid)
            try expectGolden(grid, "villain-\(language)-\(cols)x\(rows)")
            #expect(grid.text.contains(language == "en" ? "Gate power" : "入口孽障值"))
            #expect(grid.text.contains("/10"))
        }
    }

    @Test(arguments: ["en", "zh"])
    func damagedRecord(language: String) throws {
        let s = try SimulatedStore(fights: 300)
        let villain = try #require(s.store.humans.first { $0.kind == .villain })
        let newest = try #require(try s.store.page(RecordQuery(ownerID: villain.id), limit: 1).first)
        try s.store.executeRaw("UPDATE record SET using_magic = ? WHERE id = ?", [#"{"type":"villain","version":7,"gateName":"X","powerOfEvilGate":3}"#, newest.id])
        for (rows, cols) in Self.sizes {
            let (m, grid) = try makeBrowser(s, rows: rows, columns: cols, language: language)
            m.select(human: villain.name)
            m.type([.tab])
            BrowserView.render(m, on: grid)
            try expectGolden(grid, "damaged-\(language)-\(cols)x\(rows)")
            #expect(grid.text.contains("unknown version 7 of magic type"))
            // The box says what it is and damage's one spelling, as a cell does.
            #expect(grid.text.contains(language == "en" ? "Magic ⚠ DAMAGED" : "魔法 ⚠ 已损坏"))
        }
    }

    @Test(arguments: ["en", "zh"])
    func statsView(language: String) throws {
        let s = try SimulatedStore(fights: 300)
        for (rows, cols) in Self.sizes {
            let (m, grid) = try makeBrowser(s, rows: rows, columns: cols, language: language)
            m.handle(.character("t"))
            BrowserView.render(m, on: grid)
            try expectGolden(grid, "stats-\(language)-\(cols)x\(rows)")
            #expect(grid.text.contains("%"))
        }
    }

    @Test(arguments: ["en", "zh"])
    func filterPromptWithHelpAndCompletions(language: String) throws {
        let s = try SimulatedStore(fights: 100)
        for (rows, cols) in Self.sizes {
            let (m, grid) = try makeBrowser(s, rows: rows, columns: cols, language: language)
            m.handle(.character("f"))
            m.handle(.f1)
            m.type("gate = \"")
            m.handle(.tab)   // several gates: their common start, and the list
            BrowserView.render(m, on: grid)
            try expectGolden(grid, "filter-help-\(language)-\(cols)x\(rows)")
            #expect(grid.text.contains("Tab: "))
            #expect(grid.text.contains(FilterHelpView.examples[1]))
        }
    }

    @Test(arguments: ["en", "zh"])
    func zoomedDetailAndGoToPrompt(language: String) throws {
        let s = try SimulatedStore(fights: 100)
        for (rows, cols) in Self.sizes {
            let (m, grid) = try makeBrowser(s, rows: rows, columns: cols, language: language)
            m.handle(.character(":")); m.type("42"); m.handle(.enter)
            m.handle(.tab)
            m.handle(.character("z"))
            BrowserView.render(m, on: grid)
            try expectGolden(grid, "zoom-detail-\(language)-\(cols)x\(rows)")
            #expect(m.chrome.focus == .detail && m.selectedRecord?.id == 42)
            m.handle(.character("z"))
            m.handle(.character(":")); m.type("soon")
            m.handle(.enter)
            BrowserView.render(m, on: grid)
            try expectGolden(grid, "goto-error-\(language)-\(cols)x\(rows)")
        }
    }

    @Test(arguments: ["en", "zh"])
    func humanPage(language: String) throws {
        let s = try SimulatedStore(fights: 300)
        for (rows, cols) in Self.sizes {
            let (m, grid) = try makeBrowser(s, rows: rows, columns: cols, language: language)
            m.handle(.down); m.handle(.down)
            BrowserView.render(m, on: grid)
            try expectGolden(grid, "human-page-\(language)-\(cols)x\(rows)")
            let h = try #require(m.selectedHuman)
            let p = try #require(m.selectedProfile)
            // The line is the Human's own: its points add up to their records, their favourite is the most used.
            #expect(p.points.reduce(0) { $0 + $1.records } == m.roster.tallies[h.id]?.total)
            #expect(grid.text.contains(p.favourite!.name))
        }
    }

    @Test(arguments: ["en", "zh"])
    func helpOverlay(language: String) throws {
        let s = try SimulatedStore(fights: 50)
        for (rows, cols) in Self.sizes {
            let (m, grid) = try makeBrowser(s, rows: rows, columns: cols, language: language)
            m.handle(.character("?"))
            BrowserView.render(m, on: grid)
            try expectGolden(grid, "help-\(language)-\(cols)x\(rows)")
            // Generated from the key table.
            for b in KeyTable.bindings.filter({ $0.context == .browser }).prefix(rows - 4) { #expect(grid.text.contains(m.labels[b.labelKey]), "\(b.labelKey)") }
            // The replay's keys follow under their heading, at the end of the list.
            m.handle(.end)
            BrowserView.render(m, on: grid)
            #expect(grid.text.contains(m.labels["helpReplay"]))
            for b in KeyTable.bindings.filter({ $0.context == .replay }) { #expect(grid.text.contains(m.labels[b.labelKey]), "\(b.labelKey)") }
        }
    }

    @Test(arguments: ["en", "zh"])
    func cjkNamesLineUp(language: String) throws {
        let s = try SimulatedStore(fights: 300, seed: 11, heroes: 28, villains: 28)
        for (rows, cols) in Self.sizes {
            let (m, grid) = try makeBrowser(s, rows: rows, columns: cols, language: language)
            let cjk = try #require(m.roster.humans.first { $0.name.unicodeScalars.first!.value > 0x3000 })
            m.select(human: cjk.name)
            m.type([.tab])
            BrowserView.render(m, on: grid)
            try expectGolden(grid, "cjk-\(language)-\(cols)x\(rows)")
            // Every line is exactly the screen's width in display columns.
            for r in 0..<rows { #expect(DisplayWidth.of(grid.line(r)) == cols, "row \(r): \(grid.line(r))") }
        }
    }

    /// The records pane marks rows past its edges with ↑ and ↓, as the roster and the Core
    /// Data lists do (it said nothing).
    @Test func theRecordsPaneSaysThereIsMore() throws {
        let s = try SimulatedStore(fights: 200, heroes: 1, villains: 1)
        let (m, grid) = try makeBrowser(s, rows: 24, columns: 80)
        m.handle(.tab)
        let r = m.layout.records
        func marks() -> (above: Bool, below: Bool) {
            BrowserView.render(m, on: grid)
            return (grid.line(r.top).contains("↑"), grid.line(r.bottom - 1).contains("↓"))
        }
        #expect(marks() == (false, true), "\(grid.text)")
        m.handle(.character("G"))
        #expect(marks() == (true, false), "\(grid.text)")
        m.handle(.pageUp)
        #expect(marks() == (true, true), "\(grid.text)")
        // A title too long for the box is cut short of the ↑: its `…` stays in sight.
        try m.applyFilter("result = win or result = loss or result = draw or duration > 0:01 or power >= 0")
        m.settleFilter()
        m.handle(.character("G"))
        _ = marks()
        let top = grid.line(r.top)
        #expect(top.contains("…") && top.contains("↑"), "\(top)")
    }

    @Test func tooSmall() throws {
        let s = try SimulatedStore(fights: 5)
        let (m, grid) = try makeBrowser(s, rows: 10, columns: 40)
        BrowserView.render(m, on: grid)
        #expect(grid.text == "Terminal too small: 40x10 < 60x16; make\nit larger, or press q to quit" + String(repeating: "\n", count: 8))
        // Narrower than the message: it wraps instead of losing the sizes.
        let (tiny, small) = try makeBrowser(s, rows: 6, columns: 20)
        BrowserView.render(tiny, on: small)
        #expect(small.text.hasPrefix("Terminal too small:\n20x6 < 60x16;"), "\(small.text)")
        // In Chinese, with Chinese punctuation throughout.
        let (zh, zhGrid) = try makeBrowser(s, rows: 10, columns: 50, language: "zh")
        BrowserView.render(zh, on: zhGrid)
        #expect(zhGrid.text.hasPrefix("终端太小：50x10 < 60x16。请放大窗口，或按 q 退出"), "\(zhGrid.text)")
        // Narrower, the comparison is not broken between its sizes.
        let (zhNarrow, zhNarrowGrid) = try makeBrowser(s, rows: 10, columns: 40, language: "zh")
        BrowserView.render(zhNarrow, on: zhNarrowGrid)
        #expect(zhNarrowGrid.line(0).contains("40x10 < 60x16"), "\(zhNarrowGrid.text)")
        // At 20 columns the Chinese text breaks between its characters, never inside the sizes,
        // and no line starts with a closing mark (。，：).
        let (zhTiny, zhTinyGrid) = try makeBrowser(s, rows: 5, columns: 20, language: "zh")
        BrowserView.render(zhTiny, on: zhTinyGrid)
        #expect(zhTinyGrid.text.contains("20x5 < 60x16"), "\(zhTinyGrid.text)")
        for r in 0..<5 { #expect(!["。", "，", "："].contains(where: zhTinyGrid.line(r).hasPrefix), "\(zhTinyGrid.text)") }
        // Keys act only as the message says: nothing moves unseen, q quits.
        let before = (m.chrome.focus, m.roster.cursor.index)
        for key: Key in [.down, .tab, .character("j"), .character("/"), .character("f"), .character("m"), .enter] { m.handle(key) }
        #expect(m.chrome.focus == before.0 && m.roster.cursor.index == before.1 && m.chrome.prompt == nil && m.recordList.marked.isEmpty)
        m.handle(.character("q"))
        #expect(m.chrome.shouldQuit)
    }

    /// `:` with a day that does not exist says so, as the filter does.
    @Test(arguments: ["en", "zh"])
    func goToADayThatDoesNotExistSaysSo(language: String) throws {
        let s = try SimulatedStore(fights: 5)
        let (m, _) = try makeBrowser(s, rows: 24, columns: 80, language: language)
        m.handle(.character(":"))
        m.type("2026-02-30")
        m.handle(.enter)
        #expect(m.chrome.prompt?.error == m.labels.fill("filterError.dateNoSuchDay", "30", "2026-02", "28"))
        m.handle(.escape)
        m.handle(.character(":"))
        m.type("tomorrow")
        m.handle(.enter)
        #expect(m.chrome.prompt?.error == m.labels["goToError"])
        // A whole number past any key is said so, not "expected a record id".
        for text in ["99999999999999999999", "#9223372036854775808"] {
            m.handle(.escape)
            m.handle(.character(":"))
            m.type(text)
            m.handle(.enter)
            #expect(m.chrome.prompt?.error == m.labels.fill("goToTooLarge", "9,223,372,036,854,775,807"), "\(text)")
        }
        // A whole number no record has is said so, 0 too (a tester got "expected a record id").
        for id in ["0", "#0", "-3"] {
            m.handle(.escape)
            m.handle(.character(":"))
            m.type(id)
            m.handle(.enter)
            let number = id.replacingOccurrences(of: "#", with: "")
            #expect(m.chrome.prompt == nil && m.chrome.status == m.labels.fill("goToNoRecord", number), "\(id)")
        }
    }

    /// The Core Data browser's `:` says the same of a number past any pk.
    @Test(arguments: ["en", "zh"])
    func aPkPastAnyKeyIsSaidSo(language: String) throws {
        let path = CoreDataBrowserTests.fixtures + "/kik.sqlite"
        let (m, _) = try CoreDataBrowserTests.open(path, language: language)
        m.chrome.focus = .records
        try m.submit(.init(kind: .goTo, text: "99999999999999999999"))
        #expect(m.chrome.prompt?.error == m.labels.fill("goToTooLarge", "9,223,372,036,854,775,807"))
        try m.submit(.init(kind: .goTo, text: "12x"))
        #expect(m.chrome.prompt?.error == m.labels.fill("cd.goToNeedsKey", "pk"))
    }
}
