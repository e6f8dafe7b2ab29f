import BattleLogCLI
import AppStoreWriter
import Foundation
import SQLiteDB
import SchemaCheck
import Testing
@testable import BattleLogKit
@testable import CoreDataKit

/// The CLI in-process, as a user runs it; JSON output is checked against its published schema.
struct CLIRun { let status: Int32; let out: String; let err: String }
func cli(_ arguments: [String], db: String, sourceLocation: SourceLocation = #_sourceLocation) -> CLIRun {
    final class Box: @unchecked Sendable { var out = ""; var err = "" }
    let box = Box()
    let console = Console(out: { box.out += $0 }, err: { box.err += $0 })
    let status = BattlelogCLI.run(arguments, console: console, environment: ["BATTLELOG_DB": db])
    if let v = SchemaCheck.violations(of: arguments, status: status, output: box.out) { Issue.record(Comment(rawValue: v), sourceLocation: sourceLocation) }
    return CLIRun(status: status, out: box.out, err: box.err)
}

/// Every record of the store, or those `owner` owns, oldest first.
func records(_ store: BattleStore, _ owner: String? = nil) throws -> [BattleLogKit.Record] {
    var out: [BattleLogKit.Record] = []
    try store.forEachRecord { if owner == nil || $0.owner.name == owner { out.append($0) } }
    return out.sorted { $0.id < $1.id }
}

/// `import --coredata` of stores written as the app writes them, and the Core Data commands on them.
@Suite struct CoreDataImportTests {
    /// 2001-01-01 + 810,000,000.75 s = 2026-09-02T00:00:00.75Z: a date with a fraction of a second.
    static let date: Double = 810_000_000.75

    func appStore(_ folder: TemporaryFolder, _ configure: (inout AppStoreBuilder) -> Void = { _ in }) throws -> String {
        var b = AppStoreBuilder()
        b.records = [
            .init(owner: 0, date: Self.date, result: .text("win")),
            .init(owner: 1, date: Self.date + 60, result: .text("loss"),
                  magicJSON: #"{"type":"villain","version":1,"powerOfEvilGate":7,"gateName":"Abyss"}"#, duration: (1, 3)),
            .init(owner: 0, date: Self.date + 120, result: .text("draw"), magicJSON: nil),
        ]
        configure(&b)
        let path = folder.file("app.sqlite")
        try b.write(to: path)
        return path
    }

    @Test func heroesAndVillainsComeInAsOneSidedFights() throws {
        let folder = TemporaryFolder()
        let app = try appStore(folder)
        let before = folderSnapshot(folder.path)
        let db = folder.file("battle.sqlite")
        let run = cli(["import", "--coredata", app], db: db)
        #expect(run.status == 0, "\(run.err)")
        #expect(run.err.contains("imported 3 records of 2 Humans (1 hero, 1 villain; 2 new here)"))
        #expect(folderSnapshot(folder.path).filter { $0.key.hasPrefix("app.sqlite") } == before, "the Core Data store was written")

        let store = try BattleStore(path: db)
        let records = try records(store)
        #expect(records.count == 3)
        for r in records {
            #expect(r.opponent == nil)
            #expect(r.errors.isEmpty, "\(r.errors)")
        }
        let villain = try #require(records.first { $0.owner.name == "Malgor" })
        #expect(villain.owner.kind == .villain)
        #expect(villain.result == .loss)
        #expect(villain.duration.value == MediaTime(value: 1, timescale: 3))
        #expect(villain.usingMagic.value == .some(.villain(powerOfEvilGate: 7, gateName: "Abyss")))
        #expect(villain.date == Int64(Self.date + 60 + TaggedJSON.referenceDateOffset))
        #expect(records.contains { $0.usingMagic.value == .some(nil) })
        #expect(Set(records.compactMap(\.fight)).count == 3, "each record is a fight of its own")

        let show = cli(["show", String(villain.id)], db: db)
        #expect(show.out.contains("—"))
        #expect(cli(["doctor"], db: db).status == 0, "a one-sided fight is whole")
        // An export of one-sided records imports back.
        let export = cli(["export"], db: db)
        #expect(export.out.contains(#""opponent":null"#))
        let exported = folder.file("export.jsonl")
        try export.out.write(toFile: exported, atomically: true, encoding: .utf8)
        let again = cli(["import", exported], db: folder.file("again.sqlite"))
        #expect(again.status == 0, "\(again.err)")
        #expect(cli(["export"], db: folder.file("again.sqlite")).out == export.out)
    }

    @Test func filtersTreatAMissingOpponentAsNoOne() throws {
        let folder = TemporaryFolder()
        let db = folder.file("battle.sqlite")
        #expect(cli(["import", "--coredata", try appStore(folder)], db: db).status == 0)
        #expect(cli(["list", "--json", "--where", "opponent = Malgor"], db: db).out.isEmpty)
        let notMalgor = cli(["list", "--json", "--where", "opponent != Malgor"], db: db)
        #expect(notMalgor.out.split(separator: "\n").count == 3)
    }

    @Test func damagedAndMissingValuesStayDamagedNeverDefaults() throws {
        let folder = TemporaryFolder()
        let app = try appStore(folder) { b in
            b.records = [
                .init(owner: 0, date: Self.date, result: .text("win"), magicJSON: #"{"type":"hero","version":1}"#),
                .init(owner: 1, date: Self.date, result: .text("win"), rolls: nil),
                .init(owner: 1, date: Self.date, result: .text("win"), rawMagic: Array("bplist00garbage".utf8)),
                .init(owner: 0, date: Self.date, result: .text("win"), rolls: [0, 101]),
            ]
        }
        let db = folder.file("battle.sqlite")
        let run = cli(["import", "--coredata", app], db: db)
        #expect(run.status == 0, "\(run.err)")
        #expect(run.err.contains("4 values kept as damaged or missing"))
        let store = try BattleStore(path: db)
        let records = try records(store)
        #expect(records.filter(\.isDamaged).count == 4)
        let badMagic = try #require(records.first { $0.usingMagic.storedText?.contains("\"version\":1}") == true })
        #expect(badMagic.usingMagic.error != nil, "magic without its fields is damaged")
        let noRolls = try #require(records.first { $0.randomNumbers.error?.reason == .missingValue })
        #expect(noRolls.randomNumbers.storedText == nil)
        let inspect = cli(["inspect", String(badMagic.id)], db: db)
        #expect(inspect.out.contains("error:"))
        let doctor = cli(["doctor"], db: db)
        #expect(doctor.status == 1)
        #expect(doctor.out.contains("usingMagic") || doctor.err.contains("usingMagic"))
    }

    @Test func aResultItCannotMapStopsTheImportAndNamesTheValue() throws {
        let folder = TemporaryFolder()
        let app = try appStore(folder) { b in
            b.records = [.init(owner: 0, date: Self.date, result: .integer(0)), .init(owner: 1, date: Self.date, result: .integer(2))]
        }
        let db = folder.file("battle.sqlite")
        let refused = cli(["import", "--coredata", app], db: db)
        #expect(refused.status == 1)
        #expect(refused.err == "battlelog: Record 1: result \"0\" is not win, loss or draw; map the store's values with --result-map, e.g. --result-map 0=win,1=loss,2=draw\n")
        #expect(!FileManager.default.fileExists(atPath: db), "nothing is created when the import cannot run")
        let mapped = cli(["import", "--coredata", app, "--result-map", "0=win,1=loss,2=draw"], db: db)
        #expect(mapped.status == 0, "\(mapped.err)")
        let store = try BattleStore(path: db)
        #expect(try records(store, "Aria").map(\.result) == [.win])
        #expect(try records(store, "Malgor").map(\.result) == [.draw])
        let bad = cli(["import", "--coredata", app, "--result-map", "0=victory"], db: db)
        #expect(bad.status == 2)
        #expect(bad.err.hasPrefix("battlelog: --result-map: \"victory\" is not win, loss or draw"))
    }

    @Test func aConflictRollsBackEveryRecord() throws {
        let folder = TemporaryFolder()
        let db = folder.file("battle.sqlite")
        // Aria is a villain in the database already: the app says hero.
        let store = try BattleStore(path: db)
        try store.insertHumans([BattleLogKit.Human(name: "Aria", kind: .villain)])
        let app = try appStore(folder)
        let run = cli(["import", "--coredata", app], db: db)
        #expect(run.status == 1)
        #expect(run.err.contains("Human \"Aria\" is a villain in the database and a hero in the store"))
        #expect(try records(store, "Aria").isEmpty)
        #expect(try BattleStore(path: db).humans.map(\.name) == ["Aria"])
    }

    @Test func aStoreWithoutModelCacheWithAKindAttributeImportsToo() throws {
        let folder = TemporaryFolder()
        let app = try appStore(folder) { b in b.modelCache = false; b.subEntities = false }
        let info = cli(["coredata", "info", app], db: folder.file("unused.sqlite"))
        #expect(info.out.contains("guessed"))
        let db = folder.file("battle.sqlite")
        let run = cli(["import", "--coredata", app], db: db)
        #expect(run.status == 0, "\(run.err)")
        let store = try BattleStore(path: db)
        #expect(try records(store, "Malgor").first?.owner.kind == .villain)
        #expect(try records(store, "Aria").count == 2)
    }

    @Test func aModelWithoutDurationSaysSoAndLeavesItMissing() throws {
        let folder = TemporaryFolder()
        let app = try appStore(folder) { b in b.durationAttribute = false }
        let db = folder.file("battle.sqlite")
        let run = cli(["import", "--coredata", app], db: db)
        #expect(run.status == 0)
        #expect(run.err.contains("note: the store's Record has no duration"))
        #expect(try records(BattleStore(path: db), "Aria").allSatisfy { $0.duration.error?.reason == .missingValue })
    }

    @Test func infoAndDumpShowTheAppStoreWithItsTransformablesDecoded() throws {
        let folder = TemporaryFolder()
        let app = try appStore(folder)
        let before = folderSnapshot(folder.path)
        let info = cli(["coredata", "info", app, "--json"], db: folder.file("unused.sqlite"))
        #expect(info.status == 0, "\(info.err)")
        let parsed = try JSONSerialization.jsonObject(with: Data(info.out.utf8)) as! [String: Any]
        #expect(parsed["modelSource"] as? String == "Z_MODELCACHE")
        let entities = parsed["entities"] as! [[String: Any]]
        #expect(entities.map { $0["name"] as! String } == ["Human", "Hero", "Villain", "Record"])
        #expect(entities.map { $0["rows"] as! Int } == [0, 1, 1, 3])
        let dump = cli(["coredata", "dump", app, "--json", "--entity", "Record", "--limit", "1"], db: folder.file("unused.sqlite"))
        #expect(dump.out == #"{"entity":"Record","pk":1,"attributes":{"date":{"$date":"2026-09-02T00:00:00.750000Z"},"duration":{"epoch":0,"flags":1,"timescale":600,"value":49380},"randomNumbers":[12,99,3],"result":"win","usingMagic":{"$data":"eyJ0eXBlIjoiaGVybyIsInZlcnNpb24iOjEsImNvb3BlcmF0aW9uRm9ybXVsYU5hbWUiOiJUd2luIEZsYW1lIiwiY29sbGFib3JhdG9yTmFtZSI6IkthaSJ9"}},"relationships":{"owner":{"entity":"Hero","pk":1}}}"# + "\n")
        let text = cli(["coredata", "dump", app, "--entity", "Hero"], db: folder.file("unused.sqlite"))
        #expect(text.out.contains("records  → Record 1, Record 3"))
        #expect(folderSnapshot(folder.path) == before, "coredata wrote a file")
    }

    @Test func theBattlelogCommandsNameTheCoreDataCommandsForACoreDataStore() throws {
        let folder = TemporaryFolder()
        let app = try appStore(folder)
        let before = folderSnapshot(folder.path)
        let run = cli(["list"], db: app)
        #expect(run.status == 1)
        #expect(run.err.contains("is a Core Data store, not a battlelog database; read it with `battlelog coredata info"))
        #expect(run.err.contains("import --coredata"))
        #expect(folderSnapshot(folder.path) == before)
    }

    @Test func badFilesGetOneLineErrors() throws {
        let folder = TemporaryFolder()
        let plain = folder.file("plain.sqlite")
        try Database(path: plain).execute(script: "CREATE TABLE t(x)")
        let text = folder.file("text.txt")
        try "hello".write(toFile: text, atomically: true, encoding: .utf8)
        let cases: [([String], Int32, String)] = [
            (["coredata", "info", folder.file("missing.sqlite")], 1, "missing.sqlite: no such file"),
            (["coredata", "info", plain], 1, "is a SQLite database, but not a Core Data store"),
            (["coredata", "dump", text], 1, "is not a SQLite database"),
            (["coredata", "show", plain], 2, "coredata needs info, dump, history or browse"),
            (["coredata", "info", plain, "--limit", "3"], 2, "--limit is for coredata dump"),
            (["coredata", "dump", Fixture.path("SampleModel_V1.sqlite"), "--entity", "Truck"], 1, "no entity named \"Truck\""),
            (["import", "--coredata", Fixture.path("SampleModel_V1.sqlite")], 1, "is not a battle log Core Data store: no Record entity"),
            (["import", "x.jsonl", "--result-map", "0=win"], 2, "--result-map is for import --coredata"),
        ]
        for (arguments, status, message) in cases {
            let run = cli(arguments, db: folder.file("db.sqlite"))
            #expect(run.status == status, "\(arguments): \(run.err)")
            #expect(run.err.contains(message), "\(arguments): \(run.err)")
            #expect(run.err.split(separator: "\n").count == 1, "\(arguments): \(run.err)")
        }
        #expect(!FileManager.default.fileExists(atPath: folder.file("db.sqlite")))
    }

    @Test func aStoreWithAWALIsReadWithItsCommitsAndLeftByteIdentical() throws {
        let folder = TemporaryFolder()
        let app = folder.file("wal.sqlite")
        var b = AppStoreBuilder()
        b.records = [.init(owner: 0, date: Self.date, result: .text("win"))]
        try b.write(to: app, journal: "WAL")
        // The app, in another process, commits a record into the WAL and stays open (no checkpoint).
        let writer = try AppInAnotherProcess(store: app, committing: "INSERT INTO ZRECORD(Z_PK, Z_ENT, Z_OPT, ZOWNER, Z1_OWNER, ZDATE, ZRESULT) VALUES (2, 4, 1, 2, 3, 0, 'loss')")
        let before = folderSnapshot(folder.path)
        #expect(before["wal.sqlite-wal"].map { $0.count > 0 } == true)
        let dump = cli(["coredata", "dump", app, "--json", "--entity", "Record"], db: folder.file("unused.sqlite"))
        #expect(dump.out.split(separator: "\n").count == 2, "the WAL's commit is read")
        #expect(folderSnapshot(folder.path) == before, "the store, its -wal and -shm are byte-identical")
        _ = writer
    }

    @Test func anUnreadableModelCacheIsSaidAndTheModelGuessed() throws {
        let folder = TemporaryFolder()
        let app = try appStore(folder)
        try Database(path: app).execute("UPDATE Z_MODELCACHE SET Z_CONTENT = ?", [SQLiteValue.blob([0xFF, 0x00, 0x13, 0x37])])
        let info = cli(["coredata", "info", app], db: folder.file("unused.sqlite"))
        #expect(info.status == 0)
        #expect(info.out.contains("Z_MODELCACHE unreadable: not raw deflate data"), "\(info.out)")
        let store = try CoreDataStore(path: app)
        #expect(store.model.source == .guessed && store.modelCacheProblem != nil)
        #expect(try dumpAll(store, entity: try store.entity(named: "Record")).count == 3)
    }

    /// A to-one whose target row is missing reads as the browser's detail says it: dangling.
    @Test func theTextFormSaysADanglingToOne() throws {
        let folder = TemporaryFolder()
        let path = folder.file("s.sqlite")
        try FileManager.default.copyItem(atPath: Fixture.path("SampleModel2_V2.sqlite"), toPath: path)
        try Database(path: path).execute(script: "UPDATE ZBOOK SET ZAUTHOR = 999 WHERE Z_PK = 3")
        for (language, dangling) in [("en", "dangling: no such row"), ("zh", "悬空：没有这一行")] {
            let dump = cli(["--lang", language, "coredata", "dump", path, "--entity", "Book"], db: folder.file("unused.sqlite"))
            #expect(dump.status == 0, "\(dump.err)")
            #expect(dump.out.contains("→ Author 999 · \(dangling)\n"), "\(dump.out)")
            #expect(dump.out.contains("→ Author 1\n"), "\(dump.out)")
        }
    }

    @Test func theTextFormEscapesAndAlignsCJK() throws {
        let folder = TemporaryFolder()
        let app = try appStore(folder) { b in b.humans[0].name = "阿丽亚\u{1B}[2J" }
        let dump = cli(["coredata", "dump", app, "--entity", "Hero"], db: folder.file("unused.sqlite"))
        #expect(dump.out.contains("  name     阿丽亚^[[2J\n"), "\(dump.out)")
        #expect(!dump.out.unicodeScalars.contains { $0.value == 0x1B })
        let json = cli(["coredata", "dump", app, "--entity", "Hero", "--json"], db: folder.file("unused.sqlite"))
        #expect(json.out.contains(#""name":"阿丽亚\u001b[2J""#))
        // The import keeps the name as data (escaped only where it is shown).
        let db = folder.file("battle.sqlite")
        #expect(cli(["import", "--coredata", app], db: db).status == 0)
        #expect(try BattleStore(path: db).humans.contains { $0.name == "阿丽亚\u{1B}[2J" })
    }

    @Test func aLargeLogComesInWhole() throws {
        let folder = TemporaryFolder()
        let count = 20_000
        let app = try appStore(folder) { b in
            b.humans = (0..<40).map { AppStoreBuilder.Human(name: "Fighter \($0)", kind: $0 % 2 == 0 ? "hero" : "villain") }
            b.records = (0..<count).map { i in
                AppStoreBuilder.Record(owner: i % 40, date: Self.date + Double(i), result: .text(["win", "loss", "draw"][i % 3]),
                                       rolls: [i % 100 + 1], magicJSON: i % 2 == 0 ? nil : #"{"type":"villain","version":1,"powerOfEvilGate":\#(i % 10 + 1),"gateName":"G"}"#,
                                       duration: (Int64(i), 600))
            }
        }
        let db = folder.file("battle.sqlite")
        let run = cli(["import", "--coredata", app], db: db)
        #expect(run.status == 0, "\(run.err)")
        #expect(run.err.contains("imported 20,000 records of 40 Humans"))
        let store = try BattleStore(path: db)
        #expect(try store.recordCount() == count)
        let tallies = try store.tallies()
        #expect(tallies.values.reduce(0) { $0 + $1.total } == count)
        #expect(cli(["doctor"], db: db).status == 0)
        let stats = cli(["stats", "--json"], db: db)
        #expect(stats.out.contains(#""records":20000"#))
    }
}
