import Foundation
import Testing
@testable import BattleLogBrowser
import BattleLogKit

/// A temporary store filled by the simulator with a fixed seed.
final class SimulatedStore {
    let folder: String
    let store: BattleStore
    var path: String { folder + "/b.sqlite" }

    init(fights: Int, seed: UInt64 = 2026, heroes: Int = 5, villains: Int = 5) throws {
        folder = NSTemporaryDirectory() + "battlelog-browser-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        store = try BattleStore(path: folder + "/b.sqlite")
        try SimulationRun(fights: fights, seed: seed, heroes: heroes, villains: villains, batchSize: 5000).run(on: store)
    }

    deinit { try? FileManager.default.removeItem(atPath: folder) }
}

/// A model and an in-memory screen of the given size.
func makeBrowser(_ s: SimulatedStore, rows: Int, columns: Int, language: String = "en") throws -> (BrowserModel, CellGrid) {
    let model = try BrowserModel(store: s.store, labels: .load(language), databasePath: "battle.sqlite", rows: rows, columns: columns)
    let grid = CellGrid(rows: rows, columns: columns)
    return (model, grid)
}

extension StoreBrowserModel {
    /// Types text as a person would, a character a key.
    func type(_ text: String) { for c in text { handle(.character(c)) } }
}

extension BrowserModel {
    /// Waits until the filter's matches are all found, a tick at a time as the loop gives them.
    func settleFilter() {
        for _ in 0..<2000 where !(filterProgress?.finished ?? true) { usleep(2_000); tick() }
        tick()
    }

    /// Filters by `text` as typed at `f` and waits for every match; the filter's list as the
    /// store reads it, newest first.
    func filterAndSettle(_ text: String, _ s: SimulatedStore) throws -> [Record] {
        handle(.character("f")); type(text); handle(.enter)
        settleFilter()
        return try s.store.page(RecordQuery(filter: try FilterCompiler.compile(text, roster: roster.humans)), limit: 10_000)
    }

    /// Types keys as a person would.
    func type(_ keys: [Key]) { for k in keys { handle(k) } }
    func type(_ text: String) { for c in text { handle(.character(c)) } }
    /// Searches the roster for `name` and selects it.
    func select(human name: String) {
        handle(.character("/"))
        type(name)
        handle(.enter)
    }
}

/// Compares a rendered screen with `Golden/<name>.txt`; `UPDATE_GOLDEN=1` rewrites the file.
func expectGolden(_ grid: CellGrid, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let dir = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")
    let file = dir.appendingPathComponent(name + ".txt")
    let text = grid.text + "\n"
    if ProcessInfo.processInfo.environment["UPDATE_GOLDEN"] == "1" {
        try text.write(to: file, atomically: true, encoding: .utf8)
        return
    }
    let expected = try String(contentsOf: file, encoding: .utf8)
    #expect(text == expected, "screen \(name) differs from its golden file:\n\(text)", sourceLocation: sourceLocation)
}

/// Compares `text` with `Golden/<name>.txt`; `UPDATE_GOLDEN=1` rewrites the file.
func expectGoldenText(_ text: String, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden").appendingPathComponent(name + ".txt")
    if ProcessInfo.processInfo.environment["UPDATE_GOLDEN"] == "1" {
        try text.write(to: file, atomically: true, encoding: .utf8)
        return
    }
    let expected = try String(contentsOf: file, encoding: .utf8)
    #expect(text == expected, "\(name) differs from its golden file:\n\(text)", sourceLocation: sourceLocation)
}
