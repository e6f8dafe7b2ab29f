import CSQLite
import Foundation

extension Database {
    /// Copies this connection's main database into `destination`'s with SQLite's online backup
    /// API, `pagesPerStep` pages at a time; `progress(copied, total)` is told after each step and
    /// stops the copy by returning false (then `SQLITE_INTERRUPT` is thrown).
    ///
    /// Run inside a read transaction on this connection, every step reads the same snapshot,
    /// whatever other connections commit meanwhile: the copy is that one snapshot.
    public func backup(into destination: Database, pagesPerStep: Int32 = 1024,
                       progress: (_ copied: Int, _ total: Int) -> Bool = { _, _ in true }) throws(SQLiteError) {
        guard let backup = sqlite3_backup_init(destination.handle, "main", handle, "main") else {
            throw destination.error(code: sqlite3_extended_errcode(destination.handle), sql: nil)
        }
        var stopped = false
        while true {
            let rc = sqlite3_backup_step(backup, pagesPerStep)
            if rc == SQLITE_DONE { break }
            if rc == SQLITE_BUSY || rc == SQLITE_LOCKED { usleep(5_000); continue }
            guard rc == SQLITE_OK else { break }
            let total = Int(sqlite3_backup_pagecount(backup))
            if !progress(total - Int(sqlite3_backup_remaining(backup)), total) { stopped = true; break }
        }
        let total = Int(sqlite3_backup_pagecount(backup))
        let rc = sqlite3_backup_finish(backup)
        if stopped { throw SQLiteError(code: SQLITE_INTERRUPT, message: "the backup was stopped") }
        guard rc == SQLITE_OK else { throw destination.error(code: sqlite3_extended_errcode(destination.handle), sql: nil) }
        _ = progress(total, total)
    }
}
