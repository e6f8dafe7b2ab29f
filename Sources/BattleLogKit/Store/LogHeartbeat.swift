import Foundation

/// While one long write holds the write lock (the grouping index made in one sort, a minute at
/// ten million records), the time of the write-ahead log is set every quarter of a second.
/// Another battlelog waiting for the lock sees the log moving and keeps waiting, as it does
/// while others commit, instead of giving up after one busy timeout. Only the time is set: the
/// log's bytes are SQLite's.
final class LogHeartbeat: @unchecked Sendable {
    private let condition = NSCondition()
    private var stopped = false
    private var finished = false

    /// Starts beating for the database at `path`.
    init(path: String) {
        let log = path + "-wal"
        Thread.detachNewThread { [self] in
            condition.lock()
            while !stopped {
                utimensat(AT_FDCWD, log, nil, 0)   // now, for both times
                _ = condition.wait(until: Date().addingTimeInterval(0.25))
            }
            finished = true
            condition.broadcast()
            condition.unlock()
        }
    }

    /// Stops beating, and returns once the log's time is set no more.
    func stop() {
        condition.lock()
        stopped = true
        condition.broadcast()
        while !finished { condition.wait() }
        condition.unlock()
    }

    /// Runs `body` with a heartbeat for the database at `path`.
    static func during<T>(path: String, _ body: () throws -> T) rethrows -> T {
        let beat = LogHeartbeat(path: path)
        defer { beat.stop() }
        return try body()
    }
}
