import Foundation
import Testing
import BattleLogKit
import SQLiteDB

/// The weapon everywhere a value goes: simulated, stored as a keyed archive, queried, shown,
/// inspected, exported and imported; damaged, it is named, never defaulted.
@Suite struct WeaponTests {
    /// A simulated log: every weapon one of its owner's three, about one fight in ten bare-handed.
    @Test func simulatedWeaponsAreTheOwnersThreeAndSometimesNone() throws {
        let dir = TempDir()
        let db = dir.file("w.sqlite")
        #expect(cli(["simulate", "--fights", "400", "--seed", "9"], db: db).status == 0)
        let store = try BattleStore(path: db)
        var owned: [Int64: Set<Weapon>] = [:]
        var bare = 0, total = 0
        try store.forEachRecord { r in
            total += 1
            guard let w = r.attribute(named: "weapon")?.value as? Weapon else { bare += 1; return }
            owned[r.owner.id, default: []].insert(w)
            // The timeline names the weapon its side struck with.
            #expect(r.timeline?.weapon == w.name)
        }
        #expect(owned.values.allSatisfy { $0.count <= 3 } && owned.values.contains { $0.count == 3 })
        #expect(bare > total / 20 && bare < total / 5, "\(bare) of \(total) bare-handed")
        // The same seed gives the same weapons.
        let again = dir.file("again.sqlite")
        #expect(cli(["simulate", "--fights", "400", "--seed", "9"], db: again).status == 0)
        #expect(cli(["export"], db: again).out == cli(["export"], db: db).out)
    }

    @Test func filtersReachEveryPathAndAgreeWithTheExport() throws {
        let dir = TempDir()
        let db = dir.file("q.sqlite")
        #expect(cli(["simulate", "--fights", "500", "--seed", "3"], db: db).status == 0)
        let weapons = cli(["export"], db: db).out.split(separator: "\n").map { line -> Weapon? in
            guard case .object(let o)? = try? JSONParser.parse(String(line)), let w = o["weapon"], w != .null else { return nil }
            return try? Weapon(json: w)
        }
        func count(_ filter: String) -> Int {
            let r = cli(["list", "--where", filter, "--json", "--limit", "100000"], db: db)
            #expect(r.status == 0, "\(filter): \(r.err)")
            return r.out.split(separator: "\n").count
        }
        #expect(count("weapon.rarity = legendary") == weapons.count { $0?.rarity == .legendary })
        #expect(count("weapon.power >= 5.5") == weapons.count { ($0?.power ?? -1) >= 5.5 })
        #expect(count("weapon.enchantments ~ FROST") == weapons.count { $0?.enchantments.contains { $0.contains("frost") } ?? false })
        #expect(count("weapon.name ~ 雷") == weapons.count { $0?.name.contains("雷") ?? false })
        let cut = 1_640_995_200.0 - Weapon.referenceDateSince1970  // 2022-01-01
        #expect(count("weapon.forgedAt < 2022-01-01") == weapons.count { ($0?.forgedAt ?? .infinity) < cut })
        #expect(count("weapon.rarity != common and weapon.power < 3") == weapons.count { $0.map { $0.rarity != .common && $0.power < 3 } ?? false })
        // A list's `=` and `!=` ask about one of its items.
        #expect(count("weapon.enchantments = frost") == weapons.count { $0?.enchantments.contains("frost") ?? false })
        #expect(count("weapon.enchantments != frost") == weapons.count { $0.map { !$0.enchantments.contains("frost") } ?? false })
        // Bad comparisons are usage errors naming the field.
        for (filter, field) in [("weapon.power ~ 3", "weapon.power"), ("weapon.forgedAt ~ 2022", "weapon.forgedAt")] {
            let bad = cli(["list", "--where", filter], db: db)
            #expect(bad.status == 2 && bad.err.contains(field), "\(bad.err)")
        }
        // A group of a text path drills down to a filter that selects it.
        let clause = try #require(GroupField.number(path: "weapon.name", width: nil).filterClause(.text("🗡️ Thornmaw \"x\"")))
        #expect(clause == #"weapon.name = "🗡️ Thornmaw \"x\"""#)
        #expect(cli(["list", "--where", clause], db: db).status == 0)
        // Grouped by rarity: the export's own count.
        let stats = cli(["stats", "--by", "weapon.rarity", "--json"], db: db)
        #expect(stats.status == 0, "\(stats.err)")
        guard case .object(let o)? = try? JSONParser.parse(stats.out), case .array(let groups)? = o["groups"] else {
            Issue.record("\(stats.out)"); return
        }
        var counted: [String: Int64] = [:]
        for g in groups {
            if case .object(let group) = g, case .string(let v)? = group["value"], case .integer(let n)? = group["count"] { counted[v] = n }
        }
        for rarity in Weapon.Rarity.allCases {
            #expect(counted[rarity.rawValue] == Int64(weapons.count { $0?.rarity == rarity }), "\(rarity): \(stats.out)")
        }
    }

    @Test func exportAndImportRoundTripByteForByte() throws {
        let dir = TempDir()
        let db = dir.file("a.sqlite")
        #expect(cli(["simulate", "--fights", "200", "--seed", "12"], db: db).status == 0)
        let first = cli(["export"], db: db).out
        #expect(first.contains(#""weapon":{"name":"#) && first.contains(#""weapon":null"#))
        let file = dir.file("a.jsonl")
        try first.write(toFile: file, atomically: true, encoding: .utf8)
        let copy = dir.file("b.sqlite")
        #expect(cli(["import", file], db: copy).status == 0)
        #expect(cli(["export"], db: copy).out == first)
        // The archives themselves are the same bytes.
        let a = try Database(path: db), b = try Database(path: copy)
        let sql = "SELECT id, weapon FROM record ORDER BY id"
        #expect(try a.prepare(sql).map { $0.value(1) } == b.prepare(sql).map { $0.value(1) })
    }

    @Test func aDamagedWeaponIsNamedOnEverySurfaceAndNeverDefaulted() throws {
        let dir = TempDir()
        let db = dir.file("d.sqlite")
        #expect(cli(["simulate", "--fights", "20", "--seed", "2"], db: db).status == 0)
        var armedRecords: [Record] = []
        try BattleStore(path: db).forEachRecord { r in if r.attribute(named: "weapon")?.value is Weapon { armedRecords.append(r) } }
        let armed = try #require(armedRecords.first)
        // Its archive's class renamed: a class outside the allow-list.
        let raw = try Database(path: db)
        guard case .blob(let bytes)? = try raw.prepare("SELECT weapon FROM record WHERE id = ?").map([armed.id], { $0.value(0) }).first else {
            Issue.record("no archive"); return
        }
        var renamed = bytes
        let from = Array("Weapon".utf8), to = Array("Gadget".utf8)
        for i in 0..<(renamed.count - from.count) where Array(renamed[i..<(i + from.count)]) == from {
            renamed.replaceSubrange(i..<(i + from.count), with: to)
        }
        try raw.execute("UPDATE record SET weapon = ? WHERE id = ?", [SQLiteValue.blob(renamed), SQLiteValue.integer(armed.id)])
        let id = String(armed.id)
        let why = "the archive names the class Gadget, which is not allowed here"
        let show = cli(["show", id], db: db)
        #expect(show.status == 0 && show.out.contains("Weapon ⚠ DAMAGED") && show.out.contains(why), "\(show.out)")
        let json = cli(["show", id, "--json"], db: db).out
        #expect(json.contains(#""weapon":{"$damaged":"archive: \#(why)"}"#) && json.contains(#""attribute":"weapon""#), "\(json)")
        let inspect = cli(["inspect", id], db: db).out
        #expect(inspect.contains(why) && inspect.contains("Gadget") && inspect.contains("class entry"), "\(inspect)")
        let doctor = cli(["doctor"], db: db)
        #expect(doctor.status == 1 && doctor.out.contains("record \(id): weapon: archive: \(why)"), "\(doctor.out)")
        // An export carries the damage, and import refuses that line by name.
        let export = cli(["export"], db: db).out
        let file = dir.file("d.jsonl")
        try export.write(toFile: file, atomically: true, encoding: .utf8)
        let imported = cli(["import", file], db: dir.file("e.sqlite"))
        #expect(imported.status == 1 && imported.err.contains("the record is marked damaged"), "\(imported.err)")
    }

    @Test func anOlderDatabaseGainsTheColumnEmpty() throws {
        let dir = TempDir()
        let db = dir.file("old.sqlite")
        #expect(cli(["simulate", "--fights", "10", "--seed", "1"], db: db).status == 0)
        // As a database of the previous version: no weapon column, one migration behind.
        let raw = try Database(path: db)
        try raw.execute(script: """
            DROP INDEX record_grouping; DROP INDEX IF EXISTS record_weapon_name; DROP INDEX IF EXISTS record_weapon_rarity; DROP INDEX IF EXISTS record_weapon_power;
            ALTER TABLE record DROP COLUMN weapon_name; ALTER TABLE record DROP COLUMN weapon_rarity;
            ALTER TABLE record DROP COLUMN weapon_power; ALTER TABLE record DROP COLUMN weapon_enchantments;
            ALTER TABLE record DROP COLUMN weapon_forged_at; ALTER TABLE record DROP COLUMN weapon;
            PRAGMA user_version = \(BattleStore.schemaVersion - 1);
            DELETE FROM schema_migration WHERE name = 'record-weapon';
            """)
        let list = cli(["list", "--where", "weapon.rarity = rare"], db: db)
        #expect(list.status == 0 && list.out == "no records\n", "\(list.out)\(list.err)")
        #expect(try Database(path: db).userVersion() == BattleStore.schemaVersion)
        let shown = cli(["show", "1"], db: db).out
        #expect(shown.contains("Bare-handed"), "\(shown)")
    }
}
