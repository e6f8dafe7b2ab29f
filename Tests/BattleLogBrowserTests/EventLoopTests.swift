import Foundation
import Testing
@testable import BattleLogBrowser
import BattleLogKit

/// The browser's event loop run against a scripted screen: keys, resizes and idle ticks, with
/// no terminal and no tmux.
@Suite struct EventLoopTests {
    @Test func searchOpenResizeHelpAndQuit() throws {
        let s = try SimulatedStore(fights: 60)
        let (m, grid) = try makeBrowser(s, rows: 24, columns: 80)
        let villain = try #require(m.roster.humans.first { $0.kind == .villain })
        grid.script = [.key(.character("/"))] + villain.name.unicodeScalars.map { .key(.character(Character($0))) }
            + [.key(.enter), .key(.tab), .key(.character("j")), .idle, .resize(rows: 40, columns: 120),
               .key(.character("?")), .key(.escape), .key(.character("q"))]
        let events = grid.script.count
        let exit = BrowserApp.run(m, on: grid)
        #expect(exit.signal == nil && exit.farewell == nil)
        #expect(m.chrome.shouldQuit)
        #expect(grid.rows == 40 && grid.columns == 120 && m.layout.columns == 120)
        #expect(m.selectedHuman?.id == villain.id && m.chrome.focus == .records && m.recordList.selected == 1)
        #expect(grid.text.contains("Records — \(villain.name)"))
        #expect(grid.presented == events + 1)   // the first frame, then one per event
    }

    @Test func aPasteIsHandledBeforeTheNextFrameAndShowsAsTypedKeyByKey() throws {
        let s = try SimulatedStore(fights: 10)
        // Thai with its marks, a decomposed accent and an emoji with joiners, a scalar a key.
        let text = String(repeating: "power = 9 or gate ~ \"ก้ำ e\u{301} 👩\u{200D}💻\" or ", count: 60) + "power = 10"
        func pasted(together: Bool) throws -> (screen: String, frames: Int) {
            let (m, grid) = try makeBrowser(s, rows: 24, columns: 80)
            grid.keysArriveTogether = together
            grid.script = [.key(.character("f"))] + text.unicodeScalars.map { .key(.character(Character($0))) }
            _ = BrowserApp.run(m, on: grid)
            return (grid.text, grid.presented)
        }
        let keyByKey = try pasted(together: false), paste = try pasted(together: true)
        let keys = 1 + text.unicodeScalars.count
        #expect(keyByKey.frames == keys + 2)   // the first, one a key, the one when the script ends
        // A frame at least every 64 keys, and the last key's frame: the same screen.
        #expect(paste.frames <= keys / BrowserApp.keysPerFrame + 3, "\(paste.frames) frames for \(keys) keys")
        #expect(paste.screen == keyByKey.screen)
    }

    @Test func aScriptThatEndsStopsTheLoopAsASignalWould() throws {
        let s = try SimulatedStore(fights: 10)
        let (m, grid) = try makeBrowser(s, rows: 24, columns: 80)
        grid.script = [.key(.character("j")), .idle]
        let exit = BrowserApp.run(m, on: grid)
        #expect(exit.signal == SIGTERM && !m.chrome.shouldQuit)
    }

    @Test func quittingDuringASimulationThroughTheLoopSaysWhatWasSaved() throws {
        let s = try SimulatedStore(fights: 10)
        let (m, grid) = try makeBrowser(s, rows: 24, columns: 80)
        grid.script = [.key(.character("s"))] + "100000".map { .key(.character($0)) } + [.key(.enter)]
            + Array(repeating: .idle, count: 3) + [.key(.character("q")), .key(.character("q"))]
        let exit = BrowserApp.run(m, on: grid)
        #expect(exit.signal == nil)
        #expect(exit.farewell?.hasPrefix("stopped when the browser quit: Simulated ") == true, "\(exit.farewell ?? "nil")")
    }
}
