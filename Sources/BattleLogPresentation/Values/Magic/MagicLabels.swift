import BattleLogKit

/// The English and Chinese labels of the magic box: its title, its rows (each magic kind's `MagicField.labelKey`): this kind's
/// own, merged into every `Labels` table (`Labels.load`).
extension Magic {
    public static let labels: [String: [String: String]] = [
        "en": [
            "magicUsed": "Magic used",
            "noMagic": "No magic used",
            "collaborator": "Collaborator",
            "cooperationFormula": "Cooperation formula",
            "evilGate": "Evil gate",
            "gatePower": "Gate power",
        ],
        "zh": [
            "magicUsed": "使用的魔法",
            "noMagic": "未使用魔法",
            "collaborator": "协助者",
            "cooperationFormula": "协作契约配方",
            "evilGate": "邪恶入口",
            "gatePower": "入口孽障值",
        ],
    ]
}
