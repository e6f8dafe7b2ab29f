import BattleLogFoundation
import Foundation

/// The checks of `doctor` that compare nothing with the record scan: SQLite's integrity check
/// and the fights' timelines against their records. They run on a thread and a read-only
/// connection of their own while the main connection scans the records, so doctor uses both
/// cores. Each reads one snapshot of its own (its query or pragma is one statement in one read
/// transaction), so a writer beside doctor never makes them fail.
public final class BesideChecks: Sendable {
    /// What they found.
    public struct Findings: Sendable {
        /// `integrity_check`'s lines (`["ok"]` when the file is whole).
        public let integrity: [String]
        /// Fights whose two timelines contradict each other or their records.
        public let timelines: [String]
    }

    private let finished = DispatchSemaphore(value: 0)
    private let outcome = Locked<Result<Findings, any Error>?>(nil)

    /// Starts the checks on the database at `path`.
    public init(path: String) {
        let thread = Thread { [outcome, finished] in
            let result = Result { () throws -> Findings in
                let store = try BattleStore(path: path, readOnly: true, create: false)
                let integrity = try store.readSnapshot { try store.diagnostics.integrityCheck() }
                let timelines = try store.readSnapshot { try store.diagnostics.timelineProblems() }
                return Findings(integrity: integrity, timelines: timelines)
            }
            outcome.withLock { $0 = result }
            finished.signal()
        }
        thread.name = "battlelog doctor: integrity"
        thread.start()
    }

    /// Whether the checks are done (the caller can say what it waits for).
    public var isFinished: Bool { outcome.withLock { $0 != nil } }

    /// Waits for the checks and returns what they found.
    public func wait() throws -> Findings {
        finished.wait()
        finished.signal()
        return try outcome.withLock { $0! }.get()
    }
}
