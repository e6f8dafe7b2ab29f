import BattleLogKit

extension ValuePresenter {
    /// A fight's timeline: `14 actions · 2 critical · biggest hit 38` and `first hit 0:03.500`, in
    /// the labels' language.
    static let timeline = ValuePresenter(
        line: { value, labels, _ in
            guard let t = value as? Timeline else { return [] }
            // The first hit is an extra a narrow pane leaves out.
            let text = labels.fill("timeline.summary", String(t.actions.count), String(t.crits), String(t.biggestHit))
            return [.init(text, .reading)] + (t.firstHit.map { [.init(labels.fill("timeline.firstHit", $0.time.clockDescription), .dim)] } ?? [])
        },
        cell: { value, labels, _ in
            guard let t = value as? Timeline else { return "" }
            return labels.fill("timeline.actions", String(t.actions.count))
        },
        absentLabel: "noTimeline", lineIsExtra: true)
}

extension Timeline: PresentedValue {
    /// How a fight's timeline is shown: `ValuePresenter.timeline`.
    public static var presenter: ValuePresenter { .timeline }
}
