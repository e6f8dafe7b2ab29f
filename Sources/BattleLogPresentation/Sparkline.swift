import BattleLogKit

/// A one-line picture of die rolls (1...100): `▂▇▁▅`, one block per roll.
public enum Sparkline {
    static let ticks: [Character] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]

    /// The sparkline of the first `limit` rolls.
    public static func render(_ rolls: [Int], limit: Int = 200) -> String {
        String(rolls.prefix(limit).map { ticks[(Swift.min(Swift.max($0, 1), 100) - 1) * 8 / 100] })
    }
}
