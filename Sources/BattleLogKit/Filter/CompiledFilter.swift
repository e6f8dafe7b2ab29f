import SQLiteDB

/// An SQL condition compiled from a filter expression, with its bound arguments.
public struct CompiledFilter: Sendable, Equatable {
    public let sql: String
    public let arguments: [SQLiteValue]
    /// Whether it reads an indexed derived column (`rolls.max`): its matches may be few and far
    /// apart, and the store then asks that index first instead of walking the dates.
    public let readsDerivedIndex: Bool

    public init(sql: String, arguments: [SQLiteValue], readsDerivedIndex: Bool = false) {
        self.sql = sql
        self.arguments = arguments
        self.readsDerivedIndex = readsDerivedIndex
    }
}
