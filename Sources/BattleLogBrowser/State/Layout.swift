/// A rectangle of the screen.
public struct Rect: Equatable, Sendable {
    public var top, left, height, width: Int
    public var bottom: Int { top + height }
    public var right: Int { left + width }
    public func contains(row: Int, column: Int) -> Bool {
        row >= top && row < bottom && column >= left && column < right
    }
}

/// Where the panes go at a given terminal size: three columns when wide, otherwise the roster
/// beside the records with the detail under them. Without the roster (a filter lists every
/// Human's records) the records and the detail take its room.
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
    /// The whole area under the title and above the status bar (overlays use it).
    public let body: Rect

    /// Whether the roster pane is shown.
    public let showsRoster: Bool

    public var isTooSmall: Bool { rows < Self.minimumRows || columns < Self.minimumColumns }

    public init(rows: Int, columns: Int, showsRoster: Bool = true) {
        self.showsRoster = showsRoster
        self.rows = rows
        self.columns = columns
        title = Rect(top: 0, left: 0, height: 1, width: columns)
        status = Rect(top: max(0, rows - 1), left: 0, height: 1, width: columns)
        let bodyHeight = max(0, rows - 2)
        body = Rect(top: 1, left: 0, height: bodyHeight, width: columns)
        let rosterWidth = showsRoster ? (columns >= 160 ? 32 : columns >= 110 ? 26 : 24) : 0
        roster = Rect(top: 1, left: 0, height: bodyHeight, width: rosterWidth)
        let rest = columns - rosterWidth
        if columns >= 110 {
            let detailWidth = max(42, rest * 2 / 5)
            records = Rect(top: 1, left: rosterWidth, height: bodyHeight, width: rest - detailWidth)
            detail = Rect(top: 1, left: rosterWidth + rest - detailWidth, height: bodyHeight, width: detailWidth)
        } else {
            let recordsHeight = max(5, bodyHeight * 2 / 5)
            records = Rect(top: 1, left: rosterWidth, height: recordsHeight, width: rest)
            detail = Rect(top: 1 + recordsHeight, left: rosterWidth, height: bodyHeight - recordsHeight, width: rest)
        }
    }

    /// Rows of records visible in the records pane (inside its border, under its header).
    public var recordRows: Int { max(1, records.height - 3) }
    /// Rows of Humans visible in the roster pane.
    public var rosterRows: Int { max(1, roster.height - 2) }
}
