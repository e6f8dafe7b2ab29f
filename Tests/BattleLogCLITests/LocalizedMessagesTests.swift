import Foundation
import Testing
@testable import BattleLogCLI
import BattleLogKit

/// Usage errors, failures and the commands' summaries in the chosen language (issue 39, §3):
/// `--lang zh` anywhere on the line, or a Chinese `LANG`, gets Chinese; one line, the same exit
/// status as in English.
@Suite struct LocalizedMessagesTests {
    static func hasCJK(_ text: String) -> Bool {
        text.unicodeScalars.contains { (0x4E00...0x9FFF).contains($0.value) || (0xFF00...0xFF5E).contains($0.value) }
    }

    /// A mistake of each kind the command line finds, with its exit status.
    static let mistakes: [(arguments: [String], status: Int32)] = [
        (["list", "--bogus"], 2), (["frobnicate"], 2), (["help", "nosuch"], 2), (["help", "a", "b"], 2),
        (["show", "abc"], 2), (["show"], 2), (["show", "1", "2"], 2), (["simulate"], 2),
        (["simulate", "--fights", "2", "--seed", "x"], 2), (["stats", "--vs", "A", "B", "--by", "gate"], 2),
        (["stats", "--by", "gate,result,kind"], 2), (["stats", "--by", "gate,gate"], 2), (["stats", "--by", "nosuch"], 2), (["stats", "--by", "date:year"], 2), (["stats", "--sort", "count"], 2),
        (["export", "--bom"], 2), (["export", "--format", "xml"], 2), (["coredata", "frob", "x"], 2),
        (["replay", "1", "--speed", "fast"], 2), (["completions", "tcsh"], 2), (["list", "--limit", "x"], 2),
        (["list", "--limit", "0"], 2), (["list", "--json=1"], 2), (["list", "--where"], 2), (["list", "--sort", "powr"], 2),
        (["backup", ""], 2), (["import", "x.jsonl", "--result-map", "a=win"], 2),
        (["list", "--owner", "Nobody At All"], 1), (["import", "no-such-file.jsonl"], 1),
    ]

    @Test func everyMistakeIsSaidInChineseOnOneLineWithTheSameStatus() throws {
        let dir = TempDir()
        let db = dir.file("m.sqlite")
        _ = cli(["simulate", "--fights", "5", "--seed", "1"], db: db)
        for (arguments, status) in Self.mistakes {
            let english = cli(["--lang", "en"] + arguments, db: db)
            #expect(english.status == status, "\(arguments): \(english.err)")
            #expect(!Self.hasCJK(english.err) && english.err.hasPrefix("battlelog: "), "\(arguments): \(english.err)")
            // --lang at the end of the line, and a Chinese LANG without it.
            for zh in [cli(arguments + ["--lang", "zh"], db: db), cli(arguments, db: db, environment: ["LANG": "zh_CN.UTF-8"])] {
                #expect(zh.status == status, "\(arguments): \(zh.err)")
                #expect(Self.hasCJK(zh.err) && zh.err != english.err, "\(arguments): \(zh.err)")
                #expect(zh.err.split(separator: "\n").count == 1 && zh.err.hasPrefix("battlelog: "), "\(arguments): \(zh.err)")
            }
        }
        // A bad --lang is said in the environment's language.
        let bad = cli(["--lang", "fr", "list"], db: db, environment: ["LANG": "zh_CN.UTF-8"])
        #expect(bad.status == 2 && bad.err.contains("--lang 须为 en 或 zh"), "\(bad.err)")
    }

    @Test func theSummariesOfSimulateImportAndBackupAreInChinese() throws {
        let dir = TempDir()
        let db = dir.file("s.sqlite")
        let simulated = cli(["--lang", "zh", "simulate", "--fights", "1", "--seed", "3"], db: db)
        #expect(simulated.status == 0 && simulated.err.contains("已保存 1 / 1 场战斗（2 条记录）"), "\(simulated.err)")
        let english = cli(["simulate", "--fights", "1", "--seed", "4"], db: db)
        #expect(english.err.contains("saved 1 of 1 fight (2 records)"), "\(english.err)")
        let exported = cli(["export"], db: db)
        try exported.out.write(toFile: dir.file("all.jsonl"), atomically: true, encoding: .utf8)
        let imported = cli(["--lang", "zh", "import", dir.file("all.jsonl")], db: dir.file("i.sqlite"))
        #expect(imported.status == 0 && imported.err.hasPrefix("已导入 4 条记录，写入 "), "\(imported.err)")
        let backup = cli(["--lang", "zh", "backup", dir.file("b.sqlite")], db: db)
        #expect(backup.status == 0 && backup.err.hasPrefix("已备份 ") && backup.err.contains("已校验"), "\(backup.err)")
    }
}
