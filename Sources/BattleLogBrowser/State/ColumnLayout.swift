/// How a person has arranged a list's columns: which is current, which are hidden, how much
/// wider or narrower each is than its natural width. Kept per view (a Human's records, a
/// filter's matches) for the session; `=` puts a view's back as they were.
public struct ColumnLayout: Codable, Equatable, Sendable {
    /// The current column, counted among the shown ones.
    public var current = 0
    /// The ids of the hidden columns.
    public var hidden: Set<String> = []
    /// Columns added to (or taken from) each column's natural width, by id.
    public var widthChanges: [String: Int] = [:]
    /// Whether a column key was used: the current column's title then stands out.
    public var isChanged = false

    public init() {}
}

/// The views a column layout is kept for.
public enum ColumnView: String, CaseIterable, Hashable, Sendable {
    /// A Human's records.
    case human
    /// A filter's matches (the names column holds both sides).
    case filter
}
