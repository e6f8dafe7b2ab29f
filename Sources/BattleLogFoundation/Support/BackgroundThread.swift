import Foundation

/// The program's one way to run work on a thread of its own: `body` starts at once on a named
/// thread (seen in `top -H`, gdb and /proc), and `value()` waits for what it returns. The
/// pipelines (simulate's fights, import's lines, grouping's counts), the count on a second
/// connection, the log's heartbeat and the browser's readers all start their thread here.
public final class BackgroundThread<Value: Sendable>: Sendable {
    private let result = Locked<Value?>(nil)
    private let done = DispatchSemaphore(value: 0)

    /// Starts `body` on a new thread named `name`.
    public init(name: String, _ body: @escaping @Sendable () -> Value) {
        Thread.detachNewThread { [result, done] in
            Thread.current.name = name
            let value = body()
            result.withLock { $0 = value }
            done.signal()
        }
    }

    /// Waits for `body` to return, and gives its result (at once on a later call).
    public func value() -> Value {
        done.wait()
        done.signal()
        return result.withLock { $0! }
    }

    /// Whether `body` returned within `seconds` (waiting no longer).
    public func ended(waitingAtMost seconds: Double) -> Bool {
        guard done.wait(timeout: .now() + seconds) == .success else { return false }
        done.signal()
        return true
    }
}

extension BoundedQueue {
    /// A queue filled by `produce` on a thread of its own and closed when it returns: the first
    /// stage of a two-stage pipeline. `produce` stops early when `put` says false (the
    /// consumer closed the queue).
    public static func filled(capacity: Int, name: String, by produce: @escaping @Sendable (BoundedQueue<Item>) -> Void) -> BoundedQueue<Item> {
        let queue = BoundedQueue<Item>(capacity: capacity)
        _ = BackgroundThread(name: name) {
            produce(queue)
            queue.close()
        }
        return queue
    }
}
