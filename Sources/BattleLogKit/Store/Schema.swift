import BattleLogFoundation
import SQLiteDB

/// The store's schema as named migrations, as GRDB's `DatabaseMigrator` keeps them: each file
/// records the names it has had (`schema_migration`), and an open runs, in this list's order,
/// every migration whose name the file lacks. A migration, once shipped, is never edited or
/// renamed: add a new one at the end.
///
/// `PRAGMA user_version` still says how many a file has had: older battlelogs judge a file by
/// it, and a file from before the names (no `schema_migration`) has had the first that many.
enum Schema {
    /// One step of the schema, named for what it makes.
    struct Migration: Sendable {
        let name: String
        let sql: String
        /// It edits sqlite_schema directly, so `schema_version` must be bumped after it.
        var rewritesSchema = false
    }

    /// The table of the migrations' names a file has had.
    static let appliedTable = "schema_migration"

    /// `PRAGMA application_id`: marks a file as a battlelog database ("BTLG").
    static let applicationID: Int64 = 0x4254_4C47

    static let migrations: [Migration] = [
        // 1: humans (with their tallies), records, the indexes the browser and the CLI ask for, and
        // the summaries the writer keeps (magic usage, dice counts) so that stats never scan.
        Migration(name: "humans-records-summaries", sql: """
        CREATE TABLE human (
            id INTEGER PRIMARY KEY,
            name TEXT NOT NULL UNIQUE,
            kind TEXT NOT NULL,
            wins INTEGER NOT NULL DEFAULT 0,
            losses INTEGER NOT NULL DEFAULT 0,
            draws INTEGER NOT NULL DEFAULT 0
        );
        CREATE TABLE record (
            id INTEGER PRIMARY KEY,
            fight INTEGER NOT NULL,
            owner_id INTEGER NOT NULL REFERENCES human(id) ON DELETE CASCADE,
            opponent_id INTEGER NOT NULL REFERENCES human(id) ON DELETE CASCADE,
            date INTEGER NOT NULL,
            result TEXT NOT NULL,
            duration TEXT,
            random_numbers TEXT,
            using_magic TEXT,
            magic_type TEXT GENERATED ALWAYS AS (
                CASE WHEN json_valid(using_magic) THEN
                    CASE WHEN json_type(using_magic) = 'object' THEN
                        CASE
                            WHEN json_type(using_magic, '$.type') = 'text' THEN json_extract(using_magic, '$.type')
                            WHEN json_type(using_magic, '$.type') IS NOT NULL THEN NULL
                            WHEN json_type(using_magic, '$.collaboratorName') IS NOT NULL THEN 'hero'
                            WHEN json_type(using_magic, '$.gateName') IS NOT NULL THEN 'villain'
                        END
                    END
                END) VIRTUAL
        );
        CREATE INDEX record_owner_date ON record(owner_id, date);
        CREATE INDEX record_opponent ON record(opponent_id);
        CREATE INDEX record_fight ON record(fight);
        CREATE INDEX record_date ON record(date);
        CREATE INDEX record_result ON record(result);
        CREATE INDEX record_magic_type ON record(magic_type, date);
        CREATE TABLE magic_usage (
            type TEXT NOT NULL,
            name TEXT NOT NULL,
            uses INTEGER NOT NULL,
            PRIMARY KEY (type, name)
        ) WITHOUT ROWID;
        CREATE TABLE dice_count (
            roll INTEGER PRIMARY KEY,
            times INTEGER NOT NULL
        );
        """),
        // 2: the hot magic fields as generated columns with indexes, for the filter language.
        // Each is NULL unless the magic is of its kind and the field has the right JSON type.
        Migration(name: "magic-generated-columns", sql: """
        ALTER TABLE record ADD COLUMN magic_power INTEGER GENERATED ALWAYS AS (
            CASE WHEN magic_type = 'villain' THEN
                CASE WHEN json_type(using_magic, '$.powerOfEvilGate') = 'integer'
                      AND json_extract(using_magic, '$.powerOfEvilGate') BETWEEN 1 AND 10
                     THEN json_extract(using_magic, '$.powerOfEvilGate') END
            END) VIRTUAL;
        ALTER TABLE record ADD COLUMN magic_gate TEXT GENERATED ALWAYS AS (
            CASE WHEN magic_type = 'villain' THEN
                CASE WHEN json_type(using_magic, '$.gateName') = 'text' THEN json_extract(using_magic, '$.gateName') END
            END) VIRTUAL;
        ALTER TABLE record ADD COLUMN magic_formula TEXT GENERATED ALWAYS AS (
            CASE WHEN magic_type = 'hero' THEN
                CASE WHEN json_type(using_magic, '$.cooperationFormulaName') = 'text' THEN json_extract(using_magic, '$.cooperationFormulaName') END
            END) VIRTUAL;
        CREATE INDEX record_magic_power ON record(magic_power, date);
        CREATE INDEX record_magic_gate ON record(magic_gate, date);
        CREATE INDEX record_magic_formula ON record(magic_formula, date);
        """),
        // 3: a record may have no opponent (one imported from a Core Data store of the app, which
        // kept one side only). SQLite's documented way to drop a NOT NULL constraint: edit the
        // table's SQL in sqlite_schema (no row changes; `migrate` then bumps schema_version so
        // that every connection rereads it).
        Migration(name: "optional-opponent", sql: """
        PRAGMA writable_schema = ON;
        UPDATE sqlite_schema
           SET sql = replace(sql, 'opponent_id INTEGER NOT NULL REFERENCES', 'opponent_id INTEGER REFERENCES')
         WHERE type = 'table' AND name = 'record';
        PRAGMA writable_schema = OFF;
        """, rewritesSchema: true),
        // 4: the model's derived query columns (`ModelColumns` adds them as the model declares
        // them; this table remembers which still need filling for existing records, so that a
        // fill killed halfway resumes where it stopped). The result index goes: three values, it
        // served no query (every list is read in date order) and cost every insert.
        Migration(name: "derived-fill", sql: """
        CREATE TABLE derived_fill (
            column_name TEXT PRIMARY KEY,
            next_id INTEGER NOT NULL,
            end_id INTEGER NOT NULL
        ) WITHOUT ROWID;
        DROP INDEX record_result;
        """),
        // 5: the group counts the writer keeps (`GroupSummaries`), each complete up to a record id,
        // and the triggers that drop them all when a record changes under them: updated, deleted,
        // or inserted below a summarised id, by any program.
        Migration(name: "group-summaries", sql: """
        CREATE TABLE group_summary (
            field TEXT NOT NULL,
            status TEXT NOT NULL,
            key NOT NULL,
            count INTEGER NOT NULL,
            wins INTEGER NOT NULL,
            losses INTEGER NOT NULL,
            draws INTEGER NOT NULL,
            duration_sum REAL NOT NULL,
            duration_count INTEGER NOT NULL,
            PRIMARY KEY (field, status, key)
        ) WITHOUT ROWID;
        CREATE TABLE group_summary_state (
            field TEXT PRIMARY KEY,
            through INTEGER NOT NULL
        ) WITHOUT ROWID;
        CREATE TRIGGER group_summary_insert_below AFTER INSERT ON record
        WHEN NEW.id <= (SELECT max(through) FROM group_summary_state)
        BEGIN DELETE FROM group_summary; DELETE FROM group_summary_state; END;
        CREATE TRIGGER group_summary_update AFTER UPDATE ON record
        BEGIN DELETE FROM group_summary; DELETE FROM group_summary_state; END;
        CREATE TRIGGER group_summary_delete AFTER DELETE ON record
        BEGIN DELETE FROM group_summary; DELETE FROM group_summary_state; END;
        """),
        // 6: the magic's query columns (the model's `using_magic_type`, `_power`, ..., which the
        // writer fills from the decoded value) replace the generated columns' indexes: those read
        // the JSON at every insert, and a filter over them asked the decoder again per record.
        // The generated columns stay (a filter reads them while the new columns are filled).
        Migration(name: "magic-query-columns", sql: """
        DROP INDEX IF EXISTS record_magic_type;
        DROP INDEX IF EXISTS record_magic_power;
        DROP INDEX IF EXISTS record_magic_gate;
        DROP INDEX IF EXISTS record_magic_formula;
        """),
        // 7: the weapon each record's owner fought with (`WeaponTransformer`: a keyed archive);
        // NULL for the records written before it, as for a bare-handed fight.
        Migration(name: "record-weapon", sql: """
        ALTER TABLE record ADD COLUMN weapon BLOB;
        """),
    ]

    static var currentVersion: Int { migrations.count }

    /// The migration called `name` (a name this file defines).
    static func migration(named name: String) -> Migration {
        guard let m = migrations.first(where: { $0.name == name }) else { preconditionFailure("no migration named \(name)") }
        return m
    }

    /// The names of the migrations the file has had, in the order they ran; nil when it keeps no
    /// names (a file from before them, or a new one).
    static func appliedNames(_ db: Database) throws -> [String]? {
        guard try db.scalarInt("SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name = ?", [appliedTable]) == 1 else { return nil }
        return try db.prepare("SELECT name FROM \(appliedTable) ORDER BY rowid").map { $0.string(0) ?? "" }
    }

    /// The names a file has had that this program does not know (a newer battlelog's).
    static func unknownNames(_ applied: [String]) -> [String] {
        let known = Set(migrations.map(\.name))
        return applied.filter { !known.contains($0) }
    }

    /// Whether the file has had every migration of this program.
    static func isCurrent(_ db: Database) throws -> Bool { try missingNames(db).isEmpty }

    /// The migrations of this program the file has not had, in their order.
    static func missingNames(_ db: Database) throws -> [String] {
        let applied = Set(try appliedNames(db) ?? namesBeforeNames(db))
        return migrations.map(\.name).filter { !applied.contains($0) }
    }

    /// Runs the migrations the database has not had yet, each in its own transaction that also
    /// records its name; another process migrating the same file at once runs none twice.
    static func migrate(_ db: Database) throws {
        // Asked outside a transaction first: a current file takes no write lock (a reader opening
        // it while another process writes does not wait).
        if let applied = try appliedNames(db), Set(applied).isSuperset(of: migrations.map(\.name)) { return }
        for migration in migrations {
            try db.transaction {
                let applied = try namesRecorded(db)
                guard !applied.contains(migration.name) else { return }
                let unknown = unknownNames(applied)
                guard unknown.isEmpty else { throw StoreError.newerMigration(path: db.path, name: SafeText.escape(MessageText.cut(unknown[0]))) }
                do { try db.execute(script: migration.sql) }
                catch let e as SQLiteError where e.message.contains("already exists") || e.message.contains("duplicate column name") {
                    // Tables of a later version in a file that says it is older: edited by hand,
                    // or by another program. Nothing is changed (the transaction rolls back).
                    throw StoreError.schemaDoesNotMatchVersion(path: db.path, migration: migration.name, message: e.message)
                }
                if migration.rewritesSchema {
                    let schemaVersion = try db.scalarInt("PRAGMA schema_version") ?? 0
                    try db.execute(script: "PRAGMA schema_version = \(schemaVersion + 1)")
                    // The edit must have taken: a schema that does not read back is not committed.
                    guard try db.scalarInt("SELECT \"notnull\" FROM pragma_table_info('record') WHERE name = 'opponent_id'") == 0 else {
                        throw StoreError.invalidModel("migration \(migration.name) could not make record.opponent_id optional")
                    }
                }
                if applied.isEmpty { try db.execute(script: "PRAGMA application_id = \(applicationID)") }
                try db.execute("INSERT INTO \(appliedTable)(name) VALUES (?)", [migration.name])
                try db.setUserVersion(applied.count + 1)
            }
        }
    }

    /// The names recorded in the file, the table made first when missing: with the first
    /// `user_version` names for a file from before the names (inside the caller's transaction).
    private static func namesRecorded(_ db: Database) throws -> [String] {
        if let applied = try appliedNames(db) { return applied }
        let names = try namesBeforeNames(db)
        try db.execute(script: "CREATE TABLE \(appliedTable) (name TEXT NOT NULL UNIQUE)")
        for name in names { try db.execute("INSERT INTO \(appliedTable)(name) VALUES (?)", [name]) }
        return names
    }

    /// What a file from before the names has had: the first `user_version` migrations.
    private static func namesBeforeNames(_ db: Database) throws -> [String] {
        migrations.prefix(try db.userVersion()).map(\.name)
    }
}

extension BattleStore {
    /// Every migration's SQL, in order: the schema a new database gets (for the benchmark's raw
    /// C baseline, which must build the same tables and indexes).
    /// The model's derived columns and their indexes included, and the grouping index.
    public static var schemaScript: String {
        // optional-opponent edits sqlite_schema, which a plain script cannot follow with the
        // schema_version bump `migrate` makes; a new database gets the same table directly.
        var script = Schema.migrations.filter { !$0.rewritesSchema }.map(\.sql)
        script[0] = script[0].replacingOccurrences(of: "opponent_id INTEGER NOT NULL REFERENCES", with: "opponent_id INTEGER REFERENCES")
        if let model = try? StoreModel.bundled() {
            let attributes = ResolvedAttribute.resolve(model, .standard)
            for a in attributes {
                for (column, derivation) in a.derived {
                    script.append("ALTER TABLE record ADD COLUMN \(column.column) \(derivation.sqlType);")
                    if column.isIndexed { script.append(ModelColumns.createIndex(column) + ";") }
                }
            }
            script += GroupingIndex.createSQL(attributes).map { $0 + ";" }
        }
        return script.joined(separator: "\n")
    }
}

extension StoreModel.SummaryKind {
    /// The table the summary is kept in, as the first migration makes it.
    var table: String {
        switch self {
        case .magicUsage: "magic_usage"
        case .diceCount: "dice_count"
        }
    }
}

extension BattleStore {
    /// The schema of this store's file as SQL, one statement a line, in the order it was made
    /// (tables before their indexes): the same schema for another file (the benchmark's
    /// baseline).
    public func schemaSQL() throws(StoreError) -> String {
        try run {
            try db.prepare("SELECT sql FROM sqlite_schema WHERE sql IS NOT NULL AND name NOT LIKE 'sqlite_%' ORDER BY rowid")
                .map { ($0.string(0) ?? "") + ";" }.joined(separator: "\n")
        }
    }
}
