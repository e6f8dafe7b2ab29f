import Testing
@testable import BattleLogBrowser

/// The built-in themes: every ink readable against the background the theme is made for, in 16
/// and in 256 colours, and the roles that sit side by side told apart.
@Suite struct ThemeTests {
    @Test(arguments: Theme.builtIn.map(\.name))
    func everyInkIsReadable(name: String) throws {
        let theme = try #require(Theme.named(name))
        let least = name == "high-contrast" ? 4.5 : 3.0
        for colours in [16, 256] {
            for style in Style.allCases {
                let look = theme.look(style)
                guard let fg = look.foreground(colours: colours) else { continue }
                let background = look.background.map(Theme.rgb) ?? theme.assumedBackground
                let ratio = Theme.contrast(Theme.rgb(fg), background)
                #expect(ratio >= least, "\(name), \(colours) colours, \(style): \(ratio)")
            }
        }
    }

    @Test(arguments: Theme.builtIn.map(\.name))
    func rolesSideBySideAreToldApart(name: String) throws {
        let theme = try #require(Theme.named(name))
        for colours in [16, 256] {
            func key(_ s: Style) -> String {
                let l = theme.look(s)
                return "\(l.foreground(colours: colours).map(String.init) ?? "-")/\(l.background.map(String.init) ?? "-")/\(l.bold)\(l.dim)\(l.reverse)\(l.underline)"
            }
            let groups: [[Style]] = theme.usesColour
                ? [[.win, .loss, .draw], [.hero, .villain], [.normal, .selected, .selectedDim, .title, .statusBar], [.normal, .damaged, .match]]
                : [[.normal, .selected, .selectedDim, .match, .damaged], [.normal, .title]]
            for group in groups {
                #expect(Set(group.map(key)).count == group.count, "\(name), \(colours) colours: \(group) share a look")
            }
        }
        // Mono draws with attributes alone.
        #expect(Theme.mono.usesColour == false && Theme.dark.usesColour)
    }

    @Test func contrastIsWCAGs() {
        #expect(abs(Theme.contrast((0, 0, 0), (255, 255, 255)) - 21) < 1e-9)
        #expect(abs(Theme.contrast((119, 119, 119), (255, 255, 255)) - 4.48) < 0.01)
        #expect(Theme.rgb(16) == (0, 0, 0) && Theme.rgb(231) == (255, 255, 255) && Theme.rgb(232) == (8, 8, 8))
    }
}

extension ThemeTests {
    /// A selection with a background of its own is drawn as given, never reversed back into
    /// plain text.
    @Test func aSelectionWithItsOwnBackgroundIsNotReversed() {
        for theme in Theme.builtIn {
            for style in [Style.selected, .selectedDim] {
                let look = theme.look(style)
                #expect(look.reverse != (look.background != nil), "\(theme.name) \(style)")
            }
        }
    }
}
