import Foundation
import Testing
@testable import BattleLogBrowser
import BattleLogKit
import BattleLogPresentation

/// Each theme's golden screen: the same screen drawn by role (a letter per cell), and what each
/// role looks like in the theme (foreground, background on 16 and 256 colours, attributes), so
/// that a theme that changes a role's colour, or a view that draws with another role, shows.
@Suite struct ThemeGoldenTests {
    static func styleMap(_ grid: CellGrid, theme: Theme) -> String {
        let letters = Array("abcdefghijklmnop")
        var lines = [grid.text, "", "roles by cell:"]
        for r in 0..<grid.rows {
            lines.append(String((0..<grid.columns).map { c in letters[Int(grid[r, c].style.rawValue)] }))
        }
        lines.append("")
        lines.append("theme \(theme.name):")
        for style in Style.allCases {
            let l = theme.look(style)
            func colour(_ c: Theme.Colour?) -> String { c.map(String.init) ?? "default" }
            var attributes = [l.bold ? "bold" : nil, l.dim ? "dim" : nil, l.reverse ? "reverse" : nil, l.underline ? "underline" : nil].compactMap { $0 }
            if attributes.isEmpty { attributes = ["-"] }
            lines.append("\(letters[Int(style.rawValue)]) \(style): fg \(colour(l.foreground(colours: 16)))/\(colour(l.foreground(colours: 256))) bg \(colour(l.background)) \(attributes.joined(separator: " "))")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func screen() throws -> (CellGrid, SimulatedStore) {
        let s = try SimulatedStore(fights: 60)
        let (m, grid) = try makeBrowser(s, rows: 24, columns: 80)
        m.type([.tab, .down])
        BrowserView.render(m, on: grid)
        return (grid, s)
    }

    @Test(arguments: Theme.builtIn.map(\.name))
    func eachBuiltInThemesGoldenScreen(name: String) throws {
        let theme = try #require(Theme.named(name))
        let (grid, _) = try Self.screen()
        try expectGoldenText(Self.styleMap(grid, theme: theme), "theme-\(name)-80x24")
    }

    @Test func aThemeFilesRolesOverItsBase() throws {
        let (theme, problems) = ThemeFile.parse("base = \"light\"\n[roles]\nselected = \"black on cyan bold\"\nwin = \"28\"\nborder = \"default\"\n", name: "night.toml")
        #expect(problems.isEmpty)
        let (grid, _) = try Self.screen()
        try expectGoldenText(Self.styleMap(grid, theme: theme), "theme-file-80x24")
        #expect(theme.look(.selected) == Theme.Look(0, on: 6, bold: true))
        #expect(theme.look(.win).foreground == 28 && theme.look(.border).foreground == nil)
        #expect(theme.look(.draw) == Theme.light.look(.draw))
    }
}
