/// Where the filter language reads a derived query path (`rolls.max`, `duration`): the model's
/// derived column once it is filled, else the same value computed from the stored form by
/// `bl_derived` (slower, never different).
public struct QueryColumns: Sendable, Equatable {
    public struct Source: Sendable, Equatable {
        /// The derived column (`rolls_max`).
        public let column: String
        /// The transformable column it comes from (the dice's, for `rolls.max`).
        public let sourceColumn: String
        /// Whether every record's derived column is filled.
        public let isReady: Bool
        /// The column's index.
        public var index: StoreModel.QueryIndex = .none
        /// What the filter compares it as.
        public var kind: QueryPathKind = .number
        /// Text's values in rank order, which a sort follows (see `StoreModel.QueryColumn.order`).
        public var order: [String]? = nil
        /// Read by the compiler for another field, not a field itself (see `StoreModel.QueryColumn.isInternal`).
        public var isInternal = false
        /// The range the model gives the source attribute's values (its dice's faces).
        public var range: ClosedRange<Int64>? = nil
    }

    private let sources: [String: Source]
    /// The stored column of the attribute the filter's `magic` field and its parts (`gate`,
    /// `power`, ...) read: the one labelled `magic` in the model (nil when it has none).
    public let magicColumn: String?

    public init(_ sources: [String: Source], magicColumn: String?) {
        self.sources = sources
        self.magicColumn = magicColumn
    }

    /// The column of `attributes`' magic (see `magicColumn`).
    static func magicColumn(of attributes: [StoreModel.TransformableAttribute]) -> String? {
        attributes.first { $0.labelKey == "magic" && $0.valueClassName == "Magic" }?.column
    }

    /// battlelog's own model with no column filled: every path computed from its stored form
    /// (what a filter compiled without a store reads).
    public static let computed: QueryColumns = {
        guard let model = try? StoreModel.bundled() else { return QueryColumns([:], magicColumn: nil) }
        var sources: [String: Source] = [:]
        for a in model.transformableAttributes {
            for c in a.queryColumns {
                sources[c.path] = Source(column: c.column, sourceColumn: a.column, isReady: false, index: c.index, kind: c.kind,
                                         order: c.order, isInternal: c.isInternal, range: a.range)
            }
        }
        return QueryColumns(sources, magicColumn: magicColumn(of: model.transformableAttributes))
    }()

    public func source(path: String) -> Source? { sources[path] }

    /// Every derived path that is a field, sorted.
    public var paths: [String] { sources.filter { !$0.value.isInternal }.keys.sorted() }

    /// Whether `path` is a number the filter compares and groups as one (`rolls.max`, a model's
    /// own path), not a magic field (`power`, `gate`, which group by their values as magic).
    public static func isNumberPath(_ path: String) -> Bool {
        FilterField.named(path).map { $0.derivedPath != nil } ?? true
    }

    /// The paths beyond the filter language's own fields (a model's new attribute's), sorted.
    public var extraPaths: [String] {
        paths.filter { FilterField.named($0) == nil }
    }

    /// The values of each path that takes a fixed set, in rank order (its model `order`:
    /// `weapon.rarity` is common, rare, epic or legendary).
    public var pathValues: [String: [String]] {
        sources.compactMapValues { $0.isInternal ? nil : $0.order }
    }

    /// What each of `extraPaths` is compared as.
    public var extraPathKinds: [String: QueryPathKind] {
        Dictionary(uniqueKeysWithValues: extraPaths.map { ($0, sources[$0]?.kind ?? .number) })
    }
}
