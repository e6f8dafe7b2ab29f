import BattleLogKit

extension ValuePresenter {
    /// Dice rolls: the numbers, and in a line their sparkline.
    static let dice = ValuePresenter(
        line: { value, _, width in
            guard let dice = value as? [Int] else { return [] }
            // A hostile array of 100,000 costs no more than the room shows.
            let shown = width.map { dice.prefix(3 * $0 / 2) } ?? dice[...]
            let spark = width.map { DisplayWidth.truncate(Sparkline.render(dice, limit: $0 + 1), to: $0) } ?? Sparkline.render(dice, limit: 60)
            return [.init(shown.map(String.init).joined(separator: " "), .reading), .init(spark, .accent)]
        },
        cell: { value, _, _ in ((value as? [Int]) ?? []).map(String.init).joined(separator: " ") })
}

extension Array: PresentedValue where Element == Int {
    /// How the dice is shown: `ValuePresenter.dice`.
    public static var presenter: ValuePresenter { .dice }
}
