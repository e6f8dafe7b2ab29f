import BattleLogKit
import BattleLogPresentation

/// Text pieces of a record shared by the commands (all escaped by the caller or here).
enum RecordText {
    /// The magic's cell of `list` (`villain: Maw 7/10`, `反派: 焚天炎门 10/10`), in the labels'
    /// language; `Maw 7/10` without its type.
    static func magicSummary(_ r: Record, labels: Labels, withType: Bool = true) -> String {
        switch r.usingMagic.decoded {
        case .success(let m?): withType ? "\(labels[m.typeName]): \(m.summary)" : m.summary
        case .success(nil): "-"
        case .failure: labels["damaged"]
        }
    }

    static func durationClock(_ r: Record, labels: Labels) -> String {
        r.duration.value?.clockDescription ?? labels["damaged"]
    }

    /// How `show` presents a value of a type, registered once per value type (by the model's
    /// `customClassName`): a line after the attribute's label, or a box under the lines.
    enum Presentation { case line(String), box([String]) }
    /// `labels` speak the user's language; `width` is the terminal's (nil: a pipe, lines whole).
    typealias Presenter = @Sendable (StoredAttribute<(any Sendable)?>, Record, Labels, _ width: Int?) -> Presentation

    static let presenters: [String: Presenter] = [
        "MediaTime": { stored, _, labels, _ in
            switch stored.decoded {
            case .success(let t as MediaTime): .line("\(t.clockDescription)  \(t.description)")
            case .failure(let err): .line("\(labels["damaged"]) (\(SafeText.escape(err.reason.description)))")
            default: .line("-")
            }
        },
        "[Int]": { stored, _, labels, _ in
            switch stored.decoded {
            case .success(let dice as [Int]): .line("\(dice.map(String.init).joined(separator: " "))  \(Sparkline.render(dice, limit: 60))")
            case .failure(let err): .line("\(labels["damaged"]) (\(SafeText.escape(err.reason.description)))")
            default: .line("-")
            }
        },
        "Magic": { _, record, labels, width in .box(magicBox(record, labels: labels, width: width)) },
    ]

    /// The "Magic used" box of `show` (laid out by `MagicBox`, shared with the browser), at
    /// most `width` columns wide when given.
    static func magicBox(_ r: Record, labels: Labels, width: Int? = nil) -> [String] {
        MagicBox.plain(MagicBox.lines(r.usingMagic, labels: labels, width: width))
    }
}
