import Testing
@testable import BattleLogBrowser
import BattleLogFoundation
import BattleLogKit

/// Remapped keys: a config file's `[keys]`, keys from any layout, and a key bound twice refused.
@Suite struct KeyMapTests {
    @Test func keysAreNamedAsTheHelpWritesThem() {
        #expect(Key.named("f") == .character("f"))
        #expect(Key.named("ctrl-f") == .control("f") && Key.named("Ctrl-F") == .control("f"))
        #expect(Key.named("Space") == .character(" ") && Key.named("PgDn") == .pageDown && Key.named("shift-tab") == .backTab)
        #expect(Key.named("ф") == .character("ф") && Key.named("λ") == .character("λ"))
        #expect(Key.named("ctrl-ф") == nil && Key.named("F13") == nil && Key.named("") == nil && Key.named("\u{7}") == nil)
        // Every key of the table reads back from its label.
        for b in KeyTable.bindings { for k in b.keys { #expect(Key.named(k.label) == k, "\(k.label)") } }
    }

    @Test func anOverrideReplacesTheActionsKeys() {
        let (map, problems) = KeyMap.applying([KeyMap.Override(action: "filter", keys: ["ф", "ctrl-f"], line: 3)])
        #expect(problems.isEmpty)
        #expect(map.action(for: .character("ф")) == .filter && map.action(for: .control("f")) == .filter)
        #expect(map.action(for: .character("f")) == nil)
        #expect(map.action(for: .character("j")) == .moveDown)
    }

    @Test func aKeyBoundTwiceIsRefusedNamingBoth() {
        let (map, problems) = KeyMap.applying([KeyMap.Override(action: "search", keys: ["s"], line: 4),
                                               KeyMap.Override(action: "playPause", keys: ["p"], line: 5)])
        #expect(problems.count == 1)
        #expect(problems.first?.line == 4)
        #expect(problems.first?.message.contains("search and simulate") == true || problems.first?.message.contains("simulate and search") == true)
        // The refused action keeps its keys; the other override holds.
        #expect(map.action(for: .character("/")) == .search && map.action(for: .character("s")) == .simulate)
        #expect(map.action(for: .character("p"), in: .replay) == .playPause)
        // Two overrides that take each other's keys are both fine: the table is judged whole.
        let (swapped, none) = KeyMap.applying([KeyMap.Override(action: "search", keys: ["s"], line: 1),
                                                KeyMap.Override(action: "simulate", keys: ["/"], line: 2)])
        #expect(none.isEmpty && swapped.action(for: .character("s")) == .search)
    }

    @Test func unknownActionsAndKeysAreRefused() {
        let (_, problems) = KeyMap.applying([KeyMap.Override(action: "fly", keys: ["x"], line: 1),
                                             KeyMap.Override(action: "filter", keys: ["hyper-x"], line: 2),
                                             KeyMap.Override(action: "filter", keys: [], line: 3)])
        #expect(problems.map(\.line) == [1, 2, 3])
        #expect(problems[0].message.hasPrefix("fly: no action has this name"))
        #expect(problems[1].message.contains("\"hyper-x\" is not a key"))
    }

    @Test func theModelActsOnTheRemappedKeys() throws {
        let s = try SimulatedStore(fights: 20)
        let (m, _) = try makeBrowser(s, rows: 24, columns: 80)
        m.chrome.keyMap = KeyMap.applying([KeyMap.Override(action: "filter", keys: ["ф"], line: 1)]).0
        m.handle(.character("f"))
        #expect(m.chrome.prompt == nil)
        m.handle(.character("ф"))
        #expect(m.chrome.prompt?.kind == .filter)
        // Help lists the keys in effect.
        m.handle(.escape)
        m.handle(.character("?"))
        #expect(m.helpBindings.first { $0.action == .filter }?.keys == [.character("ф")])
    }
}

/// The config file: TOML 1.0 (toml++), settings with their lines, errors with line and column.
@Suite struct ConfigFileTests {
    @Test func aGoodFile() {
        let file = ConfigFile(text: """
            # settings
            database = "~/battles.sqlite"   # a comment
            language = 'zh'
            mouse = false
            refresh_ms = 1_000

            [keys]
            filter = ["f", "ctrl-f", ]
            "search" = ["\\u0444", "/"]
            """)
        #expect(file.problems.isEmpty, "\(file.problems)")
        #expect(file.entries.map(\.name) == ["database", "language", "mouse", "refresh_ms", "keys.filter", "keys.search"])
        #expect(file.entries[3].value == .integer(1000))
        #expect(file.entries[5].value == .strings(["ф", "/"]))
        #expect(file.entries[4].line == 8)
    }

    /// A file saved with CRLF line ends and a byte-order mark reads as the same file.
    @Test func crlfAndAByteOrderMark() {
        let file = ConfigFile(text: "\u{FEFF}theme = \"light\"\r\nlanguage = \"zh\"\r\n[keys]\r\nfilter = [\"f\"]\r\n")
        #expect(file.problems.isEmpty, "\(file.problems)")
        #expect(file.entries.map(\.name) == ["theme", "language", "keys.filter"])
        #expect(file.entries.map(\.line) == [1, 2, 4])
    }

    /// TOML 1.0, all of it: multi-line strings and arrays, inline tables, dotted keys, hex.
    @Test func theWholeOfTOML() {
        let file = ConfigFile(text: #"""
            language = """
            zh"""
            refresh_ms = 0x3E8
            clipboard = { command = ["xclip", "-selection", 'clipboard'] }
            keys.filter = [
                "f",   # a comment inside the array
                "ctrl-f",
            ]
            keys.search = ['/']
            """#)
        #expect(file.problems.isEmpty, "\(file.problems)")
        #expect(file.entries.map(\.name) == ["language", "refresh_ms", "clipboard.command", "keys.filter", "keys.search"])
        #expect(file.entries[0].value == .string("zh"))
        #expect(file.entries[1].value == .integer(1000))
        #expect(file.entries[2].value == .strings(["xclip", "-selection", "clipboard"]))
        #expect(file.entries[3].value == .strings(["f", "ctrl-f"]) && file.entries[3].line == 5)
    }

    /// A document that is not TOML is one problem at its line and column, and no setting
    /// counts (a duplicate key, a string left open, an unknown escape, a bare word).
    @Test func aDocumentThatIsNotTOMLIsNamedAtItsLineAndColumn() {
        for (text, line, column) in [("theme = \"dark\"\ntheme = \"mono\"\n", 2, 9), ("ok = 1\nlanguage = \"zh\n", 2, 15),
                                     ("bad = \"\\q\"\n", 1, 9), ("mouse = yes\n", 1, 9)] {
            let file = ConfigFile(text: text)
            #expect(file.entries.isEmpty, "\(text)")
            #expect(file.problems.count == 1 && file.problems[0].line == line && file.problems[0].column == column, "\(text): \(file.problems)")
        }
    }
}

/// F2 turns the mouse off and on: the screen stops and starts reading it, and the status says so.
@Suite struct MouseToggleTests {
    @Test func f2TogglesTheMouse() throws {
        let s = try SimulatedStore(fights: 10)
        let (m, grid) = try makeBrowser(s, rows: 24, columns: 80)
        grid.script = [.key(.f2)]
        _ = BrowserApp.run(m, on: grid)
        #expect(!grid.mouseEnabled && !m.chrome.mouse)
        #expect(m.chrome.status == "Mouse off: the terminal selects and copies text (F2 turns it on)")
        let again = CellGrid(rows: 24, columns: 80)
        again.setMouse(false)
        again.script = [.key(.f2)]
        _ = BrowserApp.run(m, on: again)
        #expect(again.mouseEnabled && m.chrome.mouse)
    }

    /// A message too long to sit beside the hints (`?:help q:quit`) takes the whole status line
    /// at 80 columns: the mouse-off message was cut at "(F2 turns it …". The hints come back with
    /// the next message.
    @Test(arguments: ["en", "zh"])
    func aLongMessageTakesTheHintsRoom(language: String) throws {
        let s = try SimulatedStore(fights: 10)
        let (m, grid) = try makeBrowser(s, rows: 24, columns: 80, language: language)
        for key in ["mouseOff", "mouseOn"] {
            m.chrome.status = m.labels[key]
            BrowserView.render(m, on: grid)
            #expect(grid.line(23).contains(m.labels[key]), "\(grid.line(23))")
        }
        m.chrome.status = nil
        BrowserView.render(m, on: grid)
        #expect(grid.line(23).contains("?:"), "\(grid.line(23))")
    }
}

/// Copy: `y` the record's JSON, `Y` the focused value, to the screen's clipboard.
@Suite struct CopyTests {
    @Test func yAndYCopyWhatTheySay() throws {
        let s = try SimulatedStore(fights: 30)
        let (m, grid) = try makeBrowser(s, rows: 24, columns: 80)
        let name = try #require(m.selectedHuman?.name)
        m.handle(.character("Y"))
        #expect(m.chrome.wantsCopy == name)
        m.handle(.enter)
        let record = try #require(m.selectedRecord)
        m.handle(.character("y"))
        #expect(m.chrome.wantsCopy == RecordJSON.encode(record))
        #expect(m.chrome.status?.hasPrefix("Copied record \(record.id)'s JSON (") == true)
        m.handle(.character("Y"))
        let d = try #require(record.fightDuration)
        #expect(m.chrome.wantsCopy == "\(d.value)/\(d.timescale)")
        // Through the event loop, the screen is given the text once.
        m.chrome.wantsCopy = nil
        grid.script = [.key(.character("y"))]
        _ = BrowserApp.run(m, on: grid)
        #expect(grid.copied == [RecordJSON.encode(record)])
        #expect(m.chrome.wantsCopy == nil)
    }
}
