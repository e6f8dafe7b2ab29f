import BattleLogKit
import BattleLogPresentation

/// Text pieces of a record shared by the commands (all escaped by the caller or here).
enum RecordText {
    /// The magic's cell of `list` (`villain: Maw 7/10`, `反派: 焚天炎门 10/10`), in the labels'
    /// language; `Maw 7/10` without its type.
    static func magicSummary(_ r: Record, labels: Labels, withType: Bool = true) -> String {
        switch r.usingMagic.decoded {
        case .success(let m?): withType ? "\(labels[m.typeName]): \(m.summary)" : m.summary
        case .success(nil): ValuePresenter.absent
        case .failure: ValuePresenter.damagedCell(labels)
        }
    }

    static func durationClock(_ r: Record, labels: Labels) -> String {
        r.duration.value?.clockDescription ?? ValuePresenter.damagedCell(labels)
    }
}
