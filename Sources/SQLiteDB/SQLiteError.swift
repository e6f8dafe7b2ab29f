import CSQLite

/// A failure reported by SQLite: the extended result code, SQLite's message and the SQL that failed.
public struct SQLiteError: Error, CustomStringConvertible, Sendable, Equatable {
    /// The extended result code (`sqlite3_extended_errcode`).
    public let code: Int32
    /// SQLite's own message for the failure.
    public let message: String
    /// The statement that failed, if any.
    public let sql: String?

    public init(code: Int32, message: String, sql: String? = nil) {
        self.code = code
        self.message = message
        self.sql = sql
    }

    /// The primary result code (the low byte of the extended one).
    public var primaryCode: Int32 { code & 0xff }

    public var isBusy: Bool { primaryCode == SQLITE_BUSY || primaryCode == SQLITE_LOCKED }
    public var isReadOnly: Bool { primaryCode == SQLITE_READONLY }
    public var isNotADatabase: Bool { primaryCode == SQLITE_NOTADB }
    public var isCorrupt: Bool { primaryCode == SQLITE_CORRUPT }
    /// A statement stopped by a progress handler or `sqlite3_interrupt`.
    public var isInterrupt: Bool { primaryCode == SQLITE_INTERRUPT }
    /// The file (or its `-wal` / `-shm`) could not be opened.
    public var isCantOpen: Bool { primaryCode == SQLITE_CANTOPEN }
    /// A WAL database whose `-shm` cannot be created or initialised (a read-only folder):
    /// SQLITE_CANTOPEN, SQLITE_READONLY_CANTINIT or SQLITE_READONLY_DIRECTORY.
    public var isWALIndexUnavailable: Bool { isCantOpen || code == 1288 || code == 1544 }
    /// A primary key or UNIQUE constraint failed.
    public var isUniqueConstraint: Bool { code == 1555 || code == 2067 }

    public var description: String {
        var text = "SQLite error \(code): \(message)"
        if let sql { text += " (in: \(sql))" }
        return text
    }
}
