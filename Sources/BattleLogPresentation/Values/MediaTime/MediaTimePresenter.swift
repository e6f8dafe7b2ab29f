import BattleLogKit

extension ValuePresenter {
    /// A duration: `1:02.500` in a cell; in a line, the clock and the exact
    /// rational (`{1250/1000 = 1.250}`).
    static let mediaTime = ValuePresenter(
        line: { value, _, _ in
            guard let t = value as? MediaTime else { return [] }
            return [.init(t.clockDescription, .reading), .init(t.description, .dim)]
        },
        cell: { value, _, _ in (value as? MediaTime)?.clockDescription ?? "" },
        cellWidth: 9)
}

extension MediaTime: PresentedValue {
    /// How a duration is shown: `ValuePresenter.mediaTime`.
    public static var presenter: ValuePresenter { .mediaTime }
}
