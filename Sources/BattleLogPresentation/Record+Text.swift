import BattleLogKit

/// A record's plain fields as a person reads them: a damaged one in damage's one spelling, as a
/// damaged value is shown (`ValuePresenter.damagedCell`), never a bare `?`.
extension Record {
    /// The fight id, or damage's cell when it is damaged.
    public func fightText(_ labels: Labels) -> String { fight.map { String($0) } ?? ValuePresenter.damagedCell(labels) }

    /// The date as ISO 8601 in UTC (`2026-11-29T14:00:00Z`), or damage's cell when it is damaged.
    public func dateText(_ labels: Labels) -> String { date.map(ISODate.format) ?? ValuePresenter.damagedCell(labels) }

    /// The date's line for `show` and the detail: with the reason when it is damaged.
    public func dateLine(_ labels: Labels) -> String {
        guard date == nil, let error = errors.first(where: { $0.attribute == "date" }) else { return dateText(labels) }
        return ValuePresenter.damagedLine(error, labels: labels).map(\.text).joined()
    }
}
