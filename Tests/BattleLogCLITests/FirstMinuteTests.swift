import Foundation
import Testing
@testable import BattleLogCLI
import BattleLogKit
import BattleLogPresentation

/// What a new user meets in the first minute on the command line (issue 18).
@Suite struct FirstMinuteTests {
    /// A small simulated database whose first Humans carry names in several scripts.
    static func scriptedNames(_ dir: TempDir) throws -> String {
        let db = dir.file("names.sqlite")
        let r = cli(["simulate", "--fights", "200", "--seed", "3", "--heroes", "4", "--villains", "4"], db: db)
        #expect(r.status == 0, "\(r.err)")
        let store = try BattleStore(path: db)
        let names = ["สมศักดิ์ ทองดี", "🧙🏽‍♂️ Merlin", "שָׁלוֹם כהן", "Amélie Café"]
        for (human, name) in zip(store.humans, names) {
            try store.executeRaw("UPDATE human SET name = ? WHERE id = ?", [name, human.id])
        }
        return db
    }

    @Test func containsFindsWhatWasTypedSoFarInEveryScript() throws {
        let dir = TempDir()
        let db = try Self.scriptedNames(dir)
        for (needle, name) in [("สมศ", "สมศักดิ์ ทองดี"), ("🧙", "🧙🏽‍♂️ Merlin"), ("שלום", "שָׁלוֹם כהן"), ("amelie", "Amélie Café")] {
            let r = cli(["list", "--where", "owner ~ \"\(needle)\"", "--json", "--limit", "3"], db: db)
            #expect(r.status == 0, "\(r.err)")
            let lines = r.out.split(separator: "\n")
            #expect(lines.count == 3, "owner ~ \(needle)")
            #expect(lines.allSatisfy { $0.contains(name) }, "owner ~ \(needle)")
        }
    }

    @Test func anEmojiJoinerIsShownAndOtherJoinersStayEscaped() throws {
        #expect(SafeText.escape("🧙🏽‍♂️ Merlin 👩‍👩‍👧‍👦") == "🧙🏽‍♂️ Merlin 👩‍👩‍👧‍👦")
        #expect(SafeText.escape("A\u{200D}B") == "A\\u{200d}B")
        #expect(SafeText.escape("🧙\u{200D}") == "🧙\\u{200d}")
        #expect(SafeText.escape("\u{200D}🧙") == "\\u{200d}🧙")
        #expect(SafeText.escape("🧙\u{200D}\u{1B}[2J") == "🧙\\u{200d}^[[2J")
        #expect(DisplayWidth.truncate("ab 👩‍👩‍👧‍👦", to: 40) == "ab 👩‍👩‍👧‍👦")
        let dir = TempDir()
        let db = try Self.scriptedNames(dir)
        let merlin = "🧙🏽‍♂️ Merlin"
        for args in [["list", "--owner", merlin, "--limit", "2"], ["stats"], ["list", "--owner", merlin, "--json", "--limit", "1"]] {
            let r = cli(args, db: db)
            #expect(r.status == 0, "\(r.err)")
            #expect(r.out.contains(merlin), "\(args)")
            #expect(!r.out.contains("200d") && !r.out.contains("200D"), "\(args)")
        }
        let id = try #require(cli(["list", "--owner", merlin, "--json", "--limit", "1"], db: db).out.split(separator: ",").first?.split(separator: ":").last)
        let show = cli(["show", String(id)], db: db)
        #expect(show.out.contains(merlin) && !show.out.contains("200d"))
    }

    @Test func anExplicitPathInAMissingFolderIsRefusedAndMakesNoFolder() throws {
        let dir = TempDir()
        let typo = dir.file("typo/deep/c.sqlite")
        let r = cli(["simulate", "--fights", "1"], db: typo)
        #expect(r.status == 1)
        #expect(r.err.hasPrefix("battlelog: \(typo): no such folder \(dir.file("typo/deep"))"), "\(r.err)")
        #expect(r.err.split(separator: "\n").count == 1)
        #expect(!FileManager.default.fileExists(atPath: dir.file("typo")))
        // A failed import leaves no folder either.
        let bad = dir.file("bad.jsonl")
        try "not json\n".write(toFile: bad, atomically: true, encoding: .utf8)
        let i = cli(["import", bad], db: dir.file("other/x.sqlite"))
        #expect(i.status == 1)
        #expect(!FileManager.default.fileExists(atPath: dir.file("other")))
        // The default database's folder is made.
        let console = Console(out: { _ in }, err: { _ in })
        let status = BattlelogCLI.run(["simulate", "--fights", "2"], console: console,
                                      environment: ["XDG_DATA_HOME": dir.file("xdg/data"), "HOME": dir.path])
        #expect(status == 0)
        #expect(FileManager.default.fileExists(atPath: dir.file("xdg/data/battlelog/battlelog.sqlite")))
    }

    @Test func listAndShowFitTheTerminalAndStayWholeInAPipe() throws {
        let dir = TempDir()
        let db = try Self.scriptedNames(dir)
        let store = try BattleStore(path: db)
        let long = "Bartholomew Maximilian Fitzgerald-Warrington"
        try store.executeRaw("UPDATE human SET name = ? WHERE id = ?", [long, store.humans[5].id])
        for columns in [80, 120] {
            let r = cliOnTerminal(["list", "--limit", "30"], db: db, columns: columns)
            #expect(r.status == 0)
            let lines = r.out.split(separator: "\n").map(String.init)
            #expect(lines.count == 31)
            #expect(lines.allSatisfy { DisplayWidth.of($0) <= columns }, "\(columns): \(r.out)")
            // Aligned: every row's duration ends at the same column (right-aligned, last).
            let widths = Set(lines.dropFirst().map(DisplayWidth.of))
            #expect(widths.count == 1, "\(columns): rows of widths \(widths)")
            #expect(r.out.contains("…"))
        }
        let piped = cli(["list", "--limit", "30"], db: db)
        #expect(piped.out.split(separator: "\n").contains { DisplayWidth.of(String($0)) > 80 })
        // show: the magic box fits 80 columns; piped it is whole.
        let villain = try #require(store.humans.first { $0.kind == .villain && $0.id != store.humans[5].id })
        let withMagic = try #require(try store.page(RecordQuery(ownerID: villain.id), limit: 50).first { $0.usingMagic.value != nil })
        try store.executeRaw("UPDATE record SET using_magic = json_set(using_magic, '$.gateName', ?) WHERE id = ?",
                             [String(repeating: "Maw of the Endless Night ", count: 6), withMagic.id])
        let shown = cliOnTerminal(["show", String(withMagic.id)], db: db, columns: 80)
        #expect(shown.status == 0, "\(shown.err)")
        #expect(shown.out.split(separator: "\n").allSatisfy { DisplayWidth.of(String($0)) <= 80 }, "\(shown.out)")
        #expect(shown.out.contains("└"))
        let whole = cli(["show", String(withMagic.id)], db: db)
        #expect(whole.out.contains(String(repeating: "Maw of the Endless Night ", count: 6).trimmingCharacters(in: .whitespaces)))
    }

    @Test func chineseReachesTheMagicCellsOfList() throws {
        let dir = TempDir()
        let db = dir.file("zh.sqlite")
        _ = cli(["simulate", "--fights", "50", "--seed", "4"], db: db)
        let r = cli(["--lang", "zh", "list", "--limit", "50"], db: db)
        #expect(r.out.contains("反派: ") || r.out.contains("英雄: "))
        #expect(!r.out.contains("villain: ") && !r.out.contains("hero: "))
    }
}
