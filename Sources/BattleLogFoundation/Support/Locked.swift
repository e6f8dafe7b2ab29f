import Foundation

/// A value shared between threads, behind a lock: the one primitive the program's shared state
/// goes through (its `@unchecked Sendable` is sound because every access takes the lock).
///
/// The same shape as `Synchronization.Mutex`, over `NSLock` (a pthread mutex): ThreadSanitizer
/// understands pthread locks, while on Linux it reports false races inside `Mutex.withLock`
/// (its futex is not instrumented), which would hide real ones.
public final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    public init(_ value: Value) { self.value = value }

    /// Runs `body` with the value, the lock held.
    public func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
