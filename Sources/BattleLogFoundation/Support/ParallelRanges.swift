import Dispatch
import Foundation

/// Work over many items split into contiguous ranges done at once, one per core: for the
/// hundreds of thousands of rows a grouping by a fraction's exact values writes.
public enum ParallelRanges {
    /// `transform` of the ranges that split `0..<count`, in order: one range when there are fewer
    /// than `minimum` items per core (no thread for a small table), else one per core.
    public static func map<T>(_ count: Int, minimum: Int = 20_000, _ transform: (Range<Int>) -> T) -> [T] {
        let parts = max(1, min(ProcessInfo.processInfo.activeProcessorCount, count / max(1, minimum)))
        guard parts > 1 else { return [transform(0..<count)] }
        let bounds = (0...parts).map { $0 * count / parts }
        var results = [T?](repeating: nil, count: parts)
        results.withUnsafeMutableBufferPointer { out in
            withoutActuallyEscaping(transform) { transform in
                // Safe: each iteration writes its own slot of `out`, and `concurrentPerform`
                // returns only when every iteration has, within both closures' lifetimes.
                nonisolated(unsafe) let shared = (out: out, transform: transform)
                DispatchQueue.concurrentPerform(iterations: parts) { k in shared.out[k] = shared.transform(bounds[k]..<bounds[k + 1]) }
            }
        }
        return results.map { $0! }
    }
}
