import Foundation
import Testing
import BattleLogKit

/// Tests that run the real `battlelog` binary.
@Suite(.serialized) struct ProcessTests {
    @Test func sigintStopsAfterTheCurrentBatchLeavingWholeFights() throws {
        let dir = TempDir()
        let db = dir.file("db.sqlite")
        let errPath = dir.file("simulate.err")
        let p = try ChildProcess([try requireBinary(), "--db", db, "simulate", "--fights", "5000000", "--seed", "4", "--batch", "3000"],
                                 stderr: errPath)
        // Wait until some batches are committed, then interrupt.
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline {
            Thread.sleep(forTimeInterval: 0.2)
            if let s = try? BattleStore(path: db, readOnly: true), (try? s.recordCount()) ?? 0 >= 6000 { break }
        }
        p.send(SIGINT)
        let ended = p.wait(atMost: 60)
        let text = String(decoding: FileManager.default.contents(atPath: errPath) ?? Data(), as: UTF8.self)
        #expect(ended == .exited(130), "\(text)")
        #expect(text.contains("interrupted: saved "), "\(text)")
        let parts = text.components(separatedBy: "interrupted: saved ")
        let saved = parts.count > 1 ? Int(parts[1].split(separator: " ")[0].replacingOccurrences(of: ",", with: "")) ?? -1 : -1
        #expect(saved > 0 && saved % 3000 == 0 && saved < 5_000_000)
        let store = try BattleStore(path: db)
        var perFight: [Int64: Int] = [:]
        try store.forEachRecord { perFight[$0.fight ?? -1, default: 0] += 1 }
        #expect(perFight.count == saved)
        #expect(perFight.values.allSatisfy { $0 == 2 })
        #expect(try store.diagnostics.integrityCheck() == ["ok"])
    }

    @Test func summaryLineWhenStderrIsNotATerminal() throws {
        let dir = TempDir()
        let r = try runBinary(["--db", dir.file("x.sqlite"), "simulate", "--fights", "10", "--seed", "2"])
        #expect(r.status == 0)
        #expect(r.err.hasPrefix("saved 10 of 10 fights (20 records) in "), "\(r.err)")
        #expect(r.err.split(separator: "\n").count == 1)
        #expect(!r.err.contains("\r"))
    }

    @Test func browserRefusesWithoutATerminal() throws {
        let dir = TempDir()
        let r = try runBinary(["--db", dir.file("x.sqlite")])
        #expect(r.status == 1)
        #expect(r.err.contains("needs a terminal"))
        #expect(!FileManager.default.fileExists(atPath: dir.file("x.sqlite")))
    }
}
