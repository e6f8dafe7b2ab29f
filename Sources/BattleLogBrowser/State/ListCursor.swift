/// Where a person is in a list held whole (the roster, the entity tree, a detail's lines): the
/// selected row and the first one shown.
public struct ListCursor: Sendable, Equatable {
    public internal(set) var index = 0
    public internal(set) var scroll = 0

    public init() {}

    /// Scrolls as little as needed for the selection to be among the `visible` rows shown, and
    /// leaves no rows hidden above while there is room below (a pane that grew).
    mutating func keepInView(count: Int, visible: Int) {
        scroll = max(0, min(scroll, count - visible))
        if index < scroll { scroll = index }
        if index >= scroll + visible { scroll = max(0, index - visible + 1) }
    }

    /// Selects row `index` (kept among the `count` rows) and scrolls it into view.
    mutating func select(_ index: Int, count: Int, visible: Int) {
        self.index = max(0, min(count - 1, index))
        keepInView(count: count, visible: visible)
    }
}
