import Foundation

/// A double as C's printf writes it (`%.4f`, `%g`), without Foundation's `String(format:)`,
/// which boxes its arguments and builds a CFString: written for each of 384,913 groups, that
/// was a quarter of `stats --by timeline.firstHit`. The digits are printf's own (rounded from
/// the double's exact value), so the output is the same text as before.
public enum PrintfNumber {
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
