import Foundation
import Testing
import BattleLogKit
import BattleLogPresentation
import SQLiteDB

/// Many connections and many processes on one database, as people use it: nothing lost, no lock
/// dropped, no false alarm, no shared fight id, no failed write reported as success.
@Suite(.serialized) struct ConcurrencyTests {
    /// Every fight is two records of two different Humans, each the other's opponent.
    static func expectWholeFights(_ path: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> Int {
        let db = try Database(path: path, mode: .readOnly)
        var fights = 0
        try db.prepare("""
            SELECT fight, count(*), count(DISTINCT owner_id), min(owner_id) = min(opponent_id) AND max(owner_id) = max(opponent_id)
            FROM record GROUP BY fight
            """).forEachRow { row in
            fights += 1
            if row.int(1) != 2 || row.int(2) != 2 || row.int(3) != 1 {
                Issue.record("fight \(row.int64(0)): \(row.int(1)) records of \(row.int(2)) Humans", sourceLocation: sourceLocation)
            }
        }
        return fights
    }

    @Test func twoStoresInOneProcessKeepTheirLocksWhileAnotherProcessWrites() throws {
        let dir = TempDir()
        let db = dir.file("locks.sqlite")
        let first = try BattleStore(path: db)
        try SimulationRun(fights: 20, seed: 1).run(on: first)
        // A second store on the same path in the same process (the browser's filter search and
        // simulation do this). Opening it must not drop the first one's locks.
        let second = try BattleStore(path: db, readOnly: true)
        _ = try second.recordCount()
        let before = try first.dataVersion()
        let r = try runBinary(["--db", db, "simulate", "--fights", "30", "--seed", "2"])
        #expect(r.status == 0, "\(r.err)")
        // The other process could not take the exclusive lock to checkpoint and delete the WAL:
        // this process still holds its shared locks.
        #expect(FileManager.default.fileExists(atPath: db + "-wal"), "the WAL was deleted under open connections")
        #expect(try first.dataVersion() != before)
        #expect(try first.count(RecordQuery()) == 100)
        #expect(try second.count(RecordQuery()) == 100)
        let list = try runBinary(["--db", db, "list", "--limit", "1"])
        #expect(list.status == 0 && FileManager.default.fileExists(atPath: db + "-wal"))
        try SimulationRun(fights: 5, seed: 3).run(on: first)
        #expect(try first.diagnostics.integrityCheck() == ["ok"])
    }

    @Test func sigkillInsideImportLeavesNoneOrAll() throws {
        let binary = try requireBinary()
        let dir = TempDir()
        let source = dir.file("source.sqlite")
        _ = cli(["simulate", "--fights", "10000", "--seed", "4", "--batch", "5000"], db: source)
        let export = dir.file("all.jsonl")
        #expect(FileManager.default.createFile(atPath: export, contents: Data(cli(["export"], db: source).out.utf8)))
        var generator = SeededGenerator(seed: 9)
        var outcomes: [Int: Int] = [:]
        for round in 0..<8 {
            let db = dir.file("kill-\(round).sqlite")
            _ = try BattleStore(path: db)
            let p = try ChildProcess([binary, "--db", db, "import", export])
            // The kill lands in the writing part: from the first page the import writes (to its
            // rollback journal, as into an empty database; to the WAL otherwise), up to a little
            // past its end.
            let began = Date()
            var wal = stat(), journal = stat()
            while p.isRunning && !(stat(db + "-wal", &wal) == 0 && wal.st_size > 0) && stat(db + "-journal", &journal) != 0
                    && Date().timeIntervalSince(began) < 60 {
                usleep(1000)
            }
            Thread.sleep(forTimeInterval: Double(generator.next(in: 0...1200)) / 1000)
            p.send(SIGKILL)
            _ = p.wait()
            let store = try BattleStore(path: db)
            let count = try store.count(RecordQuery())
            #expect(count == 0 || count == 20_000, "round \(round): \(count) records")
            outcomes[count, default: 0] += 1
            let doctor = cli(["doctor"], db: db)
            #expect(doctor.status == 0, "round \(round): \(doctor.out)")
        }
        print("import killed 8 times while writing: \(outcomes) (records: rounds)")
        #expect(outcomes[0, default: 0] > 0, "no kill landed inside the import: \(outcomes)")
    }

    @Test func doctorBesideAWriterNeverCriesWolf() throws {
        let binary = try requireBinary()
        let dir = TempDir()
        let db = dir.file("doctor.sqlite")
        _ = cli(["simulate", "--fights", "2000", "--seed", "5"], db: db)
        let writer = try ChildProcess([binary, "--db", db, "simulate", "--fights", "10000000", "--seed", "6", "--batch", "200"])
        defer { writer.send(SIGKILL); _ = writer.wait() }
        var runs = 0
        let deadline = Date().addingTimeInterval(8)
        while Date() < deadline || runs < 3 {
            let doctor = try runBinary(["--db", db, "doctor"])
            #expect(doctor.status == 0, "run \(runs): \(doctor.out) \(doctor.err)")
            runs += 1
        }
        #expect(writer.isRunning, "the writer stopped early")
        print("doctor beside a writer: \(runs) runs, no false alarm")
    }

    @Test func writersInSeveralProcessesNeverShareAFightID() throws {
        let binary = try requireBinary()
        let dir = TempDir()
        let db = dir.file("writers.sqlite")
        _ = cli(["simulate", "--fights", "100", "--seed", "7"], db: db)
        let a = try ChildProcess([binary, "--db", db, "simulate", "--fights", "15000", "--seed", "8", "--batch", "500"])
        let b = try ChildProcess([binary, "--db", db, "simulate", "--fights", "15000", "--seed", "9", "--batch", "500"])
        // The browser's `s`: a simulation on a connection of this process.
        let store = try BattleStore(path: db)
        let inProcess = try SimulationRun(fights: 5000, seed: 10, batchSize: 500).run(on: store)
        #expect(a.wait(atMost: 300) == .exited(0))
        #expect(b.wait(atMost: 300) == .exited(0))
        #expect(inProcess == 5000)
        let fights = try Self.expectWholeFights(db)
        #expect(fights == 100 + 15_000 + 15_000 + 5_000)
        let doctor = cli(["doctor"], db: db)
        #expect(doctor.status == 0 && doctor.out.contains("fights: ok"), "\(doctor.out)")
    }

    @Test func aFailedWriteIsAnErrorAndAClosedPipeIsQuiet() throws {
        let binary = try requireBinary()
        let dir = TempDir()
        let db = dir.file("out.sqlite")
        _ = cli(["simulate", "--fights", "2000", "--seed", "11"], db: db)
        for command in [["export"], ["export", "--format", "csv"], ["list", "--json", "--limit", "4000"], ["stats", "--json"]] {
            let full = try ChildProcess.run([binary, "--db", db] + command, stdin: "/dev/null", stdoutPath: "/dev/full")
            #expect(full.status == 1, "\(command) to /dev/full: \(full.status)")
            #expect(full.err == "battlelog: cannot write to standard output (/dev/full): No space left on device\n", "\(command): \(full.err)")
            // A file that can only grow to 64 KiB: the write comes up short (a nearly full disk).
            let file = dir.file("limited.out")
            let limited = try ChildProcess.run(["bash", "-c", "ulimit -f 64; exec '\(binary)' --db '\(db)' \(command.joined(separator: " ")) > '\(file)'"])
            if command != ["stats", "--json"] {
                #expect(limited.status == 1, "\(command) over the size limit: \(limited.status)")
                #expect(limited.err.hasPrefix("battlelog: cannot write to standard output (\(file)): File too large"), "\(limited.err)")
            }
            // A reader that goes away: quiet, status 0, whatever the command.
            let pipe = try ChildProcess.run(["bash", "-c", "'\(binary)' --db '\(db)' \(command.joined(separator: " ")) | head -c 10 > /dev/null; echo ${PIPESTATUS[0]}"])
            #expect(pipe.out == "0\n" && pipe.err.isEmpty, "\(command) into a closed pipe: \(pipe.out) \(pipe.err)")
        }
    }
}

/// The browser left open while other processes write, import, list and check, as the README
/// says people use it.
@Suite(.serialized) struct BrowserBesideOtherProcessesTests {
    @Test func theBrowserKeepsItsLocksAndFollowsEveryCommit() throws {
        let binary = try requireBinary()
        let dir = TempDir()
        let db = dir.file("shared.sqlite")
        _ = cli(["simulate", "--fights", "2000", "--seed", "12"], db: db)
        // Import files with the same roster (same seed) and ids no one else uses.
        let source = dir.file("source.sqlite")
        _ = cli(["simulate", "--fights", "150", "--seed", "12"], db: source)
        let exported = cli(["export"], db: source).out
        let pattern = try NSRegularExpression(pattern: #"^\{"id":(\d+),"fight":(\d+),"#, options: .anchorsMatchLines)
        for round in 1...40 {
            let offset = round * 1_000_000
            var text = ""
            for line in exported.split(separator: "\n") {
                let s = String(line)
                guard let m = pattern.firstMatch(in: s, range: NSRange(s.startIndex..., in: s)),
                      let id = Int(s[Range(m.range(at: 1), in: s)!]), let fight = Int(s[Range(m.range(at: 2), in: s)!]) else { continue }
                text += "{\"id\":\(id + offset),\"fight\":\(fight + offset)," + s[Range(m.range, in: s)!.upperBound...] + "\n"
            }
            #expect(FileManager.default.createFile(atPath: dir.file("import-\(round).jsonl"), contents: Data(text.utf8)))
        }

        let t = try TmuxSession(command: "env LANG=C.UTF-8 TERM=xterm-256color '\(binary)' --db '\(db)' --no-color; echo EXITED $?; sleep 60",
                                columns: 120, rows: 40)
        try t.waitFor("the first frame") { $0.contains("Roster") && $0.contains("4,000 records") }
        // A filter, and a simulation inside the browser: each opens a second connection in the
        // browser's process (the case that used to drop its locks).
        try t.send("f")
        try t.sendLiteral("power >= 9")
        try t.send("Enter")
        try t.waitFor("the filter") { $0.contains("power >= 9") && !$0.contains("counting") }
        try t.send("s")
        try t.send("Enter")
        try t.waitFor("the browser's simulation") { $0.contains("Simulated 1,000 of 1,000 fights") }

        // Twenty seconds of other processes: a writer, an importer, a lister and a doctor.
        let failures = dir.file("failures")
        let loop = { (body: String) -> String in
            "end=$((SECONDS+20)); n=0; while [ $SECONDS -lt $end ]; do n=$((n+1)); if ! err=$({ \(body); } 2>&1 >/dev/null); then echo \"exit $?: $err\" >> '\(failures)'; fi; done; echo $n"
        }
        let B = "'\(binary)' --db '\(db)'"
        let loops = [
            loop("\(B) simulate --fights 400 --batch 50 >/dev/null"),
            loop("i=$((i+1)); [ $i -le 40 ] && \(B) import '\(dir.file("import-"))'$i.jsonl || sleep 0.2"),
            loop("\(B) list --limit 100 --json >/dev/null && \(B) stats >/dev/null"),
            loop("\(B) doctor >/dev/null"),
        ]
        let counts = (0..<loops.count).map { dir.file("count-\($0)") }
        let children = try loops.enumerated().map { i, script in try ChildProcess(["bash", "-c", script], stdout: counts[i]) }
        var screens = 0
        while children.contains(where: \.isRunning) {
            let screen = try t.capture()
            screens += 1
            for bad in ["Error", "rror:", "failed", "damaged", "malformed", "locked"] {
                #expect(!screen.contains(bad), "the browser shows \(bad):\n\(screen)")
            }
            #expect(FileManager.default.fileExists(atPath: db + "-wal"), "the WAL is gone while the browser is open")
            Thread.sleep(forTimeInterval: 0.25)
        }
        for child in children { #expect(child.wait() == .exited(0)) }
        let failed = String(decoding: FileManager.default.contents(atPath: failures) ?? Data(), as: UTF8.self)
        #expect(failed.isEmpty, "outside commands failed:\n\(failed.prefix(2000))")
        let runs = counts.map { String(decoding: FileManager.default.contents(atPath: $0) ?? Data(), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines) }

        // The last outside commit is done: the title reaches the final count within a second.
        let store = try BattleStore(path: db, readOnly: true)
        let final = try store.count(RecordQuery())
        let title = GroupedNumber.text(final) + " records"
        try t.waitFor("the final count \(title) in the title", timeout: 1.0) { $0.split(separator: "\n").first?.contains(title) == true }
        #expect(FileManager.default.fileExists(atPath: db + "-wal"))
        try t.send("q")
        try t.waitFor("the exit") { $0.contains("EXITED 0") }

        #expect(try store.diagnostics.integrityCheck() == ["ok"])
        let fights = try ConcurrencyTests.expectWholeFights(db)
        let doctor = cli(["doctor"], db: db)
        #expect(doctor.status == 0, "\(doctor.out)")
        print("browser beside other processes: 20 s, runs of simulate/import/list+stats/doctor = \(runs), \(screens) screens checked, \(final) records in \(fights) whole fights")
    }
}

@Suite struct InterruptTests {
    @Test func ctrlCStopsTheBatchBeingWrittenAtOnce() throws {
        let binary = try requireBinary()
        let dir = TempDir()
        let db = dir.file("interrupt.sqlite")
        _ = cli(["simulate", "--fights", "100", "--seed", "1"], db: db)
        for wait in [0.8, 2.5] {
            // Batches of 200,000 fights take seconds each: a stop after the batch would be late.
            let p = try ChildProcess([binary, "--db", db, "simulate", "--fights", "100000000", "--batch", "200000", "--seed", "2"])
            Thread.sleep(forTimeInterval: wait)
            let sent = Date()
            p.send(SIGINT)
            let ended = p.wait(atMost: 30)
            let took = Date().timeIntervalSince(sent)
            #expect(ended == .exited(130))
            #expect(took < 1.0, "Ctrl-C took \(took) s to stop the simulation")
        }
        #expect(cli(["doctor"], db: db).status == 0)
    }
}
