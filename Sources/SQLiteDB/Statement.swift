import CSQLite

/// `SQLITE_TRANSIENT`: a C macro Swift cannot import. SQLite copies the bound bytes.
let sqliteTransient = unsafeBitCast(OpaquePointer(bitPattern: -1), to: sqlite3_destructor_type.self)

/// A prepared statement. Obtain one from `Database.cachedStatement(_:)` or `Database.prepare(_:)`.
///
/// A statement belongs to its connection and is used on one thread at a time.
public final class Statement {
    let handle: OpaquePointer
    unowned let database: Database
    /// The SQL text the statement was prepared from.
    public let sql: String

    init(database: Database, sql: String, persistent: Bool) throws(SQLiteError) {
        var stmt: OpaquePointer?
        let flags: UInt32 = persistent ? UInt32(SQLITE_PREPARE_PERSISTENT) : 0
        let rc = sqlite3_prepare_v3(database.handle, sql, -1, flags, &stmt, nil)
        guard rc == SQLITE_OK, let stmt else {
            throw database.error(code: rc, sql: sql)
        }
        self.handle = stmt
        self.database = database
        self.sql = sql
    }

    deinit { sqlite3_finalize(handle) }

    // MARK: - Binding

    /// Resets the statement and binds `arguments` to its parameters, in order.
    public func bind(_ arguments: [any SQLiteBindable]) throws(SQLiteError) {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
        for (index, argument) in arguments.enumerated() {
            try bind(argument.sqliteValue, at: Int32(index + 1))
        }
    }

    /// Binds one value to the 1-based parameter `index`.
    public func bind(_ value: SQLiteValue, at index: Int32) throws(SQLiteError) {
        let rc: Int32
        switch value {
        case .null: rc = sqlite3_bind_null(handle, index)
        case .integer(let v): rc = sqlite3_bind_int64(handle, index, v)
        case .real(let v): rc = sqlite3_bind_double(handle, index, v)
        // With its byte count: a NUL inside the text is kept, not taken as its end.
        case .text(let v): rc = sqlite3_bind_text(handle, index, v, Int32(v.utf8.count), sqliteTransient)
        case .blob(let v):
            rc = v.withUnsafeBytes { sqlite3_bind_blob(handle, index, $0.baseAddress, Int32($0.count), sqliteTransient) }
        }
        guard rc == SQLITE_OK else { throw database.error(code: rc, sql: sql) }
    }

    /// Binds an integer to the 1-based parameter `index` (no reset: for hot loops).
    public func bind(int64 value: Int64, at index: Int32) throws(SQLiteError) {
        let rc = sqlite3_bind_int64(handle, index, value)
        guard rc == SQLITE_OK else { throw database.error(code: rc, sql: sql) }
    }

    /// Binds UTF-8 text given as bytes (copied by SQLite), or NULL when `bytes` is nil.
    public func bind(utf8 bytes: [UInt8]?, at index: Int32) throws(SQLiteError) {
        let rc: Int32
        if let bytes {
            rc = bytes.withUnsafeBufferPointer { p in
                sqlite3_bind_text(handle, index, UnsafeRawPointer(p.baseAddress!).assumingMemoryBound(to: CChar.self),
                                  Int32(p.count), sqliteTransient)
            }
        } else {
            rc = sqlite3_bind_null(handle, index)
        }
        guard rc == SQLITE_OK else { throw database.error(code: rc, sql: sql) }
    }

    /// Binds UTF-8 text that SQLite reads where it lies, without a copy (`SQLITE_STATIC`): the
    /// bytes must stay valid and unchanged until this binding is replaced, the statement is
    /// reset and its bindings cleared, or it is finalized.
    public func bind(unownedUTF8 bytes: UnsafeRawBufferPointer, at index: Int32) throws(SQLiteError) {
        let rc: Int32
        if let start = bytes.baseAddress, bytes.count > 0 {
            rc = sqlite3_bind_text(handle, index, start.assumingMemoryBound(to: CChar.self), Int32(bytes.count), nil)
        } else {
            rc = sqlite3_bind_text(handle, index, "", 0, sqliteTransient)
        }
        guard rc == SQLITE_OK else { throw database.error(code: rc, sql: sql) }
    }

    /// Binds a BLOB that SQLite reads where it lies (`SQLITE_STATIC`), under the same terms as
    /// `bind(unownedUTF8:at:)`. An empty buffer binds a BLOB of zero bytes, never NULL.
    public func bind(unownedBlob bytes: UnsafeRawBufferPointer, at index: Int32) throws(SQLiteError) {
        let rc: Int32
        if let start = bytes.baseAddress, bytes.count > 0 {
            rc = sqlite3_bind_blob(handle, index, start, Int32(bytes.count), nil)
        } else {
            rc = sqlite3_bind_zeroblob(handle, index, 0)
        }
        guard rc == SQLITE_OK else { throw database.error(code: rc, sql: sql) }
    }

    /// Forgets every binding (each becomes NULL): after text bound `unownedUTF8` goes away.
    public func clearBindings() {
        sqlite3_clear_bindings(handle)
    }

    // MARK: - Stepping

    /// Steps once. Returns true when a row is available, false when the statement is done.
    @discardableResult
    public func step() throws(SQLiteError) -> Bool {
        let rc = sqlite3_step(handle)
        switch rc {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default:
            let error = database.error(code: rc, sql: sql)
            sqlite3_reset(handle)
            throw error
        }
    }

    /// Runs the statement to completion with `arguments`, discarding rows.
    public func execute(_ arguments: [any SQLiteBindable] = []) throws(SQLiteError) {
        try bind(arguments)
        while try step() {}
        sqlite3_reset(handle)
    }

    /// Calls `body` for each row the statement produces with `arguments`.
    public func forEachRow(_ arguments: [any SQLiteBindable] = [], _ body: (Row) throws -> Void) throws {
        try bind(arguments)
        defer { sqlite3_reset(handle) }
        let row = Row(statement: self)
        while try step() { try body(row) }
    }

    /// The rows produced with `arguments`, each mapped by `transform`.
    public func map<T>(_ arguments: [any SQLiteBindable] = [], _ transform: (Row) throws -> T) throws -> [T] {
        var result: [T] = []
        try forEachRow(arguments) { result.append(try transform($0)) }
        return result
    }

    /// The first row produced with `arguments`, mapped by `transform`, or nil when there is none.
    public func first<T>(_ arguments: [any SQLiteBindable] = [], _ transform: (Row) throws -> T) throws -> T? {
        try bind(arguments)
        defer { sqlite3_reset(handle) }
        guard try step() else { return nil }
        return try transform(Row(statement: self))
    }

    /// The current row, after `step()` returned true.
    public var row: Row { Row(statement: self) }

    /// Resets the statement so that it releases its read transaction.
    public func reset() { sqlite3_reset(handle) }

    /// The name of result column `index` (0-based).
    public func columnName(_ index: Int32) -> String {
        sqlite3_column_name(handle, index).map { String(cString: $0) } ?? ""
    }
}

/// The current row of a stepping statement. Valid only inside the callback that received it.
public struct Row {
    let statement: Statement
    var handle: OpaquePointer { statement.handle }

    public var columnCount: Int32 { sqlite3_column_count(handle) }

    /// The storage class of column `index`.
    public func type(_ index: Int32) -> Int32 { sqlite3_column_type(handle, index) }
    public func isNull(_ index: Int32) -> Bool { type(index) == SQLITE_NULL }
    public func int64(_ index: Int32) -> Int64 { sqlite3_column_int64(handle, index) }
    public func int(_ index: Int32) -> Int { Int(sqlite3_column_int64(handle, index)) }
    public func double(_ index: Int32) -> Double { sqlite3_column_double(handle, index) }

    /// Column `index` as text (invalid UTF-8 is repaired with U+FFFD), or nil for NULL.
    public func string(_ index: Int32) -> String? {
        guard let bytes = sqlite3_column_text(handle, index) else { return nil }
        let count = Int(sqlite3_column_bytes(handle, index))
        return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    }

    /// Column `index` as its raw bytes (text or blob), or nil for NULL.
    public func bytes(_ index: Int32) -> [UInt8]? {
        if isNull(index) { return nil }
        guard let pointer = sqlite3_column_blob(handle, index) else { return [] }
        let count = Int(sqlite3_column_bytes(handle, index))
        return Array(UnsafeRawBufferPointer(start: pointer, count: count))
    }

    /// Column `index` with its storage class.
    public func value(_ index: Int32) -> SQLiteValue {
        switch type(index) {
        case SQLITE_INTEGER: .integer(int64(index))
        case SQLITE_FLOAT: .real(double(index))
        case SQLITE_TEXT: .text(string(index) ?? "")
        case SQLITE_BLOB: .blob(bytes(index) ?? [])
        default: .null
        }
    }
}
