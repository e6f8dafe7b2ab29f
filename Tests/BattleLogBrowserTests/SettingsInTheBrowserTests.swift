import Foundation
import Testing
@testable import BattleLogBrowser
import BattleLogKit
import BattleLogPresentation
import SQLiteDB

/// The config file's settings as the browser uses them: the clipboard command, the export
/// folder, the replay's starting speed.
@Suite(.serialized) struct SettingsInTheBrowserTests {
    @Test func yCopiesThroughTheClipboardCommandAndAFailingOneIsSaid() throws {
        let s = try SimulatedStore(fights: 20)
        let (m, grid) = try makeBrowser(s, rows: 24, columns: 80)
        let out = s.folder + "/clipboard.txt"
        grid.script = [.key(.tab), .key(.character("y"))]
        _ = BrowserApp.run(m, on: grid, clipboard: ["sh", "-c", "cat > '\(out)'"])
        let record = try #require(m.selectedRecord)
        #expect(try String(contentsOfFile: out, encoding: .utf8) == RecordJSON.encode(record))
        #expect(grid.copied.isEmpty, "no OSC 52 when a command is set")
        // A command that fails is named in the status bar.
        let (m2, grid2) = try makeBrowser(s, rows: 24, columns: 80)
        grid2.script = [.key(.tab), .key(.character("y"))]
        _ = BrowserApp.run(m2, on: grid2, clipboard: ["false"])
        #expect(m2.chrome.status == "false exited with status 1")
    }

    /// Stored text reaches the clipboard command on its standard input only: a Human whose
    /// name is shell code is copied exactly and nothing of it runs (issue 39 §1).
    @Test func aHostileNameIsCopiedAsDataAndNothingRuns() throws {
        let s = try SimulatedStore(fights: 20)
        let marks = s.folder
        let hostile = "Zed $(touch \(marks)/ran1) `touch \(marks)/ran2` 'q' \"d\" \\ \u{1B}[31m"
        let db = try Database(path: s.path)
        try db.execute("UPDATE human SET name = ? || id", [hostile])
        try s.store.reloadHumans()
        let (m, grid) = try makeBrowser(s, rows: 24, columns: 80)
        let out = s.folder + "/clipboard.txt"
        grid.script = [.key(.tab), .key(.character("y"))]
        _ = BrowserApp.run(m, on: grid, clipboard: ["sh", "-c", "cat > \"$0\"", out])
        let record = try #require(m.selectedRecord)
        #expect(record.owner.name.hasPrefix(hostile))
        #expect(try String(contentsOfFile: out, encoding: .utf8) == RecordJSON.encode(record))
        let ran = try FileManager.default.contentsOfDirectory(atPath: marks).filter { $0.hasPrefix("ran") }
        #expect(ran.isEmpty, "the clipboard command ran stored text: \(ran)")
    }

    @Test func anExportWithoutAFolderGoesToTheExportFolder() throws {
        let s = try SimulatedStore(fights: 20)
        let (m, _) = try makeBrowser(s, rows: 24, columns: 80)
        let folder = s.folder + "/exports"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        m.chrome.exportFolder = folder
        m.type([.tab, .character("e")])
        m.type("mine.jsonl")
        m.handle(.enter)
        let deadline = Date().addingTimeInterval(10)
        while m.isExporting && Date() < deadline { usleep(5_000) }
        m.tick()
        #expect(FileManager.default.fileExists(atPath: folder + "/mine.jsonl"), "\(m.chrome.status ?? "")")
        #expect(!FileManager.default.fileExists(atPath: "mine.jsonl"))
    }

    @Test func aReplayStartsAtTheConfiguredSpeed() throws {
        let s = try SimulatedStore(fights: 20)
        let (m, _) = try makeBrowser(s, rows: 24, columns: 80)
        m.replaySpeedExponent = 2
        m.type([.tab, .character("r")])
        #expect(m.replay?.player.speedText == "4x")
    }
}
