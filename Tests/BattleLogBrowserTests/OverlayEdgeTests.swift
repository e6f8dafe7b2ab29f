import Foundation
import Testing
@testable import BattleLogBrowser
import BattleLogKit
import BattleLogPresentation

/// Overlays stand clear of the panes under them (no `┌┌`), the help is as wide as its lines,
/// and the compare view keeps alike lines on one row (issue 43).
@Suite(.serialized) struct OverlayEdgeTests {
    /// Two box-drawing corners or edges side by side: a pane's border against an overlay's.
    static func doubledBorders(_ grid: CellGrid) -> [String] {
        let glyphs = Set("┌┐└┘│├┤")
        return (0..<grid.rows).map(grid.line).filter { line in
            zip(line, line.dropFirst()).contains { glyphs.contains($0) && glyphs.contains($1) }
        }
    }

    @Test(arguments: [(24, 80), (40, 120)])
    func overlaysLeaveNoDoubledBorder(rows: Int, columns: Int) throws {
        let s = try SimulatedStore(fights: 60, heroes: 2, villains: 2)
        let (m, grid) = try makeBrowser(s, rows: rows, columns: columns)
        m.handle(.tab)
        m.handle(.character("m")); m.handle(.character("m"))
        for key in [Key.character("i"), .character("?"), .character("c")] {
            m.handle(key)
            #expect(m.overlay != .none)
            BrowserView.render(m, on: grid)
            #expect(Self.doubledBorders(grid).isEmpty, "\(key) at \(columns)x\(rows):\n\(grid.text)")
            m.handle(.escape)
        }
    }

    @Test(arguments: ["en", "zh"])
    func helpIsAsWideAsItsLongestLineAndSaysWhenNothingMatches(language: String) throws {
        let s = try SimulatedStore(fights: 20, heroes: 1, villains: 1)
        let (m, grid) = try makeBrowser(s, rows: 40, columns: 160, language: language)
        m.handle(.character("?"))
        BrowserView.render(m, on: grid)
        // The search key's line names Ctrl-T and Ctrl-R, and is not cut.
        let search = m.labels["key.search"]
        #expect(grid.text.contains(search), "\(grid.text)")
        m.handle(.character("/"))
        m.type("zzqx")
        // While typed, too: the help stays open and says so (a tester saw it vanish).
        BrowserView.render(m, on: grid)
        #expect(m.overlay == .help && grid.text.contains(m.labels.fill("helpNoMatch", "zzqx")), "\(grid.text)")
        m.handle(.enter)
        BrowserView.render(m, on: grid)
        #expect(grid.text.contains(m.labels.fill("helpNoMatch", "zzqx")), "\(grid.text)")
        // Esc in the help's filter gives up the filter, not the help.
        m.handle(.character("/"))
        m.handle(.escape)
        #expect(m.overlay == .help)
        // At 80x24, typed one letter at a time.
        let (small, smallGrid) = try makeBrowser(s, rows: 24, columns: 80, language: language)
        small.handle(.character("?"))
        small.handle(.character("/"))
        for c in "so" {
            small.handle(.character(c))
            BrowserView.render(small, on: smallGrid)
            #expect(small.overlay == .help && smallGrid.text.contains(small.labels["help"]), "\(c): \(smallGrid.text)")
        }
    }

    /// A title too long for its box is cut inside its spaces: the ellipsis never meets the border.
    /// A value that would wrap in a roomy pane stays on one line in a short one, and says it was
    /// cut: a damaged duration's reason at 60x16 ends in `…`, never mid-word without a mark.
    @Test func aValueCutForWantOfRoomEndsInAnEllipsis() throws {
        let s = try SimulatedStore(fights: 10, heroes: 1, villains: 1)
        try s.store.executeRaw("UPDATE record SET duration = 'not a time at all, and long enough to wrap over several lines of a pane'")
        let (m, grid) = try makeBrowser(s, rows: 16, columns: 60)
        m.handle(.tab)
        BrowserView.render(m, on: grid)
        let line = try #require((0..<grid.rows).map(grid.line).first { $0.contains("Duration ⚠") }, "\(grid.text)")
        #expect(line.contains("…"), "\(grid.text)")
        // In a tall pane the reason wraps instead, over more than one row.
        let (tall, tallGrid) = try makeBrowser(s, rows: 40, columns: 90)
        tall.handle(.tab)
        BrowserView.render(tall, on: tallGrid)
        let rows = (0..<tallGrid.rows).map(tallGrid.line)
        let at = try #require(rows.firstIndex { $0.contains("Duration ⚠") }, "\(tallGrid.text)")
        #expect(!rows[at].contains("…") && rows[at...].joined().contains("byte 0)"), "\(tallGrid.text)")
    }

    /// A key's description too long for a narrow help goes on under itself instead of being cut
    /// (a tester read `sort by a field (power:desc; empty clea…` at 60x16), in both browsers.
    @Test(arguments: ["en", "zh"]) func helpWrapsALongDescription(language: String) throws {
        let s = try SimulatedStore(fights: 10, heroes: 1, villains: 1)
        let (m, grid) = try makeBrowser(s, rows: 16, columns: 60, language: language)
        m.handle(.character("?"))
        // Every page of the help, read in turn: the sort key's description is there whole.
        var pages: [String] = []
        for _ in 0..<30 {
            BrowserView.render(m, on: grid)
            pages.append(grid.text.replacingOccurrences(of: "│", with: " ").split(whereSeparator: \.isWhitespace).joined())
            m.handle(.pageDown)
        }
        let whole = m.labels["key.sort"].split(whereSeparator: \.isWhitespace).joined()
        #expect(pages.contains { $0.contains(whole) }, "\(pages)")
        let (cd, cdGrid) = try CoreDataBrowserTests.open(CoreDataBrowserTests.fixtures + "/SampleModel2_V2.sqlite", rows: 16, columns: 60,
                                                         language: language)
        cd.handle(.character("?"))
        CoreDataBrowserTests.settledRender(cd, cdGrid)
        // Every description fits beside the keys; the overlay has more lines than it had keys.
        let help = try #require(cd.shownOverlay)
        let r = help.rect(cd.layout), keys = Drawing.keyColumnWidth(help.lines)
        let lines = help.shown(cd.layout)
        #expect(lines.allSatisfy { DisplayWidth.of($0.1) <= r.width - keys - 5 } && lines.count > help.lines.count)
    }

    @Test func aLongTitleIsCutBeforeTheBorder() {
        let grid = CellGrid(rows: 3, columns: 20)
        Drawing.box(grid, Rect(top: 0, left: 0, height: 3, width: 20), title: "Records of Elias Brandt, sorted by power:desc", focused: true)
        let top = grid.line(0)
        #expect(top.hasSuffix("… ─┐") && top.hasPrefix("┌─ Records"), "\(top)")
        // A list's box whose top carries ↑ cuts its title short of the mark.
        Drawing.box(grid, Rect(top: 0, left: 0, height: 3, width: 20), title: "Records of Elias Brandt, sorted by power:desc", focused: true,
                    markAbove: true)
        Drawing.moreMarks(grid, Rect(top: 0, left: 0, height: 3, width: 20), above: true, below: false)
        #expect(grid.line(0).hasSuffix("…  ↑ ─┐"), "\(grid.line(0))")
    }

    @Test func alikeLinesStandOnOneRow() {
        let a = ["#1", "name", "a long line", "that wrapped", "magic", "duration"]
        let b = ["#2", "name", "short", "magic", "duration", "extra"]
        let rows = LineAlignment.pairs(a, b)
        func row(_ text: String) -> (Int?, Int?)? { rows.first { p in p.0.map { a[$0] } == text } }
        // Shared lines face each other; the left's extra wrap faces a blank; the changed line is paired.
        #expect(row("magic").map { $0.1.map { b[$0] } } == "magic")
        #expect(row("duration").map { $0.1.map { b[$0] } } == "duration")
        #expect(row("a long line").map { $0.1.map { b[$0] } } == "short")
        #expect(rows.contains { $0.0 == 3 && $0.1 == nil })
        #expect(rows.last.map { $0.0 == nil && $0.1 == 5 } == true)
        // Every line of each side appears once, in order.
        #expect(rows.compactMap(\.0) == Array(a.indices) && rows.compactMap(\.1) == Array(b.indices))
    }

    /// Two records compared: a field stands level on both sides though its values differ and
    /// wrap to more lines on one side (a tester saw every row after the dice drift apart).
    @Test func aFieldStandsLevelWhateverItsValues() {
        typealias Span = DetailView.Span
        func field(_ label: String, _ values: [String]) -> [[Span]] {
            values.enumerated().map { i, v in [Span(text: i == 0 ? label + " " : "         ", style: .bold), Span(text: v, style: .normal)] }
        }
        let left = [[Span(text: "#1 · fight 1", style: .bold)]] + field("Dice", ["3 9 4 1", "5 9 2 6", "5 3 5 8", "▁▂▇"]) + field("Timeline", ["12 actions"])
        let right = [[Span(text: "#2 · fight 2", style: .bold)]] + field("Dice", ["2 7 1 8", "2 8 1", "▂▅▁"]) + field("Timeline", ["8 actions"])
        let rows = CompareView.aligned(left, right)
        func text(_ spans: [Span]?) -> String { (spans ?? []).map(\.text).joined() }
        let timeline = rows.first { text($0.left).contains("12 actions") }
        let facing = text(timeline.flatMap { $0.right })
        #expect(facing.contains("8 actions"), "\(rows.map { (text($0.left), text($0.right)) })")
        // The dice's third line faces the right's sparkline; the left's sparkline faces a blank.
        #expect(rows.contains { text($0.left).contains("▁▂▇") && $0.right == nil }, "\(rows.map { (text($0.left), text($0.right)) })")
        #expect(rows.compactMap(\.left).count == left.count && rows.compactMap(\.right).count == right.count)
    }

    /// A box after a field of more lines on one side stands level on both, its rows by their
    /// labels (a trial saw each row of two alike magic boxes marked `≠`, facing the other's
    /// row above, after one timeline took a line more).
    @Test func aBoxStandsLevelAfterALongerField() throws {
        let s = try SimulatedStore(fights: 40)
        let (m, _) = try makeBrowser(s, rows: 40, columns: 160)
        let records = try s.store.page(m.query, limit: 40)
        typealias Span = DetailView.Span
        func text(_ spans: [Span]?) -> String { (spans ?? []).map(\.text).joined() }
        // Two records' lines, the first with one more timeline line than the second.
        let a = try #require(records.first), b = try #require(records.dropFirst().first)
        var left = DetailView.content(a, labels: m.labels, width: 70), right = DetailView.content(b, labels: m.labels, width: 70)
        let timeline = try #require(left.firstIndex { text($0).hasPrefix(m.labels["timeline"]) })
        left.insert([Span(text: "          ", style: .bold), Span(text: "one line more", style: .dim)], at: timeline + 1)
        let rows = CompareView.aligned(left, right)
        for label in ["Magic used", "Weapon", "Rarity", "Forged"] {
            let row = rows.first { text($0.left).contains(label) }
            #expect(row.map { text($0.right).contains(label) } == true, "\(label): \(rows.map { (text($0.left), text($0.right)) })")
        }
        // Every line of each side appears once, in order.
        #expect(rows.compactMap(\.left).count == left.count && rows.compactMap(\.right).count == right.count)
    }
}

