import Foundation

/// Pearson's chi-square test of counts against equal expected counts: how far the dice are from
/// even. `statistic` is Σ (observed − expected)² / expected; `pValue` the chance of a statistic
/// at least this large from even dice (the upper tail of the chi-square distribution with
/// `degreesOfFreedom` = categories − 1).
public struct ChiSquare: Sendable, Equatable {
    public let statistic: Double
    public let degreesOfFreedom: Int
    public let pValue: Double
    /// The count each category should have (the total over the categories).
    public var expectedPerCategory: Double = 0

    /// Whether the test can judge: the chi-square distribution describes the statistic only
    /// when each category expects at least 5 (Cochran's rule); below that, no verdict.
    public var isReliable: Bool { expectedPerCategory >= 5 }

    /// The test of `counts` (one per category, zeros included) against an even spread; nil with
    /// fewer than two categories or no count at all.
    public static func uniform(_ counts: [Int]) -> ChiSquare? {
        guard counts.count >= 2 else { return nil }
        let total = counts.reduce(0.0) { $0 + Double(max(0, $1)) }
        guard total > 0 else { return nil }
        let expected = total / Double(counts.count)
        let statistic = counts.reduce(0.0) { sum, c in
            let d = Double(max(0, c)) - expected
            return sum + d * d / expected
        }
        let df = counts.count - 1
        return ChiSquare(statistic: statistic, degreesOfFreedom: df, pValue: upperRegularizedGamma(Double(df) / 2, statistic / 2),
                         expectedPerCategory: expected)
    }

    /// Q(a, x) = Γ(a, x) / Γ(a): by its series below a + 1, by its continued fraction above
    /// (Lentz's method), each to a relative 1e-14.
    static func upperRegularizedGamma(_ a: Double, _ x: Double) -> Double {
        guard x > 0 else { return 1 }
        let logPrefix = a * log(x) - x - lgamma(a)
        if x < a + 1 {
            // P(a, x) = e^(-x) x^a / Γ(a+1) · Σ x^n / ((a+1)…(a+n)).
            var term = 1 / a, sum = term, n = a
            for _ in 0..<10_000 {
                n += 1
                term *= x / n
                sum += term
                if abs(term) < abs(sum) * 1e-15 { break }
            }
            return max(0, min(1, 1 - sum * exp(logPrefix)))
        }
        // Q(a, x) = e^(-x) x^a / Γ(a) · 1 / (x + 1 − a − 1·(1−a) / (x + 3 − a − …)).
        let tiny = 1e-300
        var b = x + 1 - a, c = 1 / tiny, d = 1 / b, h = d
        for i in 1...10_000 {
            let an = -Double(i) * (Double(i) - a)
            b += 2
            d = an * d + b
            if abs(d) < tiny { d = tiny }
            c = b + an / c
            if abs(c) < tiny { c = tiny }
            d = 1 / d
            let step = d * c
            h *= step
            if abs(step - 1) < 1e-15 { break }
        }
        return max(0, min(1, exp(logPrefix) * h))
    }
}
