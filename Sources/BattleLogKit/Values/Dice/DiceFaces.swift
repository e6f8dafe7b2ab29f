import SQLiteDB

/// The faces a fight's dice rolled, as two 63-bit masks (the `rolls.facesLow` and
/// `rolls.facesHigh` query columns): `rolls contains N` reads one bit of an indexed integer
/// instead of the stored JSON array.
enum DiceFaces {
    /// The faces the masks can hold.
    static let representable: ClosedRange<Int64> = 1...126

    /// The bits of `values` that fall in `faces` (face `f` is bit `f - faces.lowerBound`), or
    /// NULL when any value is outside `representable`.
    static func mask(_ values: [Int], faces: ClosedRange<Int>) -> SQLiteValue {
        var bits: Int64 = 0
        for v in values {
            guard representable.contains(Int64(v)) else { return .null }
            if faces.contains(v) { bits |= 1 << Int64(v - faces.lowerBound) }
        }
        return .integer(bits)
    }
}
