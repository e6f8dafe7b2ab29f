import BattleLogFoundation

/// The engine's lists of one source: a path of lists (a list, then what was followed from its
/// rows), each read in keyed pages around its selection, sorted in the background when asked,
/// and the detail page of the selected row with its cursor and folds (for a source that has
/// one). The Core Data browser follows a path of them; the records pane is one list of
/// records. Reads throw; the browser says why, and the lists stay as far as they were read.
struct StackedLists<Source: ListSource> {
    typealias Level = ListLevel<Source>

    let source: Source
    private(set) var levels: [Level] = []
    private(set) var detail: DetailPage<Source.DetailAction>?
    var detailCursor = ListCursor()
    /// Tree nodes folded or unfolded against their default, by path.
    private(set) var toggled: Set<String> = []
    /// Each list's column layout (`[`, `]`, `{`, `}`, `H`, `=`), by the source's key for it.
    var columnLayouts: [String: ColumnLayout] = [:]
    /// The rows the list pane shows, the detail's rows and its width (set by the layout).
    var listRows = 1, detailRows = 1, detailWidth = 40

    /// Rows read per page: a screenful and a half, one small query per page key.
    static var pageFetch: Int { 64 }
    /// The most rows one search key reads past the loaded ones.
    static var searchBudget: Int { 50_000 }

    init(source: Source) { self.source = source }

    /// `query`'s list alone, not read yet.
    init(source: Source, listing query: Source.Query) {
        self.source = source
        levels = [Level(query)]
    }

    var level: Level? { levels.last }
    /// The current list, changed in place: for a browser that places its one list's window
    /// itself (the records pane: a record's place counted in a list of millions).
    var current: Level {
        get { levels[levels.count - 1] }
        // In place: a copy of the window (up to `maxWindow` rows) on every change would cost a key.
        _modify { yield &levels[levels.count - 1] }
    }
    var selectedRow: Source.Row? { level?.window.selectedRow }
    var isSorting: Bool { level?.isSorting ?? false }

    // MARK: - The path

    /// Shows `query`'s list alone (nil: no list), from its first row.
    mutating func open(_ query: Source.Query?) throws {
        cancelSorts()
        levels = []
        detail = nil
        guard let query else { return }
        try push(Level(query), at: nil)
    }

    /// Back to the first list, as it was.
    mutating func keepFirst() {
        guard levels.count > 1 else { return }
        for l in levels.dropFirst() { l.sorted?.cancel() }
        levels = Array(levels.prefix(1))
        restoreDetail()
    }

    /// Opens `level` over the current one, selecting the row with `key` (nil: the first row);
    /// the detail's place is kept to come back to.
    mutating func push(_ level: Level, at key: Int64?) throws {
        if !levels.isEmpty {
            levels[levels.count - 1].detailCursor = detailCursor
            levels[levels.count - 1].toggled = toggled
        }
        try append(level, at: key)
    }

    private mutating func append(_ level: Level, at key: Int64?) throws {
        var l = level
        defer {
            levels.append(l)
            toggled = []
            refreshDetail(resetLine: true)
        }
        try load(&l, key.map { .around($0) } ?? .first)
    }

    /// Back one level; the focus to return to, nil at the first.
    mutating func pop() -> BrowserModel.Pane? {
        guard levels.count > 1, let left = levels.popLast() else { return nil }
        left.sorted?.cancel()
        restoreDetail()
        return left.returnFocus
    }

    /// The current level's detail where it was left.
    private mutating func restoreDetail() {
        guard let back = levels.last else { detail = nil; return }
        toggled = back.toggled
        detailCursor = back.detailCursor
        refreshDetail(resetLine: false)
    }

    /// The current list becomes `query`'s (another filter), sorted as it was.
    mutating func replace(with query: Source.Query) throws {
        guard let l = levels.popLast() else { return }
        l.sorted?.cancel()
        var next = Level(query, via: l.via)
        next.returnFocus = l.returnFocus
        next.sort = l.sort
        next.sorted = l.sort.map { source.sorted(query, by: $0) }
        try append(next, at: nil)
    }

    // MARK: - Moving

    /// Reloads the current list from its first row, its last, or around a key.
    mutating func reload(_ start: WindowStart) throws {
        guard var l = levels.popLast() else { return }
        defer {
            levels.append(l)
            refreshDetail(resetLine: true)
        }
        try load(&l, start)
    }

    private func load(_ l: inout Level, _ start: WindowStart) throws {
        try l.window.load(start, l.pages(source), limit: Self.pageFetch, visible: listRows)
    }

    /// Moves the current list's selection by `delta` rows, reading pages as it goes.
    mutating func move(by delta: Int) throws {
        guard var l = levels.popLast() else { return }
        defer {
            levels.append(l)
            refreshDetail(resetLine: true)
        }
        try l.window.move(by: delta, visible: listRows, limit: Self.pageFetch, maxRows: Source.maxWindow, l.pages(source))
    }

    // MARK: - Finding beyond the loaded rows

    /// What a search of the rows beyond the loaded ones came to.
    enum Beyond: Equatable {
        /// The first match that way: its key; `wrapped` when it lies past the list's end.
        case found(Int64, wrapped: Bool)
        /// None before the search came round to the loaded rows.
        case none
        /// `budget` rows read without a match: the last one's key, to go on from.
        case stopped(at: Int64)
    }

    /// Reads the current list's rows beyond the loaded ones that way, a page at a time,
    /// wrapping at the list's end, until a row `matches`, the loaded rows come round again,
    /// or `budget` rows were read.
    func findBeyond(forward: Bool, budget: Int, _ matches: (Source.Row) -> Bool) throws -> Beyond {
        guard let l = level else { return .none }
        let pages = l.pages(source), loaded = Set(l.window.rows.map(source.key))
        var scratch = l.window, wrapped = false, read = 0
        while true {
            let page = try forward ? pages.after(scratch, 500) : pages.before(scratch, 500)
            if page.isEmpty {
                guard !wrapped else { return .none }
                // Past the end: on from the other end of the list.
                wrapped = true
                scratch = KeyedWindow()
                if !forward { scratch.firstPosition = pages.end() }
                continue
            }
            for row in forward ? page : page.reversed() {
                let key = source.key(row)
                if wrapped && loaded.contains(key) { return .none }
                if matches(row) { return .found(key, wrapped: wrapped) }
                read += 1
                if read >= budget { return .stopped(at: key) }
            }
            scratch.firstPosition += forward ? scratch.rows.count : -page.count
            scratch.rows = page
        }
    }

    // MARK: - Sorting

    /// Sorts the current list (nil: back to key order). The selected row stays selected, on its
    /// row of the pane: at once in key order, else once the sort finds it (`tickSort`); the
    /// list shows its first rows meanwhile.
    mutating func sort(by sort: Source.Sort?) throws {
        guard var l = levels.popLast() else { return }
        let kept = l.window.selectedRow.map(source.key), row = l.window.selectionRow
        l.sorted?.cancel()
        l.sort = sort
        l.sorted = sort.map { source.sorted(l.query, by: $0) }
        l.reselect = sort == nil ? nil : kept.map { ($0, row) }
        levels.append(l)
        if sort == nil, let kept { try reselect(kept, atRow: row) } else { try reload(.first) }
    }

    /// Selects the row with `key` at `row` of the pane.
    private mutating func reselect(_ key: Int64, atRow row: Int) throws {
        try reload(.around(key))
        levels[levels.count - 1].window.show(selectionAt: row, visible: listRows)
    }

    /// Each tick while a sort finds its keys: the window takes in what arrived. A sort that
    /// failed is given up (the list back in key order) and its failure returned.
    mutating func tickSort() throws -> String? {
        guard var l = levels.last, let sorted = l.sorted else { return nil }
        if let failure = sorted.failure {
            try sort(by: nil)
            return failure
        }
        if let (key, row) = l.reselect {
            // The row selected before the sort is found (or never will be): it is selected again.
            // (Its place is looked for once a tick: a walk of the keys found.)
            let found = sorted.position(of: key) != nil
            if found || sorted.isDone { levels[levels.count - 1].reselect = nil }
            if found { try reselect(key, atRow: row ?? l.window.selectionRow); return nil }
        }
        if !l.window.atEnd { try takeArrivals() }
        return nil
    }

    /// The rows the current list's sort (or filter) found since the last look join its window.
    mutating func takeArrivals() throws {
        guard var l = levels.popLast() else { return }
        let wasEmpty = l.window.rows.isEmpty
        defer {
            levels.append(l)
            if wasEmpty && !l.window.rows.isEmpty { refreshDetail(resetLine: true) }
        }
        try l.window.takeArrivals(l.pages(source), visible: listRows, limit: Self.pageFetch)
    }

    // MARK: - Detail

    /// Reads the selected row's detail again (`resetLine`: from its first line, unfolded).
    mutating func refreshDetail(resetLine: Bool) {
        guard let l = level, let row = selectedRow else {
            detail = nil
            return
        }
        if resetLine { toggled = [] }
        guard let page = source.detail(row, in: l.query, toggled: toggled, width: detailWidth) else { return }
        detail = page
        if resetLine { detailCursor.reset(to: page.lines) }
        detailCursor.index = max(0, min(detailCursor.index, page.lines.count - 1))
        detailCursor.keepInView(count: page.lines.count, visible: detailRows)
    }

    /// The selected detail line.
    var detailLine: DetailLine<Source.DetailAction>? {
        detail.flatMap { $0.lines.indices.contains(detailCursor.index) ? $0.lines[detailCursor.index] : nil }
    }

    /// Moves the detail's selection by `delta` selectable lines.
    mutating func moveDetail(by delta: Int) { detailCursor.move(by: delta, in: detail?.lines ?? [], visible: detailRows) }

    /// Selects the detail's line at `index` if a person can stop on it.
    mutating func selectDetail(_ index: Int) {
        guard let lines = detail?.lines, lines.indices.contains(index), lines[index].isSelectable else { return }
        detailCursor.index = index
        detailCursor.keepInView(count: lines.count, visible: detailRows)
    }

    /// Folds or unfolds a node of a value's tree.
    mutating func toggle(_ path: String) {
        if toggled.contains(path) { toggled.remove(path) } else { toggled.insert(path) }
        refreshDetail(resetLine: false)
    }

    /// The panes' new sizes: the selection stays in view, the detail is laid out anew.
    mutating func resize(listRows: Int, detailRows: Int, detailWidth: Int) {
        (self.listRows, self.detailRows, self.detailWidth) = (listRows, detailRows, detailWidth)
        if !levels.isEmpty { levels[levels.count - 1].window.keepSelectionInView(visible: listRows) }
        if detail != nil { refreshDetail(resetLine: false) }
    }

    /// The current list's column layout.
    var columnLayout: ColumnLayout {
        get { level.flatMap { columnLayouts[source.columnsKey($0.query)] } ?? ColumnLayout() }
        set { if let l = level { columnLayouts[source.columnsKey(l.query)] = newValue } }
    }

    /// The current list's columns for a pane `width` wide, as its layout arranges them.
    func columns(width: Int) -> [TableColumn<Source.Row>] {
        guard let l = level else { return [] }
        return TableView.laidOut(source.columns(l.query, width: width, rows: l.window.rows), columnLayout)
    }

    /// Cancels every level's sort (the lists are being replaced).
    func cancelSorts() { for l in levels { l.sorted?.cancel() } }
}

extension StackedLists where Source: StackedListSource {
    /// `Person 1 › cars › SportCar 3`: the selected row of each level and what was followed
    /// from it (an empty last list: what it lists).
    var breadcrumb: String {
        levels.enumerated().flatMap { i, l in
            let here = l.window.selectedRow.map(source.name) ?? (i == levels.count - 1 ? source.rowsName(l.query) : nil)
            return [i > 0 ? l.via.map(SafeText.escape) : nil, here].compactMap { $0 }
        }.joined(separator: " › ")
    }
}
