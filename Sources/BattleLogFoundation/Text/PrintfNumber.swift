import Foundation

/// A double as C's printf writes it (`%.4f`, `%g`), without Foundation's `String(format:)`,
/// which boxes its arguments and builds a CFString: written for each of 384,913 groups, that
/// was a quarter of `stats --by timeline.firstHit`. The digits are printf's own (rounded from
/// the double's exact value), so the output is the same text as before.
public enum PrintfNumber {
    /// `value` as `%.Nf` writes it with `places` decimals (0 to 6), rounded from the double's
    /// exact binary value, ties to even, as glibc's printf does.
    public static func fixed(_ value: Double, places: Int) -> String {
        let places = max(0, min(6, places))
        return exactFixed(value, places: places) ?? text(fixedFormats[places], value)
    }

    private static let fixedFormats: [StaticString] = ["%.0f", "%.1f", "%.2f", "%.3f", "%.4f", "%.5f", "%.6f"]

    /// The digits computed here, for a finite value under 10^15 (nil otherwise).
    static func exactFixed(_ value: Double, places: Int) -> String? {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: exactCapacity) { buffer in
            exactFixed(value, places: places, into: buffer).map { String(decoding: UnsafeBufferPointer(rebasing: buffer[..<$0]), as: UTF8.self) }
        }
    }

    /// The most bytes `exactFixed(_:places:into:)` writes.
    static let exactCapacity = 48

    /// Writes `value` with `places` decimals (0 to 9) into `buffer`, for a finite value under
    /// 10^15, and says how many bytes it wrote (nil for any other value). The value is m·2^e
    /// exactly, so m·10^places·2^e is an integer plus a binary fraction, rounded by its bits.
    static func exactFixed(_ value: Double, places: Int, into buffer: UnsafeMutableBufferPointer<UInt8>) -> Int? {
        guard value.isFinite, abs(value) < 1e15, (0...9).contains(places), buffer.count >= exactCapacity else { return nil }
        var q: UInt128 = 0
        if value != 0 {
            // value = m · 2^e: a subnormal has no leading bit and the smallest exponent.
            let subnormal = value.exponentBitPattern == 0
            let m = UInt128(value.significandBitPattern | (subnormal ? 0 : 1 << 52))
            let e = subnormal ? -1074 : Int(value.exponentBitPattern) - 1075
            let scaled = m * powersOfTen[places]
            if e >= 0 {
                q = scaled << e
            } else if -e < 128 {
                let shift = -e
                q = scaled >> shift
                let rest = scaled & ((1 << shift) - 1), half: UInt128 = 1 << (shift - 1)
                if rest > half || (rest == half && q & 1 == 1) { q += 1 }
            }
        }
        // The digits from the last, then the sign, the point and the leading zeros in place.
        var digits = 0, end = exactCapacity
        repeat {
            end -= 1
            buffer[end] = 0x30 + UInt8(q % 10)
            q /= 10
            digits += 1
        } while q > 0
        while digits <= places { end -= 1; buffer[end] = 0x30; digits += 1 }
        var n = 0
        if value.sign == .minus { buffer[n] = 0x2D; n += 1 }
        let whole = digits - places
        for i in 0..<digits {
            if i == whole { buffer[n] = 0x2E; n += 1 }
            buffer[n] = buffer[end + i]; n += 1
        }
        return n
    }

    private static let powersOfTen: [UInt128] = (0...9).map { p in (0..<p).reduce(1) { r, _ in r * 10 } }

    /// `value` as `%g` writes it: six significant digits, without trailing zeros, in the style of
    /// `%f` from 10^-4 up to 10^6 and of `%e` outside.
    public static func general(_ value: Double) -> String {
        exactGeneral(value) ?? text("%g", value)
    }

    /// The `%f` style of `%g`, computed here (nil for the `%e` style and non-finite values).
    static func exactGeneral(_ value: Double) -> String? {
        guard value.isFinite else { return nil }
        if value == 0 { return value.sign == .minus ? "-0" : "0" }
        let magnitude = abs(value)
        guard magnitude >= 1e-5, magnitude < 1e6 else { return nil }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: exactCapacity) { buffer -> String? in
            // X, the exponent of the value rounded to six digits, starts as log10's and is
            // corrected by the digits written: rounding up, or log10 off by one near a power of ten.
            var x = Int(log10(magnitude).rounded(.down))
            for _ in 0..<3 {
                guard (-4..<6).contains(x), let n = exactFixed(value, places: 5 - x, into: buffer) else { return nil }
                let first = value.sign == .minus ? 1 : 0
                // Significant digits before the point, or the zeros after it before the first digit.
                var start = first
                while start < n, buffer[start] == 0x30 || buffer[start] == 0x2E { start += 1 }
                let point = (first..<n).first { buffer[$0] == 0x2E } ?? n
                let exponent = start < point ? point - start - 1 : -(start - point)
                if start == n { return nil }
                if exponent != x { x = exponent; continue }
                // Trailing zeros go, and the point with them when nothing follows it.
                var end = n
                if point < n {
                    while end > point + 1, buffer[end - 1] == 0x30 { end -= 1 }
                    if end == point + 1 { end = point }
                }
                return String(decoding: UnsafeBufferPointer(rebasing: buffer[..<end]), as: UTF8.self)
            }
            return nil
        }
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
