/// Exact integer helpers for `MediaTime`: 128-bit intermediates and the six rounding methods.
enum ExactArithmetic {
    static func gcd(_ a: Int128, _ b: Int128) -> Int128 {
        var x = a.magnitude, y = b.magnitude
        while y != 0 { (x, y) = (y, x % y) }
        return Int128(x)
    }

    /// `numerator / denominator` rounded by `method`; `denominator` must be positive.
    /// `towardLargerScale` and `negativeSource` serve the QuickTime method.
    static func divide(_ numerator: Int128, by denominator: Int128,
                       method: MediaTime.RoundingMethod,
                       towardLargerScale: Bool) -> (quotient: Int128, exact: Bool) {
        precondition(denominator > 0)
        let q = numerator / denominator          // truncates toward zero
        let r = numerator % denominator          // same sign as numerator
        if r == 0 { return (q, true) }
        let negative = numerator < 0
        let awayFromZero = negative ? q - 1 : q + 1
        let rounded: Int128
        switch method {
        case .roundHalfAwayFromZero:
            rounded = r.magnitude * 2 >= denominator.magnitude ? awayFromZero : q
        case .roundTowardZero:
            rounded = q
        case .roundAwayFromZero:
            rounded = awayFromZero
        case .quickTime:
            if towardLargerScale {
                rounded = awayFromZero
            } else {
                // Toward zero, but a negative value is never rounded to zero.
                rounded = (negative && q == 0) ? -1 : q
            }
        case .roundTowardPositiveInfinity:
            rounded = negative ? q : q + 1
        case .roundTowardNegativeInfinity:
            rounded = negative ? q - 1 : q
        }
        return (rounded, false)
    }

    /// Expresses the exact rational `numerator / denominator` seconds at `timescale` (or, when the
    /// value does not fit in Int64, at successively halved timescales), rounding by `method`.
    /// Saturates to an infinity when even timescale 1 cannot hold it.
    static func fit(numerator: Int128, denominator: Int128, timescale: Int32,
                    method: MediaTime.RoundingMethod, rounded: Bool, epoch: Int64,
                    sourceTimescale: Int32) -> MediaTime {
        var scale = timescale
        var didRound = rounded
        while true {
            let (q, exact) = divide(numerator * Int128(scale), by: denominator, method: method,
                                    towardLargerScale: scale > sourceTimescale)
            if let v = Int64(exactly: q) {
                if !exact { didRound = true }
                var flags: MediaTime.Flags = .valid
                if didRound { flags.insert(.hasBeenRounded) }
                return MediaTime(value: v, timescale: scale, flags: flags, epoch: epoch)
            }
            if scale == 1 {
                return numerator < 0 ? .negativeInfinity : .positiveInfinity
            }
            scale /= 2
            didRound = true
        }
    }
}
