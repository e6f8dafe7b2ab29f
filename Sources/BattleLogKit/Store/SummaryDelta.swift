import SQLiteDB

/// Magic usage and dice counts gathered over a batch, added to the summary tables at commit.
/// Which attribute feeds which table, and the dice's range, come from the model (`summary`,
/// `range`): nothing here names an attribute.
struct SummaryDelta: Sendable {
    /// What was gathered: uses by magic type and name, and times by roll.
    private(set) var magicUses: [MagicKey: Int] = [:]
    private(set) var dice: [Int: Int] = [:]
    /// The model's attributes (by index) that feed the tables, and the rolls counted.
    private let magicAt: Int?
    private let diceAt: Int?
    private let diceRange: ClosedRange<Int64>?

    struct MagicKey: Hashable, Sendable {
        let type: String
        let name: String
    }

    init(attributes: [StoreModel.TransformableAttribute]) {
        magicAt = attributes.firstIndex { $0.summary == .magicUsage }
        diceAt = attributes.firstIndex { $0.summary == .diceCount }
        diceRange = diceAt.flatMap { attributes[$0].range }
    }

    /// Adds one record's values; `value(i)` is the model's i-th attribute's decoded value.
    mutating func add(_ value: (Int) -> (any Sendable)?) {
        if let i = magicAt, let magic = value(i) as? Magic {
            magicUses[MagicKey(type: magic.typeName, name: magic.value.statisticName), default: 0] += 1
        }
        if let i = diceAt, let rolls = value(i) as? [Int], diceRange.map({ r in rolls.allSatisfy { r.contains(Int64($0)) } }) ?? true {
            for roll in rolls { dice[roll, default: 0] += 1 }
        }
    }

    /// Adds what `other` gathered (over the same attributes).
    mutating func merge(_ other: SummaryDelta) {
        magicUses.merge(other.magicUses, uniquingKeysWith: +)
        dice.merge(other.dice, uniquingKeysWith: +)
    }

    func apply(to db: Database) throws {
        let magic = try db.cachedStatement("""
            INSERT INTO \(StoreModel.SummaryKind.magicUsage.table)(type, name, uses) VALUES (?, ?, ?)
            ON CONFLICT(type, name) DO UPDATE SET uses = uses + excluded.uses
            """)
        for (key, uses) in magicUses { try magic.execute([key.type, key.name, uses]) }
        let roll = try db.cachedStatement("""
            INSERT INTO \(StoreModel.SummaryKind.diceCount.table)(roll, times) VALUES (?, ?)
            ON CONFLICT(roll) DO UPDATE SET times = times + excluded.times
            """)
        for (value, times) in dice { try roll.execute([value, times]) }
    }
}
