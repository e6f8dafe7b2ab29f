import Foundation
import Testing
import BattleLogKit
import SQLiteDB

/// What real use does to a store on purpose: kills, and two processes at once.
@Suite(.serialized) struct ReliabilityTests {
    /// Records per fight, read with SQL (cheap enough to run after every kill).
    static func fightCounts(_ path: String) throws -> [Int64: Int] {
        let db = try Database(path: path, mode: .readOnly)
        var perFight: [Int64: Int] = [:]
        try db.prepare("SELECT fight, count(*) FROM record GROUP BY fight").forEachRow { perFight[$0.int64(0)] = $0.int(1) }
        return perFight
    }

    @Test func sigkillAtTwentyRandomMomentsLosesNothingCommitted() throws {
        let binary = try requireBinary()
        let dir = TempDir()
        var generator = SeededGenerator(seed: 2026)
        var totalSaved = 0
        for round in 0..<20 {
            // A database per round keeps each round's full decode (doctor) small and bounded.
            let db = dir.file("crash-\(round).sqlite")
            let p = try ChildProcess([binary, "--db", db, "simulate", "--fights", "10000000", "--seed", String(round), "--batch", "500"])
            // Odd rounds kill at any moment from the start (schema creation, the first batch);
            // even rounds wait for a committed batch first, so a loaded machine still kills mid-write.
            if round.isMultiple(of: 2) {
                let deadline = Date().addingTimeInterval(60)
                while ((try? Self.fightCounts(db).count) ?? 0) == 0 && Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
            }
            Thread.sleep(forTimeInterval: Double(generator.next(in: 150...700)) / 1000)
            // What is committed just before the kill must survive it.
            let seen = (try? Self.fightCounts(db).count) ?? 0
            p.send(SIGKILL)
            #expect(p.wait() == .signalled(SIGKILL))

            let store = try BattleStore(path: db)
            #expect(try store.diagnostics.integrityCheck() == ["ok"], "round \(round)")
            let fights = try Self.fightCounts(db)
            #expect(fights.values.allSatisfy { $0 == 2 }, "round \(round): a fight lost one of its records")
            #expect(fights.count >= seen, "round \(round): \(fights.count) < \(seen)")
            totalSaved += fights.count
            let doctor = cli(["doctor"], db: db)
            #expect(doctor.status == 0, "round \(round): \(doctor.out)")
            #expect(try BattleStats.fromSummaries(store) == BattleStats.fromScan(store), "round \(round): summaries drifted")
        }
        #expect(totalSaved >= 10 * 500, "ten rounds were killed after a committed batch")
        print("crash safety: 20 SIGKILLs, \(totalSaved) fights committed in all, none lost, none half-written")
    }

    @Test func readersAndAWriterAtOnce() throws {
        let binary = try requireBinary()
        let dir = TempDir()
        let db = dir.file("busy.sqlite")
        _ = cli(["simulate", "--fights", "200", "--seed", "1"], db: db)
        let writerErr = dir.file("writer.err")
        // A writer that outlasts the reading however loaded the machine: it is stopped with
        // Ctrl-C once the readers are done, keeping every batch it committed.
        let writer = try ChildProcess([binary, "--db", db, "simulate", "--fights", "10000000", "--seed", "2", "--batch", "250"],
                                      stderr: writerErr)
        // Six seconds of reading and at least three rounds, every one while the writer runs.
        let deadline = Date().addingTimeInterval(6)
        var reads = 0
        var recordsSeen: [Int] = []
        while Date() < deadline || reads < 3 {
            try #require(writer.isRunning, "the writer stopped after \(reads) rounds")
            let r = try runBinary(["--db", db, "list", "--limit", "400", "--json"])
            #expect(r.status == 0, "\(r.err)")
            #expect(!r.err.contains("locked"))
            // Newest first, a fight's two records are adjacent: only the last one listed may miss its pair.
            var perFight: [Int64: Int] = [:]
            var order: [Int64] = []
            for line in r.out.split(separator: "\n") {
                guard case .object(let o)? = try? JSONParser.parse(String(line)), case .integer(let f)? = o["fight"] else { continue }
                perFight[f, default: 0] += 1
                order.append(f)
            }
            for (fight, n) in perFight where fight != order.last { #expect(n == 2, "fight \(fight) half-visible") }
            let stats = try runBinary(["--db", db, "stats", "--json"])
            #expect(stats.status == 0 && !stats.err.contains("locked"), "\(stats.err)")
            if case .object(let o)? = try? JSONParser.parse(stats.out), case .integer(let n)? = o["records"] { recordsSeen.append(Int(n)) }
            reads += 1
        }
        writer.send(SIGINT)
        let ended = writer.wait(atMost: 60)
        let err = String(decoding: FileManager.default.contents(atPath: writerErr) ?? Data(), as: UTF8.self)
        #expect(ended == .exited(130), "\(err)")
        #expect(!err.contains("locked"))
        // Ctrl-C keeps every batch it reported saved: "interrupted: saved 3,750 of 10,000,000 fights".
        let saved = err.components(separatedBy: "interrupted: saved ").last?.prefix { $0 != " " }.filter(\.isNumber)
        print("readers and a writer: \(reads) list+stats rounds beside a running simulate, no lock error, nothing lost")
        // The readers saw the writer's batches arrive, and each count was a whole number of fights.
        #expect(recordsSeen.count == reads && recordsSeen.last! > recordsSeen.first!, "\(recordsSeen)")
        #expect(recordsSeen.allSatisfy { $0 % 2 == 0 }, "\(recordsSeen)")
        let fights = try Self.fightCounts(db)
        #expect(fights.count == 200 + (Int(saved ?? "") ?? -1), "\(err)")
        #expect(fights.count * 2 >= recordsSeen.last!)
        #expect(fights.values.allSatisfy { $0 == 2 })
    }
}
