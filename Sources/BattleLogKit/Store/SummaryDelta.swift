import SQLiteDB

/// Magic usage and dice counts gathered over a batch, added to the summary tables at commit.
struct SummaryDelta {
    private var magicUses: [MagicKey: Int] = [:]
    private var dice: [Int: Int] = [:]

    struct MagicKey: Hashable {
        let type: String
        let name: String
    }

    mutating func addMagic(_ magic: Magic) {
        magicUses[MagicKey(type: magic.typeName, name: magic.value.statisticName), default: 0] += 1
    }

    /// Adds a record's magic and dice (battlelog's own attributes; a model without them adds nothing).
    mutating func add(_ values: AttributeValues) {
        add(magic: values["usingMagic"], dice: values["randomNumbers"])
    }

    /// Adds a record's magic and dice as the writer looked them up.
    mutating func add(magic: (any Sendable)?, dice: (any Sendable)?) {
        if let magic = magic as? Magic { addMagic(magic) }
        if let dice = dice as? [Int], dice.allSatisfy({ (1...100).contains($0) }) { addDice(dice) }
    }

    mutating func addDice(_ rolls: [Int]) {
        for roll in rolls { dice[roll, default: 0] += 1 }
    }

    func apply(to db: Database) throws {
        let magic = try db.cachedStatement("""
            INSERT INTO magic_usage(type, name, uses) VALUES (?, ?, ?)
            ON CONFLICT(type, name) DO UPDATE SET uses = uses + excluded.uses
            """)
        for (key, uses) in magicUses { try magic.execute([key.type, key.name, uses]) }
        let roll = try db.cachedStatement("""
            INSERT INTO dice_count(roll, times) VALUES (?, ?)
            ON CONFLICT(roll) DO UPDATE SET times = times + excluded.times
            """)
        for (value, times) in dice { try roll.execute([value, times]) }
    }
}
