/// The keys both browsers take alike, written once: moving in the focused pane's list (a line,
/// a page, half a page, to either end), going from pane to pane, zooming a pane, the mouse,
/// suspending and quitting, and scrolling an open overlay. What moving means in each pane, which
/// panes are on screen and how long the overlay is are the browser's (a `PaneHost`).
protocol PaneHost: KeyHost {
    /// Rows a page key moves in the focused pane.
    var pageSize: Int { get }
    /// The lines the open overlay scrolls through and how many it shows.
    var overlayLines: (total: Int, visible: Int) { get }
    /// Moves the focused pane's selection by `delta` rows.
    func move(by delta: Int) throws
    /// To the focused pane's first or last row.
    func moveToEnd(last: Bool) throws
    /// The focus goes to `pane` (the Core Data browser forgets the search of the pane left).
    func changeFocus(_ pane: BrowserModel.Pane)
    /// The terminal's size, or the panes' shape, changed.
    func resize(rows: Int, columns: Int)
    /// Whether an overlay is open over the panes (a click closes it, the wheel scrolls it).
    var overlayIsOpen: Bool { get }
    func closeOverlay()
    /// A click on the `offset`th row shown in `pane` (0: its first row under the box's top
    /// line, or under the table's header); the pane has the focus already.
    func selectShown(_ offset: Int, in pane: BrowserModel.Pane) throws
}

extension PaneHost {
    func changeFocus(_ pane: BrowserModel.Pane) { chrome.focus = pane }

    /// The panes on screen, left to right: a zoomed pane alone, the left one only when the
    /// layout shows it (the record browser hides it beside a filter's matches).
    var panes: [BrowserModel.Pane] {
        if let z = chrome.paneSizes.zoomed { return [z] }
        return layout.showsRoster ? BrowserModel.Pane.allCases : [.records, .detail]
    }

    /// Runs `action` when it is one both browsers take alike; false when it is not.
    func performShared(_ action: Action) throws -> Bool {
        switch action {
        case .moveUp: try move(by: -1)
        case .moveDown: try move(by: 1)
        case .pageUp: try move(by: -pageSize)
        case .pageDown: try move(by: pageSize)
        case .halfPageUp: try move(by: -max(1, pageSize / 2))
        case .halfPageDown: try move(by: max(1, pageSize / 2))
        case .first: try moveToEnd(last: false)
        case .last: try moveToEnd(last: true)
        case .nextPane: changeFocus(pane(1, wrapping: true))
        case .previousPane: changeFocus(pane(-1, wrapping: true))
        case .paneLeft: changeFocus(pane(-1, wrapping: false))
        case .paneRight: changeFocus(pane(1, wrapping: false))
        case .zoom: toggleZoom()
        case .toggleMouse:
            chrome.mouse.toggle()
            chrome.status = labels[chrome.mouse ? "mouseOn" : "mouseOff"]
        case .suspend: chrome.wantsSuspend = true
        case .quit, .forceQuit: chrome.shouldQuit = true
        default: return false
        }
        return true
    }

    /// The pane on screen at a cell, if any.
    func pane(atRow row: Int, column: Int) -> BrowserModel.Pane? {
        panes.first { layout.rect(of: $0).contains(row: row, column: column) }
    }

    /// A click closes an open overlay; on a pane it takes the focus and selects the row clicked.
    func click(row: Int, column: Int) throws {
        if overlayIsOpen { closeOverlay(); return }
        guard let pane = pane(atRow: row, column: column) else { return }
        chrome.focus = pane
        let offset = row - layout.rect(of: pane).top - (pane == .records ? 2 : 1)
        if offset >= 0 { try selectShown(offset, in: pane) }
    }

    /// The wheel scrolls an open overlay, else the pane under the pointer, which takes the
    /// focus (elsewhere, the focused pane).
    func wheel(_ delta: Int, row: Int, column: Int) throws {
        if overlayIsOpen { scrollOverlay(by: delta); return }
        if let pane = pane(atRow: row, column: column) { chrome.focus = pane }
        try move(by: delta)
    }

    /// The pane `step` places from the focused one, wrapping around or stopping at the ends.
    func pane(_ step: Int, wrapping: Bool) -> BrowserModel.Pane {
        let all = panes
        let here = all.firstIndex(of: chrome.focus) ?? 0
        let next = wrapping ? (here + step + all.count) % all.count : max(0, min(all.count - 1, here + step))
        return all[next]
    }

    /// `z`: the focused pane fills the body, or the panes come back.
    func toggleZoom() {
        chrome.paneSizes.zoomed = chrome.paneSizes.zoomed == nil ? chrome.focus : nil
        resize(rows: layout.rows, columns: layout.columns)
    }

    /// The list keys on an open overlay scroll it, never past its last line; true when `action`
    /// was one of them.
    func scrollOverlay(_ action: Action) -> Bool {
        guard let step = action.listStep(page: max(1, overlayLines.visible - 1)) else { return false }
        scrollOverlay(by: step)
        return true
    }

    /// Scrolls the open overlay by `delta` lines, never past its last line.
    func scrollOverlay(by delta: Int) {
        chrome.overlayScroll = max(0, min(max(0, overlayLines.total - overlayLines.visible), chrome.overlayScroll + delta))
    }
}
