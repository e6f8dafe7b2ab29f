import SQLiteDB

extension StoreError {
    /// What went wrong with the file at `path`, from whatever an operation threw: SQLite's codes
    /// read as the store's errors (not a database, damaged, locked, read-only, interrupted).
    init(classifying error: any Error, path: String, creating: Bool) {
        if let e = error as? StoreError { self = e; return }
        if let e = error as? ImportConflict { self = .conflict(e.message); return }
        // Not SQLite's: creating, the file could not be made; else the operation's own reason
        // (an import's refused line), which is not about the file.
        guard let e = error as? SQLiteError else { self = creating ? .cannotCreate(path: path, reason: "\(error)") : .failed("\(error)"); return }
        if e.isInterrupt { self = .interrupted; return }
        if e.isNotADatabase { self = .notADatabase(path: path); return }
        if e.isCorrupt { self = .corrupt(path: path, message: e.message); return }
        if e.isBusy { self = .locked(path: path); return }
        if e.isReadOnly { self = .readOnly(path: path); return }
        if creating { self = .cannotCreate(path: path, reason: e.message); return }
        self = .sqlite(path: path, e)
    }
}
