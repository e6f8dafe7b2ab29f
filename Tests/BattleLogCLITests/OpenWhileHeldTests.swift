import Foundation
import Testing
import BattleLogKit

/// Opening while another process holds the file (issue 20): a battlelog that closes last writes
/// its WAL back holding the database exclusively. Every command waits, says so after a second,
/// and gives up only when nothing has moved in the files for a whole busy timeout.
@Suite struct OpenWhileHeldTests {
    /// Holds `db` exclusively from another process for `seconds`, writing to it every 0.2 s when
    /// `moving` (as a write-back does); returns once the lock is held.
    func hold(_ db: String, seconds: Double, moving: Bool, dir: TempDir) throws -> ChildProcess {
        let flag = dir.file("held-\(UUID().uuidString)")
        let script = """
            import sqlite3, time
            c = sqlite3.connect(\(String(reflecting: db)), isolation_level=None)
            c.execute("PRAGMA locking_mode=EXCLUSIVE")
            c.execute("BEGIN EXCLUSIVE"); c.execute("CREATE TABLE IF NOT EXISTS hold(x)"); c.execute("COMMIT")
            open(\(String(reflecting: flag)), "w").write("held")
            end = time.time() + \(seconds)
            while time.time() < end:
                if \(moving ? "True" : "False"):
                    c.execute("INSERT INTO hold VALUES (randomblob(4096))")
                time.sleep(0.2)
            c.close()
            """
        let p = try ChildProcess(["python3", "-c", script])
        let deadline = Date().addingTimeInterval(20)
        while !FileManager.default.fileExists(atPath: flag) && Date() < deadline { usleep(20_000) }
        try #require(FileManager.default.fileExists(atPath: flag), "the holder never took the lock")
        return p
    }

    @Test func aCommandWaitsSaysSoAndOpensWhenTheHolderLetsGo() throws {
        let binary = try requireBinary()
        let dir = TempDir()
        let db = dir.file("held.sqlite")
        _ = cli(["simulate", "--fights", "50", "--seed", "1"], db: db)
        // Still for 2.5 s, then let go: the command waits, says so once, and succeeds.
        let holder = try hold(db, seconds: 2.5, moving: false, dir: dir)
        let started = Date()
        let r = try ChildProcess.run([binary, "--db", db, "list", "--limit", "1"])
        _ = holder.wait()
        #expect(r.status == 0, "\(r.err)")
        #expect(Date().timeIntervalSince(started) >= 1.5)
        #expect(r.err.components(separatedBy: "waiting for another program").count == 2, "\(r.err)")
        // Writing for 6.5 s (longer than a busy timeout, but moving): the command waits it out.
        let writer = try hold(db, seconds: 6.5, moving: true, dir: dir)
        let long = try ChildProcess.run([binary, "--db", db, "stats"])
        _ = writer.wait()
        #expect(long.status == 0, "\(long.err)")
        // Still for longer than a busy timeout: given up, naming the lock.
        let stuck = try hold(db, seconds: 9, moving: false, dir: dir)
        let refused = try ChildProcess.run([binary, "--db", db, "list", "--limit", "1"])
        _ = stuck.wait()
        #expect(refused.status == 1)
        #expect(refused.err.contains("the database is locked by another process"), "\(refused.err)")
    }

    /// The soak's error, made on purpose: a log of 600 MB (written back in about 2.5 s here), its last connection closing (which
    /// writes it all back holding the file), and a command of each kind started at that moment.
    /// Every one opens and succeeds; none is refused "locked".
    @Test func commandsStartedAsTheLastConnectionWritesBackABigLogAllSucceed() throws {
        let binary = try requireBinary()
        let dir = TempDir()
        let db = dir.file("closing.sqlite")
        _ = cli(["simulate", "--fights", "2000", "--seed", "1"], db: db)
        let closing = dir.file("closing")
        let script = """
            import sqlite3, os
            c = sqlite3.connect(\(String(reflecting: db)), isolation_level=None)
            c.execute("PRAGMA wal_autocheckpoint=0")
            c.execute("BEGIN"); c.execute("CREATE TABLE ballast(x)")
            for _ in range(300): c.execute("INSERT INTO ballast VALUES (randomblob(1048576))")
            c.execute("COMMIT"); c.execute("DELETE FROM ballast")
            open(\(String(reflecting: closing)), "w").write(str(os.path.getsize(\(String(reflecting: db + "-wal")))))
            c.close()
            """
        let writer = try ChildProcess(["python3", "-c", script])
        let deadline = Date().addingTimeInterval(120)
        while !FileManager.default.fileExists(atPath: closing) && Date() < deadline && writer.isRunning { usleep(1_000) }
        try #require(FileManager.default.fileExists(atPath: closing), "the writer never got to close")
        let commands: [[String]] = [["list", "--limit", "5"], ["stats"], ["show", "1"], ["doctor"],
                                    ["simulate", "--fights", "10"], ["export"]]
        let started = commands.enumerated().map { i, c in
            (c, try? ChildProcess([binary, "--db", db] + c, stdout: dir.file("\(i).out"), stderr: dir.file("\(i).err")))
        }
        #expect(writer.wait(atMost: 120) == .exited(0))
        for (i, (command, child)) in started.enumerated() {
            let status = child?.wait(atMost: 120)
            let err = (try? String(contentsOfFile: dir.file("\(i).err"), encoding: .utf8)) ?? ""
            #expect(status == .exited(0), "\(command): \(err)")
            #expect(!err.contains("locked"), "\(command): \(err)")
        }
        #expect(cli(["doctor"], db: db).status == 0)
    }

    /// A writer started while another battlelog holds the write lock for one long step (making
    /// the grouping index at an upgrade: a minute at ten million records), which sets the log's
    /// time as it goes: the writer waits it out, longer than a busy timeout, and writes. A holder
    /// that is still is given up on after one busy timeout, as before.
    @Test func aWriterWaitsForAnotherBattlelogsLongUpgradeStep() throws {
        let binary = try requireBinary()
        let dir = TempDir()
        let db = dir.file("upgrading.sqlite")
        _ = cli(["simulate", "--fights", "20", "--seed", "1"], db: db)
        func holdWriteLock(seconds: Double, beating: Bool) throws -> ChildProcess {
            let flag = dir.file("locked-\(UUID().uuidString)")
            let script = """
                import sqlite3, time, os
                c = sqlite3.connect(\(String(reflecting: db)), isolation_level=None)
                c.execute("BEGIN IMMEDIATE")
                open(\(String(reflecting: flag)), "w").write("held")
                end = time.time() + \(seconds)
                while time.time() < end:
                    if \(beating ? "True" : "False"):
                        os.utime(\(String(reflecting: db + "-wal")))
                    time.sleep(0.25)
                c.execute("COMMIT"); c.close()
                """
            let p = try ChildProcess(["python3", "-c", script])
            let deadline = Date().addingTimeInterval(20)
            while !FileManager.default.fileExists(atPath: flag) && Date() < deadline { usleep(20_000) }
            try #require(FileManager.default.fileExists(atPath: flag), "the holder never took the lock")
            return p
        }
        let upgrading = try holdWriteLock(seconds: 7, beating: true)
        let started = Date()
        let writer = try ChildProcess.run([binary, "--db", db, "simulate", "--fights", "5", "--seed", "2"])
        _ = upgrading.wait()
        #expect(writer.status == 0, "\(writer.err)")
        #expect(Date().timeIntervalSince(started) >= 6)
        let still = try holdWriteLock(seconds: 8, beating: false)
        let refused = try ChildProcess.run([binary, "--db", db, "simulate", "--fights", "5", "--seed", "3"])
        _ = still.wait()
        #expect(refused.status == 1, "\(refused.err)")
        #expect(refused.err.contains("locked"), "\(refused.err)")
        #expect(cli(["doctor"], db: db).status == 0)
        #expect(cli(["export"], db: db).out.split(separator: "\n").count == 50, "the 20 fights and the waiting writer's 5, two records each")
    }
}
