import Foundation

/// Folds items into a result on a second thread while the caller produces them: a pipeline of
/// two stages on two cores. The caller `add`s items in order (waiting while `capacity` are
/// queued) and `finish`es to get the result of folding every item, in that order.
public final class BackgroundFold<Item: Sendable, Result: Sendable>: Sendable {
    private let queue: BoundedQueue<Item>
    private let folder: BackgroundThread<Result>

    /// Starts the folding thread with `initial` as the result so far.
    public init(capacity: Int, initial: Result, fold: @escaping @Sendable (inout Result, Item) -> Void) {
        let queue = BoundedQueue<Item>(capacity: capacity)
        self.queue = queue
        folder = BackgroundThread(name: "battlelog fold") {
            var folded = initial
            while true {
                switch queue.take(waitingAtMost: 60) {
                case .item(let item): fold(&folded, item)
                case .timedOut: continue
                case .closed: return folded
                }
            }
        }
    }

    /// Queues `item` for folding, waiting while the queue is full.
    public func add(_ item: Item) { queue.put(item) }

    /// Waits for every item added to be folded, and gives the result.
    public func finish() -> Result {
        queue.close()
        return folder.value()
    }
}
