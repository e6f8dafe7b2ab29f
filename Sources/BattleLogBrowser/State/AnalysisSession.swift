import BattleLogFoundation
import BattleLogKit
import Foundation

/// The statistics view's analysis (`t`, then Tab): the records grouped by one field at a time,
/// over the active filter or all records, counted on a thread and a connection of their own so
/// that no key waits; Enter drills into a group (it joins the filter), Backspace goes back up.
struct AnalysisSession {
    /// What the chart draws over date buckets.
    enum Measure: String, CaseIterable, Sendable { case count, winRate, meanDuration }

    /// The fields, in the order Tab visits them (0 is the summary, the fields from 1).
    var fields: [(name: String, field: GroupField)]
    /// 0: the summary (win rates, magic, dice); else the field at `tab - 1`.
    /// (A number field with too many values to read is given buckets once counted: `fields` changes.)
    var tab = 0
    var measure = Measure.count
    /// The groups of the field on screen over the filter on screen, nil while they are counted.
    var groups: [GroupCount]? { didSet { chart = nil } }
    /// The chart of `groups` as last drawn, and what it was drawn for (measure and size).
    var chart: Chart?

    struct Chart {
        /// What it was drawn for: the measure and the chart's size.
        var measure: Measure
        var width: Int, height: Int
        var title: String
        var lines: [String]
    }
    /// The filter `groups` were counted over (the field's is `tab`).
    var countedFilter: String?
    var selected = 0
    var scroll = 0
    /// Where the browser was before each drill-down, the newest last.
    var drills: [Drill] = []

    /// What Backspace goes back to: the filter (nil: none), the field and group selected in the
    /// view, and behind it the pane focused and the record selected, with its screen row.
    struct Drill {
        var filter: String?
        var tab: Int, selected: Int, scroll: Int
        var focus: BrowserModel.Pane
        var recordID: Int64?
        var recordRow: Int
    }
    /// Why the counting failed, if it did.
    var failure: String?

    var field: (name: String, field: GroupField)? { tab > 0 && tab <= fields.count ? fields[tab - 1] : nil }

    /// Every groupable field: the names, the magic's fields, dates by week and month, the
    /// duration and the dice in buckets, and the model's own numbers.
    static func fields(extraPaths: [String], kinds: [String: QueryPathKind] = [:]) -> [(name: String, field: GroupField)] {
        var names = ["owner", "opponent", "kind", "result", "magic"]
        for kind in MagicCatalog.kinds { for f in kind.filterFields { names.append(f.aliases.first ?? f.name) } }
        names += ["date", "date:week", "date:month", "duration:10s", "rolls.max:10", "rolls.min:10", "rolls.sum", "rolls.count"] + extraPaths
        return names.compactMap { name in (try? GroupField.parse(name, extraPaths: extraPaths, kinds: kinds)).map { (name, $0) } }
    }

    /// More groups than a person reads: a number field by its exact values gets buckets instead.
    static let readableGroups = 60

    /// Buckets for a number field whose exact values are too many: about 20 over their range,
    /// each 1, 2 or 5 times a power of ten wide. Nil when the groups are few enough. Groups that
    /// are already whole-number buckets (a field with fractions, counted from its summary) get
    /// buckets too: 1 wide when they are few enough.
    static func buckets(for groups: [GroupCount]) -> Double? {
        let spans = groups.compactMap { g -> (Double, Double)? in
            switch g.key {
            case .number(let n): (n, n)
            case .bucket(let from, let to): (from, to)
            default: nil
            }
        }
        let bucketed = groups.contains { if case .bucket = $0.key { true } else { false } }
        guard groups.count > readableGroups || bucketed else { return nil }
        guard let lo = spans.map(\.0).min(), let hi = spans.map(\.1).max(), hi > lo else { return bucketed ? 1 : nil }
        if bucketed && groups.count <= readableGroups { return 1 }
        let raw = (hi - lo) / 20
        let power = pow(10, floor(log10(raw)))
        return [1.0, 2, 5, 10].map { $0 * power }.first { $0 >= raw } ?? raw
    }

    /// The field's natural order (`GroupOrder.natural`).
    static func order(_ field: GroupField) -> GroupOrder { .natural(for: field) }
}

/// Counts the analysis's groups on one background thread and connection: the newest request
/// wins, a running count is cancelled through SQLite's progress handler.
final class AnalysisCounter: Sendable {
    struct Request: Sendable {
        var tab: Int
        var field: GroupField
        var filter: String?
    }

    private let worker: StoreRequestWorker<Request, (Request, Result<[GroupCount], Error>)>

    init(path: String) {
        worker = StoreRequestWorker(name: "battlelog analysis", path: path) { request, opened, _ in
            do {
                let s = try opened.get()
                let filter = try request.filter.map { try FilterCompiler.compile($0, roster: s.humans, columns: s.queryColumns) }
                var field = request.field
                if filter == nil, case .number(let path, nil) = field, try !s.groupsAreSummarized(by: field) {
                    // Fractions: their exact values are as many as the records, and reading
                    // them all takes seconds. Whole-number buckets come from the summary at
                    // once, and tell the view the buckets to draw.
                    field = .number(path: path, width: 1)
                }
                return (request, .success(try s.groupCounts(by: field, where: filter)))
            } catch {
                // Cancelled for a newer request: that one answers (the worker drops this outcome).
                return (request, .failure(error))
            }
        }
    }

    /// Asks for `request`'s groups (replacing any request still waiting, cancelling one running).
    func submit(_ request: Request) { worker.submit(request) }

    /// The newest answer, taken once.
    func take() -> (Request, Result<[GroupCount], Error>)? { worker.take() }

    /// Whether an answer is on its way or waiting to be taken.
    var isCounting: Bool { worker.isWorking || worker.hasOutcome }

    func shutDown(timeout: Double = 1) { worker.shutDown(timeout: timeout) }
}
