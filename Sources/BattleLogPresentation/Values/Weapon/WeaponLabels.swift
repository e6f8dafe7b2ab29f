import BattleLogKit

/// The English and Chinese labels of the weapon box and line: this kind's
/// own, merged into every `Labels` table (`Labels.load`).
extension Weapon {
    public static let labels: [String: [String: String]] = [
        "en": [
            "weapon.title": "Weapon",
            "weapon.name": "Name",
            "weapon.rarity": "Rarity",
            "weapon.power": "Power",
            "weapon.enchantments": "Enchantments",
            "weapon.forgedAt": "Forged",
            "weapon.noEnchantments": "none",
            "weapon.bareHanded": "Bare-handed",
            "weapon.rarity.common": "common",
            "weapon.rarity.rare": "rare",
            "weapon.rarity.epic": "epic",
            "weapon.rarity.legendary": "legendary",
        ],
        "zh": [
            "weapon.title": "武器",
            "weapon.name": "名称",
            "weapon.rarity": "稀有度",
            "weapon.power": "威力",
            "weapon.enchantments": "附魔",
            "weapon.forgedAt": "锻造于",
            "weapon.noEnchantments": "无",
            "weapon.bareHanded": "徒手",
            "weapon.rarity.common": "普通",
            "weapon.rarity.rare": "稀有",
            "weapon.rarity.epic": "史诗",
            "weapon.rarity.legendary": "传说",
        ],
    ]
}
