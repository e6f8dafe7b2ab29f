import Foundation
import Testing
import BattleLogKit
import SQLiteDB

/// Bad database files: a clear one-line error, the right exit status, the file unchanged.
@Suite(.serialized) struct BadFileTests {
    /// Runs read and write commands on `path` and checks each fails with `message`, leaving the bytes as they were.
    func expectRefused(_ path: String, message: String, commands: [[String]] = [["list"], ["show", "1"], ["stats"], ["export"], ["doctor"], ["simulate", "--fights", "3"], ["import", "/dev/null"]],
                       sourceLocation: SourceLocation = #_sourceLocation) {
        let before = FileManager.default.contents(atPath: path)
        for command in commands {
            let r = cli(command, db: path)
            #expect(r.status == 1, "\(command): \(r.err)", sourceLocation: sourceLocation)
            #expect(r.err.hasPrefix("battlelog: ") && r.err.contains(message), "\(command): \(r.err)", sourceLocation: sourceLocation)
            #expect(r.err.split(separator: "\n").count == 1, "\(command): \(r.err)", sourceLocation: sourceLocation)
            #expect(FileManager.default.contents(atPath: path) == before, "\(command) changed the file", sourceLocation: sourceLocation)
        }
    }

    @Test func emptyRandomFolderNewer() throws {
        let dir = TempDir()
        let empty = dir.file("empty.sqlite")
        #expect(FileManager.default.createFile(atPath: empty, contents: Data()))
        expectRefused(empty, message: "is an empty file")

        var generator = SeededGenerator(seed: 5)
        let random = dir.file("random.sqlite")
        #expect(FileManager.default.createFile(atPath: random, contents: Data((0..<20_000).map { _ in UInt8(truncatingIfNeeded: generator.next()) })))
        expectRefused(random, message: "is not a SQLite database")

        expectRefused(dir.path, message: "is a folder")

        let newer = dir.file("newer.sqlite")
        _ = cli(["simulate", "--fights", "10", "--seed", "1"], db: newer)
        try Database(path: newer).execute(script: "PRAGMA user_version = 42")
        expectRefused(newer, message: "was written by a newer battlelog (schema version 42")

        let foreign = dir.file("foreign.sqlite")
        try Database(path: foreign).execute(script: "CREATE TABLE notes(x); INSERT INTO notes VALUES ('hello')")
        expectRefused(foreign, message: "is a SQLite database, but not a battlelog one")
    }

    @Test func truncatedDatabase() throws {
        let dir = TempDir()
        let path = dir.file("t.sqlite")
        _ = cli(["simulate", "--fights", "3000", "--seed", "1"], db: path)
        let full = try #require(FileManager.default.contents(atPath: path))
        let truncated = dir.file("truncated.sqlite")
        #expect(FileManager.default.createFile(atPath: truncated, contents: full.prefix(full.count / 3)))
        let before = FileManager.default.contents(atPath: truncated)
        for command in [["list"], ["export"], ["doctor"], ["stats"], ["simulate", "--fights", "3"]] {
            let r = cli(command, db: truncated)
            #expect(r.status == 1, "\(command): \(r.err)")
            #expect(r.err.contains("damaged") || r.err.contains("malformed"), "\(command): \(r.err)")
            #expect(r.err.split(separator: "\n").count == 1)
        }
        #expect(FileManager.default.contents(atPath: truncated) == before)
    }

    @Test func readOnlyFileBrowsesButRefusesWrites() throws {
        let dir = TempDir()
        let path = dir.file("ro.sqlite")
        _ = cli(["simulate", "--fights", "40", "--seed", "1"], db: path)
        // Root ignores permission bits: make the file immutable instead (ext4), else read-only.
        let immutable = getuid() == 0
        if immutable {
            let chattr = try ChildProcess.run(["chattr", "+i", path])
            try #require(chattr.status == 0, "chattr +i failed: cannot make a read-only file as root here: \(chattr.err)")
        } else {
            try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: path)
        }
        defer {
            if immutable {
                _ = try? ChildProcess.run(["chattr", "-i", path])
            }
        }
        let before = FileManager.default.contents(atPath: path)
        let list = cli(["list", "--limit", "5"], db: path)
        #expect(list.status == 0, "\(list.err)")
        #expect(list.out.split(separator: "\n").count == 6)
        #expect(cli(["show", "1"], db: path).status == 0)
        #expect(cli(["doctor"], db: path).status == 0)
        let write = cli(["simulate", "--fights", "5"], db: path)
        #expect(write.status == 1)
        #expect(write.err.contains("read-only"), "\(write.err)")
        #expect(FileManager.default.contents(atPath: path) == before)
    }

    @Test func lockedByAnotherWriter() throws {
        let dir = TempDir()
        let path = dir.file("locked.sqlite")
        _ = cli(["simulate", "--fights", "20", "--seed", "1"], db: path)
        let holder = try Database(path: path)
        try holder.execute(script: "BEGIN IMMEDIATE; INSERT INTO human(name, kind) VALUES ('Holder', 'hero')")
        defer { try? holder.execute(script: "ROLLBACK") }
        // Readers are not blocked (WAL) ...
        let list = cli(["list", "--limit", "3"], db: path)
        #expect(list.status == 0, "\(list.err)")
        // ... a writer waits for the busy timeout, then says so.
        let started = Date()
        let write = cli(["simulate", "--fights", "5"], db: path)
        #expect(write.status == 1)
        #expect(write.err.contains("locked by another process"), "\(write.err)")
        #expect(Date().timeIntervalSince(started) >= 4)
        try holder.execute(script: "ROLLBACK")
        #expect(cli(["doctor"], db: path).status == 0)
        #expect(try BattleStore(path: path).recordCount() == 40)
    }
}
