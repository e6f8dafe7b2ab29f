import Foundation
import Testing
import BattleLogKit
import BattleLogBrowser
import SQLiteDB

/// Property tests over databases whose every column takes values from the edges (the same
/// generator the `database` fuzz harness drives): nothing traps, no control character reaches
/// the output, and export then import either round-trips or is refused with a reason, never
/// storing a default.
@Suite struct EdgeDatabaseTests {
    static let commands: [[String]] = [
        ["list", "--limit", "20"], ["list", "--json"], ["stats"], ["stats", "--json"], ["export"], ["export", "--format", "csv"],
        ["doctor"], ["inspect", "1"], ["inspect", "2", "--json"], ["show", "3"], ["show", "4", "--json"],
    ]

    static func check(seed: UInt64, in dir: TempDir) throws {
        var generator = SeededGenerator(seed: seed)
        // The first byte is how often a column keeps its good value: from none to nearly all.
        let goodness = UInt8(truncatingIfNeeded: (seed * 4) % 256)
        try check(bytes: [goodness] + (0..<64).map { _ in UInt8(truncatingIfNeeded: generator.next()) }, seed: seed, in: dir)
    }

    static func check(bytes: [UInt8], seed: UInt64, in dir: TempDir) throws {
        var edge = EdgeDatabase(bytes: bytes)
        let path = dir.file("edge-\(seed).sqlite")
        try edge.build(at: path)
        var exported = ""
        for command in commands {
            let r = cli(command, db: path)
            #expect([0, 1].contains(r.status), "seed \(seed) \(command): \(r.status) \(r.err)")
            // CSV for a program ends its records with CRLF and keeps text exactly (RFC 4180): it is
            // checked as a terminal gets it.
            let shown = command.contains("csv") ? cliOnTerminal(command, db: path, columns: 80).out.replacingOccurrences(of: "\r\n", with: "\n") : r.out
            for s in (shown + r.err).unicodeScalars where s.value != 0x0A && (s.value < 0x20 || (0x7F..<0xA0).contains(s.value) || s.value == 0x202E) {
                Issue.record("seed \(seed) \(command): raw U+\(String(s.value, radix: 16))")
                break
            }
            if command == ["export"] { exported = r.out }
        }
        for problem in try EdgeDatabase.silentDefaults(exported: exported, path: path) { Issue.record("seed \(seed): \(problem)") }
        // The browser's views on an in-memory screen: every record, inspect and stats.
        if let store = try? BattleStore(path: path, readOnly: true) {
            let model = try BrowserModel(store: store, labels: .load("en"), databasePath: path, rows: 24, columns: 80)
            let grid = CellGrid(rows: 24, columns: 80)
            for key in [Key.tab, .down, .character("i"), .escape, .down, .character("t"), .escape, .end, .character("o"), .tab, .tab] {
                model.handle(key)
                BrowserView.render(model, on: grid)
                for cell in grid.cells {
                    for s in cell.text.unicodeScalars where s.value < 0x20 || (0x7F..<0xA0).contains(s.value) {
                        Issue.record("seed \(seed): raw U+\(String(s.value, radix: 16)) on the browser's screen")
                    }
                }
            }
            model.stopBackgroundWork()
        }
        // Export, then import into a new database: the same lines come back, or the import is refused.
        let file = dir.file("edge-\(seed).jsonl")
        #expect(FileManager.default.createFile(atPath: file, contents: Data(exported.utf8)))
        let copy = dir.file("edge-\(seed)-back.sqlite")
        let back = cli(["import", file], db: copy)
        if back.status == 0 {
            #expect(cli(["export"], db: copy).out == exported, "seed \(seed): import stored something else than the export said")
        } else {
            #expect(back.status == 1 && back.err.hasPrefix("battlelog: ") && back.err.split(separator: "\n").count == 1, "seed \(seed): \(back.err)")
            let kept = FileManager.default.fileExists(atPath: copy) ? try BattleStore(path: copy).recordCount() : 0
            #expect(kept == 0, "seed \(seed): a refused import wrote records")
        }
    }

    /// Inputs the `database` fuzz harness found, kept as regressions.
    @Test func fuzzFindings() throws {
        let dir = TempDir()
        // Records whose opponent is NULL: a one-sided record, exported as "opponent":null with no error.
        let oneSided = try #require(Data(base64Encoded: "AAAAAAAAAAAAAAAAAAAAAAAAAAQAAAAHfQAAAAAAAGMAAAAAAFsAAAAAAAAAAAAAAAAAAAAAAAAAAA=="))
        try Self.check(bytes: [UInt8](oneSided), seed: 0, in: dir)
        // Dates at both ends of Int64 for one Human: the span of their page overflowed.
        let extremeDates = try #require(Data(base64Encoded: "RCCCPP0BAAAAAAAHZObxwmsw+Q7HIII8"))
        try Self.check(bytes: [UInt8](extremeDates), seed: 1, in: dir)
        // Tallies whose sum is Int.min: the title's fight count must not overflow.
        let negativeTallies = try #require(Data(base64Encoded: "OgyfO1AopIQ3gWvdwHMJy0oSUuTBAmHgCtpw5nIPyqTaHpgPfIVpWEA="))
        try Self.check(bytes: [UInt8](negativeTallies), seed: 2, in: dir)
    }

    @Test func edgeDatabasesNeverTrapNeverLeakControlsAndRoundTripOrAreRefused() throws {
        let dir = TempDir()
        for seed in UInt64(1)...60 { try Self.check(seed: seed, in: dir) }
    }
}
