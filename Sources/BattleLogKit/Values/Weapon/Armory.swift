/// The simulator's weapons: each Human owns three, made from the seed and the Human's name alone
/// (the same three in every run with that seed, whatever else is drawn), and each fight one of
/// them is drawn for each side, or none (about one fight in ten is bare-handed).
public struct Armory: Sendable {
    /// Weapon names, in several scripts (composed and decomposed accents, pointed Hebrew,
    /// Devanagari and Thai marks, CJK, an emoji with a joiner) as people name things.
    static let names = [
        "Frostbrand", "Dawnbreaker", "Quietus", "Ember Fang", "Lantern of Reeds", "Épée du Soir",
        "E\u{301}toile Noire", "雷切", "青龍刀", "त्रिशूल", "ดาบเพลิง", "חֶרֶב הָאוֹר", "Gjallarhorn", "Kusanagi",
        "🗡️ Thornmaw", "🧙🏽‍♀️ Staff", "Moonwhisper", "Ironleaf",
    ]
    static let enchantments = ["frost", "flame", "keen", "venom", "radiant", "silent", "寒冰", "धार", "ฟ้าผ่า", "swift"]

    private let seed: UInt64

    public init(seed: UInt64) { self.seed = seed ^ 0x5745_4150_4F4E }  // "WEAPON": independent of the fights

    /// The three weapons of the Human called `owner`.
    public func weapons(of owner: String) -> [Weapon] {
        var g = SeededGenerator(seed: seed ^ Self.hash(owner))
        return (0..<3).map { _ in Self.forge(using: &g) }
    }

    /// One weapon: rarity common 1 in 2, rare 3 in 10, epic 3 in 20, legendary 1 in 20; power in
    /// hundredths, higher for rarer ones; up to three enchantments; forged in 2020–2025.
    static func forge(using g: inout SeededGenerator) -> Weapon {
        let roll = g.next(in: 1...20)
        let rarity: Weapon.Rarity = roll <= 10 ? .common : roll <= 16 ? .rare : roll <= 19 ? .epic : .legendary
        let base = [Weapon.Rarity.common: 100, .rare: 250, .epic: 450, .legendary: 700][rarity]!
        let power = Double(base + g.next(in: 0...299)) / 100
        var chosen: [String] = []
        for _ in 0..<g.next(in: 0...3) {
            let e = g.pick(enchantments)
            if !chosen.contains(e) { chosen.append(e) }
        }
        // 2020-01-01T00:00:00Z to 2025-12-31T23:59:59Z, whole seconds, as seconds since 2001.
        let since1970 = g.next(in: 1_577_836_800...1_767_225_599)
        return Weapon(name: g.pick(names), rarity: rarity, power: power, enchantments: chosen,
                      forgedAt: Double(since1970) - Weapon.referenceDateSince1970)
    }

    /// FNV-1a over the name's UTF-8: stable across runs and machines (unlike `Hasher`).
    static func hash(_ text: String) -> UInt64 {
        var h: UInt64 = 0xCBF2_9CE4_8422_2325
        for b in text.utf8 { h = (h ^ UInt64(b)) &* 0x0000_0100_0000_01B3 }
        return h
    }
}
