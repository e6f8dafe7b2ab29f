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
        var edge = EdgeDatabase(bytes: (0..<64).map { _ in UInt8(truncatingIfNeeded: generator.next()) })
        let path = dir.file("edge-\(seed).sqlite")
        try edge.build(at: path)
        var exported = ""
        for command in commands {
            let r = cli(command, db: path)
            #expect([0, 1].contains(r.status), "seed \(seed) \(command): \(r.status) \(r.err)")
            for s in (r.out + r.err).unicodeScalars where s.value != 0x0A && (s.value < 0x20 || (0x7F..<0xA0).contains(s.value) || s.value == 0x202E) {
                Issue.record("seed \(seed) \(command): raw U+\(String(s.value, radix: 16))")
                break
            }
            if command == ["export"] { exported = r.out }
        }
        try Self.expectNoSilentDefault(exported, path: path, seed: seed)
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

    /// Every exported record without `errors` says exactly what is stored: a column that cannot
    /// hold its value must be reported, never replaced by a default (kind 'wizard' shown as
    /// hero, fight 'abc' as 0, owner 1.5 as 1, a NULL name as "").
    static func expectNoSilentDefault(_ exported: String, path: String, seed: UInt64) throws {
        let db = try Database(path: path, mode: .readOnly)
        var humans: [Int64: (SQLiteValue, SQLiteValue)] = [:]
        try db.prepare("SELECT id, name, kind FROM human").forEachRow { humans[$0.int64(0)] = ($0.value(1), $0.value(2)) }
        for line in exported.split(separator: "\n") {
            guard case .object(let o)? = try? JSONParser.parse(String(line)), o["errors"] == nil,
                  case .integer(let id)? = o["id"] else { continue }
            let row = try #require(try db.prepare("SELECT fight, owner_id, opponent_id, date, result FROM record WHERE id = ?").first([id]) {
                ($0.value(0), $0.value(1), $0.value(2), $0.value(3), $0.value(4))
            })
            func same(_ json: JSONValue?, _ stored: SQLiteValue, _ what: String) {
                switch (json, stored) {
                case (.integer(let a)?, .integer(let b)) where a == b: return
                case (.string(let a)?, .text(let b)) where a == b: return
                default: Issue.record("seed \(seed), record \(id): \(what) exported as \(String(describing: json)) but stored as \(stored), with no error")
                }
            }
            same(o["fight"], row.0, "fight")
            for (key, column) in [("owner", row.1), ("opponent", row.2)] {
                guard case .object(let h)? = o[key] else { Issue.record("seed \(seed), record \(id): no \(key)"); continue }
                same(h["id"], column, "\(key).id")
                if case .integer(let hid) = column, let stored = humans[hid] {
                    same(h["name"], stored.0, "\(key).name")
                    same(h["kind"], stored.1, "\(key).kind")
                }
            }
            if case .integer(let d) = row.3 { same(o["date"], .text(ISODate.format(d)), "date") } else { same(o["date"], row.3, "date") }
            same(o["result"], row.4, "result")
        }
    }

    @Test func edgeDatabasesNeverTrapNeverLeakControlsAndRoundTripOrAreRefused() throws {
        let dir = TempDir()
        for seed in UInt64(1)...60 { try Self.check(seed: seed, in: dir) }
    }
}
