import CSQLite

/// Checkpoints of a WAL database (`sqlite3_wal_checkpoint_v2`).
extension Database {
    /// How far a checkpoint goes (SQLite's modes).
    public enum CheckpointMode: Sendable {
        /// Copies back what no reader still needs; never waits.
        case passive
        /// Copies back everything, then empties the log file, when no reader is using the log.
        case truncate

        var value: Int32 { self == .passive ? SQLITE_CHECKPOINT_PASSIVE : SQLITE_CHECKPOINT_TRUNCATE }
    }

    /// What a checkpoint did: the frames in the log and how many of them are in the database now.
    public struct CheckpointResult: Sendable, Equatable {
        /// Another connection held what the checkpoint needed (a reader of the log, a writer).
        public let busy: Bool
        public let logFrames: Int
        public let checkpointedFrames: Int
        /// Every frame of the log is in the database file.
        public var isComplete: Bool { !busy && logFrames == checkpointedFrames }
    }

    /// Runs a checkpoint of `mode` without waiting for other connections (the busy timeout is
    /// set aside for it and given back as `busyTimeoutMilliseconds`).
    public func checkpointWithoutWaiting(_ mode: CheckpointMode, busyTimeoutMilliseconds: Int32) throws(SQLiteError) -> CheckpointResult {
        var log: Int32 = 0, done: Int32 = 0
        let rc = withoutWaiting(busyTimeoutMilliseconds: busyTimeoutMilliseconds) {
            sqlite3_wal_checkpoint_v2(handle, nil, mode.value, &log, &done)
        }
        if rc == SQLITE_BUSY || rc == SQLITE_LOCKED { return CheckpointResult(busy: true, logFrames: Int(log), checkpointedFrames: Int(done)) }
        guard rc == SQLITE_OK else { throw SQLiteError(code: rc, message: String(cString: sqlite3_errmsg(handle))) }
        return CheckpointResult(busy: false, logFrames: Int(log), checkpointedFrames: Int(done))
    }
}
