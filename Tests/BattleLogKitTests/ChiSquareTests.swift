import Foundation
import Testing
@testable import BattleLogKit

/// The dice's distance from even: Pearson's statistic and its p-value against hand-computed cases.
@Suite struct ChiSquareTests {
    @Test func handComputedCases() throws {
        // 10, 20, 30 against 20 each: (100 + 0 + 100) / 20 = 10 with 2 degrees of freedom,
        // whose upper tail is e^(-x/2) = e^-5.
        let three = try #require(ChiSquare.uniform([10, 20, 30]))
        #expect(three.statistic == 10 && three.degreesOfFreedom == 2)
        #expect(abs(three.pValue - exp(-5)) < 1e-12)
        // 30, 10 against 20: 10 with 1 degree of freedom: erfc(sqrt(5)).
        let two = try #require(ChiSquare.uniform([30, 10]))
        #expect(abs(two.pValue - erfc(sqrt(5))) < 1e-12)
        // Perfectly even: 0, and p = 1.
        let even = try #require(ChiSquare.uniform([25, 25, 25, 25]))
        #expect(even.statistic == 0 && even.pValue == 1)
        #expect(ChiSquare.uniform([5]) == nil && ChiSquare.uniform([0, 0]) == nil)
    }

    /// For an even number of degrees of freedom 2k the tail has a closed form,
    /// e^(-x/2) Σ_{i<k} (x/2)^i / i!: the series and the continued fraction both meet it.
    @Test func evenDegreesOfFreedomMatchTheClosedForm() {
        for k in [1, 2, 5, 49, 50] {
            for x in [0.5, 3.0, 20.0, 90.0, 98.0, 99.0, 140.0, 300.0] {
                var sum = 0.0, term = 1.0
                for i in 0..<k { if i > 0 { term *= (x / 2) / Double(i) }; sum += term }
                let expected = exp(-x / 2) * sum
                let q = ChiSquare.upperRegularizedGamma(Double(k), x / 2)
                #expect(abs(q - expected) <= 1e-10 * max(1, expected), "k \(k), x \(x): \(q) vs \(expected)")
            }
        }
    }

    /// A hundred-sided die rolled a million times by the simulator's generator is even: p well
    /// above 1%; one face twice as likely is far from it.
    @Test func evenAndLoadedDice() throws {
        var g = SeededGenerator(seed: 8)
        var counts = [Int](repeating: 0, count: 100)
        for _ in 0..<1_000_000 { counts[Int.random(in: 0..<100, using: &g)] += 1 }
        let fair = try #require(ChiSquare.uniform(counts))
        #expect(fair.degreesOfFreedom == 99 && fair.pValue > 0.01, "\(fair)")
        counts[0] *= 2
        #expect(try #require(ChiSquare.uniform(counts)).pValue < 1e-6)
    }

    @Test func aSmallSampleGivesNoVerdict() throws {
        // 100 faces, 300 rolls: 3 expected per face, below Cochran's 5.
        let small = try #require(ChiSquare.uniform([Int](repeating: 3, count: 100)))
        #expect(small.expectedPerCategory == 3 && !small.isReliable)
        let enough = try #require(ChiSquare.uniform([Int](repeating: 5, count: 100)))
        #expect(enough.isReliable)
    }
}
