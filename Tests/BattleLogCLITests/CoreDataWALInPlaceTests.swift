import Foundation
import Testing
import SQLiteDB

/// A store with a live -wal is read in place, never copied (issue 40): by a user who may write
/// neither its folder nor its files, with the -wal's commits, every byte left as it was.
@Suite struct CoreDataWALInPlaceTests {
    static let wild = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../CoreDataKitTests/Fixtures/wild").standardized.path

    @Test func aLiveWALStoreIsReadInPlaceByAUserWhoCanWriteNothing() throws {
        let dir = TempDir()
        // A copy of the binary the other user can reach, wherever the build folder is.
        let binary = dir.file("battlelog")
        try FileManager.default.copyItem(atPath: try requireBinary(), toPath: binary)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: binary)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: dir.path)
        let folder = dir.file("store")
        let temporary = dir.file("tmp")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: temporary, withIntermediateDirectories: true)
        let name = "iLEAPP-ios17-TruthSocial-ChatModel.sqlite"
        for suffix in ["", "-wal", "-shm"] {
            try FileManager.default.copyItem(atPath: Self.wild + "/" + name + suffix, toPath: folder + "/" + name + suffix)
            try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: folder + "/" + name + suffix)
        }
        // What SQLite itself reads with the -wal's commits (a scratch copy opened for writing).
        let scratch = dir.file("scratch.sqlite")
        try FileManager.default.copyItem(atPath: folder + "/" + name, toPath: scratch)
        try FileManager.default.copyItem(atPath: folder + "/" + name + "-wal", toPath: scratch + "-wal")
        let db = try Database(path: scratch, mode: .readWrite)
        let events = try db.scalarInt("SELECT count(*) FROM ZMANAGEDEVENTBASE") ?? -1
        let immutable = try Database(path: folder + "/" + name, mode: .immutable).scalarInt("SELECT count(*) FROM ZMANAGEDEVENTBASE") ?? -1
        #expect(events != immutable, "the -wal changes what the main file holds")

        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: folder)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder) }
        let before = try FileManager.default.contentsOfDirectory(atPath: folder).sorted().map { ($0, FileManager.default.contents(atPath: folder + "/" + $0)) }
        let run = try ChildProcess.run(["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", "--", binary,
                                        "coredata", "dump", folder + "/" + name, "--json", "--entity", "ManagedEventBase"],
                                       environment: ["TMPDIR": temporary, "HOME": temporary, "PATH": "/usr/bin:/bin"])
        #expect(run.status == 0, "\(run.err)")
        #expect(run.out.split(separator: "\n").count == events, "every row, the -wal's too")
        let after = try FileManager.default.contentsOfDirectory(atPath: folder).sorted().map { ($0, FileManager.default.contents(atPath: folder + "/" + $0)) }
        #expect(after.map(\.0) == before.map(\.0) && zip(after, before).allSatisfy { $0.1 == $1.1 }, "the store, its -wal and -shm are byte-identical")
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary).isEmpty, "nothing was copied")
    }
}
