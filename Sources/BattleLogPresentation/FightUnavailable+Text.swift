import BattleLogKit

extension BattleStore.FightUnavailable {
    /// Why the fight cannot be shown, in the user's language (escaped: a damaged value's
    /// reason may quote stored text).
    public func text(_ labels: Labels) -> String {
        switch self {
        case .noTimeline(let id): labels.fill("timeline.none", String(id))
        case .damaged(let e): labels.fill("timeline.damaged", String(e.recordID), SafeText.escape(e.reason.description))
        case .noOtherSide: labels["noOtherSide"]
        }
    }
}
