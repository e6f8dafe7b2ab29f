import BattleLogKit

/// Whole numbers with thousands separators, for people to read: `1,234,567`.
public enum GroupedNumber {
    /// `n` with a comma between each group of three digits.
    public static func text(_ n: Int) -> String {
        guard n.magnitude >= 1000 else { return String(n) }
        let digits = Array(String(n.magnitude).utf8)
        var out: [UInt8] = n < 0 ? [0x2D] : []
        for (i, d) in digits.enumerated() {
            if i > 0 && (digits.count - i) % 3 == 0 { out.append(0x2C) }
            out.append(d)
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// `n` grouped, then `noun` in English's singular or plural: `1 record`, `1,000 records`.
    public static func counted(_ n: Int, _ noun: String, plural: String? = nil) -> String {
        text(n) + " " + (n == 1 ? noun : plural ?? noun + "s")
    }
}
