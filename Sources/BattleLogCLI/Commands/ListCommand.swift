import BattleLogKit
import BattleLogPresentation

/// `battlelog list`: records newest first (or sorted by a field), as an aligned table or JSON lines.
enum ListCommand: Command {
    static let spec = CommandSpec(
        name: "list", summary: "List records, newest first or sorted by a field.",
        options: [
            OptionSpec(.owner, value: "NAME", help: "only records owned by this Human"),
            OptionSpec(.kind, value: "hero|villain", help: "only records owned by Heroes or by Villains"),
            OptionSpec(.result, value: "win|loss|draw", help: "only records with this result"),
            OptionSpec(.limit, value: "N", help: "at most N records (default 50)"),
            OptionSpec(.after, value: "ID", help: "continue after record ID (keyset paging)"),
            OptionSpec(.where, value: "EXPR", help: "only records matching a filter expression (FILTER LANGUAGE in the man page)"),
            OptionSpec(.sort, value: "FIELD[:desc]", help: "sorted by a field, ascending or (:desc) descending; records without it last"),
            OptionSpec(.json, help: "one JSON object per line"),
        ],
        positionals: [])

    static func run(_ a: ParsedArguments, globals: GlobalOptions, console: Console, environment: [String: String]) throws -> Int32 {
        let kind = try a.choice(.kind, as: HumanKind.self, spec: spec)
        let result = try a.choice(.result, as: FightResult.self, spec: spec)
        let limit = try a.integer(.limit, spec: spec) ?? 50
        let after = try a.integer(.after, spec: spec)
        let store = try openExistingStore(globals, console: console)
        var query = RecordQuery(ownerKind: kind, result: result, filter: try a.filter(.where, store: store, labels: Labels.load(globals.language(environment: environment))))
        query.sort = try a.sort(.sort, store: store, spec: spec)
        if let name = a.value(.owner) {
            guard let owner = store.human(named: name) else { throw CommandFailure(.key("storeError.noSuchHuman", MessageText.cut(name))) }
            query.ownerID = owner.id
        }
        var cursor: RecordCursor?
        if let after {
            let anchor = try store.record(id: Int64(after))
            cursor = RecordCursor(anchor)
        }
        let records = try store.page(query, from: cursor, limit: limit)
        if a.has(.json) {
            for r in records {
                console.line(RecordJSON.encode(r))
                try console.checkOutput()
            }
        } else {
            let labels = Labels.load(globals.language(environment: environment))
            if records.isEmpty {
                console.line(labels[cursor == nil ? "noRecordsLine" : "noMoreRecords"])
            } else {
                console.write(RecordTable.render(records, labels: labels, width: console.columns))
            }
        }
        return ExitStatus.success
    }
}

/// The text table of `list`: columns aligned by display width, CJK included. After the plain
/// columns come the model's listed attributes (`ListedColumn`), cells from their presenters.
enum RecordTable {
    /// The plain columns' titles, their widest cells, and how narrow each may get when the table
    /// is wider than the terminal (nil: it never gives way).
    static let plainColumns: [(key: String, cap: Int, least: Int?)] = [
        ("col.id", 12, nil), ("col.date", 20, nil), ("col.owner", 24, 6), ("col.kind", 7, nil),
        ("col.result", 6, nil), ("col.opponent", 24, 6)]
    /// The widest cell of a listed text column, and how narrow it may get; a figure's cap.
    static let textCap = 40, textLeast = 8, figureCap = 12

    /// The table; fitted to `width` columns when given (a terminal): the widest of the names
    /// and the text columns shrink in turn, their cells cut with `…`, every column still aligned.
    static func render(_ records: [Record], labels: Labels, width: Int? = nil) -> String {
        guard let schema = records.first?.schema else { return "" }
        let listed = ListedColumn.of(schema)
        let headers = plainColumns.map { labels[$0.key] } + listed.map { labels.ifPresent("col." + $0.labelKey) ?? labels[$0.labelKey].uppercased() }
        // A damaged cell is shown whole in any column (`⚠ DAMAGED` is wider than `loss`).
        let damagedWidth = DisplayWidth.of(ValuePresenter.damagedCell(labels))
        let caps = plainColumns.map { max($0.cap, damagedWidth) } + listed.map { $0.fixedWidth == nil ? textCap : max(figureCap, $0.fixedWidth!) }
        let rightAligned = [true] + Array(repeating: false, count: plainColumns.count - 1) + listed.map { $0.fixedWidth != nil }
        // The columns that give way first: the text columns from the last, then the names.
        let flexible: [(column: Int, least: Int)] = listed.enumerated().reversed().compactMap { i, c in
            c.fixedWidth == nil ? (plainColumns.count + i, textLeast) : nil
        } + plainColumns.enumerated().reversed().compactMap { i, c in c.least.map { (i, $0) } }
        func makeRows(compact: Bool) -> [[String]] {
            records.map { r in
                // Compact: the date without its time, the cells in their short form (the magic
                // without its type: the kind says it).
                ([String(r.id), r.date == nil ? r.dateText(labels) : compact ? String(r.isoDate.prefix(10)) : r.isoDate, Record.nameText(r.owner, labels),
                  labels.kind(r.owner.kind), r.resultText(labels), r.opponentText(labels)]
                 + listed.map { $0.cell(r, labels: labels, short: compact).text }).map(SafeText.escape)
            }
        }
        func columnWidths(of rows: [[String]]) -> [Int] {
            var widths = headers.map(DisplayWidth.of)
            // Piped (no width), every cell is whole: the caps are a terminal's.
            for row in rows { for (i, cell) in row.enumerated() { widths[i] = max(widths[i], DisplayWidth.of(cell)) } }
            if width != nil { widths = zip(widths, caps).map { min($0, $1) } }
            return widths
        }
        var rows = makeRows(compact: false)
        var widths = columnWidths(of: rows)
        if let width, widths.reduce(2 * (widths.count - 1), +) > width {
            rows = makeRows(compact: true)
            widths = columnWidths(of: rows)
        }
        if let width {
            let separators = 2 * (widths.count - 1)
            while widths.reduce(separators, +) > width {
                // The widest flexible column that can still give a column.
                guard let widest = flexible.filter({ widths[$0.column] > $0.least }).max(by: { widths[$0.column] < widths[$1.column] })
                else { break }
                widths[widest.column] -= 1
            }
        }
        func line(_ cells: [String]) -> String {
            let joined = cells.enumerated().map { i, c in
                DisplayWidth.pad(c, to: widths[i], alignRight: rightAligned[i])
            }.joined(separator: "  ").replacingTrailingSpaces()
            // Narrower than the least the columns need: the line itself is cut.
            guard let width, DisplayWidth.of(joined) > width else { return joined }
            return DisplayWidth.truncate(joined, to: width)
        }
        var out = line(headers) + "\n"
        for row in rows { out += line(row) + "\n" }
        return out
    }
}

extension String {
    func replacingTrailingSpaces() -> String {
        var s = self
        while s.last == " " { s.removeLast() }
        return s
    }
}
