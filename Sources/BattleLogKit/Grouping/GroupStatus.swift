/// Why a record's group is not one of its field's values: the grouping query's status, spelled
/// the same in its SQL, in what the writer gathers, and in `group_summary.status`.
enum GroupStatus: String, Hashable, Sendable {
    /// The record has no such value: no opponent, no magic (of that kind), no first hit.
    case absent
    /// The stored value does not decode, or a value the model requires is missing.
    case damaged

    /// The status as an SQL literal.
    var sql: String { "'\(rawValue)'" }
}
