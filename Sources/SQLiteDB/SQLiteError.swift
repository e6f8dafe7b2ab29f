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
    public var isWALIndexUnavailable: Bool { isCantOpen || code == ExtendedCode.readOnlyCantInit || code == ExtendedCode.readOnlyDirectory }
    /// The disk (or the file's size limit) is full.
    public var isDiskFull: Bool { primaryCode == SQLITE_FULL }
    /// The operating system refused a read or a write.
    public var isIOError: Bool { primaryCode == SQLITE_IOERR }
    /// A primary key or UNIQUE constraint failed.
    public var isUniqueConstraint: Bool { code == ExtendedCode.constraintPrimaryKey || code == ExtendedCode.constraintUnique }

    public var description: String {
        var text = "SQLite error \(code): \(message)"
        if let sql { text += " (in: \(sql))" }
        return text
    }
}

/// The extended result codes battlelog tells apart, by their names in `sqlite3.h`. They are
/// macros with expressions there (`SQLITE_CONSTRAINT | (8<<8)`), which Swift does not import.
public enum ExtendedCode {
    /// SQLITE_READONLY_CANTINIT: the `-shm` of a WAL database cannot be initialised.
    public static let readOnlyCantInit: Int32 = SQLITE_READONLY | (5 << 8)
    /// SQLITE_READONLY_DIRECTORY: the folder is read-only, so no `-shm` can be made.
    public static let readOnlyDirectory: Int32 = SQLITE_READONLY | (6 << 8)
    /// SQLITE_CONSTRAINT_PRIMARYKEY.
    public static let constraintPrimaryKey: Int32 = SQLITE_CONSTRAINT | (6 << 8)
    /// SQLITE_CONSTRAINT_UNIQUE.
    public static let constraintUnique: Int32 = SQLITE_CONSTRAINT | (8 << 8)
}
