import BattleLogKit
import CoreDataKit

/// The app's dice: `randomNumbers`, an archived array of whole numbers.
extension BattleLogImport {
    /// The rolls of an archived array; anything else comes in as it was: damage.
    static func rolls(_ value: StoredColumnValue) -> CarriedValue<[Int]> {
        guard case .array(let items)? = archived(value) else { return .damaged(value.sqliteValue) }
        var rolls: [Int] = []
        for item in items {
            guard case .integer(let i) = item, let n = Int(exactly: i) else { return .damaged(value.sqliteValue) }
            rolls.append(n)
        }
        return .value(rolls)
    }
}
