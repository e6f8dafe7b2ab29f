import CSQLite

extension Database {
    /// Runs `body` with no busy timeout: a lock another connection holds fails at once with
    /// SQLITE_BUSY instead of being waited for. The timeout is then set to
    /// `busyTimeoutMilliseconds` (the connection's own).
    public func withoutWaiting<T>(busyTimeoutMilliseconds: Int32, _ body: () throws -> T) rethrows -> T {
        sqlite3_busy_timeout(handle, 0)
        defer { sqlite3_busy_timeout(handle, busyTimeoutMilliseconds) }
        return try body()
    }
}
