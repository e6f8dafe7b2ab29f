import BattleLogKit

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

    /// The "Magic used" box of `show`, as the seed's viewer lays it out.
    static func magicBox(_ r: Record, labels: Labels) -> [String] {
        var rows: [(String, String)] = []
        var title = labels["magicUsed"]
        switch r.usingMagic.decoded {
        case .success(let m?):
            for f in m.displayFields {
                // A meter carries its own reading ("██████░░░░ 6/10"): the value is not said twice.
                let text = f.meter.map { Meter.bar(value: $0.value, range: $0.range) } ?? SafeText.escape(f.text)
                rows.append((labels[f.labelKey], text))
            }
        case .success(nil):
            rows.append(("", labels["noMagic"]))
        case .failure(let e):
            title = labels["magicUsed"] + " — " + labels["magicDamaged"]
            rows.append(("!", SafeText.escape(e.reason.description)))
        }
        let labelWidth = rows.map { DisplayWidth.of($0.0) }.max() ?? 0
        let content = rows.map { $0.0.isEmpty ? $0.1 : DisplayWidth.pad($0.0, to: labelWidth) + "  " + $0.1 }
        let inner = max(DisplayWidth.of(title) + 2, content.map(DisplayWidth.of).max() ?? 0)
        var lines = ["┌─ " + title + " " + String(repeating: "─", count: max(0, inner - DisplayWidth.of(title) - 1)) + "┐"]
        for c in content { lines.append("│ " + DisplayWidth.pad(c, to: inner) + " │") }
        lines.append("└" + String(repeating: "─", count: inner + 2) + "┘")
        return lines
    }
}
