import BattleLogKit

/// The "Weapon" box of `show` and the browser's detail pane: name, rarity, power (a bar out of
/// 10), enchantments and the day it was forged; "bare-handed" without one; the reason (naming the
/// class or the key) when the stored archive is refused. Framed as the magic box is.
public enum WeaponBox {
    public typealias Segment = MagicBox.Segment

    /// The box's lines for the stored weapon; `width` as for `MagicBox.lines`.
    public static func lines(_ stored: StoredAttribute<(any Sendable)?>, labels: Labels, width: Int? = nil,
                             valueLines: Int = 3) -> [[Segment]] {
        let limit = width ?? Int.max / 4
        var rows: [[Segment]] = []
        var title = Segment(labels["weapon.title"], .title)
        switch stored.decoded {
        case .success(let value?):
            guard let w = value as? Weapon else { break }
            let keys = ["weapon.name", "weapon.rarity", "weapon.power", "weapon.enchantments", "weapon.forgedAt"]
            let lw = keys.map { DisplayWidth.of(labels[$0]) }.max() ?? 0
            let valueWidth = max(4, limit - 4 - lw - 2)
            func label(_ key: String) -> Segment { MagicBox.labelSegment(labels[key], width: lw) }
            func wrapped(_ key: String, _ text: String, _ role: MagicBox.Role) {
                rows += MagicBox.labelled(label(key), labelWidth: lw, text, role, valueWidth: width == nil ? nil : valueWidth,
                                          maxLines: valueLines)
            }
            wrapped("weapon.name", SafeText.escape(w.name), .reading)
            rows.append([label("weapon.rarity"), Segment(labels["weapon.rarity." + w.rarity.rawValue], w.rarity >= .epic ? .accent : .reading)])
            let parts = Meter.parts(value: Int(min(max(w.power, 0), 10).rounded(.down)), range: 0...10)
            rows.append([label("weapon.power"), Segment(parts.filled, .meterFilled), Segment(parts.empty, .meterEmpty),
                         Segment(" " + JSONValue.number(w.power).jsonText, .reading)])
            wrapped("weapon.enchantments", w.enchantments.isEmpty ? labels["weapon.noEnchantments"]
                        : w.enchantments.map(SafeText.escape).joined(separator: ", "), w.enchantments.isEmpty ? .dim : .reading)
            rows.append([label("weapon.forgedAt"), Segment(WeaponDate.text(w.forgedAt), .reading)])
        case .success(nil):
            rows.append([Segment(labels["weapon.bareHanded"], .dim)])
        case .failure(let e):
            title = MagicBox.damagedTitle(labels["weapon"], labels: labels)
            rows = MagicBox.damagedRows(e, width: width, limit: limit)
        }
        return MagicBox.framed(title: title, rows: rows, limit: limit)
    }
}

extension Weapon.Rarity: Comparable {
    public static func < (a: Weapon.Rarity, b: Weapon.Rarity) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
}
