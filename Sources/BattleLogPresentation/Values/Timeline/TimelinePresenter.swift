import BattleLogKit

extension ValuePresenter {
    /// A fight's timeline: `14 actions · 2 critical hits · biggest hit 38` and `first hit 0:03.500`, in
    /// the labels' language.
    static let timeline = ValuePresenter(
        line: { value, labels, _ in
            guard let t = value as? Timeline else { return [] }
            // The first hit is an extra a narrow pane leaves out.
            // Critical hits are named when there were some.
            let crits = t.crits > 0 ? [labels.counted("timeline.crits", count: t.crits, String(t.crits))] : []
            let text = ([labels.counted("timeline.actions", count: t.actions.count, String(t.actions.count))] + crits
                        + [labels.fill("timeline.biggestHit", String(t.biggestHit))]).joined(separator: " · ")
            return [.init(text, .reading)] + (t.firstHit.map { [.init(labels.fill("timeline.firstHit", $0.time.clockDescription), .dim)] } ?? [])
        },
        cell: { value, labels, _ in
            guard let t = value as? Timeline else { return "" }
            return labels.counted("timeline.actions", count: t.actions.count, String(t.actions.count))
        },
        absentLabel: "noTimeline", lineIsExtra: true)
}

extension Timeline: PresentedValue {
    /// How a fight's timeline is shown: `ValuePresenter.timeline`.
    public static var presenter: ValuePresenter { .timeline }
}
