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
        date == nil ? damageWithReason("date", labels) ?? dateText(labels) : dateText(labels)
    }

    /// A Human's name, as stored (not escaped), or damage's cell when the record names no Human.
    public static func nameText(_ human: Human, _ labels: Labels) -> String {
        human.isUnknown ? ValuePresenter.damagedCell(labels) : human.name
    }

    /// The opponent's name, `—` for a one-sided record, damage's cell when it names no Human.
    public func opponentText(_ labels: Labels) -> String { opponent.map { Self.nameText($0, labels) } ?? Record.noOpponent }

    /// The owner's or opponent's line for `show` and the detail, escaped: `Aria (hero)`, or
    /// the damage with its reason when the record names no Human.
    public func humanLine(_ attribute: String, _ human: Human, _ labels: Labels) -> String {
        if human.isUnknown, let line = damageWithReason(attribute, labels) { return line }
        return SafeText.escape(human.name) + " (" + labels.kind(human.kind) + ")"
    }

    /// The result (`win`), or damage's cell when it is damaged.
    public func resultText(_ labels: Labels) -> String { result.map { labels[$0.rawValue] } ?? ValuePresenter.damagedCell(labels) }

    /// The result's line for `show` and the detail: with the reason when it is damaged.
    public func resultLine(_ labels: Labels) -> String {
        result == nil ? damageWithReason("result", labels) ?? resultText(labels) : resultText(labels)
    }

    /// The damaged columns whose reason no line of their own shows (the fight, in the heading; a
    /// Human whose own row is damaged), so that each reason is shown once.
    public var columnErrorsWithoutALine: [AttributeError] {
        columnErrors.filter { e in
            switch e.attribute {
            case "owner": !owner.isUnknown
            case "opponent": !(opponent?.isUnknown ?? false)
            case "date": date != nil
            case "result": result != nil
            default: true
            }
        }
    }

    /// `⚠ DAMAGED (why)` for a damaged column, nil when it has no error.
    private func damageWithReason(_ attribute: String, _ labels: Labels) -> String? {
        columnErrors.first { $0.attribute == attribute }.map { ValuePresenter.damagedLine($0, labels: labels).map(\.text).joined() }
    }
}
