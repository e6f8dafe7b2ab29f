import BattleLogFoundation
import Foundation
import KeyedArchiving
import SQLiteDB

/// A Core Data SQLite store opened for reading only: its metadata, its model and its objects.
///
/// The file is never written: it is opened `immutable=1` (no locks, no recovery, nothing created
/// beside it); a store with a non-empty `-wal` and its `-shm` is read in place, read-only down
/// to its `-shm` (`readonly_shm=1`), with the WAL's commits. Only a `-wal` without its `-shm`
/// is copied with it into a private folder first.
public final class CoreDataStore {
    /// The store's file, and its model (from `Z_MODELCACHE`, a `.mom` given, or guessed).
    public let path: String
    public let model: CoreDataModel
    /// `Z_METADATA`: the store's UUID and its metadata property list as JSON.
    public let storeUUID: String?
    public let metadata: JSONValue
    /// Why the store's Z_MODELCACHE could not be read (the model is then guessed), if it has one.
    public let modelCacheProblem: String?
    package let db: Database
    let schema: StoreSchema
    /// Entity name -> the columns of its table that none of its properties map (each row's
    /// value there is shown under the column's name), worked out once, not for every row.
    let unmappedColumns: [String: [(name: String, type: String)]]
    private let copyFolder: String?
    /// The file the connection reads (the private copy, for a store with a `-wal`) and how.
    private let openedFile: String
    private let openedMode: Database.Mode
    private var statements: [String: Statement] = [:]

    /// Opens the store at `path`; `modelPath` (a compiled `.mom`, or a `.momd` folder whose
    /// version is chosen by the store's entity hashes) is its model instead of its cache.
    public init(path: String, model modelPath: String? = nil) throws(CoreDataError) {
        self.path = path
        var info = stat()
        guard stat(path, &info) == 0 else { throw .noSuchFile(path: path) }
        guard (info.st_mode & S_IFMT) == S_IFREG else { throw .unreadable(path: path, reason: "not a regular file") }
        try Self.checkLength(path, size: Int(info.st_size))
        var wal = stat(), shm = stat()
        var folder: String?
        var opened: Database
        var file = path, mode = Database.Mode.immutable
        do {
            if stat(path + "-wal", &wal) == 0, wal.st_size > 0 {
                // A live store (its -wal and -shm beside it) is read in place, its -shm read-only;
                // a -wal without its -shm cannot be read so without creating one: a private copy.
                if stat(path + "-shm", &shm) == 0 {
                    mode = .readOnlySharedMemory
                } else {
                    let copy = try Self.copyWithWAL(path)
                    folder = copy.folder
                    (file, mode) = (copy.file, .readWrite)
                }
            }
            opened = try Database(path: file, mode: mode)
            if mode == .readOnlySharedMemory {
                // Another program's commit can be under way: wait for its locks as a reader does.
                try opened.execute(script: "PRAGMA busy_timeout = 5000")
            }
            _ = try opened.scalarInt("SELECT count(*) FROM sqlite_schema")
            try Self.registerFunctions(opened)
        } catch let e as SQLiteError {
            if let folder { try? FileManager.default.removeItem(atPath: folder) }
            throw e.code & 0xFF == 26 ? .notADatabase(path: path)
                : e.code & 0xFF == 11 ? .damaged(path: path, reason: e.message) : .unreadable(path: path, reason: e.message)
        } catch let e as CoreDataError {
            throw e
        } catch {
            throw .unreadable(path: path, reason: String(describing: error))
        }
        self.db = opened
        self.copyFolder = folder
        self.openedFile = file
        self.openedMode = mode
        do {
            schema = try StoreSchema.read(opened)
        } catch {
            if let folder { try? FileManager.default.removeItem(atPath: folder) }
            throw .unreadable(path: path, reason: String(describing: error))
        }
        guard schema.tables["Z_PRIMARYKEY"] != nil, schema.tables["Z_METADATA"] != nil else {
            if let folder { try? FileManager.default.removeItem(atPath: folder) }
            throw .notCoreData(path: path)
        }
        var uuid: String?
        var meta = JSONValue.null
        if let row = try? opened.prepare("SELECT Z_UUID, Z_PLIST FROM Z_METADATA ORDER BY Z_VERSION DESC LIMIT 1").first([], { ($0.string(0), $0.bytes(1)) }) {
            uuid = row.0
            if let bytes = row.1 {
                do { meta = try KeyedArchive.decodePlain(BinaryPropertyListReader.read(bytes)) }
                catch { meta = TaggedJSON.error(error.message, bytes: bytes) }
            }
        }
        storeUUID = uuid
        metadata = meta
        // The model: a compiled one given with --model; else the cache when there is one that
        // reads; else guessed from the tables.
        let schema = schema
        // One scan a column, however many entities ask of it: the Z_ENTs of its rows that hold a
        // value (a table without Z_ENT: whether any row does, as entity 0).
        var entitiesWithValues: [String: Set<Int>] = [:]
        let hasValues: (String, String, [Int]) -> Bool = { table, column, ids in
            let key = table + "." + column
            if entitiesWithValues[key] == nil {
                let withEnt = schema.hasColumn(table, "Z_ENT")
                let sql = withEnt ? "SELECT DISTINCT Z_ENT FROM \(Self.quote(table)) WHERE \(Self.quote(column)) IS NOT NULL"
                    : "SELECT 0 WHERE EXISTS(SELECT 1 FROM \(Self.quote(table)) WHERE \(Self.quote(column)) IS NOT NULL)"
                entitiesWithValues[key] = Set((try? opened.prepare(sql).map { Int($0.int64(0)) }) ?? [])
            }
            let found = entitiesWithValues[key]!
            return schema.hasColumn(table, "Z_ENT") ? ids.contains { found.contains($0) } : !found.isEmpty
        }
        var model = CoreDataModelReader.guess(schema: schema)
        var problem: String?
        if let modelPath {
            do {
                model = try CompiledModel.load(modelPath, schema: schema, storeHashes: Self.versionHashes(meta), hasValues: hasValues)
            } catch {
                if let folder { try? FileManager.default.removeItem(atPath: folder) }
                throw error
            }
        } else if schema.tables["Z_MODELCACHE"] != nil {
            let blob = try? opened.prepare("SELECT Z_CONTENT FROM Z_MODELCACHE LIMIT 1").first([], { $0.bytes(0) })
            if let blob, let blob {
                do { model = try CoreDataModelReader.fromCache(blob, schema: schema, hasValues: hasValues) }
                catch { problem = error.message }
            } else {
                problem = "it is empty"
            }
        }
        self.model = model
        unmappedColumns = Dictionary(model.entities.map { e in
            let mapped = e.mappedColumns
            return (e.name, (schema.tables[e.table] ?? []).filter { !mapped.contains($0.name) })
        }, uniquingKeysWith: { a, _ in a })
        self.modelCacheProblem = problem
    }

    /// Another connection to the same file, for a background thread: it shares the model and
    /// must not outlive this store (which owns the private copy, if any).
    public func secondConnection() throws -> CoreDataStore {
        let db = try Database(path: openedFile, mode: openedMode)
        try Self.registerFunctions(db)
        return CoreDataStore(sharing: self, db: db)
    }

    private init(sharing other: CoreDataStore, db: Database) {
        path = other.path
        model = other.model
        storeUUID = other.storeUUID
        metadata = other.metadata
        modelCacheProblem = other.modelCacheProblem
        unmappedColumns = other.unmappedColumns
        self.db = db
        schema = other.schema
        copyFolder = nil
        openedFile = other.openedFile
        openedMode = other.openedMode
    }

    /// `cd_contains(text, needle)`: the entity filter's `~` (Unicode, any case), as the battle
    /// log's `~` matches.
    private static func registerFunctions(_ db: Database) throws(SQLiteError) {
        let search = RepeatedTextSearch()
        try db.createTextPredicate("cd_contains") { search.matches(utf8: $0, needle: $1) }
    }

    deinit {
        statements.removeAll()
        if let copyFolder { try? FileManager.default.removeItem(atPath: copyFolder) }
    }

    /// The store's `NSStoreModelVersionHashes` (entity name -> hash), from its metadata.
    static func versionHashes(_ metadata: JSONValue) -> JSONValue? {
        if case .object(let m) = metadata, let hashes = m["NSStoreModelVersionHashes"] { return hashes }
        return nil
    }

    /// Refuses a file shorter than its header says (a copy cut short) or not a whole number of
    /// pages. The header is read before SQLite opens the file, so that closing this descriptor
    /// cannot drop a lock of this store's connection (POSIX locks belong to the process).
    static func checkLength(_ path: String, size: Int) throws(CoreDataError) {
        let fd = Glibc.open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return }
        var header = [UInt8](repeating: 0, count: 100)
        let read = header.withUnsafeMutableBytes { pread(fd, $0.baseAddress, 100, 0) }
        close(fd)
        guard read == 100, header.starts(with: Array("SQLite format 3\0".utf8)) else { return }
        func u32(_ at: Int) -> Int { header[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        let raw = Int(header[16]) << 8 | Int(header[17])
        let pageSize = raw == 1 ? 65536 : raw
        guard pageSize >= 512, pageSize & (pageSize - 1) == 0 else { return }
        if size % pageSize != 0 {
            throw .damaged(path: path, reason: "truncated: \(size) bytes is not a whole number of \(pageSize)-byte pages")
        }
        // The page count is the header's own when its change counter is the one it was written at.
        let pages = u32(28)
        if pages > 0, u32(24) == u32(92), size < pages * pageSize {
            throw .damaged(path: path, reason: "truncated: its header counts \(pages) pages of \(pageSize) bytes, the file holds \(size / pageSize)")
        }
    }

    /// Copies the store and its `-wal` into a new private folder (no `-shm`: SQLite rebuilds it).
    private static func copyWithWAL(_ path: String) throws -> (folder: String, file: String) {
        var template = Array((NSTemporaryDirectory() + "/battlelog-coredata-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else { throw CoreDataError.unreadable(path: path, reason: "cannot make a temporary folder") }
        let folder = String(cString: made)
        let file = folder + "/store.sqlite"
        do {
            try FileManager.default.copyItem(atPath: path, toPath: file)
            try FileManager.default.copyItem(atPath: path + "-wal", toPath: file + "-wal")
        } catch {
            try? FileManager.default.removeItem(atPath: folder)
            throw CoreDataError.unreadable(path: path, reason: "cannot copy it with its -wal: \(error.localizedDescription)")
        }
        return (folder, file)
    }

    /// Whether `db` looks like a Core Data store (for naming it in another command's refusal).
    public static func looksLikeCoreData(tables: [String]) -> Bool {
        tables.contains("Z_PRIMARYKEY") && tables.contains("Z_METADATA")
    }

    // MARK: - Reading

    func statement(_ sql: String) throws -> Statement {
        if let s = statements[sql] { return s }
        let s = try db.prepare(sql)
        statements[sql] = s
        return s
    }

    package static func quote(_ name: String) -> String { "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }

    /// SQLite's `quick_check` of the whole file (it reads every page): nil when it is sound,
    /// else its first finding.
    public func damage() -> String? {
        do {
            let first = try db.prepare("PRAGMA quick_check(1)").first([], { $0.string(0) }) ?? nil
            guard let first, first != "ok" else { return first == nil ? "quick_check said nothing" : nil }
            // "*** in database main ***\nPage 75: ..." is one finding, on one line.
            return first.split(separator: "\n").filter { !$0.hasPrefix("***") }.joined(separator: "; ")
        } catch {
            return (error as? SQLiteError)?.message ?? String(describing: error)
        }
    }

    /// How many rows are objects of exactly this entity (not its sub-entities).
    /// nil when the store has no table for it.
    public func rowCount(_ entity: Entity) throws -> Int? {
        guard schema.tables[entity.table] != nil else { return nil }
        let hasEnt = schema.hasColumn(entity.table, "Z_ENT")
        let sql = "SELECT count(*) FROM \(Self.quote(entity.table))" + (hasEnt ? " WHERE Z_ENT = ?" : "")
        return Int(try statement(sql).first(hasEnt ? [entity.id] : [], { $0.int64(0) }) ?? 0)
    }

    /// The rows of a persistent-history table.
    public func rowCount(table: String) throws -> Int {
        Int(try statement("SELECT count(*) FROM \(Self.quote(table))").first([], { $0.int64(0) }) ?? 0)
    }
}
