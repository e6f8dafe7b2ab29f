import Foundation
import Testing
@testable import BattleLogKit

private func t(_ v: Int64, _ s: Int32, epoch: Int64 = 0) -> MediaTime { MediaTime(value: v, timescale: s, epoch: epoch) }
private func fields(_ m: MediaTime) -> [Int64] { [m.value, Int64(m.timescale), Int64(m.flags.rawValue), m.epoch] }

@Suite struct MediaTimeConstantsTests {
    @Test func constantsFieldByField() {
        #expect(fields(.zero) == [0, 1, 1, 0])
        #expect(fields(.invalid) == [0, 0, 0, 0])
        #expect(fields(.positiveInfinity) == [0, 0, 5, 0])
        #expect(fields(.negativeInfinity) == [0, 0, 9, 0])
        #expect(fields(.indefinite) == [0, 0, 17, 0])
    }

    @Test func kinds() {
        #expect(!MediaTime.invalid.isValid)
        #expect(MediaTime(value: 5, timescale: 3, flags: [], epoch: 0).isValid == false)
        #expect(MediaTime(value: 5, timescale: 0).isValid == false)
        #expect(MediaTime.positiveInfinity.isPositiveInfinity && !MediaTime.positiveInfinity.isNumeric)
        #expect(MediaTime.negativeInfinity.isNegativeInfinity)
        #expect(MediaTime.indefinite.isIndefinite)
        #expect(t(1, 2).isNumeric)
        // Implied flags count only with valid.
        #expect(!MediaTime(value: 0, timescale: 0, flags: [.positiveInfinity], epoch: 0).isPositiveInfinity)
        // Other fields are ignored when an implied flag is set.
        #expect(MediaTime(value: 99, timescale: 7, flags: [.valid, .indefinite], epoch: 3) == .indefinite)
    }

    @Test func seconds() {
        #expect(t(1, 2).seconds == 0.5)
        #expect(t(-3, 4, epoch: 9).seconds == -0.75)
        #expect(MediaTime.invalid.seconds.isNaN)
        #expect(MediaTime.indefinite.seconds.isNaN)
        #expect(MediaTime.positiveInfinity.seconds == .infinity)
        #expect(MediaTime.negativeInfinity.seconds == -.infinity)
    }

    @Test func descriptions() {
        #expect(t(1, 2).description == "{1/2 = 0.500}")
        #expect(MediaTime.zero.description == "{0/1 = 0.000}")
        #expect(MediaTime.invalid.description == "{INVALID}")
        #expect(MediaTime.indefinite.description == "{INDEFINITE}")
        #expect(MediaTime.positiveInfinity.description == "{+INFINITY}")
        #expect(MediaTime.negativeInfinity.description == "{-INFINITY}")
        #expect(t(49380, 600).description == "{49380/600 = 82.300}")
        #expect(t(49380, 600).clockDescription == "1:22.300")
        #expect(t(83456, 1000).clockDescription == "1:23.456")
        #expect(t(-1500, 1000).clockDescription == "-0:01.500")
        #expect(t(3_723_004, 1000).clockDescription == "1:02:03.004")
    }
}

@Suite struct MediaTimeComparisonTests {
    @Test func totalOrder() {
        let ordered: [MediaTime] = [.negativeInfinity, t(Int64.min, 1), t(-1, 1), .zero, t(1, 1), t(Int64.max, 1), .indefinite, .positiveInfinity, .invalid]
        for i in ordered.indices {
            for j in ordered.indices {
                #expect(MediaTime.compare(ordered[i], ordered[j]) == (i < j ? -1 : (i == j ? 0 : 1)), "\(ordered[i]) vs \(ordered[j])")
            }
        }
    }

    @Test func exactRationalEquality() {
        #expect(t(1, 2) == t(2, 4))
        #expect(t(2, 1) == t(4, 2))
        #expect(t(1, 3) != t(333_333, 1_000_000))
        #expect(MediaTime.invalid == MediaTime(value: 7, timescale: 3, flags: [], epoch: 1))
        #expect(MediaTime.indefinite == MediaTime(value: 1, timescale: 1, flags: [.valid, .indefinite], epoch: 0))
        // No overflow: Int64.max / Int32.max against Int64.max-1 / Int32.max-1
        #expect(t(Int64.max, Int32.max) > t(Int64.max - 1, Int32.max - 1) || t(Int64.max, Int32.max) < t(Int64.max - 1, Int32.max - 1))
        #expect(t(Int64.max, Int32.max) < t(Int64.max, Int32.max - 1))
        #expect(t(Int64.min, 1) < t(Int64.min, 2))
    }

    @Test func epochsOrderFirst() {
        #expect(t(100, 1, epoch: 0) < t(1, 1, epoch: 1))
        #expect(t(1, 1, epoch: 1) != t(1, 1, epoch: 0))
        #expect(t(1, 2, epoch: 5) == t(2, 4, epoch: 5))
    }

    @Test func hashAgreesWithEquality() {
        #expect(t(1, 2).hashValue == t(2, 4).hashValue)
        #expect(t(-3, 9).hashValue == t(-1, 3).hashValue)
        #expect(MediaTime.invalid.hashValue == MediaTime(value: 3, timescale: 3, flags: [], epoch: 9).hashValue)
        #expect(Set([t(1, 2), t(2, 4), t(3, 6)]).count == 1)
        #expect(t(Int64.min, Int32.max).hashValue == t(Int64.min, Int32.max).hashValue)
    }

    @Test func minMax() {
        #expect(min(t(1, 2), t(1, 3)) == t(1, 3))
        #expect(max(.positiveInfinity, t(1, 3)) == .positiveInfinity)
    }
}

@Suite struct MediaTimeAdditionTests {
    @Test func invalidAndInfinities() {
        #expect(!(MediaTime.invalid + t(1, 1)).isValid)
        #expect(!(t(1, 1) - .invalid).isValid)
        #expect(!(MediaTime.positiveInfinity + .negativeInfinity).isValid)
        #expect(!(MediaTime.positiveInfinity - .positiveInfinity).isValid)
        #expect(!(MediaTime.negativeInfinity - .negativeInfinity).isValid)
        #expect((MediaTime.positiveInfinity - .negativeInfinity).isPositiveInfinity)
        #expect((MediaTime.negativeInfinity - .positiveInfinity).isNegativeInfinity)
        #expect((MediaTime.positiveInfinity + .positiveInfinity).isPositiveInfinity)
        #expect((t(5, 1) - .positiveInfinity).isNegativeInfinity)
        #expect((t(5, 1) - .negativeInfinity).isPositiveInfinity)
        #expect((MediaTime.negativeInfinity + t(5, 1)).isNegativeInfinity)
        #expect((MediaTime.positiveInfinity + .indefinite).isPositiveInfinity)
        #expect((MediaTime.indefinite - .positiveInfinity).isNegativeInfinity)
        #expect((MediaTime.indefinite + t(1, 1)).isIndefinite)
        #expect((t(1, 1) - .indefinite).isIndefinite)
    }

    @Test func epochs() {
        #expect(!(t(1, 1, epoch: 1) + t(1, 1, epoch: 2)).isValid)
        #expect((t(3, 1, epoch: 4) - t(1, 1, epoch: 4)).epoch == 0)
        #expect((t(3, 1, epoch: 4) - t(1, 1, epoch: 4)) == t(2, 1))
        #expect((t(3, 1, epoch: 4) + t(1, 1)).epoch == 4)
        #expect((t(3, 1) + t(1, 1, epoch: 7)).epoch == 7)
    }

    @Test func timescales() {
        let sum = t(1, 600) + t(1, 44_100)
        #expect(sum.timescale == 88_200)
        #expect(sum.value == 147 + 2)
        #expect(!sum.hasBeenRounded)
        let same = t(3, 600) + t(4, 600)
        #expect(fields(same) == [7, 600, 1, 0])
        #expect(fields(t(10, 3) - t(1, 2)) == [17, 6, 1, 0])
    }

    @Test func zeroOperandKeepsTheOther() {
        #expect(fields(t(0, 7) + t(5, 600)) == [5, 600, 1, 0])
        #expect(fields(t(5, 600) + t(0, 7)) == [5, 600, 1, 0])
        #expect(fields(t(5, 600) - t(0, 7)) == [5, 600, 1, 0])
        #expect(fields(t(0, 7) - t(5, 600)) == [-5, 600, 1, 0])
    }

    @Test func lcmBeyondInt32UsesOneBillion() {
        let a = t(1, 2_147_483_647), b = t(1, 2_147_483_646)
        let sum = a + b
        #expect(sum.timescale == 1_000_000_000)
        #expect(sum.hasBeenRounded)
        #expect(sum.value == 1)  // 9.3e-10 rounds to 1 ns
    }

    @Test func valueOverflowHalvesTheTimescale() {
        let big = t(Int64.max, 1000)
        let sum = big + big
        #expect(sum.isNumeric)
        #expect(sum.timescale == 500)
        #expect(sum.hasBeenRounded)
        #expect(sum.value == Int64.max)  // 2*max/1000*500 = max exactly
        let huge = t(Int64.max, 1) + t(Int64.max, 1)
        #expect(huge.isPositiveInfinity)
        #expect((t(Int64.min, 1) + t(-1, 1)).isNegativeInfinity)
        #expect((t(Int64.min, 1) - t(1, 1)).isNegativeInfinity)
        #expect((t(Int64.max, 1) - t(-1, 1)).isPositiveInfinity)
    }

    @Test func roundingFlagIsCarried() {
        let rounded = MediaTime(value: 1, timescale: 3, flags: [.valid, .hasBeenRounded], epoch: 0)
        #expect((rounded + t(1, 3)).hasBeenRounded)
        #expect((t(1, 3) - rounded).hasBeenRounded)
        #expect(!(t(1, 3) + t(1, 3)).hasBeenRounded)
    }

    @Test func negation() {
        #expect(-t(3, 4) == t(-3, 4))
        #expect((-MediaTime.positiveInfinity).isNegativeInfinity)
        #expect((-MediaTime.indefinite).isIndefinite)
        #expect(!(-MediaTime.invalid).isValid)
        let negMin = -t(Int64.min, 2)
        #expect(negMin.isNumeric && negMin.timescale == 1 && negMin.hasBeenRounded)
        #expect(abs(t(-3, 4)) == t(3, 4))
        #expect(abs(MediaTime.negativeInfinity).isPositiveInfinity)
    }
}

@Suite struct MediaTimeMultiplicationTests {
    @Test func byInt32() {
        #expect(fields(t(3, 600) * Int32(4)) == [12, 600, 1, 0])
        #expect(fields(t(3, 600, epoch: 2) * Int32(-4)) == [-12, 600, 1, 2])
        #expect((MediaTime.positiveInfinity * Int32(0)).isPositiveInfinity)
        #expect((MediaTime.positiveInfinity * Int32(-2)).isNegativeInfinity)
        #expect((MediaTime.negativeInfinity * Int32(-2)).isPositiveInfinity)
        #expect((MediaTime.indefinite * Int32(3)).isIndefinite)
        #expect(!(MediaTime.invalid * Int32(3)).isValid)
        let over = t(Int64.max / 2 + 1, 1000) * Int32(2)
        #expect(over.isNumeric && over.timescale == 500 && over.hasBeenRounded)
        #expect((t(Int64.max, 1) * Int32(2)).isPositiveInfinity)
        #expect((t(Int64.max, 1) * Int32(-2)).isNegativeInfinity)
    }

    @Test func byRatio() {
        #expect(fields(t(10, 600).multiplied(byRatio: 1, divisor: 3)) == [3, 600, 3, 0])
        #expect(fields(t(9, 600).multiplied(byRatio: 2, divisor: 3)) == [6, 600, 1, 0])
        #expect(!t(9, 600).multiplied(byRatio: 2, divisor: 0).isValid)
        #expect(fields(t(9, 600).multiplied(byRatio: 2, divisor: -3)) == [-6, 600, 1, 0])
    }

    @Test func byDouble() {
        #expect(fields(t(10, 600) * 1.5) == [15, 600, 1, 0])
        #expect(fields(t(10, 600) * 0.25) == [3, 600, 3, 0])  // 2.5 rounds half away from zero
        #expect(fields(t(-10, 600) * 0.25) == [-3, 600, 3, 0])
        #expect(!(t(10, 600) * Double.nan).isValid)
        #expect((t(10, 600) * Double.infinity).isPositiveInfinity)
        #expect((t(Int64.max, 1) * 4.5).isPositiveInfinity)
    }
}

@Suite struct MediaTimeConversionTests {
    @Test(arguments: [
        (MediaTime.RoundingMethod.roundHalfAwayFromZero, [2, -2, 3, -3, 2, -2]),
        (.roundTowardZero, [1, -1, 2, -2, 1, -1]),
        (.roundAwayFromZero, [2, -2, 3, -3, 2, -2]),
        (.roundTowardPositiveInfinity, [2, -1, 3, -2, 2, -1]),
        (.roundTowardNegativeInfinity, [1, -2, 2, -3, 1, -2]),
        (.quickTime, [1, -1, 2, -2, 1, -1]),
    ])
    func roundingMethods(method: MediaTime.RoundingMethod, expected: [Int64]) {
        // 15/10 -> /1: 1.5 ; 25/10: 2.5 ; 13/10: 1.3 (to timescale 1, smaller)
        let inputs: [Int64] = [15, -15, 25, -25, 13, -13]
        let results = inputs.map { t($0, 10).convertScale(1, method: method).value }
        if method == .roundHalfAwayFromZero {
            #expect(results == [2, -2, 3, -3, 1, -1])
        } else {
            #expect(results == expected, "\(method)")
        }
    }

    @Test func quickTimeTowardLargerScaleRoundsAway() {
        // 1/3 to timescale 10: 3.33 -> away from zero = 4
        #expect(t(1, 3).convertScale(10, method: .quickTime).value == 4)
        #expect(t(-1, 3).convertScale(10, method: .quickTime).value == -4)
        // Never rounds a negative value to zero.
        #expect(t(-1, 1000).convertScale(10, method: .quickTime).value == -1)
        #expect(t(1, 1000).convertScale(10, method: .quickTime).value == 0)
    }

    @Test func flagsAndSpecials() {
        let exact = t(1, 2).convertScale(600)
        #expect(fields(exact) == [300, 600, 1, 0])
        let rounded = t(1, 3).convertScale(10)
        #expect(rounded.hasBeenRounded && rounded.value == 3)
        #expect(t(5, 3, epoch: 4).convertScale(6).epoch == 4)
        #expect(MediaTime.positiveInfinity.convertScale(10).isPositiveInfinity)
        #expect(MediaTime.indefinite.convertScale(10).isIndefinite)
        #expect(!MediaTime.invalid.convertScale(10).isValid)
        #expect(!t(1, 2).convertScale(0).isValid)
        #expect(!t(1, 2).convertScale(-5).isValid)
        // No silent overflow: Int64.max ticks at 1 to Int32.max saturates.
        #expect(t(Int64.max, 1).convertScale(Int32.max).isPositiveInfinity)
        #expect(t(Int64.min, 1).convertScale(2).isNegativeInfinity)
        #expect(t(Int64.max, Int32.max).convertScale(1).value == 4_294_967_298)
    }

    @Test func fromSeconds() {
        #expect(fields(MediaTime(seconds: 0.5, preferredTimescale: 600)) == [300, 600, 1, 0])
        // 1/3 at 600 reads back as the same Double: not rounded by the rule; 0.1 at 3 is.
        let third = MediaTime(seconds: 1.0 / 3.0, preferredTimescale: 600)
        #expect(third.value == 200 && !third.hasBeenRounded)
        let tenth = MediaTime(seconds: 0.1, preferredTimescale: 3)
        #expect(tenth.value == 0 && tenth.hasBeenRounded)
        #expect(!MediaTime(seconds: .nan, preferredTimescale: 600).isValid)
        #expect(!MediaTime(seconds: 1, preferredTimescale: 0).isValid)
        #expect(MediaTime(seconds: .infinity, preferredTimescale: 600).isPositiveInfinity)
        #expect(MediaTime(seconds: -.infinity, preferredTimescale: 600).isNegativeInfinity)
        let big = MediaTime(seconds: 1e17, preferredTimescale: 1000)
        #expect(big.isNumeric && big.timescale < 1000 && big.hasBeenRounded)
        #expect(MediaTime(seconds: 1e300, preferredTimescale: 1).isPositiveInfinity)
        #expect(MediaTime(seconds: -1e300, preferredTimescale: 600).isNegativeInfinity)
    }
}

@Suite struct MediaTimeDictionaryTests {
    @Test func roundTrip() throws {
        for time in [MediaTime.zero, .invalid, .positiveInfinity, .negativeInfinity, .indefinite,
                     t(Int64.min, Int32.max, epoch: Int64.max), t(Int64.max, 1, epoch: -1),
                     MediaTime(value: 1, timescale: 3, flags: [.valid, .hasBeenRounded], epoch: 0)] {
            let back = try MediaTime(dictionary: time.dictionaryRepresentation)
            #expect(fields(back) == fields(time))
        }
    }

    @Test func codableUsesTheSameKeysAndIsAsStrict() throws {
        let time = MediaTime(value: -7, timescale: 600, flags: [.valid, .hasBeenRounded], epoch: 3)
        let data = try JSONEncoder().encode(time)
        let keys = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any]).keys.sorted()
        #expect(keys == ["epoch", "flags", "timescale", "value"])
        #expect(fields(try JSONDecoder().decode(MediaTime.self, from: data)) == fields(time))
        for bad in [#"{"value":1,"timescale":1,"flags":1}"#, #"{"value":1,"timescale":4294967296,"flags":1,"epoch":0}"#,
                    #"{"value":1,"timescale":1,"flags":64,"epoch":0}"#, #"{"value":"1","timescale":1,"flags":1,"epoch":0}"#] {
            #expect(throws: DecodingError.self) { try JSONDecoder().decode(MediaTime.self, from: Data(bad.utf8)) }
        }
        #expect(fields(MediaTime()) == fields(.invalid))
    }

    @Test func errors() {
        #expect(throws: MediaTime.DictionaryError.missingKey("epoch")) {
            try MediaTime(dictionary: ["value": 1, "timescale": 1, "flags": 1])
        }
        #expect(throws: MediaTime.DictionaryError.outOfRange(key: "timescale", value: "4294967296")) {
            try MediaTime(dictionary: ["value": 1, "timescale": 4_294_967_296, "flags": 1, "epoch": 0])
        }
        #expect(throws: MediaTime.DictionaryError.outOfRange(key: "flags", value: "-1")) {
            try MediaTime(dictionary: ["value": 1, "timescale": 1, "flags": -1, "epoch": 0])
        }
    }
}

/// Cases other rational-time implementations check (WebKit's MediaTime suite, the CoreMedia
/// overlay's smoke tests), restated for CMTime semantics.
@Suite struct MediaTimeCrossImplementationTests {
    @Test func sumsAndDifferencesAtTheLargestTimescales() {
        #expect(t(1, 2) + t(1, 3) == t(5, 6))
        #expect(t(1, 2) - t(1, 3) == t(1, 6))
        // No common timescale fits: the result is at 1e9, where it is exactly 2 ns.
        let sum = t(1, 999_999_999) + t(1, 999_999_998)
        #expect(sum == t(2, 1_000_000_000) && sum.timescale == 1_000_000_000)
        #expect(t(2, 999_999_999) - t(1, 999_999_998) == t(1, 1_000_000_000))
    }

    @Test func overflowAtTheEdgesOfInt64() {
        #expect((t(Int64.max, 2) + t(Int64.max, 2)).timescale == 1)
        #expect((t(Int64.min, 2) - t(Int64.max, 2)).timescale == 1)
        #expect((t(Int64.min, 1) + t(Int64.min, 1)).isNegativeInfinity)
        #expect((t(Int64.min, 1) - t(Int64.max, 1)).isNegativeInfinity)
        #expect((t(Int64.max, 1) - t(Int64.min, 1)).isPositiveInfinity)
        #expect(t(1 << 60, 2) * Int32(2) == t(1 << 60, 1))
        #expect((t(Int64.min, 1) * Int32(-2)).isPositiveInfinity)
        #expect((t(Int64.min, 1) * Int32(2)).isNegativeInfinity)
        #expect(t(0, 1) * Int32(2) == .zero)
    }

    @Test func conversionAtLargeValues() {
        let maxInt32 = Int64(Int32.max)
        #expect(t(maxInt32 * 2, 1).convertScale(2).value == maxInt32 * 4)
        #expect(t((1 << 62) - 2, 1_000_000_000).convertScale(999_999_999).hasBeenRounded)
        #expect(t(1 << 62, 1).convertScale(1_000_000_000).isPositiveInfinity)
        #expect(t(-(1 << 62), 1).convertScale(1_000_000_000).isNegativeInfinity)
        #expect(t(Int64.max, 1).convertScale(2).isPositiveInfinity)
        #expect(t(-51, 100).convertScale(1, method: .roundTowardPositiveInfinity).value == 0)
        #expect(t(-149, 100).convertScale(1, method: .roundTowardNegativeInfinity).value == -2)
        #expect(t(149, 100).convertScale(1, method: .roundAwayFromZero).value == 2)
        #expect(t(-49, 100).convertScale(1).value == 0 && t(-51, 100).convertScale(1).value == -1)
    }

    @Test func constantsAndOrder() {
        #expect(MediaTime(value: -1, timescale: 1, flags: [], epoch: 0) == .invalid)
        #expect(MediaTime.invalid > .positiveInfinity && MediaTime.negativeInfinity < .invalid)
        #expect(MediaTime.indefinite < .positiveInfinity && t(1, 1) < .indefinite)
        #expect(t(-8, 10) >= t(-1, 1) && t(-2, 1) <= t(-1, 1))
        #expect(MediaTime(value: 7, timescale: 1).isValid)
        let seven = MediaTime(seconds: 7.0, preferredTimescale: 600)
        #expect(seven.isValid && seven.seconds == 7.0)
        #expect(MediaTime(seconds: 1.5, preferredTimescale: 2) == t(3, 2))
        #expect(t(1, 1 << 30).seconds == 1.0 / 1_073_741_824.0)
    }
}
