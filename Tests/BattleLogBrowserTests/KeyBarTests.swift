import Foundation
import Testing
@testable import BattleLogBrowser
import BattleLogKit

/// `key_bar = true`: a bar of the main keys above the status bar (htop's, mc's), issue 43.
@Suite struct KeyBarTests {
    @Test(arguments: ["en", "zh"])
    func theBarNamesTheKeysAsTheKeyMapHasThemAndTakesARow(language: String) throws {
        let s = try SimulatedStore(fights: 30)
        let (m, grid) = try makeBrowser(s, rows: 24, columns: 80, language: language)
        let without = m.layout
        m.showsKeyBar = true
        #expect(m.layout.keyBar?.top == 22 && m.layout.status.top == 23)
        #expect(m.layout.body.height == without.body.height - 1)
        BrowserView.render(m, on: grid)
        let bar = grid.line(22)
        // The keys are on the bar: the status line does not say them again.
        #expect(!grid.line(23).contains(m.labels["shortHint"]), "\(grid.line(23))")
        // At 80 columns the replay still fits; the pager is what gives way.
        #expect(bar.contains("r " + m.labels["bar.replay"]), "\(bar)")
        #expect(bar.hasPrefix("? " + m.labels["bar.help"]), "\(bar)")
        #expect(bar.contains("/ " + m.labels["bar.search"]) && bar.contains("f " + m.labels["bar.filter"]))
        // Quit stays at the end however narrow; what does not fit goes before it.
        #expect(bar.trimmingCharacters(in: .whitespaces).hasSuffix("q " + m.labels["bar.quit"]), "\(bar)")
        // A remapped key is shown remapped.
        let (map, problems) = KeyMap.applying([KeyMap.Override(action: "filter", keys: ["ф"], line: 1)])
        #expect(problems.isEmpty)
        m.chrome.keyMap = map
        BrowserView.render(m, on: grid)
        #expect(grid.line(22).contains("ф " + m.labels["bar.filter"]))
        // Too short for a bar and the panes' least: the panes keep their rows.
        m.resize(rows: 16, columns: 80)
        #expect(m.layout.keyBar == nil && !m.layout.isTooSmall)
    }

    @Test func theCoreDataBrowserShowsItsOwnKeys() throws {
        let (m, grid) = try CoreDataBrowserTests.open(CoreDataBrowserTests.fixtures + "/kik.sqlite", rows: 24, columns: 100)
        m.showsKeyBar = true
        StoreBrowserView.render(m, on: grid)
        let bar = grid.line(22)
        #expect(bar.contains("/ Search") && bar.contains("q Quit") && !bar.contains("Replay"), "\(bar)")
    }
}
