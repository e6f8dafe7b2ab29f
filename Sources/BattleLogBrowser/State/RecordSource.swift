import BattleLogKit
import BattleLogPresentation

/// The battle log's records as a source of lists (`ListSource`), as `StoreSource` is a Core
/// Data store's. A list is a `RecordQuery`: one Human's records, or a filter's matches among
/// every Human's, in a sort or newest first. Its pages are read by (date, id), or by place among
/// the ids found in the background (`FilterSearch`). The source compiles what is typed for a
/// list (a filter, a sort), lays out its columns, and gives a row's JSON and a list's export.
final class RecordSource: ListSource {
    let store: BattleStore
    let labels: Labels
    /// The model's listed attributes: the columns after the names.
    let listedColumns: [ListedColumn]
    /// The background readers; the scanner finds a filter's and a sort's ids.
    let readers: BrowserReaders

    init(store: BattleStore, labels: Labels) {
        self.store = store
        self.labels = labels
        self.listedColumns = ListedColumn.of(store.schema)
        self.readers = BrowserReaders(path: store.path)
    }

    // MARK: - The lists

    /// `query`'s pages newest first (or in its sort where an index serves it), by (date, id).
    func pages(_ query: RecordQuery) -> WindowPages<Record> {
        let store = self.store
        return WindowPages<Record>(
            after: { w, n in try store.page(query, from: w.rows.last.map(RecordCursor.init), direction: .older, limit: n) },
            before: { w, n in try store.page(query, from: w.rows.first.map(RecordCursor.init), direction: .newer, limit: n) },
            around: { id, n, _ in
                let record = try store.record(id: id)
                let newer = try store.page(query, from: RecordCursor(record), direction: .newer, limit: n / 2)
                let older = try store.page(query, from: RecordCursor(record), direction: .older, limit: n)
                return KeyedWindow(rows: newer + [record] + older, selected: newer.count, firstPosition: 0,
                                   atStart: newer.count < n / 2, atEnd: older.count < n)
            })
    }

    func rows(_ query: RecordQuery, keys: [Int64]) throws -> [Record] { try store.records(ids: keys) }

    /// Starts finding `query`'s ids in its order, in the background: a filter's matches (`text`
    /// as typed), or a Human's list in a sort.
    func search(_ query: RecordQuery, text: String = "") -> FilterSearch {
        let search = FilterSearch(text: text, query: query)
        readers.scanner.submit(search)
        return search
    }

    func sorted(_ query: RecordQuery, by sort: RecordSort) -> FoundKeys {
        var sorted = query
        sorted.sort = sort
        return search(sorted).found
    }

    func key(_ row: Record) -> Int64 { row.id }

    static var maxWindow: Int { 1_200 }

    /// A filter's list names both sides of a fight in one column; a Human's, the opponent.
    func columns(_ query: RecordQuery, width: Int, rows: [Record]) -> [TableColumn<Record>] {
        columns(filtered: query.filter != nil, width: width, rows: rows)
    }

    /// The view a layout of the columns is kept for: a Human's records, or a filter's matches.
    func columnsKey(_ query: RecordQuery) -> String { (query.filter != nil ? ColumnView.filter : .human).rawValue }

    // MARK: - What is typed for a list

    /// The filter `text` compiled for `humans`' records; what is wrong with it, and where.
    func filter(_ text: String, humans: [Human]) throws(ListInputError) -> CompiledFilter {
        do { return try FilterCompiler.compile(text, roster: humans, columns: store.queryColumns) } catch {
            throw ListInputError(text: error.text(labels), column: error.column)
        }
    }

    /// The sort `text` (`power:desc`) names; what is wrong with it.
    func sort(_ text: String) throws(ListInputError) -> RecordSort {
        do { return try store.sort(text) } catch { throw ListInputError(text: error.text(labels)) }
    }

    /// What Tab completes in the filter prompt: the fields, the Humans' names, the stored
    /// values' paths, and the values that exist of each: a fixed set's (`weapon.rarity`), or the
    /// texts an indexed path holds (the gates, formulas and collaborators used, the weapons'
    /// names), a magic field's under its Codable name too (`gateName`).
    func filterValues(humans: [Human]) -> FilterCompletion.Values {
        // Read again only when the roster or what is stored changed (another program's write).
        let version = (try? store.dataVersion()) ?? -1, names = humans.map(\.name)
        if let kept = completionValues, kept.version == version, kept.values.humans == names { return kept.values }
        let columns = store.queryColumns
        var values = columns.pathValues
        for path in columns.paths where values[path] == nil {
            if let texts = try? store.indexedTexts(ofPath: path, limit: Self.completedValues) { values[path] = texts }
        }
        for field in MagicCatalog.kinds.flatMap({ $0.filterFields }) { values[field.name] = values[field.queryPath] }
        let read = FilterCompletion.Values(humans: names, queryPaths: columns.extraPaths, fieldValues: values)
        completionValues = (version, read)
        return read
    }

    /// The values Tab completes, as last read, and the store's data version then.
    private var completionValues: (version: Int64, values: FilterCompletion.Values)?

    /// The most values of one path Tab offers.
    static let completedValues = 1_000

    // MARK: - A row and a list written out

    /// The record as the export's JSON line, what it is called and its file's name.
    func json(_ r: Record) -> (json: String, name: String, file: String) {
        (RecordJSON.encode(r), labels.fill("copy.record", String(r.id)), "record-\(r.id).json")
    }

    /// The export of `query`'s records (the list on screen, or the marked records) in the list's
    /// order to `path`, `total` of them, on a connection of its own.
    func export(_ query: RecordQuery, total: Int, to path: String) -> BackgroundExport {
        let databasePath = store.path
        return BackgroundExport(to: path, total: total, labels: labels, doneKeys: ("exportedJSON", "exportedCSV")) { format, sink in
            let store = try BattleStore(path: databasePath, readOnly: true, create: false)
            // A CSV starts with a UTF-8 byte-order mark: spreadsheet programs (Excel) read a
            // file without one in the system's code page and garble the Chinese names.
            if format == .csv { try sink.header("\u{FEFF}" + RecordCSV.header(store.schema)) }
            func write(_ r: Record) throws { try sink.row(format == .csv ? RecordCSV.line(r) : RecordJSON.encode(r)) }
            // In the order of the list on screen: newest first, or its sort.
            try store.forEachRecord(query, newestFirst: true, write)
        }
    }
}
