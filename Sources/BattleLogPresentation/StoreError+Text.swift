import BattleLogKit

extension StoreError {
    /// The problem in the user's language: the ones a person meets (a path that is wrong, a
    /// file in use, a backup refused) from the `storeError.<case>` label templates, whose English
    /// is `description` word for word; the rare technical ones as `description`.
    public func text(_ labels: Labels) -> String {
        guard let (key, arguments) = template, labels.keys.contains("storeError." + key) else { return description }
        return Template.fill(labels["storeError." + key], arguments)
    }

    private var template: (String, [String])? {
        switch self {
        case .isADirectory(let p): ("isADirectory", [p])
        case .emptyFile(let p): ("emptyFile", [p])
        case .notADatabase(let p): ("notADatabase", [p])
        case .noSuchDatabase(let p): ("noSuchDatabase", [p])
        case .noSuchFolder(let p, let folder): ("noSuchFolder", [p, folder])
        case .notABattlelogDatabase(let p): ("notABattlelogDatabase", [p])
        case .newerSchema(let p, let found, let supported): ("newerSchema", [p, String(found), String(supported)])
        case .newerMigration(let p, let name): ("newerMigration", [p, name])
        case .readOnly(let p): ("readOnly", [p])
        case .needsMigration(let p, let name, let count):
            (count == 1 ? "needsMigration" : "needsMigrations", [p, name, String(count)])
        case .locked(let p): ("locked", [p])
        case .destinationExists(let p): ("destinationExists", [p])
        case .destinationIsAFolder(let p): ("destinationIsAFolder", [p, p.hasSuffix("/") ? p : p + "/"])
        case .backupFailed(let p, let reason): ("backupFailed", [p, reason])
        case .noSuchRecord(let id): ("noSuchRecord", [String(id)])
        case .noSuchHuman(let name): ("noSuchHuman", [name])
        default: nil
        }
    }
}
