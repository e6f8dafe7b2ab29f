import CSQLite
import Glibc

/// One SQLite connection. Not thread-safe: use a connection from one thread at a time
/// (open one connection per thread instead of sharing).
public final class Database {
    /// How to open the file.
    public enum Mode: Sendable {
        /// Read and write; create the file when it is missing.
        case readWriteCreate
        /// Read and write an existing file.
        case readWrite
        /// Read only.
        case readOnly
        /// Read only, with the URI parameter `immutable=1`: no locks, no recovery, no WAL, no
        /// `-shm`. SQLite reads the main file as it is and cannot change it or anything beside it.
        case immutable
        /// Read only, the `-shm` opened read-only too (`readonly_shm=1`): a WAL database that
        /// another program writes is read with its `-wal`'s commits, and no byte of the file, its
        /// `-wal` or its `-shm` is written (a `-shm` that cannot be trusted is rebuilt in memory).
        /// The `-wal` and `-shm` must exist.
        case readOnlySharedMemory
    }

    let handle: OpaquePointer
    /// The path the connection was opened on.
    public let path: String
    private var cache: [String: Statement] = [:]
    private var progressBox: UnsafeMutableRawPointer?

    /// SQLite configured once, before its first open: no memory statistics (see the shim).
    private static let configured: Int32 = battlelog_sqlite3_disable_memory_statistics()

    /// Opens the database at `path`.
    public init(path: String, mode: Mode = .readWriteCreate) throws(SQLiteError) {
        _ = Self.configured
        var db: OpaquePointer?
        var flags = SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE
        var name = path
        switch mode {
        case .readWriteCreate: flags |= SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
        case .readWrite: flags |= SQLITE_OPEN_READWRITE
        case .readOnly: flags |= SQLITE_OPEN_READONLY
        case .immutable:
            flags |= SQLITE_OPEN_READONLY | SQLITE_OPEN_URI
            name = Self.fileURI(path) + "?immutable=1"
        case .readOnlySharedMemory:
            flags |= SQLITE_OPEN_READONLY | SQLITE_OPEN_URI
            name = Self.fileURI(path) + "?mode=ro&readonly_shm=1"
        }
        let rc = sqlite3_open_v2(name, &db, flags, nil)
        guard rc == SQLITE_OK, let db else {
            let message = db.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(rc))
            sqlite3_close_v2(db)
            throw SQLiteError(code: rc, message: message)
        }
        self.handle = db
        self.path = path
        sqlite3_extended_result_codes(db, 1)
    }

    deinit {
        cache.removeAll()
        sqlite3_close_v2(handle)
        if let progressBox { Unmanaged<ProgressBox>.fromOpaque(progressBox).release() }
    }

    /// `path` as an SQLite `file:` URI: every byte outside the unreserved set and `/` is
    /// percent-encoded, so `?`, `#` and `%` in a file name stay part of the name.
    static func fileURI(_ path: String) -> String {
        let hex = Array("0123456789ABCDEF".unicodeScalars)
        var uri = "file:"
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
                 UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
                uri.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                uri.unicodeScalars.append("%")
                uri.unicodeScalars.append(hex[Int(byte >> 4)])
                uri.unicodeScalars.append(hex[Int(byte & 15)])
            }
        }
        return uri
    }

    func error(code: Int32, sql: String?) -> SQLiteError {
        let extended = sqlite3_extended_errcode(handle)
        let message = String(cString: sqlite3_errmsg(handle))
        return SQLiteError(code: extended != 0 ? extended : code, message: message, sql: sql)
    }

    // MARK: - Running SQL

    /// Runs one or more statements separated by semicolons, without arguments.
    public func execute(script sql: String) throws(SQLiteError) {
        var message: UnsafeMutablePointer<CChar>?
        let rc = sqlite3_exec(handle, sql, nil, nil, &message)
        if rc != SQLITE_OK {
            let text = message.map { String(cString: $0) } ?? String(cString: sqlite3_errstr(rc))
            sqlite3_free(message)
            throw SQLiteError(code: sqlite3_extended_errcode(handle), message: text, sql: sql)
        }
    }

    /// Runs one statement with `arguments` through the statement cache.
    public func execute(_ sql: String, _ arguments: [any SQLiteBindable] = []) throws(SQLiteError) {
        try cachedStatement(sql).execute(arguments)
    }

    /// A prepared statement for `sql`, prepared once and reused for the life of the connection.
    public func cachedStatement(_ sql: String) throws(SQLiteError) -> Statement {
        if let statement = cache[sql] { return statement }
        let statement = try Statement(database: self, sql: sql, persistent: true)
        cache[sql] = statement
        return statement
    }

    /// A new prepared statement, not cached: for SQL that is built once and run once.
    public func prepare(_ sql: String) throws(SQLiteError) -> Statement {
        try Statement(database: self, sql: sql, persistent: false)
    }

    /// The first column of the first row of `sql`, as an integer, or nil when there is no row.
    public func scalarInt(_ sql: String, _ arguments: [any SQLiteBindable] = []) throws -> Int64? {
        try cachedStatement(sql).first(arguments) { $0.isNull(0) ? nil : $0.int64(0) } ?? nil
    }

    // MARK: - Transactions

    /// Runs `body` inside `BEGIN IMMEDIATE ... COMMIT` (`BEGIN EXCLUSIVE`: readers kept out too,
    /// in rollback-journal mode); rolls back when it throws.
    public func transaction<T>(exclusive: Bool = false, _ body: () throws -> T) throws -> T {
        try begin(exclusive ? "EXCLUSIVE" : "IMMEDIATE")
        do {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }

    /// Runs `body` inside one read transaction (`BEGIN`, a first read, ... `COMMIT`): in WAL mode
    /// every statement in it sees the same snapshot, whatever other connections commit.
    public func readTransaction<T>(_ body: () throws -> T) throws -> T {
        try execute(script: "BEGIN")
        do {
            _ = try scalarInt("SELECT count(*) FROM sqlite_schema")   // the snapshot starts here
            let result = try body()
            try execute(script: "COMMIT")
            return result
        } catch {
            try? execute(script: "ROLLBACK")
            throw error
        }
    }

    /// `BEGIN IMMEDIATE`, waiting for the write lock as long as other connections keep
    /// committing (several writers take turns; SQLite's busy handler is not fair, so one busy
    /// timeout may pass while others write), or the write-ahead log keeps changing (its size, or
    /// its time, which a long write in one transaction sets as it goes: `LogHeartbeat`). It fails
    /// with BUSY when a whole busy timeout passes with neither: the lock is held by someone who
    /// is not writing.
    private func begin(_ kind: String) throws {
        var seen = try? dataVersion()
        var seenLog = logFileState()
        for _ in 0..<60 {
            do {
                try execute("BEGIN \(kind)")
                return
            } catch {
                guard error.isBusy else { throw error }
                let now = try? dataVersion(), nowLog = logFileState()
                if now == nil || (now == seen && nowLog == seenLog) { throw error }
                (seen, seenLog) = (now, nowLog)
            }
        }
        try execute("BEGIN IMMEDIATE")
    }

    /// The write-ahead log's size and modification time (nil for an in-memory database or when
    /// there is none).
    private func logFileState() -> [Int]? {
        guard let name = sqlite3_db_filename(handle, "main"), name[0] != 0 else { return nil }
        return Self.fileStamp(String(cString: name) + "-wal")
    }

    /// A file's size and modification time (stat only, no descriptor), nil when it does not
    /// exist: what tells another process's work on a database going on.
    public static func fileStamp(_ path: String) -> [Int]? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return [Int(info.st_size), Int(info.st_mtim.tv_sec), Int(info.st_mtim.tv_nsec)]
    }

    // MARK: - Connection state

    /// The rowid of the last successful INSERT on this connection.
    public var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(handle) }
    /// Rows changed by the last statement.
    public var changes: Int { Int(sqlite3_changes(handle)) }
    /// Whether the connection cannot write (opened read-only, or a read-only file).
    public var isReadOnly: Bool { sqlite3_db_readonly(handle, "main") == 1 }
    /// Whether a transaction is open.
    public var isInTransaction: Bool { sqlite3_get_autocommit(handle) == 0 }

    /// Sets how long a statement waits for another connection's lock before failing with BUSY.
    public func setBusyTimeout(milliseconds: Int32) {
        sqlite3_busy_timeout(handle, milliseconds)
    }

    /// `PRAGMA user_version`: the schema version this project records.
    public func userVersion() throws -> Int {
        Int(try scalarInt("PRAGMA user_version") ?? 0)
    }

    public func setUserVersion(_ version: Int) throws(SQLiteError) {
        try execute(script: "PRAGMA user_version = \(version)")
    }

    /// `PRAGMA data_version`: changes when another connection committed to the file.
    public func dataVersion() throws -> Int64 {
        try scalarInt("PRAGMA data_version") ?? 0
    }

    /// Asks `shouldStop` every `instructions` virtual-machine steps of any statement on this
    /// connection; when it returns true the statement ends with SQLITE_INTERRUPT. This is how a
    /// background scan or a Ctrl-C'd command stops within milliseconds. Nil removes the handler.
    public func setProgressHandler(every instructions: Int32 = 1000, _ shouldStop: (@Sendable () -> Bool)?) {
        if let progressBox {
            sqlite3_progress_handler(handle, 0, nil, nil)
            Unmanaged<ProgressBox>.fromOpaque(progressBox).release()
            self.progressBox = nil
        }
        guard let shouldStop else { return }
        let box = Unmanaged.passRetained(ProgressBox(shouldStop)).toOpaque()
        progressBox = box
        sqlite3_progress_handler(handle, instructions, { context in
            let box = Unmanaged<ProgressBox>.fromOpaque(context!).takeUnretainedValue()
            if box.remaining >= 0 {
                if box.remaining == 0 { box.exhausted = true; return 1 }
                box.remaining -= 1
            }
            return box.shouldStop() ? 1 : 0
        }, box)
    }

    /// Runs `body` with a budget of `steps` thousand SQLite VM instructions: nil when it ran out
    /// (the statement running then was interrupted), else what `body` returned. A progress
    /// handler already installed still runs.
    public func withStepBudget<T>(_ steps: Int, _ body: () throws -> T) throws -> T? {
        let installed = progressBox == nil
        if installed { setProgressHandler { false } }
        let box = Unmanaged<ProgressBox>.fromOpaque(progressBox!).takeUnretainedValue()
        box.remaining = steps
        box.exhausted = false
        defer {
            box.remaining = -1
            if installed { setProgressHandler(nil) }
        }
        do { return try body() } catch let error as SQLiteError where error.isInterrupt && box.exhausted { return nil }
    }

    /// The SQLite library version, e.g. "3.40.1".
    public static var libraryVersion: String { String(cString: sqlite3_libversion()) }
}

/// The closure of a progress handler, kept alive while it is installed.
final class ProgressBox {
    let shouldStop: @Sendable () -> Bool
    /// Callbacks left before a step budget stops the statement (-1: no budget).
    var remaining = -1
    var exhausted = false
    init(_ shouldStop: @escaping @Sendable () -> Bool) { self.shouldStop = shouldStop }
}

// MARK: - SQL functions written in Swift

/// A Swift function callable from SQL.
final class SQLFunctionBox {
    let body: ([SQLiteValue]) -> SQLiteValue
    init(_ body: @escaping ([SQLiteValue]) -> SQLiteValue) { self.body = body }
}

extension Database {
    /// Registers `body` as the SQL function `name` taking `argumentCount` arguments.
    /// `deterministic` functions may be used in indexes and are optimised by SQLite.
    public func createFunction(_ name: String, argumentCount: Int32, deterministic: Bool = true,
                               _ body: @escaping ([SQLiteValue]) -> SQLiteValue) throws(SQLiteError) {
        let box = Unmanaged.passRetained(SQLFunctionBox(body)).toOpaque()
        var flags = SQLITE_UTF8
        if deterministic { flags |= SQLITE_DETERMINISTIC }
        let rc = sqlite3_create_function_v2(handle, name, argumentCount, flags, box, { context, argc, argv in
            let box = Unmanaged<SQLFunctionBox>.fromOpaque(sqlite3_user_data(context)!).takeUnretainedValue()
            var arguments: [SQLiteValue] = []
            for i in 0..<Int(argc) {
                let v = argv![i]
                switch sqlite3_value_type(v) {
                case SQLITE_INTEGER: arguments.append(.integer(sqlite3_value_int64(v)))
                case SQLITE_FLOAT: arguments.append(.real(sqlite3_value_double(v)))
                case SQLITE_TEXT:
                    let count = Int(sqlite3_value_bytes(v))
                    let text = sqlite3_value_text(v).map { String(decoding: UnsafeBufferPointer(start: $0, count: count), as: UTF8.self) } ?? ""
                    arguments.append(.text(text))
                case SQLITE_BLOB:
                    let count = Int(sqlite3_value_bytes(v))
                    let bytes = sqlite3_value_blob(v).map { Array(UnsafeRawBufferPointer(start: $0, count: count)) } ?? []
                    arguments.append(.blob(bytes))
                default: arguments.append(.null)
                }
            }
            switch box.body(arguments) {
            case .null: sqlite3_result_null(context)
            case .integer(let i): sqlite3_result_int64(context, i)
            case .real(let d): sqlite3_result_double(context, d)
            case .text(let s): sqlite3_result_text(context, s, Int32(s.utf8.count), sqliteTransient)
            case .blob(let b): b.withUnsafeBytes { sqlite3_result_blob(context, $0.baseAddress, Int32($0.count), sqliteTransient) }
            }
        }, nil, nil, { pointer in
            if let pointer { Unmanaged<SQLFunctionBox>.fromOpaque(pointer).release() }
        })
        guard rc == SQLITE_OK else { throw error(code: rc, sql: nil) }
    }
}

/// A Swift predicate over two texts callable from SQL.
final class TextPredicateBox {
    let body: (UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<UInt8>) -> Bool
    init(_ body: @escaping (UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<UInt8>) -> Bool) { self.body = body }
}

extension Database {
    /// Registers `body` as the SQL function `name(a, b)`: 1 or 0 as `body` says of the two
    /// texts' UTF-8 bytes, read in place (no copy, for a function asked of every row); NULL when
    /// either is not text.
    public func createTextPredicate(_ name: String,
                                    _ body: @escaping (UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<UInt8>) -> Bool) throws(SQLiteError) {
        let box = Unmanaged.passRetained(TextPredicateBox(body)).toOpaque()
        let rc = sqlite3_create_function_v2(handle, name, 2, SQLITE_UTF8 | SQLITE_DETERMINISTIC, box, { context, _, argv in
            let box = Unmanaged<TextPredicateBox>.fromOpaque(sqlite3_user_data(context)!).takeUnretainedValue()
            guard let a = argv?[0], let b = argv?[1], sqlite3_value_type(a) == SQLITE_TEXT, sqlite3_value_type(b) == SQLITE_TEXT else {
                sqlite3_result_null(context)
                return
            }
            // Text first, then its length: the order SQLite documents for a value's bytes.
            let pa = sqlite3_value_text(a), na = Int(sqlite3_value_bytes(a))
            let pb = sqlite3_value_text(b), nb = Int(sqlite3_value_bytes(b))
            let found = box.body(UnsafeBufferPointer(start: pa, count: pa == nil ? 0 : na), UnsafeBufferPointer(start: pb, count: pb == nil ? 0 : nb))
            sqlite3_result_int64(context, found ? 1 : 0)
        }, nil, nil, { pointer in
            if let pointer { Unmanaged<TextPredicateBox>.fromOpaque(pointer).release() }
        })
        guard rc == SQLITE_OK else { throw error(code: rc, sql: nil) }
    }
}
