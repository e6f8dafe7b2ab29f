import BattleLogFoundation
import Foundation
import SQLiteDB

/// Opening a database file: the one place in battlelog that opens database files.
///
/// Two rules shape it. First, nothing outside SQLite ever opens a database file: POSIX advisory
/// locks belong to the process, and closing *any* descriptor of the file would drop the locks of
/// every live connection in the process (SQLite's "How To Corrupt", 2.2); SQLite's own opens
/// share one lock record per file and defer such closes. Second, a file is judged before it is
/// opened for real: the judging connections are `immutable=1` (no locks, no recovery) and, when
/// a `-wal` holds newer pages, read-only (which can neither checkpoint nor delete the WAL), so a
/// refused file provably keeps every byte.
enum StoreFile {
    /// What opening produced: the connection, and whether it had to be immutable (a WAL database
    /// in a folder where SQLite cannot create its `-shm`).
    struct Opened {
        let db: Database
        let immutable: Bool
    }

    /// What the main file says of itself, read without recovery.
    struct Facts {
        var userVersion = 0
        var applicationID: Int64 = 0
        var tables = 0
        var pageSize = 0
        /// It has Core Data's Z_PRIMARYKEY and Z_METADATA tables.
        var isCoreData = false
        /// The migrations it has had that this program does not know (a newer battlelog's).
        var unknownMigrations: [String] = []
    }

    /// Opens `path`; creates it (in a temporary file beside it, linked into place once migrated)
    /// when it is missing and `create` allows, or when it is empty and `replaceEmpty` allows.
    /// How long one attempt waits for another process's lock before the files are looked at
    /// again, and how long nothing may move in them before the open gives up (as long as a
    /// writer waits for a lock).
    static let attemptMilliseconds: Int32 = 1000
    static let stillSeconds: Double = 5
    /// How long a statement waits for another connection's lock (SQLite's busy timeout).
    static let busyMilliseconds: Int32 = 5000

    /// A missing folder is made only when `createFolder` allows (the default database's).
    /// `waiting` is told, once, when the open has waited a second for another process.
    static func open(path: String, readOnly: Bool, create: Bool, createFolder: Bool, replaceEmpty: Bool,
                     waiting: ((String) -> Void)? = nil) throws(StoreError) -> Opened {
        var info = stat()
        if stat(path, &info) != 0 {
            guard create && !readOnly else {
                // In a folder that does not exist, the folder is what to fix, as creating says.
                if !createFolder, let folder = missingFolder(of: path) { throw .noSuchFolder(path: path, folder: folder) }
                throw .noSuchDatabase(path: path)
            }
            try createNew(at: path, replacing: false, createFolder: createFolder)
        } else if (info.st_mode & S_IFMT) == S_IFDIR {
            throw .isADirectory(path: path)
        } else if info.st_size == 0 {
            guard replaceEmpty && !readOnly else { throw .emptyFile(path: path) }
            try createNew(at: path, replacing: true, createFolder: false)
        }
        // The last connection of another process to close takes the file exclusively while it
        // checkpoints a large WAL back and deletes it; that can outlast one busy timeout. Wait
        // while the files show that work going on (their sizes or times change), as a writer
        // waits while others commit, saying so after a second; give up only when a whole busy
        // timeout passes with no change.
        var seen = fileState(path)
        var lastChange = Date()
        var said = false
        while true {
            do {
                try judge(path: path, busyMilliseconds: attemptMilliseconds)
                return try openForReal(path: path, readOnly: readOnly, firstBusyMilliseconds: attemptMilliseconds)
            } catch .locked {
                let now = fileState(path)
                if now != seen { seen = now; lastChange = Date() }
                if Date().timeIntervalSince(lastChange) >= stillSeconds { throw .locked(path: path) }
                if !said {
                    said = true
                    waiting?("\(path): waiting for another program to finish with the database (another battlelog closing, or writing)…")
                }
            }
        }
    }

    /// Whether a non-empty `-wal` lies beside the file (stat only, no descriptor).
    private static func walHasFrames(_ path: String) -> Bool {
        var wal = stat()
        return stat(path + "-wal", &wal) == 0 && wal.st_size > 0
    }

    /// Whether a `-wal` lies beside the file, empty or not (stat only, no descriptor).
    private static func walExists(_ path: String) -> Bool {
        var wal = stat()
        return stat(path + "-wal", &wal) == 0
    }

    /// Size and modification time of the file and its `-wal` (stat only, no descriptor).
    private static func fileState(_ path: String) -> [Int] {
        [path, path + "-wal"].flatMap { Database.fileStamp($0) ?? [-1, -1, -1] }
    }

    /// Refuses a file that is not a whole battlelog database of a schema this build reads.
    static func judge(path: String, busyMilliseconds: Int32) throws(StoreError) {
        let main: Facts
        let walBefore = walExists(path)
        do {
            main = try facts(path: path, mode: .immutable, busyMilliseconds: busyMilliseconds)
        } catch .corrupt(let p, let m) {
            // An immutable read is not locked: a checkpoint of another process writing the file at
            // that moment can make it look damaged. Ask again with locks, still read-only; a
            // file really damaged says so again. A checkpoint needs a -wal: without one there
            // was none, and a read with locks would leave a -wal and -shm beside a refused file.
            guard walBefore || walExists(path) else { throw .corrupt(path: p, message: m) }
            do { main = try facts(path: path, mode: .readOnly, busyMilliseconds: busyMilliseconds) }
            catch .walUnreadable { throw .corrupt(path: p, message: m) }
        }
        try verdict(main, path: path)
        var info = stat()
        if stat(path, &info) == 0, main.pageSize > 0, info.st_size % Int(main.pageSize) != 0 {
            throw .corrupt(path: path, message: "truncated: \(info.st_size) bytes is not a whole number of \(main.pageSize)-byte pages")
        }
        // Newer pages in the WAL (a commit not yet checkpointed) may say something else: judge
        // them too, read-only. Without a -shm in a read-only folder this cannot be read; the real
        // open says so.
        if walHasFrames(path) {
            do { try verdict(try facts(path: path, mode: .readOnly, busyMilliseconds: busyMilliseconds), path: path) }
            catch .walUnreadable { }
        }
    }

    private static func verdict(_ f: Facts, path: String) throws(StoreError) {
        if f.userVersion > Schema.currentVersion && (f.applicationID == Schema.applicationID || f.applicationID == 0) {
            throw .newerSchema(path: path, found: f.userVersion, supported: Schema.currentVersion)
        }
        if let name = f.unknownMigrations.first, f.applicationID == Schema.applicationID {
            throw .newerMigration(path: path, name: SafeText.escape(MessageText.cut(name)))
        }
        if (f.userVersion == 0 && f.tables > 0) || (f.userVersion > 0 && f.applicationID != Schema.applicationID) {
            if f.isCoreData { throw .coreDataStore(path: path) }
            throw .notABattlelogDatabase(path: path)
        }
    }

    /// The header facts through a connection that cannot write.
    private static func facts(path: String, mode: Database.Mode, busyMilliseconds: Int32) throws(StoreError) -> Facts {
        do {
            let db = try Database(path: path, mode: mode)
            db.setBusyTimeout(milliseconds: busyMilliseconds)   // a writer or a recovery in another process
            var f = Facts()
            f.userVersion = Int(try db.scalarInt("PRAGMA user_version") ?? 0)
            f.applicationID = try db.scalarInt("PRAGMA application_id") ?? 0
            f.tables = Int(try db.scalarInt("SELECT count(*) FROM sqlite_schema") ?? 0)
            f.pageSize = Int(try db.scalarInt("PRAGMA page_size") ?? 0)
            f.isCoreData = try db.scalarInt(
                "SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name IN ('Z_PRIMARYKEY', 'Z_METADATA')") == 2
            f.unknownMigrations = Schema.unknownNames(try Schema.appliedNames(db) ?? [])
            return f
        } catch let e as SQLiteError {
            if e.isWALIndexUnavailable && mode == .readOnly { throw .walUnreadable(path: path) }
            throw StoreError(classifying: e, path: path, creating: false)
        } catch {
            throw StoreError(classifying: error, path: path, creating: false)
        }
    }

    /// The connection the store uses. In a read-only folder SQLite cannot create the `-shm` a WAL
    /// database needs; with no `-wal` beside it the main file is the whole database and is read
    /// immutable; with one, what it holds cannot be read and the open is refused.
    private static func openForReal(path: String, readOnly: Bool, firstBusyMilliseconds: Int32) throws(StoreError) -> Opened {
        do {
            let db = try Database(path: path, mode: readOnly ? .readOnly : .readWrite)
            // The first read waits as long as one attempt; the connection then waits 5 s, as writers do.
            db.setBusyTimeout(milliseconds: firstBusyMilliseconds)
            do {
                _ = try db.scalarInt("SELECT count(*) FROM sqlite_schema")
                db.setBusyTimeout(milliseconds: busyMilliseconds)
                return Opened(db: db, immutable: false)
            } catch let e as SQLiteError where e.isWALIndexUnavailable {
                if walHasFrames(path) { throw StoreError.walUnreadable(path: path) }
                let fallback = try Database(path: path, mode: .immutable)
                _ = try fallback.scalarInt("SELECT count(*) FROM sqlite_schema")
                return Opened(db: fallback, immutable: true)
            }
        } catch {
            throw StoreError(classifying: error, path: path, creating: false)
        }
    }

    /// Creates a migrated database at `path` without ever showing a half-made file there: it is
    /// built in a temporary file beside it and then linked into place (`link` refuses to replace,
    /// so of two processes creating at once one wins and the other opens its file), or renamed
    /// over an empty file a killed creation left behind.
    /// The folder `path` names when it does not exist (nil for one that does, or none named).
    private static func missingFolder(of path: String) -> String? {
        let folder = PathParts.folder(of: path)
        var info = stat()
        return !folder.isEmpty && stat(folder, &info) != 0 ? folder : nil
    }

    private static func createNew(at path: String, replacing: Bool, createFolder: Bool) throws(StoreError) {
        let parent = PathParts.folder(of: path)
        if missingFolder(of: path) != nil {
            guard createFolder else { throw .noSuchFolder(path: path, folder: parent) }
            do { try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true) }
            catch { throw .cannotCreate(path: path, reason: "cannot create folder \(parent)") }
        }
        let name = PathParts.name(of: path)
        let folder = parent.isEmpty ? "." : parent
        let temporary = "\(folder)/.\(name).creating-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        defer { unlink(temporary); unlink(temporary + "-wal"); unlink(temporary + "-shm") }
        do {
            let db = try Database(path: temporary, mode: .readWriteCreate)
            try db.execute(script: "PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL")
            try Schema.migrate(db)
            // Closing the only connection checkpoints the WAL into the file and removes it.
        } catch {
            throw StoreError(classifying: error, path: path, creating: true)
        }
        if replacing {
            guard rename(temporary, path) == 0 else {
                throw .cannotCreate(path: path, reason: String(cString: strerror(errno)))
            }
        } else if link(temporary, path) != 0 && errno != EEXIST {
            throw .cannotCreate(path: path, reason: String(cString: strerror(errno)))
        }
    }
}
