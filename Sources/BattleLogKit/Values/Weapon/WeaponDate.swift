import BattleLogFoundation

/// A weapon's `forgedAt` (an NSDate's seconds since 2001) as ISO 8601 text in UTC, the form of
/// the JSON export: whole seconds as `2025-03-14T09:26:53Z`, anything finer to the microsecond
/// (`2025-03-14T09:26:53.250000Z`). Reading what it wrote and writing it again gives the same text.
public enum WeaponDate {
    /// Whether `t` is a date the text form can hold (finite, years 1 to 9999).
    public static func isWritable(_ t: Double) -> Bool {
        guard t.isFinite else { return false }
        let since1970 = t + Weapon.referenceDateSince1970
        return since1970 >= Double(ISODate.parsableRange.lowerBound) && since1970 < Double(ISODate.parsableRange.upperBound) + 1
    }

    /// The ISO 8601 text of `t` (which `isWritable` accepts).
    public static func text(_ t: Double) -> String {
        let since1970 = t + Weapon.referenceDateSince1970
        var whole = since1970.rounded(.down)
        var micro = ((since1970 - whole) * 1_000_000).rounded()
        if micro >= 1_000_000 { whole += 1; micro = 0 }
        return micro == 0 ? ISODate.format(Int64(whole)) : ISODate.format(Int64(whole), microseconds: Int(micro))
    }

    /// The seconds since 2001 of `YYYY-MM-DDTHH:MM:SSZ`, with an optional fraction of one to six
    /// digits before the `Z`; nil for anything else.
    public static func parse(_ text: String) -> Double? {
        guard let dot = text.firstIndex(of: ".") else {
            guard text.contains("T"), let s = ISODate.parse(text) else { return nil }
            return Double(s) - Weapon.referenceDateSince1970
        }
        guard text.hasSuffix("Z"), let s = ISODate.parse(String(text[..<dot]) + "Z") else { return nil }
        let digits = text[text.index(after: dot)..<text.index(before: text.endIndex)]
        guard (1...6).contains(digits.count), digits.allSatisfy({ $0.isASCII && $0.isNumber }), let n = Int(digits) else { return nil }
        var micro = n
        for _ in digits.count..<6 { micro *= 10 }
        return Double(s) - Weapon.referenceDateSince1970 + Double(micro) / 1_000_000
    }
}
