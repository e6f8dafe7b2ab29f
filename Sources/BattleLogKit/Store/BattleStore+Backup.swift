import BattleLogFoundation
import Foundation
import SQLiteDB

/// What a backup copied: one snapshot's counts, the bytes written.
public struct BackupSummary: Sendable, Equatable {
    public var records = 0
    public var humans = 0
    public var bytes = 0
}

extension BattleStore {
    /// Writes a consistent copy of the store to `destination` while other processes go on
    /// committing, and returns what it copied.
    ///
    /// SQLite's online backup API copies the pages of one read snapshot (held open on this
    /// connection for the whole copy, so a writer's commits never mix into it), a step at a time
    /// for `progress(copiedBytes, totalBytes)`. `VACUUM INTO` would also copy one snapshot, but
    /// gives no progress and rebuilds every table and index (minutes for millions of records).
    ///
    /// The copy is written to a temporary file beside `destination`, checked (SQLite's
    /// `integrity_check`, the schema version and application id, the counts of Humans and
    /// records against the snapshot's), synced, and only then linked into place: a kill at any
    /// instant leaves no file or a whole one at `destination`. An existing `destination` is never
    /// replaced; a folder that does not exist is not made. On failure nothing is left behind.
    ///
    /// `shouldStop` is asked between steps and while the copy is checked: when it says stop, the
    /// backup ends with `StoreError.interrupted` and leaves nothing (Ctrl-C, SIGTERM).
    /// `verifying` is told when the copy is whole and its check begins.
    /// Refuses a destination a backup cannot be written to: an existing file or folder, a
    /// folder that does not exist, an empty name. (A command asks before opening the store,
    /// so that a mistyped name costs no long open.)
    public static func checkBackupDestination(_ destination: String) throws(StoreError) {
        guard !destination.isEmpty else { throw .backupFailed(path: destination, reason: "no file name") }
        var info = stat()
        if stat(destination, &info) == 0 {
            if (info.st_mode & S_IFMT) == S_IFDIR { throw .destinationIsAFolder(path: destination) }
            throw .destinationExists(path: destination)
        }
        let folder = PathParts.folder(of: destination)
        if !folder.isEmpty, stat(folder, &info) != 0 || (info.st_mode & S_IFMT) != S_IFDIR {
            throw .noSuchFolder(path: destination, folder: folder)
        }
    }

    @discardableResult
    public func backup(to destination: String, progress: (_ copied: Int, _ total: Int) -> Void = { _, _ in },
                       verifying: () -> Void = {},
                       shouldStop: @escaping @Sendable () -> Bool = { false }) throws(StoreError) -> BackupSummary {
        try Self.checkBackupDestination(destination)
        var info = stat()
        let folder = PathParts.folder(of: destination)
        let name = PathParts.name(of: destination)
        let temporary = "\(folder.isEmpty ? "." : folder)/.\(name).backup-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        defer { for suffix in ["", "-journal", "-wal", "-shm"] { unlink(temporary + suffix) } }
        func failed(_ error: any Error) -> StoreError {
            if let e = error as? StoreError { return e }
            if let e = error as? SQLiteError {
                // What goes wrong writing the copy is about the destination, not the database.
                if e.isDiskFull || e.isIOError || e.isCantOpen || e.isReadOnly {
                    return .backupFailed(path: destination, reason: e.isDiskFull ? "the disk is full" : e.message)
                }
            }
            return StoreError(classifying: error, path: path, creating: false)
        }
        var summary = BackupSummary()
        let pageSize: Int
        do {
            pageSize = Int(try db.scalarInt("PRAGMA page_size") ?? 4096)
            var expected = (records: 0, humans: 0, version: 0, application: Int64(0))
            do {
                let copy = try Database(path: temporary, mode: .readWriteCreate)
                // The copy's last step commits with a full sync: what is linked into place is on disk.
                try copy.execute(script: "PRAGMA synchronous = FULL")
                try db.readTransaction {
                    expected.records = Int(try db.scalarInt("SELECT count(*) FROM record") ?? 0)
                    expected.humans = Int(try db.scalarInt("SELECT count(*) FROM human") ?? 0)
                    expected.version = try db.userVersion()
                    expected.application = try db.scalarInt("PRAGMA application_id") ?? 0
                    try db.backup(into: copy) { copied, total in
                        progress(copied * pageSize, total * pageSize)
                        return !shouldStop()
                    }
                }
                // One self-contained file (no -wal beside it), which also opens in a read-only
                // folder; battlelog turns WAL on again at the first writable open.
                try copy.execute(script: "PRAGMA journal_mode = DELETE")
            }
            // Checked through a connection of its own, as the next user of the file will read it.
            verifying()
            let check = try Database(path: temporary, mode: .readOnly)
            check.setProgressHandler(shouldStop)
            let integrity = try check.prepare("PRAGMA integrity_check").map([]) { $0.string(0) ?? "" }
            guard integrity == ["ok"] else {
                throw StoreError.backupFailed(path: destination, reason: "the copy failed its integrity check: \(integrity.prefix(3).joined(separator: "; "))")
            }
            let found = (records: Int(try check.scalarInt("SELECT count(*) FROM record") ?? -1),
                         humans: Int(try check.scalarInt("SELECT count(*) FROM human") ?? -1),
                         version: try check.userVersion(), application: try check.scalarInt("PRAGMA application_id") ?? 0)
            guard found == expected else {
                throw StoreError.backupFailed(path: destination, reason: "the copy holds \(found.records) records and \(found.humans) Humans (schema \(found.version)), the snapshot \(expected.records) and \(expected.humans) (schema \(expected.version))")
            }
            summary.records = expected.records
            summary.humans = expected.humans
        } catch let e as SQLiteError where e.isInterrupt {
            throw .interrupted
        } catch {
            throw failed(error)
        }
        if shouldStop() { throw .interrupted }
        if stat(temporary, &info) == 0 { summary.bytes = Int(info.st_size) }
        // `link` never replaces: a file that appeared at the destination meanwhile is kept.
        guard link(temporary, destination) == 0 else {
            if errno == EEXIST { throw .destinationExists(path: destination) }
            throw .backupFailed(path: destination, reason: String(cString: strerror(errno)))
        }
        // The new name on disk too.
        let dir = open(folder.isEmpty ? "." : folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if dir >= 0 { fsync(dir); close(dir) }
        return summary
    }
}
