/// A rectangle of the screen.
public struct Rect: Equatable, Sendable {
    public var top, left, height, width: Int
    public var bottom: Int { top + height }
    public var right: Int { left + width }
    public func contains(row: Int, column: Int) -> Bool {
        row >= top && row < bottom && column >= left && column < right
    }
}

/// How a person has shaped the panes: their sizes nudged with `+`/`-`, one pane zoomed with `z`.
public struct PaneSizes: Equatable, Sendable {
    /// Columns added to (or taken from) the roster's width.
    public var roster = 0
    /// Rows (stacked) or columns (side by side) added to the records pane, taken from the detail.
    public var records = 0
    /// The pane that fills the body, if any.
    public var zoomed: BrowserModel.Pane?
    public init() {}
}

/// Where the panes go at a given terminal size. Below 150 columns the records pane spans the
/// width beside the roster with the detail under it (the Magic column then has room for a gate
/// and its power), and gets at least 10 rows at 80x24; from 150 columns the three panes stand
/// side by side. Without the roster (a filter lists every Human's records) the records and the
/// detail take its room. `PaneSizes` nudges the splits and zooms a pane.
public struct Layout: Equatable, Sendable {
    public static let minimumRows = 16
    public static let minimumColumns = 60

    public let rows: Int
    public let columns: Int
    public let title: Rect
    public let roster: Rect
    public let records: Rect
    public let detail: Rect
    public let status: Rect
    /// The function-key bar above the status bar (htop's, mc's), when the config asks for it.
    public let keyBar: Rect?
    /// The whole area under the title and above the status bar (overlays use it).
    public let body: Rect

    /// Whether the roster pane is shown.
    public let showsRoster: Bool
    public let sizes: PaneSizes

    public var isTooSmall: Bool { rows < Self.minimumRows || columns < Self.minimumColumns }
    /// Whether the three panes stand side by side.
    public var isWide: Bool { columns >= 150 }

    /// `rosterMark` is the width of the roster's kind mark: a mark two columns wide (`侠`) widens
    /// the roster by one, so the names keep the room they have beside `H`.
    public init(rows: Int, columns: Int, showsRoster: Bool = true, sizes: PaneSizes = PaneSizes(), keyBar: Bool = false,
                rosterMark: Int = 1) {
        self.showsRoster = showsRoster
        self.sizes = sizes
        self.rows = rows
        self.columns = columns
        title = Rect(top: 0, left: 0, height: 1, width: columns)
        status = Rect(top: max(0, rows - 1), left: 0, height: 1, width: columns)
        // The bar takes a row of the body: the minimum size stays the panes' own.
        let barRows = keyBar && rows > Self.minimumRows ? 1 : 0
        self.keyBar = barRows == 1 ? Rect(top: rows - 2, left: 0, height: 1, width: columns) : nil
        let bodyHeight = max(0, rows - 2 - barRows)
        body = Rect(top: 1, left: 0, height: bodyHeight, width: columns)
        let hidden = Rect(top: 1, left: 0, height: 0, width: 0)
        if let zoomed = sizes.zoomed, zoomed != .roster || showsRoster {
            roster = zoomed == .roster ? body : hidden
            records = zoomed == .records ? body : hidden
            detail = zoomed == .detail ? body : hidden
            return
        }
        let baseRoster = (columns >= 160 ? 32 : columns >= 110 ? 26 : 24) + max(0, rosterMark - 1)
        let rosterWidth = showsRoster ? max(16, min(columns / 2, baseRoster + sizes.roster)) : 0
        roster = Rect(top: 1, left: 0, height: bodyHeight, width: rosterWidth)
        let rest = columns - rosterWidth
        if columns >= 150 {
            let detailWidth = max(30, min(rest - 40, max(42, rest * 2 / 5) - sizes.records))
            records = Rect(top: 1, left: rosterWidth, height: bodyHeight, width: rest - detailWidth)
            detail = Rect(top: 1, left: rosterWidth + rest - detailWidth, height: bodyHeight, width: detailWidth)
        } else {
            // Ten records at 80x24; the detail keeps nine rows (its magic box stays whole).
            let natural = max(5, min(max(13, bodyHeight * 3 / 5), bodyHeight - 9))
            let recordsHeight = max(5, min(bodyHeight - 4, natural + sizes.records))
            records = Rect(top: 1, left: rosterWidth, height: recordsHeight, width: rest)
            detail = Rect(top: 1 + recordsHeight, left: rosterWidth, height: bodyHeight - recordsHeight, width: rest)
        }
    }

    /// Where `pane` is drawn.
    public func rect(of pane: BrowserModel.Pane) -> Rect {
        switch pane {
        case .roster: roster
        case .records: records
        case .detail: detail
        }
    }

    /// Rows of records visible in the records pane (inside its border, under its header).
    public var recordRows: Int { max(1, records.height - 3) }
    /// Rows of Humans visible in the roster pane.
    public var rosterRows: Int { max(1, roster.height - 2) }
}
