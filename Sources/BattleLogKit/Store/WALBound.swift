import BattleLogFoundation
import Foundation
import SQLiteDB

/// The bound on the store's write-ahead log.
///
/// SQLite appends every commit to the `-wal` file and copies it back into the database
/// (checkpoints) as it goes, but it can copy back only what no reader still needs, and it can
/// start the log over only when no reader is using it. A reader that holds one snapshot for
/// long (doctor, a backup, a big export) therefore lets the log grow with every commit beside
/// it, and the last connection to close then writes all of it back while holding the file.
///
/// The policy, one rule for every writer: before each write transaction, a writer whose log is
/// above `bytes` copies it back and empties it (a TRUNCATE checkpoint that never waits); while a
/// reader still holds the log, it waits, holding no lock, retrying every 50 ms, says so after a
/// second, and goes on as soon as the reader lets go. Readers are never refused or interrupted.
/// Between those moments SQLite's own checkpoints (every 1,000 pages) and `journal_size_limit`
/// keep the file small. So the log never passes `bytes` by more than one transaction (an
/// import of a big file is one transaction, and its log is as large as the import).
public enum WALBound {
    /// The bound in bytes: 128 MiB unless the program sets another (`BATTLELOG_WAL_MB`) at
    /// start-up, before any store opens.
    public static var bytes: Int64 {
        get { bound.withLock { $0 } }
        set { bound.withLock { $0 = newValue } }
    }
    private static let bound = Locked(defaultBytes)
    public static let defaultBytes: Int64 = 128 << 20
    /// The size the log file is cut back to when it starts over (`PRAGMA journal_size_limit`).
    static let keptBytes: Int64 = 16 << 20
    /// How often a waiting writer tries again.
    static let retryMicroseconds: UInt32 = 50_000

    /// The size of the `-wal` file beside `path` (0 when there is none).
    static func logBytes(of path: String) -> Int64 {
        var info = stat()
        return stat(path + "-wal", &info) == 0 ? Int64(info.st_size) : 0
    }
}

extension BattleStore {
    /// Before a write transaction: when the log is above the bound, empties it, waiting for the
    /// readers that hold it (see `WALBound`). Asks the store's stop handler between tries.
    /// Called by writers only (an immutable store is read-only and never writes).
    func keepTheLogBounded() throws(StoreError) {
        guard WALBound.logBytes(of: path) > WALBound.bytes else { return }
        let started = Date()
        var told = false
        while true {
            let result = try run { try db.checkpointWithoutWaiting(.truncate, busyTimeoutMilliseconds: StoreFile.busyMilliseconds) }
            if !result.busy || WALBound.logBytes(of: path) <= WALBound.bytes { return }
            if !told && Date().timeIntervalSince(started) >= 1 {
                told = true
                waitingNote?("waiting for a reader to finish: the write-ahead log of \(path) is at its bound of \(WALBound.bytes >> 20) MB and is copied back once no reader holds it")
            }
            if stopRequested?() == true { throw .interrupted }
            usleep(WALBound.retryMicroseconds)
        }
    }
}
