import BattleLogFoundation
import BattleLogKit

extension ValuePresenter {
    /// The weapon's box; in a list, `Frostbrand (epic)`, or its name alone when short.
    static let weapon = ValuePresenter(
        line: { value, labels, _ in
            guard let w = value as? Weapon else { return [] }
            return [.init(SafeText.escape(w.name) + " · " + labels["weapon.rarity." + w.rarity.rawValue], .reading)]
        },
        box: { stored, labels, width, valueLines in WeaponBox.lines(stored, labels: labels, width: width, valueLines: valueLines) },
        cell: { value, labels, short in
            guard let w = value as? Weapon else { return "" }
            return short ? w.name : "\(w.name) (\(labels["weapon.rarity." + w.rarity.rawValue]))"
        },
        searchableText: { value in
            guard let w = value as? Weapon else { return [] }
            return [w.name] + w.enchantments
        },
        searchPaths: { attribute in [attribute + ".name", attribute + ".enchantments"] })
}

extension Weapon: PresentedValue {
    /// How a weapon is shown: `ValuePresenter.weapon`.
    public static var presenter: ValuePresenter { .weapon }
}
