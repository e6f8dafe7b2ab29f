import Foundation
import Testing
import BattleLogKit
import SQLiteDB

/// Databases built by hand to be as hostile as possible.
@Suite(.serialized) struct HostileDatabaseTests {
    static let evilName = "Evil\u{1B}]0;pwned\u{07}\u{1B}[2J\u{1B}[31mRed\r\nX\u{9B}1;1H\u{7F}"

    /// The battlelog schema without its NOT NULL constraints, filled with damage of every kind.
    static func build(_ path: String) throws {
        let schema = BattleStore.schemaScript.replacingOccurrences(of: " NOT NULL,", with: ",")
            .replacingOccurrences(of: " NOT NULL DEFAULT", with: " DEFAULT").replacingOccurrences(of: " NOT NULL\n", with: "\n")
            .replacingOccurrences(of: " NOT NULL REFERENCES", with: " REFERENCES")
        let db = try Database(path: path)
        try db.execute(script: schema)
        try db.execute(script: "PRAGMA user_version = \(BattleStore.schemaVersion); PRAGMA application_id = \(0x4254_4C47)")
        let human = try db.prepare("INSERT INTO human(id, name, kind) VALUES (?, ?, ?)")
        func insertHuman(_ id: Int64, _ name: [UInt8], _ kind: String) throws {
            try human.bind([])
            try human.bind(int64: id, at: 1)
            try human.bind(utf8: name, at: 2)
            try human.bind(.text(kind), at: 3)
            try human.step()
        }
        try insertHuman(1, Array(evilName.utf8), "hero")
        try insertHuman(2, Array("Nul\u{0}Byte".utf8), "villain")
        try insertHuman(3, [0x42, 0xFF, 0xFE, 0x43, 0xC3], "hero")                       // invalid UTF-8
        try insertHuman(4, Array(String(repeating: "長", count: 350_000).utf8), "villain") // ~1 MB
        try insertHuman(5, Array("Plain".utf8), "wizard")                                 // unknown kind
        let good = #"{"epoch":0,"flags":1,"timescale":600,"value":6000}"#
        let rows: [[SQLiteValue]] = [
            [.integer(1), .integer(1), .integer(1), .integer(2), .integer(1_767_225_600), .text("win"), .text(good), .text("[1,2,3]"),
             .text(#"{"collaboratorName":"\u001b[5mBlink\r","cooperationFormulaName":"F\u202eG","type":"hero","version":1}"#)],
            [.integer(2), .integer(1), .integer(2), .integer(1), .integer(1_767_225_600), .text("loss"), .text(good),
             .text("[" + (0..<100_000).map { String($0 % 100 + 1) }.joined(separator: ",") + "]"), .text(#"{"type":"villain","version":1,"gateName":"G","powerOfEvilGate":5}"#)],
            [.integer(3), .null, .null, .null, .null, .null, .null, .null, .null],
            [.integer(4), .text("x"), .text("abc"), .real(1.5), .text("yesterday"), .integer(42), .blob([0, 1, 0x1B]), .real(3.14), .integer(7)],
            [.integer(5), .integer(3), .integer(3), .integer(4), .integer(1_767_225_700), .text("draw"), .text(good), .text("[]"), .text(#"{"type":"dragon","version":1}"#)],
            [.integer(6), .integer(3), .integer(4), .integer(3), .integer(1_767_225_700), .text("draw"), .text(good), .text("[5]"),
             .text(#"{"type":"hero","version":99,"collaboratorName":"a","cooperationFormulaName":"b"}"#)],
            [.integer(7), .integer(4), .integer(1), .integer(4), .integer(1_767_225_800), .text("win"), .text(#"{"flags":1,"timescale":600,"value":1}"#), .text("[1]"), .null],
            [.integer(8), .integer(4), .integer(4), .integer(1), .integer(1_767_225_800), .text("loss"),
             .text(#"{"epoch":0,"flags":1,"timescale":1000000000000,"value":1}"#), .text("[1]"), .text(#"{"gateName":"Legacy\u0007","powerOfEvilGate":0}"#)],
            [.integer(9), .integer(5), .integer(5), .integer(1), .integer(1_767_225_900), .text("win"), .text("{\"epoch\":0,\"flags\":1,\"timescale\":600,\"value\":1,\"x\":\"\u{1B}raw\"}"),
             .text("[1,\"two\",3]"), .text("{\"type\":\"villain\",\"version\":1,\"gateName\":\"raw \u{1B}[31m control\",\"powerOfEvilGate\":3}")],
            [.integer(10), .integer(5), .integer(5), .integer(3), .integer(1_767_226_000), .text("win"), .text(good), .text("[1]"),
             .text(#"{"type":"villain","version":1,"gateName":""# + String(repeating: "\\u001b", count: 200_000) + #"","powerOfEvilGate":3}"#)],
            [.integer(11), .integer(6), .integer(999), .integer(1), .integer(1_767_226_100), .text("win"), .text(good), .text("[1]"), .null],
        ]
        let insert = try db.prepare("INSERT INTO record(id, fight, owner_id, opponent_id, date, result, duration, random_numbers, using_magic) VALUES (?,?,?,?,?,?,?,?,?)")
        try db.execute(script: "PRAGMA foreign_keys = OFF")
        for row in rows { try insert.execute(row) }
        try db.execute(script: """
            INSERT INTO magic_usage VALUES ('villain', 'Gate' || char(27) || '[2J', 3), ('hero', 'Nulls', NULL);
            INSERT INTO dice_count VALUES (1, 5), (1000, 1), (-3, 2);
            """)
    }

    /// No C0 control except newline, no DEL, no C1, in what reaches stdout.
    static func expectNoRawControls(_ text: String, _ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
        for scalar in text.unicodeScalars where scalar != "\n" {
            let v = scalar.value
            if v < 0x20 || (0x7F...0x9F).contains(v) || v == 0x202E {
                Issue.record("\(what): raw control U+\(String(v, radix: 16)) reached stdout", sourceLocation: sourceLocation)
                return
            }
        }
    }

    @Test func everyCommandFinishesAndEscapes() throws {
        let dir = TempDir()
        let db = dir.file("hostile.sqlite")
        try Self.build(db)
        var commands: [[String]] = [["list", "--limit", "100"], ["list", "--json", "--limit", "100"], ["stats"], ["stats", "--json"],
                                    ["export"], ["export", "--format", "csv"], ["list", "--where", "magic = damaged"],
                                    ["list", "--where", "power >= 1 or rolls.max > 50 or duration > 1 or owner ~ evil"]]
        for id in 1...11 { commands += [["show", String(id)], ["show", String(id), "--json"], ["inspect", String(id)], ["inspect", String(id), "--json"]] }
        for command in commands {
            let r = try runBinary(["--db", db] + command)
            #expect(r.status == 0, "\(command): \(r.err)")
            // CSV for a program keeps text exactly (RFC 4180); on a terminal it is escaped.
            Self.expectNoRawControls(command.contains("csv") ? cliOnTerminal(command, db: db, columns: 80).out.replacingOccurrences(of: "\r\n", with: "\n") : r.out, "\(command)")
            Self.expectNoRawControls(r.err, "\(command) stderr")
        }
        let doctor = try runBinary(["--db", db, "doctor"])
        #expect(doctor.status == 1)
        Self.expectNoRawControls(doctor.out, "doctor")
        for expected in ["record 3: owner", "record 3: date", "record 3: result", "record 3: duration: value is missing (NULL)",
                         "record 4: duration: stored as a blob of 3 bytes", "record 4: randomNumbers: expected an array, found a number",
                         "record 4: usingMagic: expected an object, found an integer", "record 4: date: expected an integer, found \"yesterday\"",
                         // Plain columns a value cannot be held in are damage too, never a default.
                         "record 4: fight: expected an integer, found \"x\"", "record 4: opponent: expected an integer, found a real (1.5)",
                         "human 5: kind: expected hero or villain, found \"wizard\"", "record 9: owner: expected a whole Human, found Human 5 with kind",
                         "fight 5: both records belong to Human 5", "record 5: usingMagic: unknown magic type \"dragon\"",
                         "record 6: usingMagic: unknown version 99", "record 7: duration: time dictionary: missing key \"epoch\"",
                         "record 8: duration: time dictionary: \"timescale\" = 1000000000000 is out of range",
                         "record 8: usingMagic: field \"powerOfEvilGate\" = 0 is outside 1...10",
                         "record 9: duration: not JSON: control character in a string", "record 9: randomNumbers: element 1 should be an integer",
                         "record 11: owner", "foreign key"] {
            #expect(doctor.out.contains(expected), "doctor lacks \(expected):\n\(doctor.out.prefix(3000))")
        }
        let show = try runBinary(["--db", db, "show", "1"])
        #expect(show.out.contains("Evil^[]0;pwned^G^[[2J^[[31mRed\\r\\nX\\u{9b}1;1H^?"))
        #expect(show.out.contains("^[[5mBlink\\r"))
        let json = try runBinary(["--db", db, "show", "3", "--json"]).out
        #expect(json.contains(#"{"attribute":"owner","message":"expected an integer, found NULL"}"#), "\(json)")
        // A column that cannot be read is marked in place, as a damaged attribute is, never null.
        #expect(json.contains(#""fight":{"$damaged":"#) && json.contains(#""date":{"$damaged":"#), "\(json)")
        #expect(try runBinary(["--db", db, "list", "--where", "magic = damaged", "--json"]).out.split(separator: "\n").count == 5)
    }

    @Test func theBrowserShowsItEscaped() throws {
        let binary = try requireBinary()
        let dir = TempDir()
        let db = dir.file("hostile.sqlite")
        try Self.build(db)
        let recording = dir.file("pane.bytes")
        let command = "env LANG=C.UTF-8 TERM=xterm-256color '\(binary)' --db '\(db)'; echo EXITED $?; sleep 60"
        let t = try TmuxSession(command: command, columns: 120, rows: 40, recording: recording)
        try t.waitFor("the roster") { $0.contains("Roster") }
        // Visit every Human and every record, open inspect and stats on the way.
        for _ in 0..<6 {
            try t.send("Tab")
            for _ in 0..<4 { try t.send("j"); try t.send("i"); try t.send("Escape") }
            try t.send("Tab", "Tab", "j")
        }
        try t.send("t")
        // Waits for the gates' list itself: a capture can fall while the view is still being drawn.
        // Timing out records the failure.
        try t.waitFor("the stats view's escaped gate") { $0.contains("Statistics") && $0.contains("Gate^[[2J") }
        try t.send("q", "g")
        let first = try t.waitFor("the hostile Human") { $0.contains("Evil^[]0;pwned") }
        try t.send("q")
        try t.waitFor("the exit") { $0.contains("EXITED 0") }
        // The bytes the program wrote: the escaped forms, and none of the hostile sequences raw.
        let written = try #require(FileManager.default.contents(atPath: recording))
        func contains(_ needle: String) -> Bool { written.range(of: Data(needle.utf8)) != nil }
        #expect(contains("Evil^[]0;pwned^G"), "the escaped name never reached the terminal")
        for raw in ["\u{1B}]0;pwned", "pwned\u{07}", "\u{9B}1;1H", "\u{1B}[5mBlink", "Blink\r", "Gate\u{1B}[2J", "\u{1B}raw"] {
            #expect(!contains(raw), "raw \(raw.debugDescription) reached the terminal")
        }
    }
}
