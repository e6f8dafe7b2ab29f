import Foundation
import Testing
import BattleLogKit
import BattleLogPresentation

/// The analysis view and head to head in tmux, as a person uses them: group, drill down twice,
/// go back up, close; then head to head and open a fight from it.
@Suite(.serialized) struct AnalysisEndToEndTests {
    @Test func groupDrillDownTwiceGoBackAndOpenAFightFromHeadToHead() throws {
        let binary = try requireBinary()
        let dir = TempDir()
        let db = dir.file("a.sqlite")
        #expect(cli(["simulate", "--fights", "400", "--seed", "9", "--heroes", "3", "--villains", "3"], db: db).status == 0)
        let store = try BattleStore(path: db, readOnly: true)
        let command = "env LANG=C.UTF-8 TERM=xterm-256color '\(binary)' --db '\(db)'; echo EXITED $?; sleep 60"
        let t = try TmuxSession(command: command, columns: 120, rows: 40)
        try t.waitFor("the first frame") { $0.contains("Roster ") }
        // t, then Tab to result: its groups.
        try t.send("t")
        try t.waitFor("the summary") { $0.contains("Tab: by field") }
        for _ in 0..<4 { try t.send("Tab") }
        try t.waitFor("the result groups") { $0.contains("[result]") && $0.contains("win") && $0.contains("loss") && !$0.contains("counting") }
        // Drill into the first group, then by kind into its first group.
        try t.send("Enter")
        let first = try t.waitFor("the first drill-down") { $0.contains("drilled down 1") && !$0.contains("counting") }
        let clause = try #require(first.split(separator: "\n").first { $0.contains("f: result = ") }.flatMap { line in
            line.range(of: "f: ").map { String(line[$0.upperBound...]).components(separatedBy: "  ")[0] }
        })
        try t.send("BTab")
        try t.waitFor("kind's groups") { $0.contains("[kind]") && !$0.contains("counting") }
        try t.send("Enter")
        let second = try t.waitFor("the second drill-down") { $0.contains("drilled down 2") && !$0.contains("counting") }
        #expect(second.contains("f: \(clause) and kind = "), "\(second)")
        // The records behind hold exactly the drilled group.
        let drilled = try #require(second.split(separator: "\n").first { $0.contains("f: \(clause) and") }.flatMap { line in
            line.range(of: "f: ").map { String(line[$0.upperBound...]).components(separatedBy: "  drilled")[0] }
        })
        let filter = try FilterCompiler.compile(drilled, roster: store.humans, columns: store.queryColumns)
        let expected = try store.count(RecordQuery(filter: filter))
        #expect(second.contains(GroupedNumber.text(expected)), "\(expected) records in the group")
        // Backspace goes up one level, then another; Esc closes.
        try t.send("BSpace")
        try t.waitFor("back up one") { $0.contains("drilled down 1") }
        try t.send("BSpace")
        try t.waitFor("back at all records") { $0.contains("all records") && !$0.contains("drilled") }
        try t.send("Escape")
        try t.waitFor("the roster again") { $0.contains("Roster ") && !$0.contains("Tab: field") }
        // Head to head: v on the first Human, v on the last (a villain), Enter on the newest fight.
        try t.send("h")
        try t.send("g")
        try t.send("v")
        try t.waitFor("the first side chosen") { $0.contains("now v on the second Human") }
        try t.send("G")
        try t.send("v")
        let h2h = try t.waitFor("head to head") { $0.contains(" vs ") && $0.contains("The fights, newest first") }
        #expect(h2h.contains("win rate by month"))
        try t.send("Enter")
        try t.waitFor("the fight opened in the records") { $0.contains("Record #") && !$0.contains("The fights, newest first") }
        try t.send("q")
        try t.waitFor("the exit") { $0.contains("EXITED 0") }
    }
}
