import BattleLogFoundation
import Foundation

/// While one long write holds the write lock (the grouping index made in one sort, a minute at
/// ten million records), the time of the write-ahead log is set every quarter of a second.
/// Another battlelog waiting for the lock sees the log moving and keeps waiting, as it does
/// while others commit, instead of giving up after one busy timeout. Only the time is set: the
/// log's bytes are SQLite's.
final class LogHeartbeat: Sendable {
    private let stopped = Locked(false)
    /// Signalled to cut the quarter-second wait short when the beat stops.
    private let wake = DispatchSemaphore(value: 0)
    private let beating: BackgroundThread<Void>

    /// Starts beating for the database at `path`.
    init(path: String) {
        let log = path + "-wal"
        beating = BackgroundThread(name: "battlelog heartbeat") { [stopped, wake] in
            while !stopped.withLock({ $0 }) {
                utimensat(AT_FDCWD, log, nil, 0)   // now, for both times
                _ = wake.wait(timeout: .now() + 0.25)
            }
        }
    }

    /// Stops beating, and returns once the log's time is set no more.
    func stop() {
        stopped.withLock { $0 = true }
        wake.signal()
        beating.value()
    }

    /// Runs `body` with a heartbeat for the database at `path`.
    static func during<T>(path: String, _ body: () throws -> T) rethrows -> T {
        let beat = LogHeartbeat(path: path)
        defer { beat.stop() }
        return try body()
    }
}
