// libFuzzer harness: databases whose every column (plain, Transformable, summaries) takes
// values from the edges (Tests/BattleLogCLITests/EdgeDatabase.swift, driven by the fuzzer's
// bytes), then list, show, inspect, stats, export and doctor in-process and the browser's views
// on an in-memory screen. Passes when nothing traps, every status is 0 or 1, no control
// character reaches the output or the screen, and no damaged value is exported as a default.
import Foundation

private let folder = NSTemporaryDirectory() + "battlelog-fuzz-\(getpid())"

private func hasRawControl(_ text: String) -> Bool {
    text.unicodeScalars.contains { $0.value != 0x0A && ($0.value < 0x20 || (0x7F..<0xA0).contains($0.value) || $0.value == 0x202E) }
}

public func fuzzDatabase(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let path = folder + "/edge.sqlite"
    for suffix in ["", "-wal", "-shm"] { unlink(path + suffix) }
    var edge = EdgeDatabase(bytes: Array(UnsafeBufferPointer(start: data, count: size)))
    do { try edge.build(at: path) } catch { return 0 }   // a value SQLite itself refuses to store

    var exported = ""
    for command in [["list", "--limit", "20"], ["list", "--json"], ["stats"], ["stats", "--json"], ["export"],
                    ["export", "--format", "csv"], ["doctor"], ["inspect", "1"], ["inspect", "2", "--json"], ["show", "3"],
                    ["show", "4", "--json"]] {
        var out = "", err = ""
        // CSV for a program ends its records with CRLF and keeps text exactly (RFC 4180): it is
        // checked as a terminal gets it.
        let csv = command.contains("csv")
        let console = Console(out: { out += $0 }, err: { err += $0 }, stdoutIsTerminal: csv, columns: 80)
        let status = BattlelogCLI.run(command, console: console, environment: ["BATTLELOG_DB": path])
        require(status == 0 || status == 1, "\(command): status \(status): \(err)")
        let shown = csv ? out.replacingOccurrences(of: "\r\n", with: "\n") : out
        require(!hasRawControl(shown + err), "\(command) wrote a raw control character")
        if command == ["export"] { exported = out }
    }
    // No default in place of a damaged value: an export line without errors says what is stored.
    if let problems = try? EdgeDatabase.silentDefaults(exported: exported, path: path) {
        require(problems.isEmpty, "silent default: \(problems[0])")
    }
    if let store = try? BattleStore(path: path, readOnly: true),
       let model = try? BrowserModel(store: store, labels: .load("en"), databasePath: path, rows: 24, columns: 80) {
        let grid = CellGrid(rows: 24, columns: 80)
        for key in [Key.tab, .down, .character("i"), .escape, .down, .character("t"), .escape, .end, .character("o"), .tab, .tab] {
            model.handle(key)
            BrowserView.render(model, on: grid)
            for cell in grid.cells { require(!hasRawControl(cell.text), "a raw control character on the browser's screen") }
        }
        model.stopBackgroundWork()
    }
    return 0
}
