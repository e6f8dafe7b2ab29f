import Foundation
import Testing
@testable import BattleLogKit

/// The hand-over between simulate's producer thread and its writer.
@Suite struct BoundedQueueTests {
    @Test func aProducerWaitsWhileFullAndEverythingArrivesInOrder() throws {
        let queue = BoundedQueue<Int>(capacity: 1)
        let produced = NSLock()
        nonisolated(unsafe) var putCount = 0
        Thread.detachNewThread {
            for i in 0..<50 {
                guard queue.put(i) else { return }
                produced.lock(); putCount += 1; produced.unlock()
            }
            queue.close()
        }
        usleep(100_000)
        // Nothing taken yet: one item in the queue, the producer waiting with the second.
        produced.lock(); let before = putCount; produced.unlock()
        #expect(before == 1)
        var taken: [Int] = []
        while case .item(let i) = queue.take(waitingAtMost: 5) { taken.append(i) }
        #expect(taken == Array(0..<50))
        #expect(queue.take(waitingAtMost: 0.01).isClosed)
    }

    @Test func closingStopsAWaitingProducerAndAnEmptyTakeTimesOut() throws {
        let queue = BoundedQueue<Int>(capacity: 1)
        #expect(queue.take(waitingAtMost: 0.05).isTimedOut)
        #expect(queue.put(1))
        let refused = NSLock()
        nonisolated(unsafe) var second: Bool?
        Thread.detachNewThread { let r = queue.put(2); refused.lock(); second = r; refused.unlock() }
        usleep(50_000)
        queue.close()
        let deadline = Date().addingTimeInterval(5)
        while Date() < deadline { refused.lock(); let done = second != nil; refused.unlock(); if done { break }; usleep(5_000) }
        refused.lock(); #expect(second == false); refused.unlock()
        // What was put before the close still comes out, then the end.
        if case .item(let i) = queue.take(waitingAtMost: 1) { #expect(i == 1) } else { Issue.record("the item put before the close was lost") }
        #expect(queue.take(waitingAtMost: 1).isClosed)
    }
}

extension BoundedQueue.Taken {
    var isClosed: Bool { if case .closed = self { true } else { false } }
    var isTimedOut: Bool { if case .timedOut = self { true } else { false } }
}
