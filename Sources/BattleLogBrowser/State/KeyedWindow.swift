/// A window onto a list too long to load whole, read in pages by key: the rows loaded around
/// the selection (at most `maxRows`), which of them is selected and the first one shown, and
/// whether the list's first and last rows are among them. Moving past either end reads the next
/// page and drops the far side, so memory stays constant at any size. What reads the pages is
/// the list's source (`WindowPages`): an entity's objects, a sort's keys, the history.
public struct KeyedWindow<Row: Sendable>: Sendable {
    public internal(set) var rows: [Row] = []
    /// The selected row and the first one shown, as indices into `rows`.
    public internal(set) var selected = 0
    public internal(set) var scroll = 0
    /// Whether `rows` reaches the list's first and last row.
    public internal(set) var atStart = true
    public internal(set) var atEnd = true
    /// `rows[0]`'s place in the list, for a source that reads by place (a sort's keys).
    var firstPosition = 0

    public init() {}

    /// A window already read: `rows` from place `firstPosition`, the one at `selected` chosen.
    init(rows: [Row], selected: Int, firstPosition: Int, atStart: Bool, atEnd: Bool) {
        self.rows = rows
        self.selected = max(0, min(selected, rows.count - 1))
        self.firstPosition = firstPosition
        self.atStart = atStart
        self.atEnd = atEnd
    }

    public var selectedRow: Row? { rows.indices.contains(selected) ? rows[selected] : nil }

    /// Whether rows lie above the first one shown (loaded, or not read yet).
    var hasMoreAbove: Bool { scroll > 0 || !atStart }

    /// The loaded row at `index`, nil past either end.
    func row(at index: Int) -> Row? { rows.indices.contains(index) ? rows[index] : nil }

    /// From the list's first row.
    mutating func fillFirst(_ pages: WindowPages<Row>, limit: Int) throws {
        try fill(from: 0, selecting: 0, pages, limit: limit)
        atStart = true
    }

    /// To the list's last row (`end`: the list's length, for a source that reads by place).
    mutating func fillLast(_ pages: WindowPages<Row>, limit: Int, end: Int = 0) throws {
        self = KeyedWindow()
        firstPosition = end
        let more = try pages.before(self, limit)
        rows = more
        firstPosition -= more.count
        atStart = pages.reachedStart(self, more.count, limit)
        atEnd = pages.reachedEnd(self, 0, limit)
        selected = max(0, rows.count - 1)
    }

    /// From the row at place `position`, selecting the one at `selecting`.
    mutating func fill(from position: Int, selecting: Int, _ pages: WindowPages<Row>, limit: Int) throws {
        self = KeyedWindow()
        firstPosition = position
        rows = try pages.after(self, limit)
        atStart = pages.reachedStart(self, rows.count, limit)
        atEnd = pages.reachedEnd(self, rows.count, limit)
        selected = max(0, min(selecting - position, rows.count - 1))
    }

    /// Around place `place` of a list read by place: from half a page before it, the selection
    /// on it (`limit` and a half read).
    mutating func fill(aroundPlace place: Int, _ pages: WindowPages<Row>, limit: Int) throws {
        try fill(from: max(0, place - limit / 2), selecting: place, pages, limit: limit + limit / 2)
    }

    /// The pages read on both sides of a key (`before` asked for `limit / 2`, `after` for
    /// `limit`), the first row after the key selected.
    mutating func fill(before: [Row], after: [Row], limit: Int) {
        self = KeyedWindow()
        rows = before + after
        atStart = before.count < limit / 2
        atEnd = after.count < limit
        selected = min(before.count, max(0, rows.count - 1))
    }

    /// Moves the selection by `delta` rows, reading pages of `limit` rows past either end as it
    /// goes and keeping at most `maxRows`; `visible` rows are shown. A read that fails leaves the
    /// selection as far as it got, and throws.
    mutating func move(by delta: Int, visible: Int, limit: Int, maxRows: Int, _ pages: WindowPages<Row>) throws {
        var target = selected + delta
        defer {
            selected = max(0, min(rows.count - 1, target))
            keepSelectionInView(visible: visible)
        }
        while target >= rows.count && !atEnd, !rows.isEmpty {
            let more = try pages.after(self, limit)
            rows += more
            atEnd = pages.reachedEnd(self, more.count, limit)
            // A source still finding its rows (a sort): the rest comes later.
            if more.isEmpty { break }
            if rows.count > maxRows {
                let drop = rows.count - maxRows
                rows.removeFirst(drop)
                firstPosition += drop
                selected -= drop; scroll -= drop; target -= drop
                atStart = false
            }
        }
        while target < 0 && !atStart, !rows.isEmpty {
            let more = try pages.before(self, limit)
            rows = more + rows
            firstPosition -= more.count
            atStart = pages.reachedStart(self, more.count, limit)
            if more.isEmpty { break }
            selected += more.count; scroll += more.count; target += more.count
            if rows.count > maxRows {
                rows.removeLast(rows.count - maxRows)
                atEnd = false
            }
        }
    }

    /// Scrolls as little as needed for the selection to be among the `visible` rows shown.
    mutating func keepSelectionInView(visible: Int) {
        if selected < scroll { scroll = selected }
        if selected >= scroll + visible { scroll = selected - visible + 1 }
        clamp(visible: visible)
    }

    /// The screen row the selection is shown at (what `show(selectionAt:visible:)` sets).
    var selectionRow: Int { selected - scroll }

    /// The selection shown at screen row `row` of the `visible` ones, as far as the rows allow.
    mutating func show(selectionAt row: Int, visible: Int) {
        scroll = selected - row
        clamp(visible: visible)
    }

    /// Rows a source still finding them (a sort, a filter's scan) found since the last look:
    /// enough to fill the `visible` rows and a page of `limit` beyond; moving reads the rest.
    mutating func takeArrivals(_ pages: WindowPages<Row>, visible: Int, limit: Int) throws {
        if rows.count < scroll + visible + limit { rows += try pages.after(self, limit) }
        atEnd = pages.reachedEnd(self, 0, limit)
    }

    /// The selection in the middle of the `visible` rows, as far as the rows allow.
    mutating func center(visible: Int) {
        scroll = max(0, selected - visible / 2)
        clamp(visible: visible)
    }

    /// No blank rows below the last when rows above could fill them; the selection in sight.
    mutating func clamp(visible: Int) {
        scroll = max(0, min(scroll, max(0, rows.count - visible)))
        if selected < scroll { scroll = selected }
    }
}

/// Where a list is read from: its first row, its last, or around a row's key.
enum WindowStart: Equatable { case first, last, around(Int64) }

extension KeyedWindow {
    /// Fills the window from `start` (pages of `limit` rows), the selection centred among the
    /// `visible` rows; a read that fails leaves the window empty, and throws.
    mutating func load(_ start: WindowStart, _ pages: WindowPages<Row>, limit: Int, visible: Int) throws {
        defer { center(visible: visible) }
        do {
            switch start {
            case .first: try fillFirst(pages, limit: limit)
            case .last: try fillLast(pages, limit: limit, end: pages.end())
            case .around(let key): self = try pages.around(key, limit, pages)
            }
        } catch {
            self = KeyedWindow()
            throw error
        }
    }
}

/// What reads a list's pages for a `KeyedWindow`: the rows after the window's last (from the
/// list's start when the window is empty) and before its first, the window around a key, and
/// whether a read reached the list's end or start. By default a page shorter than asked is the
/// last.
struct WindowPages<Row: Sendable> {
    let after: (KeyedWindow<Row>, _ limit: Int) throws -> [Row]
    let before: (KeyedWindow<Row>, _ limit: Int) throws -> [Row]
    /// The window around a key, read with these pages.
    let around: (_ key: Int64, _ limit: Int, WindowPages<Row>) throws -> KeyedWindow<Row>
    var reachedEnd: (KeyedWindow<Row>, _ fetched: Int, _ limit: Int) -> Bool = { _, fetched, limit in fetched < limit }
    var reachedStart: (KeyedWindow<Row>, _ fetched: Int, _ limit: Int) -> Bool = { _, fetched, limit in fetched < limit }
    /// The list's length, for a source that reads by place (a sort's keys): where its last row is.
    var end: () -> Int = { 0 }

    /// A list read in its keys' order: `page(from, backward, limit)` reads the rows after the
    /// key `from` (from the start when nil), or before it; around a key, half a page before it
    /// and a page from it.
    static func byKey(_ key: @escaping (Row) -> Int64,
                      _ page: @escaping (_ from: Int64?, _ backward: Bool, _ limit: Int) throws -> [Row]) -> WindowPages {
        WindowPages(after: { w, n in try page(w.rows.last.map(key), false, n) },
                    before: { w, n in try page(w.rows.first.map(key), true, n) },
                    around: { k, n, _ in
                        var w = KeyedWindow<Row>()
                        w.fill(before: try page(k, true, n / 2), after: try page(k - 1, false, n), limit: n)
                        return w
                    })
    }

    /// A list read by place among keys found in the background (a sort's, a filter's matches):
    /// `keys(range)` gives those found so far of `count()`, `isDone()` once they are all found,
    /// `position(key)` a key's place, and `rows(keys)` reads them in that order.
    static func byPlace(count: @escaping () -> Int, isDone: @escaping () -> Bool, keys: @escaping (Range<Int>) -> [Int64],
                        position: @escaping (Int64) -> Int?, rows: @escaping ([Int64]) throws -> [Row]) -> WindowPages {
        WindowPages(
            after: { w, n in
                let start = w.firstPosition + w.rows.count
                return try rows(keys(start..<start + n))
            },
            before: { w, n in try rows(keys(max(0, w.firstPosition - n)..<w.firstPosition)) },
            around: { key, n, pages in
                var w = KeyedWindow<Row>()
                try w.fill(aroundPlace: position(key) ?? 0, pages, limit: n)
                return w
            },
            reachedEnd: { w, _, _ in isDone() && w.firstPosition + w.rows.count >= count() },
            reachedStart: { w, _, _ in w.firstPosition <= 0 },
            end: count)
    }
}
