import SQLiteDB

/// A column's value exactly as the store holds it, in one of SQLite's five storage classes: what
/// Core Data wrote, before any reading of it as an attribute's type (`CoreDataObject.stored`,
/// `ObjectList.storedColumns`). CoreDataKit's own type, so that a program reading a store needs
/// no SQLite module of its own.
public enum StoredColumnValue: Sendable, Equatable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob([UInt8])

    /// The value SQLite read (for a program that reads the store's file itself too).
    package init(_ value: SQLiteValue) {
        switch value {
        case .null: self = .null
        case .integer(let i): self = .integer(i)
        case .real(let d): self = .real(d)
        case .text(let t): self = .text(t)
        case .blob(let b): self = .blob(b)
        }
    }

    /// The value as SQLite binds it.
    package var sqliteValue: SQLiteValue {
        switch self {
        case .null: .null
        case .integer(let i): .integer(i)
        case .real(let d): .real(d)
        case .text(let t): .text(t)
        case .blob(let b): .blob(b)
        }
    }
}
