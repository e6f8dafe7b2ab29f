import Testing
@testable import BattleLogBrowser

/// `SortedKeys` keeps the keys in the batches they came in; reading a range or a key's place
/// across batches gives what one flat array would.
@Suite struct SortedKeysTests {
    @Test func rangesAndPlacesAcrossBatchesAreTheFlatOrders() {
        let keys = SortedKeys()
        var flat: [Int64] = []
        var g = SystemRandomNumberGenerator()
        var next: Int64 = 1000
        for size in [3, 0, 1, 7, 2, 5, 1, 4] {
            let batch = (0..<size).map { _ in next -= Int64.random(in: 1...3, using: &g); return next }
            keys.append(batch)
            flat += batch
        }
        #expect(keys.count == flat.count)
        for lower in -2...(flat.count + 1) {
            for upper in lower...(flat.count + 3) {
                let expected = flat.indices.filter { $0 >= lower && $0 < upper }.map { flat[$0] }
                #expect(keys.keys(lower..<upper) == expected, "\(lower)..<\(upper)")
            }
        }
        for (i, key) in flat.enumerated() { #expect(keys.position(of: key) == i) }
        #expect(keys.position(of: 5000) == nil)
    }
}
