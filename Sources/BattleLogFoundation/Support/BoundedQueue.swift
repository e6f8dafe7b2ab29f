import Foundation

/// A first-in, first-out hand-over between one producing thread and one consuming thread, at
/// most `capacity` items deep: the producer waits while it is full, the consumer while it is
/// empty. Either side may close it; a closed queue takes nothing more, and its consumer gets
/// what was put before the close and then nil. Unchecked because its state lives beside an
/// `NSCondition`; safe because every access holds that condition's lock.
public final class BoundedQueue<Item: Sendable>: @unchecked Sendable {
    private let condition = NSCondition()
    private var items: [Item] = []
    private var closed = false
    public let capacity: Int

    public init(capacity: Int) {
        precondition(capacity > 0, "a bounded queue holds at least one item")
        self.capacity = capacity
    }

    /// Adds `item`, waiting while the queue is full; false (the item dropped) once it is closed.
    @discardableResult
    public func put(_ item: Item) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while items.count >= capacity && !closed { condition.wait() }
        guard !closed else { return false }
        items.append(item)
        condition.broadcast()
        return true
    }

    /// The next item, waiting for one at most `seconds`. `.item`, `.timedOut`, or `.closed`
    /// once the queue is closed and empty.
    public func take(waitingAtMost seconds: Double) -> Taken {
        condition.lock()
        defer { condition.unlock() }
        let deadline = Date().addingTimeInterval(seconds)
        while items.isEmpty && !closed {
            if !condition.wait(until: deadline) { return items.isEmpty ? (closed ? .closed : .timedOut) : take() }
        }
        return items.isEmpty ? .closed : take()
    }

    /// What `take` found.
    public enum Taken {
        case item(Item)
        case timedOut
        case closed
    }

    private func take() -> Taken {
        let item = items.removeFirst()
        condition.broadcast()
        return .item(item)
    }

    /// Closes the queue: a waiting producer returns false, a waiting consumer gets what is left
    /// and then `.closed`.
    public func close() {
        condition.lock()
        closed = true
        condition.broadcast()
        condition.unlock()
    }

    /// Whether the queue was closed (a producer asks between items of work).
    public var isClosed: Bool {
        condition.lock()
        defer { condition.unlock() }
        return closed
    }
}
