import BattleLogFoundation
import BattleLogKit
import Foundation
import Synchronization

/// Set by SIGINT while a long command runs, so that it can stop at a safe point.
enum InterruptFlag {
    private static let raised = Atomic<Bool>(false)

    static var isRaised: Bool { raised.load(ordering: .relaxed) }

    /// Catches `signals` (SIGINT unless told) from now on: the first one raises the flag; the
    /// command decides when to stop.
    static func install(_ signals: [Int32] = [SIGINT]) {
        raised.store(false, ordering: .relaxed)
        for s in signals { signal(s) { _ in InterruptFlag.raise() } }
        ProcessSignals.unblock(signals)
        installed.withLock { $0 = signals }
    }

    /// Puts the caught signals back to their default (terminate).
    static func uninstall() { for s in installed.withLock({ $0 }) { signal(s, SIG_DFL) } }

    private static let installed = Locked<[Int32]>([])

    static func raise() { raised.store(true, ordering: .relaxed) }
}
