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
        // Up to nine places, for %g's fractions.
        for value in Self.values + random.prefix(2000) {
            for places in 7...9 {
                let exact = PrintfNumber.exactFixed(value, places: places)
                #expect(exact == nil || exact == String(format: "%.\(places)f", value), "\(places) \(value)")
            }
        }
        // The exact path serves the figures' own range (not the fallback).
        #expect(PrintfNumber.exactFixed(0.62505, places: 4) != nil && PrintfNumber.exactFixed(1e15, places: 4) == nil)
    }

    /// `%g` computed without printf is printf's: every magnitude (the `%e` style goes to printf),
    /// values one unit in the last place either side of each power of ten and of the rounding
    /// edges (9.999995), and the group values of a duration (thirds and sixths of a second).
    @Test func generalIsPrintfsOwn() {
        var generator = SystemRandomNumberGenerator()
        var values = Self.values + (0..<4000).map { _ in Double(bitPattern: generator.next()) }
        for exponent in -7...8 {
            let p = Double(sign: .plus, exponent: 0, significand: 1) * pow(10, Double(exponent))
            for base in [p, 9.999995 * p, 9.9999949 * p, 1.0000005 * p, 0.5 * p, 1.5 * p] {
                values += [base, base.nextUp, base.nextDown, -base]
            }
            values += (0..<300).map { _ in Double.random(in: 0..<10) * p }
        }
        values += (0..<3000).map { _ in Double(Int.random(in: 1...100_000)) / 6000 }
        for value in values {
            #expect(PrintfNumber.general(value) == String(format: "%g", value), "\(value)")
        }
        // The exact path serves group values (not printf).
        #expect(PrintfNumber.exactGeneral(6.796666666666667) == "6.79667" && PrintfNumber.exactGeneral(1e7) == nil)
    }
}
