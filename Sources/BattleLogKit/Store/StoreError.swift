import SQLiteDB

/// Why a store cannot be opened or used. Every case names the path or the thing that is wrong.
public enum StoreError: Error, Equatable, Sendable, CustomStringConvertible {
    case isADirectory(path: String)
    case emptyFile(path: String)
    /// No file at the path, and the caller did not ask to create one.
    case noSuchDatabase(path: String)
    /// The folder a new database would go in does not exist (only the default database's
    /// folder is made: a mistyped path must not become new folders).
    case noSuchFolder(path: String, folder: String)
    /// A WAL database in a folder where SQLite cannot create the `-shm` it needs to read the WAL.
    case walUnreadable(path: String)
    /// The operation was cancelled (a progress handler said stop).
    case interrupted
    case notADatabase(path: String)
    /// SQLite found the file damaged (truncated, overwritten).
    case corrupt(path: String, message: String)
    case notABattlelogDatabase(path: String)
    /// A store Core Data wrote: `coredata info` reads it, `import --coredata` brings its battle log in.
    case coreDataStore(path: String)
    case newerSchema(path: String, found: Int, supported: Int)
    /// The file has had a migration this program does not know (a newer battlelog's).
    case newerMigration(path: String, name: String)
    /// The file holds tables of a later schema version than its `user_version` says.
    case schemaDoesNotMatchVersion(path: String, migration: String, message: String)
    case readOnly(path: String)
    /// Opened read-only, the file lacks a migration this program would run at a writable open
    /// (`missing`: the first one's name, and how many in all).
    case needsMigration(path: String, missing: String, count: Int)
    case cannotCreate(path: String, reason: String)
    case locked(path: String)
    /// `backup` never replaces a file.
    case destinationExists(path: String)
    /// `backup` was given a folder where it needs a file's name.
    case destinationIsAFolder(path: String)
    /// A backup that could not be written or did not verify; nothing was left at `path`.
    case backupFailed(path: String, reason: String)
    case unregisteredTransformer(attribute: String, transformer: String)
    case invalidModel(String)
    /// A record to write has no value for a required attribute.
    case missingValue(attribute: String)
    /// A record to write has a value of another type than its attribute's.
    case wrongValueType(attribute: String, expected: String, found: String)
    case noSuchRecord(Int64)
    case noSuchHuman(String)
    case sqlite(path: String, SQLiteError)
    /// Imported data that disagrees with what the store holds.
    case conflict(String)
    /// An operation on an open store stopped for a reason of its own, not the file's (an
    /// import's line refused): its message, which names what was wrong.
    case failed(String)

    public var description: String {
        switch self {
        case .isADirectory(let p): "\(p): is a folder, not a database file"
        case .emptyFile(let p): "\(p): is an empty file, not a battlelog database"
        case .notADatabase(let p): "\(p): is not a SQLite database"
        case .noSuchDatabase(let p): "\(p): no such database (`battlelog --db PATH simulate --fights N` creates one)"
        case .noSuchFolder(let p, let folder): "\(p): the folder \(folder) does not exist; make it first (mkdir -p), or check the path"
        case .walUnreadable(let p):
            "\(p): its -wal holds changes that cannot be read from a read-only folder without a -shm file; copy the database with its -wal to a writable folder"
        case .interrupted: "interrupted"
        case .corrupt(let p, let m):
            "\(p): the database file is damaged (\(m)); restore a backup, or save what is readable with `sqlite3 \(p) .recover | sqlite3 NEW.sqlite`"
        case .notABattlelogDatabase(let p): "\(p): is a SQLite database, but not a battlelog one"
        case .coreDataStore(let p):
            "\(p): is a Core Data store, not a battlelog database; read it with `battlelog coredata info \(p)`, or bring its battle log in with `battlelog --db NEW.sqlite import --coredata \(p)`"
        case .newerSchema(let p, let found, let supported):
            "\(p): was written by a newer battlelog (schema version \(found); this one reads up to \(supported))"
        case .newerMigration(let p, let name):
            "\(p): was written by a newer battlelog (its schema has had \"\(name)\", which this one does not know)"
        case .schemaDoesNotMatchVersion(let p, let migration, let message):
            "\(p): its schema does not match the migrations it records: it lacks \"\(migration)\" but already holds what that adds (\(message)); it was changed outside battlelog, so it is left as it is"
        case .readOnly(let p): "\(p): the database is read-only, cannot write"
        case .needsMigration(let p, let name, let count):
            "\(p): was written by an older battlelog and needs \(count == 1 ? "its migration" : "\(count) migrations") (\"\(name)\"\(count > 1 ? ", …" : "")) before it can be read; open it once with write access"
        case .cannotCreate(let p, let reason): "\(p): cannot create the database: \(reason)"
        case .destinationIsAFolder(let p): "\(p): is a folder; give the backup a file name (\(p.hasSuffix("/") ? p : p + "/")battlelog-backup.sqlite)"
        case .destinationExists(let p): "\(p): exists; a backup never replaces a file (choose a new name)"
        case .backupFailed(let p, let reason): "\(p): the backup failed: \(reason); nothing was written there"
        case .locked(let p): "\(p): the database is locked by another process"
        case .unregisteredTransformer(let attribute, let transformer):
            "attribute \(attribute) names the value transformer \"\(transformer)\", which is not registered"
        case .invalidModel(let reason): "the model description is invalid: \(reason)"
        case .missingValue(let a): "a record to write has no value for \(a), which the model requires"
        case .wrongValueType(let a, let expected, let found): "a record to write has a \(found) for \(a), which holds \(expected)"
        case .noSuchRecord(let id): "no record with id \(id)"
        case .noSuchHuman(let name): "no Human named \"\(name)\""
        case .sqlite(let p, let e): "\(p): \(e.message) (SQLite error \(e.code))"
        case .conflict(let message): message
        case .failed(let message): message
        }
    }
}

extension StoreError {
    /// A refused model description, as the store reports it.
    public init(_ error: ModelError) {
        switch error {
        case .invalidModel(let reason): self = .invalidModel(reason)
        }
    }
}
