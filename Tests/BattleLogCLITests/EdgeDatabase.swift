import Foundation
import BattleLogKit
import SQLiteDB

/// A database whose every column (plain, Transformable and the summaries) takes values from
/// the edges: Int64.min and max, 0, -1, NULL, REAL, BLOB, huge and malformed text, deep JSON.
/// Built from a stream of bytes, so that the same code serves the property test (bytes from a
/// seeded generator) and the libFuzzer harness (bytes from the fuzzer).
///
/// Depends on SQLiteDB and BattleLogKit only (the fuzz harness compiles it as it is).
struct EdgeDatabase {
    private var bytes: [UInt8]
    private var position = 0

    /// How often a column keeps its good value, out of 256: the first byte, so that some
    /// databases are mostly whole (a damaged value then stands alone in its record, where a
    /// silent default would show) and others mostly damage.
    private let goodness: Int

    init(bytes: [UInt8]) {
        self.bytes = Array(bytes.dropFirst())
        goodness = Int(bytes.first ?? 0)
    }

    /// The next byte (0 when the bytes are used up).
    private mutating func nextByte() -> Int {
        guard position < bytes.count else { return 0 }
        defer { position += 1 }
        return Int(bytes[position])
    }

    /// The next choice in 0..<count: 0 (the good value) with the database's goodness, else any.
    private mutating func pick(_ count: Int) -> Int {
        let b = nextByte()
        return b < goodness ? 0 : b % count
    }

    static let goodDuration = #"{"epoch":0,"flags":1,"timescale":600,"value":6000}"#
    static let goodHero = #"{"collaboratorName":"Mira","cooperationFormulaName":"Starlight Accord","type":"hero","version":1}"#
    static let goodVillain = #"{"gateName":"Maw","powerOfEvilGate":7,"type":"villain","version":1}"#

    private mutating func integer(_ good: Int64) -> SQLiteValue {
        let choices: [SQLiteValue] = [.integer(good), .integer(good), .integer(good), .integer(Int64.min), .integer(Int64.max),
                                      .integer(0), .integer(-1), .null, .real(1.5), .real(-0.0), .blob([0, 0xFF, 0x1B]),
                                      .text("abc"), .text("\u{1B}[2J"), .text(String(repeating: "9", count: 40))]
        return choices[pick(choices.count)]
    }

    /// An INTEGER PRIMARY KEY can only hold integers: the edges among them.
    private mutating func key(_ good: Int64) -> SQLiteValue {
        let choices: [Int64] = [good, good, Int64.min, Int64.max, 0, -1, 101]
        return .integer(choices[pick(choices.count)])
    }

    private mutating func text(_ good: String) -> SQLiteValue {
        let choices: [SQLiteValue] = [.text(good), .text(good), .text(good), .null, .integer(Int64.min), .real(2.5),
                                      .blob([0xC3, 0x28, 0x1B, 0x9B]), .text("A\u{1B}]0;pwned\u{07}\u{9B}31m\u{202E}B\u{200B}"),
                                      .text(String(repeating: "長", count: 5_000)), .text(""), .text("x\u{0}y")]
        return choices[pick(choices.count)]
    }

    private mutating func json(_ good: String) -> SQLiteValue {
        let deep = String(repeating: "[", count: 1000) + String(repeating: "]", count: 1000)
        let choices: [SQLiteValue] = [
            .text(good), .text(good), .text(good), .null, .integer(7), .real(0.5), .blob([0x7B, 0x7D]), .text("{"), .text(deep),
            .text("[9223372036854775807,-9223372036854775808,0,101]"), .text("[1,\"two\",3]"), .text("[]"),
            .text(#"{"epoch":0,"flags":1,"timescale":600,"value":-9223372036854775808}"#),
            .text(#"{"epoch":9223372036854775807,"flags":1,"timescale":2147483647,"value":9223372036854775807}"#),
            .text(#"{"epoch":0,"flags":1,"timescale":0,"value":1}"#),
            .text(#"{"gateName":"G\u001b[31m","powerOfEvilGate":9223372036854775807,"type":"villain","version":1}"#),
            .text(#"{"type":"villain","version":-9223372036854775808}"#), .text(#"{"type":"dragon","version":1}"#),
            .text(#"{"collaboratorName":null,"cooperationFormulaName":"F","type":"hero","version":1}"#),
            .text("[" + String(repeating: "1,", count: 5_000) + "1]"), .text("\"\\ud800\""), .text("1e999"),
        ]
        return choices[pick(choices.count)]
    }

    /// Writes the database at `path`: two Humans, `records` records (two fights' worth by
    /// default), the summary tables, each value drawn from the edges.
    mutating func build(at path: String, records: Int = 4) throws {
        let schema = BattleStore.schemaScript.replacingOccurrences(of: " NOT NULL,", with: ",")
            .replacingOccurrences(of: " NOT NULL DEFAULT", with: " DEFAULT").replacingOccurrences(of: " NOT NULL\n", with: "\n")
            .replacingOccurrences(of: " NOT NULL REFERENCES", with: " REFERENCES")
        let db = try Database(path: path)
        try db.execute(script: "PRAGMA journal_mode = WAL")
        try db.execute(script: schema)
        try db.execute(script: "PRAGMA user_version = \(BattleStore.schemaVersion); PRAGMA application_id = \(0x4254_4C47)")
        try db.execute(script: "BEGIN")
        let human = try db.prepare("INSERT OR IGNORE INTO human(id, name, kind, wins, losses, draws) VALUES (?, ?, ?, ?, ?, ?)")
        for (id, name, kind) in [(Int64(1), "Aria", "hero"), (2, "Malgor", "villain")] {
            try human.execute([SQLiteValue.integer(id), text(name), text(kind), integer(Int64(records / 4)), integer(Int64(records / 4)), integer(0)])
        }
        let record = try db.prepare("""
            INSERT INTO record(id, fight, owner_id, opponent_id, date, result, duration, random_numbers, using_magic)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        for i in 0..<records {
            let id = Int64(i + 1), owner = Int64(i % 2 + 1)
            let result = ["win", "loss", "draw"][i % 3]
            try record.execute([SQLiteValue.integer(id), integer(Int64(i / 2 + 1)), integer(owner), integer(3 - owner),
                                integer(1_767_225_600 + Int64(i) * 60), text(result), json(Self.goodDuration),
                                json("[\(i % 100 + 1),50,100]"), json(owner == 1 ? Self.goodHero : Self.goodVillain)])
        }
        let usage = try db.prepare("INSERT OR IGNORE INTO magic_usage(type, name, uses) VALUES (?, ?, ?)")
        try usage.execute([text("hero"), text("Starlight Accord"), integer(2)])
        let dice = try db.prepare("INSERT OR IGNORE INTO dice_count(roll, times) VALUES (?, ?)")
        try dice.execute([key(50), integer(4)])
        try dice.execute([key(100), integer(4)])
        try db.execute(script: "COMMIT")
    }

    /// Every exported record without `errors` must say exactly what is stored: a column that
    /// cannot hold its value is reported, never replaced by a default (kind 'wizard' shown as
    /// hero, fight 'abc' as 0, owner 1.5 as 1, a NULL name as ""). The problems found, if any.
    static func silentDefaults(exported: String, path: String) throws -> [String] {
        let db = try Database(path: path, mode: .readOnly)
        var humans: [Int64: (SQLiteValue, SQLiteValue)] = [:]
        try db.prepare("SELECT id, name, kind FROM human").forEachRow { humans[$0.int64(0)] = ($0.value(1), $0.value(2)) }
        let select = try db.prepare("SELECT fight, owner_id, opponent_id, date, result FROM record WHERE id = ?")
        var problems: [String] = []
        for line in exported.split(separator: "\n") {
            guard case .object(let o)? = try? JSONParser.parse(String(line)), o["errors"] == nil,
                  case .integer(let id)? = o["id"],
                  let row = try select.first([id], { ($0.value(0), $0.value(1), $0.value(2), $0.value(3), $0.value(4)) }) else { continue }
            func same(_ json: JSONValue?, _ stored: SQLiteValue, _ what: String) {
                switch (json, stored) {
                case (.integer(let a)?, .integer(let b)) where a == b: return
                case (.string(let a)?, .text(let b)) where a == b: return
                default: problems.append("record \(id): \(what) exported as \(String(describing: json)) but stored as \(stored), with no error")
                }
            }
            same(o["fight"], row.0, "fight")
            for (key, column) in [("owner", row.1), ("opponent", row.2)] {
                // A record may have no opponent (one side imported from a Core Data store): null for NULL.
                if key == "opponent", column == .null, o[key] == .null { continue }
                guard case .object(let h)? = o[key] else { problems.append("record \(id): no \(key)"); continue }
                same(h["id"], column, "\(key).id")
                if case .integer(let hid) = column, let stored = humans[hid] {
                    same(h["name"], stored.0, "\(key).name")
                    same(h["kind"], stored.1, "\(key).kind")
                }
            }
            if case .integer(let d) = row.3 { same(o["date"], .text(ISODate.format(d)), "date") } else { same(o["date"], row.3, "date") }
            same(o["result"], row.4, "result")
        }
        return problems
    }
}
