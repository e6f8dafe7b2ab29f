import Foundation
import Testing
@testable import BattleLogFoundation

/// `PrintfNumber` writes what `String(format:)` writes, for the formats the figures use, at the
/// edges of a double's range too.
@Suite struct PrintfNumberTests {
    static let values: [Double] = [0, -0.0, 1, -1, 0.5, 0.00005, 0.00015, 0.12345, 0.99995, 2.5, 57.5325, 1.0 / 3, 2.0 / 3,
                                   123_456.789, 1e-5, 1e-300, 5e-324, 1e15, 1e21, 1.7976931348623157e308, -1e300,
                                   .infinity, -.infinity, .nan, 3.0567573696145125, 0.0001]

    @Test(arguments: ["%.4f", "%.3f", "%.1f", "%g"] as [StaticString])
    func sameTextAsStringFormat(format: StaticString) {
        var generator = SystemRandomNumberGenerator()
        let random = (0..<2000).map { _ in Double(bitPattern: generator.next()) } + (0..<2000).map { _ in Double.random(in: -1000...1000) }
        for value in Self.values + random {
            #expect(PrintfNumber.text(format, value) == String(format: format.description, value), "\(format) \(value)")
        }
    }

    /// The digits computed without printf are printf's, at every number of places.
    @Test func fixedDigitsArePrintfsOwn() {
        var generator = SystemRandomNumberGenerator()
        var random: [Double] = (0..<3000).map { _ in Double(bitPattern: generator.next()) }
        random += (0..<3000).map { _ in Double.random(in: -1000...1000) }
        // Win rates, and values on the ties of the fourth and third places.
        random += (0..<3000).map { _ in Double(Int.random(in: 0...100_000)) / Double(Int.random(in: 1...100_000)) }
        random += (0..<1000).map { (i: Int) -> Double in Double(i) / 20_000 }
        random += (0..<1000).map { (i: Int) -> Double in Double(2 * i + 1) / 2_000 }
        for value in Self.values + random {
            for places in 0...6 {
                #expect(PrintfNumber.fixed(value, places: places) == String(format: "%.\(places)f", value), "\(places) \(value)")
            }
        }
        // The exact path serves the figures' own range (not the fallback).
        #expect(PrintfNumber.exactFixed(0.62505, places: 4) != nil && PrintfNumber.exactFixed(1e15, places: 4) == nil)
    }
}
