import Foundation
import Testing
import BattleLogKit

/// The write-ahead log stays bounded (issue 20, `WALBound`): a reader that holds one snapshot
/// makes writers wait at the bound, holding no lock, and they go on once it lets go.
@Suite struct WALBoundTests {
    /// A reader in another process holding one snapshot of `db` until `release` exists.
    func pinSnapshot(_ db: String, release: String, dir: TempDir) throws -> ChildProcess {
        let pinned = dir.file("pinned")
        let script = """
            import sqlite3, os, time
            c = sqlite3.connect(\(String(reflecting: db)), isolation_level=None)
            c.execute("BEGIN"); c.execute("SELECT count(*) FROM record").fetchone()
            open(\(String(reflecting: pinned)), "w").write("pinned")
            while not os.path.exists(\(String(reflecting: release))): time.sleep(0.05)
            c.execute("COMMIT"); c.close()
            """
        let p = try ChildProcess(["python3", "-c", script])
        let deadline = Date().addingTimeInterval(20)
        while !FileManager.default.fileExists(atPath: pinned) && Date() < deadline { usleep(20_000) }
        try #require(FileManager.default.fileExists(atPath: pinned), "the reader never took its snapshot")
        return p
    }

    func logBytes(_ db: String) -> Int64 {
        ((try? FileManager.default.attributesOfItem(atPath: db + "-wal"))?[.size] as? Int64) ?? 0
    }

    @Test func writersWaitAtTheBoundWhileAReaderHoldsTheLogThenGoOn() throws {
        let binary = try requireBinary()
        let dir = TempDir()
        let db = dir.file("bounded.sqlite")
        _ = cli(["simulate", "--fights", "100", "--seed", "1"], db: db)
        let release = dir.file("release")
        let reader = try pinSnapshot(db, release: release, dir: dir)
        // A bound of 2 MB; the simulation writes about 10 MB in batches of 200 fights.
        var environment = ProcessInfo.processInfo.environment
        environment["BATTLELOG_WAL_MB"] = "2"
        let err = dir.file("simulate.err")
        let writer = try ChildProcess([binary, "--db", db, "simulate", "--fights", "12000", "--batch", "200", "--seed", "2"],
                                      environment: environment, stderr: err)
        var largest: Int64 = 0
        let until = Date().addingTimeInterval(4)
        while Date() < until && writer.isRunning {
            largest = max(largest, logBytes(db))
            usleep(20_000)
        }
        // Held at the bound (plus at most one batch), still running, and saying why.
        #expect(writer.isRunning, "the writer should be waiting for the reader")
        #expect(largest > 1 << 20, "the log should have grown to its bound: \(largest)")
        #expect(largest <= 3 << 20, "the log passed its bound of 2 MB: \(largest) bytes")
        let said = (try? String(contentsOfFile: err, encoding: .utf8)) ?? ""
        #expect(said.components(separatedBy: "waiting for a reader to finish").count == 2, "\(said)")
        // The reader lets go: the writer empties the log and finishes, every fight written.
        FileManager.default.createFile(atPath: release, contents: nil)
        _ = reader.wait(atMost: 20)
        #expect(writer.wait(atMost: 120) == .exited(0), "\((try? String(contentsOfFile: err, encoding: .utf8)) ?? "")")
        let count = try ChildProcess.run(["python3", "-c", "import sqlite3; print(sqlite3.connect(\(String(reflecting: db))).execute('SELECT count(DISTINCT fight) FROM record').fetchone()[0])"])
        #expect(count.out.trimmingCharacters(in: .whitespacesAndNewlines) == "12100")
        #expect(logBytes(db) <= 3 << 20)
    }

    @Test func aBadBoundIsAUsageError() throws {
        let binary = try requireBinary()
        let dir = TempDir()
        var environment = ProcessInfo.processInfo.environment
        for bad in ["0", "-5", "12x", "9999999"] {
            environment["BATTLELOG_WAL_MB"] = bad
            let r = try ChildProcess.run([binary, "--db", dir.file("x.sqlite"), "stats"], environment: environment)
            #expect(r.status == 2)
            #expect(r.err.hasPrefix("battlelog: BATTLELOG_WAL_MB must be a whole number of megabytes from 1 to 1048576, got \"\(bad)\""), "\(r.err)")
            #expect(!FileManager.default.fileExists(atPath: dir.file("x.sqlite")))
        }
    }
}
