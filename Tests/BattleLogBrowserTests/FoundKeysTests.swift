import Testing
@testable import BattleLogBrowser

/// `FoundKeys` keeps the keys in batches (small chunks joining the last one); reading a range
/// or a key's place across batches gives what one flat array would.
@Suite struct FoundKeysTests {
    @Test func rangesAndPlacesAcrossBatchesAreTheFlatOrders() {
        let keys = FoundKeys(batchSize: 4)
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

    /// Chunks of 256 (a filter's stream) fill batches of `batchSize`: ten million keys are a few
    /// hundred batches, not forty thousand to walk on each page.
    @Test func smallChunksJoinTheLastBatch() {
        let keys = FoundKeys(batchSize: 8_192)
        for start in stride(from: 0, to: 10_000, by: 256) { keys.append((start..<min(10_000, start + 256)).map(Int64.init)) }
        #expect(keys.count == 10_000 && keys.batchCount == 2)
        #expect(keys.keys(9_990..<10_010) == (9_990..<10_000).map(Int64.init))
    }
}
