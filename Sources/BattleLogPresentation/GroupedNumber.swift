import BattleLogKit

/// Whole numbers with thousands separators, for people to read: `1,234,567`.
public enum GroupedNumber {
    /// `n` with a comma between each group of three digits.
    public static func text(_ n: Int) -> String {
        let digits = String(n.magnitude)
        var out = ""
        for (i, ch) in digits.enumerated() {
            if i > 0 && (digits.count - i) % 3 == 0 { out.append(",") }
            out.append(ch)
        }
        return (n < 0 ? "-" : "") + out
    }
}
