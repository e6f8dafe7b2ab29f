import Foundation
import Testing
@testable import BattleLogCLI
import BattleLogKit
import SQLiteDB

/// `battlelog backup DEST` (issue 20): one snapshot while writers commit, verified, never a
/// half file at DEST, never a replaced one.
@Suite struct BackupTests {
    /// The copy is a whole battlelog database: doctor finds nothing wrong (integrity, whole
    /// fights, the kept summaries against the records: a mix of two snapshots would fail them).
    func expectWholeCopy(_ path: String, _ context: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let doctor = cli(["doctor"], db: path)
        #expect(doctor.status == 0, "\(context): \(doctor.out)", sourceLocation: sourceLocation)
        #expect(doctor.out.contains("fights: ok") && doctor.out.contains("summaries: ok"), "\(context): \(doctor.out)", sourceLocation: sourceLocation)
    }

    @Test func aCopyBesideAWriterIsOneSnapshot() throws {
        let binary = try requireBinary()
        let dir = TempDir()
        let db = dir.file("live.sqlite")
        _ = cli(["simulate", "--fights", "500", "--seed", "2"], db: db)
        // Another process commits a small batch every few milliseconds throughout.
        let writer = try ChildProcess([binary, "--db", db, "simulate", "--fights", "10000000", "--batch", "5"])
        defer { writer.send(SIGKILL); _ = writer.wait() }
        var counts = Set<Int>()
        for round in 0..<3 {
            let copy = dir.file("copy-\(round).sqlite")
            let r = cli(["backup", copy], db: db)
            #expect(r.status == 0, "\(r.err)")
            #expect(r.err.contains("verified"), "\(r.err)")
            expectWholeCopy(copy, "round \(round)")
            let store = try BattleStore(path: copy, readOnly: true)
            counts.insert(try store.recordCount())
            #expect(try store.recordCount() % 2 == 0)
        }
        // The writer did move on between the copies.
        #expect(counts.count > 1, "\(counts)")
    }

    @Test func anExistingFileAMissingFolderAndAFullDiskAreRefusedLeavingNothing() throws {
        let binary = try requireBinary()
        let dir = TempDir()
        let db = dir.file("b.sqlite")
        _ = cli(["simulate", "--fights", "4000", "--seed", "3"], db: db)
        let existing = dir.file("existing.sqlite")
        try "keep me".write(toFile: existing, atomically: true, encoding: .utf8)
        let refused = cli(["backup", existing], db: db)
        #expect(refused.status == 1 && refused.err.contains("exists; a backup never replaces a file"), "\(refused.err)")
        #expect(try String(contentsOfFile: existing, encoding: .utf8) == "keep me")
        let folder = cli(["backup", dir.path], db: db)
        #expect(folder.status == 1 && folder.err.contains("is a folder; give the backup a file name"), "\(folder.err)")
        #expect(cli(["backup", ""], db: db).status == 2)
        let nowhere = cli(["backup", dir.file("no/such/b.sqlite")], db: db)
        #expect(nowhere.status == 1 && nowhere.err.contains("does not exist; make it first"))
        #expect(cli(["backup"], db: db).status == 2)
        // A disk that fills up (a file size limit of 512 KiB): a clean failure naming DEST.
        let full = dir.file("full.sqlite")
        let r = try ChildProcess.run(["bash", "-c", "ulimit -f 512; exec '\(binary)' --db '\(db)' backup '\(full)'"])
        #expect(r.status == 1, "\(r.err)")
        #expect(r.err.hasPrefix("battlelog: \(full): the backup failed:") && r.err.contains("nothing was written there"), "\(r.err)")
        let left = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.contains("full") }
        #expect(left.isEmpty, "\(left)")
    }

    @Test func aKillAtAnyInstantLeavesNoFileOrAWholeOne() throws {
        let binary = try requireBinary()
        let dir = TempDir()
        let db = dir.file("k.sqlite")
        _ = cli(["simulate", "--fights", "30000", "--seed", "4"], db: db)
        var rng = SeededGenerator(seed: 20)
        var whole = 0, none = 0
        for round in 0..<12 {
            let copy = dir.file("k-\(round).sqlite")
            let p = try ChildProcess([binary, "--db", db, "backup", copy])
            usleep(UInt32(rng.next(in: 0...250_000)))
            p.send(SIGKILL)
            _ = p.wait()
            if FileManager.default.fileExists(atPath: copy) { expectWholeCopy(copy, "round \(round)"); whole += 1 } else { none += 1 }
        }
        #expect(whole + none == 12)
        // Ctrl-C or SIGTERM at any instant: no file or a whole one, and no temporary file either.
        for round in 0..<8 {
            let copy = dir.file("i-\(round).sqlite")
            let p = try ChildProcess([binary, "--db", db, "backup", copy])
            usleep(UInt32(rng.next(in: 0...250_000)))
            p.send(round % 2 == 0 ? SIGINT : SIGTERM)
            let ended = p.wait()
            if FileManager.default.fileExists(atPath: copy) {
                #expect(ended == .exited(0))
                expectWholeCopy(copy, "signal round \(round)")
            } else {
                #expect(ended == .exited(130), "round \(round): \(ended)")
            }
            let left = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasPrefix(".i-\(round).sqlite.backup") }
            #expect(left.isEmpty, "round \(round) left \(left)")
        }
    }

    @Test func aReadOnlyDatabaseIsBackedUp() throws {
        let (binary, copyFolder) = try binaryCopyForAnotherUser()
        defer { _ = copyFolder }
        let dir = TempDir()
        let db = try dir.databaseInReadOnlyFolder(fights: 300, seed: 5)
        let before = FileManager.default.contents(atPath: db)
        let copy = dir.file("from-ro.sqlite")
        let r = try ChildProcess.run(asAnotherUser + [binary, "--db", db, "backup", copy])
        #expect(r.status == 0, "\(r.err)")
        #expect(FileManager.default.contents(atPath: db) == before)
        expectWholeCopy(copy, "read-only source")
        #expect(try BattleStore(path: copy, readOnly: true).recordCount() == 600)
    }
}
