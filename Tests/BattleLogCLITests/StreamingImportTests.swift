import Foundation
import Testing
@testable import BattleLogCLI
import BattleLogKit
import SQLiteDB

/// `import` reads and writes in one pass inside one transaction (issue 12): the first bad line,
/// wherever it is, rolls everything back and is named; a database it created goes again.
@Suite struct StreamingImportTests {
    func exportLines(_ dir: TempDir, fights: Int) -> [String] {
        let db = dir.file("source.sqlite")
        _ = cli(["simulate", "--fights", String(fights), "--seed", "5"], db: db)
        return cli(["export"], db: db).out.split(separator: "\n").map(String.init)
    }

    func write(_ lines: [String], _ path: String) {
        FileManager.default.createFile(atPath: path, contents: Data((lines.joined(separator: "\n") + "\n").utf8))
    }

    @Test func aBadLastLineRollsBackEverythingBeforeIt() throws {
        let dir = TempDir()
        let lines = exportLines(dir, fights: 300)
        // An existing database holding the first 100 fights.
        let target = dir.file("target.sqlite"), first = dir.file("first.jsonl")
        write(Array(lines.prefix(200)), first)
        #expect(cli(["import", first], db: target).status == 0)
        let before = cli(["export"], db: target).out
        // The other 200 fights, then a bad line: nothing of the 400 good lines stays.
        let file = dir.file("bad-last.jsonl")
        write(Array(lines.dropFirst(200)) + [#"{"id":"x"}"#], file)
        let run = cli(["import", file], db: target)
        #expect(run.status == 1 && run.err.contains("line 401: \"id\" must be an integer, found a string"), "\(run.err)")
        #expect(cli(["export"], db: target).out == before)
        #expect(cli(["doctor"], db: target).status == 0)
        // Into a new database: it is not left behind, nor its -wal or -shm.
        let fresh = dir.file("fresh.sqlite")
        #expect(cli(["import", file], db: fresh).status == 1)
        for suffix in ["", "-wal", "-shm", "-journal"] { #expect(!FileManager.default.fileExists(atPath: fresh + suffix), "\(suffix)") }
    }

    /// Into a database with no records the import keeps a rollback journal, not the WAL (which
    /// would hold every record once more); the file is back in WAL mode after, whole.
    @Test func anImportIntoAnEmptyDatabaseWritesNoWALAndEndsInWALMode() throws {
        let dir = TempDir()
        let lines = exportLines(dir, fights: 400)
        let file = dir.file("all.jsonl"), target = dir.file("empty.sqlite")
        write(lines, file)
        _ = try BattleStore(path: target)   // made empty first, in WAL mode
        #expect(cli(["import", file], db: target).status == 0)
        let db = try Database(path: target)
        #expect(try db.prepare("PRAGMA journal_mode").first { $0.string(0) } == "wal")
        #expect(!FileManager.default.fileExists(atPath: target + "-journal"))
        #expect(cli(["export"], db: target).out == lines.joined(separator: "\n") + "\n")
        #expect(cli(["doctor"], db: target).status == 0)
        // The journal mode the import ran in: its journal is a file beside the database.
        let again = dir.file("again.sqlite")
        _ = try BattleStore(path: again)
        let p = try ChildProcess([try requireBinary(), "--db", again, "import", file])
        var sawJournal = false, largestWAL: Int64 = 0
        while p.isRunning {
            var s = stat()
            if stat(again + "-journal", &s) == 0 { sawJournal = true }
            if stat(again + "-wal", &s) == 0 { largestWAL = max(largestWAL, Int64(s.st_size)) }
            usleep(200)
        }
        #expect(p.wait() == .exited(0))
        #expect(sawJournal && largestWAL < 1 << 20, "journal seen: \(sawJournal), largest WAL: \(largestWAL) bytes")
    }

    /// A command opening the database while an import into it (empty) runs waits for the
    /// commit, saying so, and then reads every record: never an error, never a part.
    @Test func aReaderBesideAnImportIntoAnEmptyDatabaseWaitsForItsCommit() throws {
        let dir = TempDir()
        let lines = exportLines(dir, fights: 6000)
        let file = dir.file("all.jsonl"), target = dir.file("target.sqlite")
        write(lines, file)
        _ = try BattleStore(path: target)
        let p = try ChildProcess([try requireBinary(), "--db", target, "import", file])
        var s = stat()
        while p.isRunning && stat(target + "-journal", &s) != 0 { usleep(200) }
        let reader = cli(["list", "--limit", "1", "--json"], db: target)
        #expect(reader.status == 0, "\(reader.err)")
        #expect(reader.out.contains("\"id\":12000,"), "\(reader.out.prefix(200))")
        #expect(p.wait() == .exited(0))
        print("reader beside the import: \(reader.err.isEmpty ? "the import had ended" : reader.err)")
    }

    @Test func fightsAreCheckedAsTheyStreamIn() throws {
        let dir = TempDir()
        let lines = exportLines(dir, fights: 50)
        // A fight whose second record never comes: named by its line.
        let cut = dir.file("cut.jsonl")
        write(Array(lines.dropLast()), cut)
        let missing = cli(["import", cut], db: dir.file("a.sqlite"))
        #expect(missing.status == 1 && missing.err.contains("line 99: record 99: fight 50 has only this record in the file"), "\(missing.err)")
        // A record twice.
        let twice = dir.file("twice.jsonl")
        write(lines + [lines[0]], twice)
        let dup = cli(["import", twice], db: dir.file("b.sqlite"))
        #expect(dup.status == 1 && dup.err.contains("line 101: record 1"), "\(dup.err)")
        // The two records of a fight apart in the file (reversed order): still whole, imported.
        let reversed = dir.file("reversed.jsonl")
        write(lines.reversed(), reversed)
        let back = dir.file("c.sqlite")
        let run = cli(["import", reversed], db: back)
        #expect(run.status == 0, "\(run.err)")
        #expect(run.err.contains("imported 100 records"))
        #expect(cli(["export"], db: back).out.split(separator: "\n").map(String.init) == lines)
        #expect(cli(["doctor"], db: back).status == 0)
    }
}
