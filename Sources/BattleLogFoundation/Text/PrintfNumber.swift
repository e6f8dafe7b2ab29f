import Foundation

/// A double as C's printf writes it (`%.4f`, `%g`), without Foundation's `String(format:)`,
/// which boxes its arguments and builds a CFString: written for each of 384,913 groups, that
/// was a quarter of `stats --by timeline.firstHit`. The digits are printf's own (rounded from
/// the double's exact value), so the output is the same text as before.
public enum PrintfNumber {
    /// `value` as `%.Nf` writes it with `places` decimals (0 to 6), rounded from the double's
    /// exact binary value, ties to even, as glibc's printf does.
    public static func fixed(_ value: Double, places: Int) -> String {
        exactFixed(value, places: places) ?? text(fixedFormats[max(0, min(6, places))], value)
    }

    private static let fixedFormats: [StaticString] = ["%.0f", "%.1f", "%.2f", "%.3f", "%.4f", "%.5f", "%.6f"]

    /// The digits computed here, for a finite value under 10^15 (nil otherwise): the value is
    /// m·2^e exactly, so m·10^places·2^e is an integer plus a binary fraction, rounded by its bits.
    static func exactFixed(_ value: Double, places: Int) -> String? {
        guard value.isFinite, abs(value) < 1e15, (0...6).contains(places) else { return nil }
        var q: UInt128 = 0
        if value != 0 {
            // value = m · 2^e: a subnormal has no leading bit and the smallest exponent.
            let subnormal = value.exponentBitPattern == 0
            let m = UInt128(value.significandBitPattern | (subnormal ? 0 : 1 << 52))
            let e = subnormal ? -1074 : Int(value.exponentBitPattern) - 1075
            var power: UInt128 = 1
            for _ in 0..<places { power *= 10 }
            let scaled = m * power
            if e >= 0 {
                q = scaled << e
            } else if -e < 128 {
                let shift = -e
                q = scaled >> shift
                let rest = scaled & ((1 << shift) - 1), half: UInt128 = 1 << (shift - 1)
                if rest > half || (rest == half && q & 1 == 1) { q += 1 }
            }
        }
        var digits = String(q)
        if digits.count <= places { digits = String(repeating: "0", count: places + 1 - digits.count) + digits }
        if places > 0 { digits.insert(".", at: digits.index(digits.endIndex, offsetBy: -places)) }
        return (value.sign == .minus ? "-" : "") + digits
    }

    /// `value` through `format`, a printf format with one double conversion and nothing else
    /// that reads an argument.
    public static func text(_ format: StaticString, _ value: Double) -> String {
        // printf follows LC_NUMERIC, which a program may have set (a decimal comma); `String(format:)`
        // never does. Then, and for a result too long for the buffer, the slower way.
        guard isPointDecimal else { return String(format: format.description, value) }
        return withUnsafeTemporaryAllocation(of: CChar.self, capacity: 64) { buffer in
            let n = format.withUTF8Buffer { f in
                f.withMemoryRebound(to: CChar.self) { f in withVaList([value]) { vsnprintf(buffer.baseAddress, 64, f.baseAddress, $0) } }
            }
            guard n >= 0, n < 64 else { return String(format: format.description, value) }
            return String(decoding: UnsafeRawBufferPointer(start: buffer.baseAddress, count: Int(n)), as: UTF8.self)
        }
    }

    /// Whether C's number formatting writes a point (the C locale's numbers).
    private static var isPointDecimal: Bool {
        guard let conventions = localeconv(), let point = conventions.pointee.decimal_point else { return false }
        return point[0] == 0x2E && point[1] == 0
    }
}
