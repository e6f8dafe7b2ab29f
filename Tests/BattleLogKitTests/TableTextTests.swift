import Foundation
import Testing
@testable import BattleLogFoundation
@testable import BattleLogKit
@testable import BattleLogPresentation

/// The quick ways a table's text is made (printable ASCII cut by bytes, bars and grouped numbers
/// written as bytes, groups sorted by what they compare on) give what the plain ways give.
@Suite struct TableTextTests {
    /// `truncate` and `pad` as the scalar-by-scalar way gives them, written here from their
    /// definition: escaped, joiners left out, cut to the width with `…`.
    static func reference(_ text: String, width: Int) -> String {
        guard width > 0 else { return "" }
        var shown: [Unicode.Scalar] = []
        SafeText.forEachShown(text, joiners: .dropped) { shown.append($0); return true }
        let widths = shown.map { DisplayWidth.of($0) }
        guard widths.reduce(0, +) > width else { return String(String.UnicodeScalarView(shown)) }
        var used = 0, kept = 0
        while kept < shown.count, used + widths[kept] <= width - 1 { used += widths[kept]; kept += 1 }
        return String(String.UnicodeScalarView(shown.prefix(kept))) + "…"
    }

    @Test func cutAndPaddedTextIsTheScalarWaysOwn() {
        // ASCII with what makes it not so at every place: a combining accent after the last
        // column that fits (no cut), controls, DEL, a wide character, a joiner.
        let pieces = ["a", "b", " ", "~", "\u{301}", "\u{7}", "\u{7F}", "中", "\u{200D}", "é", "\n"]
        var generator = SeededGenerator(seed: 5)
        var texts = ["", "abc", "abc\u{301}", "abcd", "ab\u{301}c", "abc\u{7}", "abc中"]
        texts += (0..<3000).map { _ in (0..<Int.random(in: 0...9, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined() }
        for text in texts {
            for width in 0...8 {
                let expected = Self.reference(text, width: width)
                #expect(DisplayWidth.truncate(text, to: width) == expected, "\(text.debugDescription) to \(width)")
                let gap = String(repeating: " ", count: max(0, width - DisplayWidth.of(expected)))
                #expect(DisplayWidth.pad(text, to: width) == expected + gap, "\(text.debugDescription) padded to \(width)")
                #expect(DisplayWidth.pad(text, to: width, alignRight: true) == gap + expected, "\(text.debugDescription) right to \(width)")
            }
        }
    }

    @Test func barsAndGroupedNumbersAreThePlainWaysOwn() {
        let partial = ["", "▏", "▎", "▍", "▌", "▋", "▊", "▉"]
        for width in 0...12 {
            for eighths in 0...(width * 8) {
                let plain = String(repeating: "█", count: eighths / 8) + partial[eighths % 8]
                let expected = plain + String(repeating: " ", count: max(0, width - DisplayWidth.of(plain)))
                #expect(Bar.text(Double(eighths) / Double(max(1, width * 8)), width: width) == (width == 0 ? "" : expected), "\(eighths)/\(width * 8)")
            }
        }
        for n in [0, 7, -7, 999, -999, 1000, -1000, 12_345, 999_999, 1_000_000, -1_234_567, Int.max, Int.min] {
            let digits = String(String(n.magnitude).reversed())
            var grouped = ""
            for (i, d) in digits.enumerated() { if i > 0 && i % 3 == 0 { grouped.append(",") }; grouped.append(d) }
            #expect(GroupedNumber.text(n) == (n < 0 ? "-" : "") + String(grouped.reversed()), "\(n)")
        }
    }

    /// Each order sorts as the plain comparison of two groups does: rank (values, absent,
    /// damaged), the measure, then the value; over numbers with many ties, and over names.
    @Test func groupOrderIsThePlainComparisonsOwn() {
        func plain(_ order: GroupOrder, _ a: GroupCount, _ b: GroupCount) -> Bool {
            func rank(_ k: GroupCount.Key) -> Int { k == .absent ? 1 : k == .damaged ? 2 : 0 }
            if rank(a.key) != rank(b.key) { return rank(a.key) < rank(b.key) }
            switch order {
            case .count where a.count != b.count: return a.count > b.count
            case .winrate where a.winRate != b.winRate: return a.winRate > b.winRate
            case .duration where a.meanDuration != b.meanDuration: return (a.meanDuration ?? -1) > (b.meanDuration ?? -1)
            default: return GroupOrder.valueBefore(a.key, b.key)
            }
        }
        var generator = SeededGenerator(seed: 9)
        func group(_ key: GroupCount.Key) -> GroupCount {
            var g = GroupCount(key: key)
            g.count = Int.random(in: 1...6, using: &generator)
            g.wins = Int.random(in: 0...g.count, using: &generator)
            if Bool.random(using: &generator) { g.durationSum = Double(Int.random(in: 1...300, using: &generator)); g.durationCount = 1 }
            return g
        }
        let numbers = (0..<3000).map { _ in group(.number(Double(Int.random(in: -500...500, using: &generator)) / 8)) }
        let buckets = (0..<500).map { i in group(.bucket(from: Double(i) * 10, to: Double(i + 1) * 10)) }.shuffled(using: &generator)
        let names = (0..<800).map { i in group(.human(Human(id: Int64(i), name: "n\(i % 50)", kind: .hero))) }
        for list in [numbers, buckets, names] {
            // Unique values (a grouping's keys are), with the groups of no value and of damage.
            var seen = Set<GroupCount.Key>()
            let groups = list.filter { seen.insert($0.key).inserted } + [group(.absent), group(.damaged)]
            for order in GroupOrder.allCases {
                let expected = groups.sorted { plain(order, $0, $1) }
                #expect(order.sorted(groups.shuffled(using: &generator)).map(\.key) == expected.map(\.key), "\(order)")
            }
        }
    }
}

/// A chart's x axis keeps both ends (issue 43: the head-to-head chart dropped its last label).
@Suite struct ChartAxisTests {
    @Test func theEndsAreLabelledFirstAndTheMiddleOnlyWhereItFits() {
        let days = ["2026-01-01", "2026-01-16", "2026-01-31"]
        // Room for the ends only: both ends, not the first and the middle.
        let tight = Chart.axisLabels(days, width: 24)
        #expect(tight.hasPrefix("2026-01-01") && tight.hasSuffix("2026-01-31") && !tight.contains("2026-01-16"), "\(tight)")
        // Room for all three, each with a blank between.
        let wide = Chart.axisLabels(days, width: 40)
        #expect(wide.contains("2026-01-16") && wide.hasSuffix("2026-01-31"))
        // Never two labels touching.
        for width in 10...40 {
            let line = Chart.axisLabels(days, width: width)
            #expect(!line.contains("12026") && !line.contains("62026"), "\(width): \(line)")
        }
    }
}

