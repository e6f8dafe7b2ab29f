import BattleLogKit
import CoreDataKit

/// The app's weapon: a custom class stored as an NSSecureCoding keyed archive.
extension BattleLogImport {
    /// The weapon's archive, read as the store reads its own (a class outside the allow-list, or
    /// anything else that does not read, comes in as it was: damage).
    static func weapon(_ value: StoredColumnValue) -> CarriedValue<(any Sendable)?> {
        switch value {
        case .null: return .value(nil)
        case .blob(let bytes):
            guard let w = try? WeaponArchive.weapon(from: bytes) else { return .damaged(value.sqliteValue) }
            return .value(w)
        default: return .damaged(value.sqliteValue)
        }
    }
}
