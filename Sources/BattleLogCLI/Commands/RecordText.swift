import BattleLogKit
import BattleLogPresentation

/// Text pieces of a record shared by the commands (all escaped by the caller or here).
enum RecordText {
    static func magicSummary(_ r: Record) -> String {
        switch r.usingMagic.decoded {
        case .success(let m?): "\(m.typeName): \(m.summary)"
        case .success(nil): "-"
        case .failure: "DAMAGED"
        }
    }

    static func durationClock(_ r: Record) -> String {
        r.duration.value?.clockDescription ?? "DAMAGED"
    }

    /// How `show` presents a value of a type, registered once per value type (by the model's
    /// `customClassName`): a line after the attribute's label, or a box under the lines.
    enum Presentation { case line(String), box([String]) }
    typealias Presenter = @Sendable (StoredAttribute<(any Sendable)?>, Record, Labels) -> Presentation

    static let presenters: [String: Presenter] = [
        "MediaTime": { stored, _, _ in
            switch stored.decoded {
            case .success(let t as MediaTime): .line("\(t.clockDescription)  \(t.description)")
            case .failure(let err): .line("DAMAGED (\(SafeText.escape(err.reason.description)))")
            default: .line("-")
            }
        },
        "[Int]": { stored, _, _ in
            switch stored.decoded {
            case .success(let dice as [Int]): .line("\(dice.map(String.init).joined(separator: " "))  \(Sparkline.render(dice, limit: 60))")
            case .failure(let err): .line("DAMAGED (\(SafeText.escape(err.reason.description)))")
            default: .line("-")
            }
        },
        "Magic": { _, record, labels in .box(magicBox(record, labels: labels)) },
    ]

    /// The "Magic used" box of `show` (laid out by `MagicBox`, shared with the browser).
    static func magicBox(_ r: Record, labels: Labels) -> [String] {
        MagicBox.plain(MagicBox.lines(r.usingMagic, labels: labels))
    }
}
