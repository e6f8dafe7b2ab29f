/// The weapon a record's owner fought with: a custom class stored as Foundation stores an
/// NSSecureCoding object, an `NSKeyedArchiver` archive of a class named `Weapon` (see
/// `WeaponArchive`). A record without one (a bare-handed fight) holds NULL.
public struct Weapon: Sendable, Equatable, Hashable {
    public enum Rarity: String, Sendable, CaseIterable, Hashable {
        case common, rare, epic, legendary
    }

    /// Any script; kept exactly as given.
    public var name: String
    public var rarity: Rarity
    /// From 0 to 1000 (`powerRange`; an archive holding anything else, NaN included, is refused).
    public var power: Double
    /// The powers a weapon may have.
    public static let powerRange: ClosedRange<Double> = 0...1000
    /// May be empty.
    public var enchantments: [String]
    /// When it was forged: seconds since 2001-01-01T00:00:00Z, as an NSDate keeps it (`NS.time`).
    public var forgedAt: Double

    public init(name: String, rarity: Rarity, power: Double, enchantments: [String], forgedAt: Double) {
        self.name = name
        self.rarity = rarity
        self.power = power
        self.enchantments = enchantments
        self.forgedAt = forgedAt
    }

    /// Seconds between 1970-01-01 and 2001-01-01, the NSDate reference date.
    public static let referenceDateSince1970: Double = 978_307_200

    /// `forgedAt` in seconds since 1970.
    public var forgedAtSince1970: Double { forgedAt + Self.referenceDateSince1970 }

    /// The damage it adds to each strike and critical hit: its power ÷ 3, rounded down (0 to 3
    /// for the simulator's weapons; within 0...100 for any).
    public var bonus: Int { power.isFinite ? Int((min(max(power, 0), 300) / 3).rounded(.down)) : 0 }
}
