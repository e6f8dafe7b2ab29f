import Foundation
import Testing
@testable import BattleLogCLI
import BattleLogKit

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
        #expect(run.status == 1 && run.err.contains("line 401: \"id\" must be an integer"), "\(run.err)")
        #expect(cli(["export"], db: target).out == before)
        #expect(cli(["doctor"], db: target).status == 0)
        // Into a new database: it is not left behind, nor its -wal or -shm.
        let fresh = dir.file("fresh.sqlite")
        #expect(cli(["import", file], db: fresh).status == 1)
        for suffix in ["", "-wal", "-shm"] { #expect(!FileManager.default.fileExists(atPath: fresh + suffix), "\(suffix)") }
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
