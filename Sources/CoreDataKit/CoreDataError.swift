/// Why a Core Data store cannot be read or imported. Every case names what is wrong.
public enum CoreDataError: Error, Equatable, Sendable, CustomStringConvertible {
    case noSuchFile(path: String)
    case notADatabase(path: String)
    /// A SQLite database without Core Data's Z_PRIMARYKEY and Z_METADATA tables.
    case notCoreData(path: String)
    case unreadable(path: String, reason: String)
    /// The file is cut short or SQLite finds it malformed: refused, never read with a guess.
    case damaged(path: String, reason: String)
    /// No version of a `.momd` has the store's entity hashes.
    case modelDoesNotMatch(path: String, versions: [String])
    case noSuchEntity(String, available: [String])
    /// The store does not hold the battle log an import expects.
    case notABattleLog(path: String, reason: String)
    /// A stored result the import cannot map to win, loss or draw.
    case unmappedResult(value: String, entity: String, pk: Int64)
    case badResultMap(String)

    /// What is wrong, in one line naming the file or the value.
    public var description: String {
        switch self {
        case .noSuchFile(let p): "\(p): no such file"
        case .notADatabase(let p): "\(p): is not a SQLite database"
        case .notCoreData(let p): "\(p): is a SQLite database, but not a Core Data store (no Z_PRIMARYKEY and Z_METADATA tables)"
        case .unreadable(let p, let reason): "\(p): cannot read the Core Data store: \(reason)"
        case .modelDoesNotMatch(let p, let versions):
            "\(p): no version of this model is the store's (its entity hashes match none of \(versions.joined(separator: ", ")))"
        case .damaged(let p, let reason): "\(p): the Core Data store is damaged (\(reason)); restore a copy, or see what SQLite can read with `sqlite3 FILE 'PRAGMA quick_check'`"
        case .noSuchEntity(let name, let available):
            "no entity named \"\(name)\" (the store has: \(available.joined(separator: ", ")))"
        case .notABattleLog(let p, let reason): "\(p): is not a battle log Core Data store: \(reason)"
        case .unmappedResult(let value, let entity, let pk):
            "\(entity) \(pk): result \(value) is not win, loss or draw; map the store's values with --result-map, e.g. --result-map 0=win,1=loss,2=draw"
        case .badResultMap(let reason): "--result-map: \(reason) (expected e.g. 0=win,1=loss,2=draw)"
        }
    }
}
