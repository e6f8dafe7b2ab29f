import Foundation
import Testing
@testable import BattleLogKit
@testable import BattleLogPresentation

/// The analysis view's drill-down: the filter clause of each group selects exactly that group's
/// records, over every groupable field, alone and inside another clause.
@Suite struct GroupDrillDownTests {
    @Test func everyGroupsClauseSelectsExactlyItsRecords() throws {
        let folder = TemporaryFolder()
        let store = try BattleStore(path: folder.file("d.sqlite"))
        try SimulationRun(fights: 400, seed: 77, heroes: 4, villains: 4, batchSize: 400).run(on: store)
        let names = ["owner", "opponent", "kind", "result", "magic", "gate", "formula", "collaborator", "power",
                     "date:day", "date:week", "date:month", "duration:10s", "duration", "rolls.max:10", "rolls.count", "rolls.min"]
        var named = 0
        for name in names {
            let field = try GroupField.parse(name, extraPaths: store.queryColumns.extraPaths)
            for group in try store.groupCounts(by: field) {
                guard let clause = field.filterClause(group.key) else {
                    // Only groups the language has no word for: no opponent, a damaged value.
                    #expect(group.key == .absent || group.key == .damaged, "\(name): \(group.key) has no clause")
                    continue
                }
                let filter = try FilterCompiler.compile(clause, roster: store.humans, columns: store.queryColumns)
                #expect(try store.count(RecordQuery(filter: filter)) == group.count, "\(name): \(clause)")
                // Inside another clause, as a second drill-down writes it.
                let nested = try FilterCompiler.compile("(result = win or result = draw) and \(clause)", roster: store.humans, columns: store.queryColumns)
                let within = try store.groupCounts(by: field, where: try FilterCompiler.compile("result = win or result = draw", roster: store.humans, columns: store.queryColumns))
                #expect(try store.count(RecordQuery(filter: nested)) == (within.first { $0.key == group.key }?.count ?? 0), "\(name): \(clause)")
                named += 1
            }
        }
        #expect(named > 100)
    }

    @Test func aNameWithQuotesAndABackslashIsQuotedForTheLanguage() {
        let h = Human(id: 1, name: #"Ann "the \ axe""#, kind: .hero)
        #expect(GroupField.owner.filterClause(.human(h)) == #"owner = "Ann \"the \\ axe\"""#)
        #expect(GroupField.date(.month).filterClause(.text("2026-12")) == "date >= 2026-12-01 and date < 2027-01-01")
        #expect(GroupField.date(.week).filterClause(.text("2026-02-23")) == "date >= 2026-02-23 and date < 2026-03-02")
        #expect(GroupField.number(path: "duration", width: 10).filterClause(.bucket(from: 30, to: 40)) == "duration >= 30 and duration < 40")
        #expect(GroupField.opponent.filterClause(.absent) == nil)
    }

    @Test func aLineChartDrawsItsPointsAndItsAxes() {
        // Two points, bottom left to top right, on a 1-row-high plot: the diagonal's dots.
        let lines = Chart.line([0, 10], xLabels: ["a", "b"], width: 8, height: 3, scale: { String(Int($0)) })
        #expect(lines.count == 5)
        #expect(lines[0].hasPrefix("10 ┤"))
        #expect(lines[2].hasPrefix(" 0 ┤"))
        #expect(lines[3] == "   └────")
        #expect(lines[4] == "    a  b")
        // The top row holds the line's end (top right), the bottom row its start (bottom left).
        #expect(lines[0].unicodeScalars.last.map { $0.value & 0x08 != 0 || $0.value & 0x01 != 0 } == true)
        #expect(lines[2].unicodeScalars.dropFirst(4).first.map { $0.value & 0x40 != 0 } == true)
        // A bucket without a value breaks the line; nothing drawn for an empty series.
        #expect(Chart.line([nil, nil], xLabels: ["a", "b"], width: 10, height: 3, scale: { "\($0)" }).isEmpty)
    }

    @Test func aHistogramsBarsAreAsHighAsTheirCounts() {
        let lines = Chart.histogram([4, 2, 0], xLabels: ["0", "10", "20"], width: 20, height: 2)
        // Two rows of bars: the tallest fills both, half fills the bottom one, none is blank.
        #expect(lines.count == 4)
        #expect(lines[0].contains("█") && !lines[0].contains("▄"))
        #expect(lines[1].filter { $0 == "█" }.count == lines[0].filter { $0 == "█" }.count * 2)
        #expect(lines[3].contains("0") && lines[3].contains("10") && lines[3].contains("20"))
    }
}
