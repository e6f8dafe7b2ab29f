import BattleLogKit
import CoreDataKit

/// The app's duration: a CMTime kept as its archived dictionary.
extension BattleLogImport {
    /// The time of an archived CMTime dictionary; anything else comes in as it was: damage.
    static func duration(_ value: StoredColumnValue) -> CarriedValue<MediaTime> {
        guard case .object(let o)? = archived(value) else { return .damaged(value.sqliteValue) }
        var fields: [String: Int64] = [:]
        for (k, v) in o {
            guard case .integer(let i) = v else { return .damaged(value.sqliteValue) }
            fields[k] = i
        }
        guard let time = try? MediaTime(dictionary: fields) else { return .damaged(value.sqliteValue) }
        return .value(time)
    }
}
