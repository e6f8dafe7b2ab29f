/// xoshiro256** (Blackman and Vigna, 2018), seeded through SplitMix64.
///
/// State: four UInt64 words, filled from the seed by four SplitMix64 steps. Every draw the
/// simulator makes goes through `next()` and `next(in:)` (no standard-library random APIs, whose
/// algorithms are not promised stable), so the same seed gives the same data on any machine.
public struct SeededGenerator: RandomNumberGenerator, Sendable {
    private var s0, s1, s2, s3: UInt64

    public init(seed: UInt64) {
        var sm = seed
        func splitMix() -> UInt64 {
            sm &+= 0x9E37_79B9_7F4A_7C15
            var z = sm
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        s0 = splitMix(); s1 = splitMix(); s2 = splitMix(); s3 = splitMix()
    }

    public mutating func next() -> UInt64 {
        let result = ((s1 &* 5) << 7 | (s1 &* 5) >> 57) &* 9
        let t = s1 << 17
        s2 ^= s0
        s3 ^= s1
        s1 ^= s2
        s0 ^= s3
        s2 ^= t
        s3 = s3 << 45 | s3 >> 19
        return result
    }

    /// A uniform integer in `range`, by Lemire's multiply-and-reject method.
    public mutating func next(in range: ClosedRange<Int>) -> Int {
        let span = UInt64(range.upperBound - range.lowerBound) &+ 1
        if span == 0 { return Int(truncatingIfNeeded: next()) }  // the full 64-bit range
        var m = next().multipliedFullWidth(by: span)
        if m.low < span {
            let threshold = (0 &- span) % span
            while m.low < threshold { m = next().multipliedFullWidth(by: span) }
        }
        return range.lowerBound + Int(m.high)
    }

    /// True with probability `numerator / denominator`.
    public mutating func chance(_ numerator: Int, in denominator: Int) -> Bool {
        next(in: 1...denominator) <= numerator
    }

    /// A uniformly chosen element of a non-empty array.
    public mutating func pick<T>(_ items: [T]) -> T { items[next(in: 0...(items.count - 1))] }
}
