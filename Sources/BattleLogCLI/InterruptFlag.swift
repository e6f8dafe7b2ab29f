import BattleLogKit
import Foundation
import Synchronization

/// Set by SIGINT while a long command runs, so that it can stop at a safe point.
enum InterruptFlag {
    private static let raised = Atomic<Bool>(false)

    static var isRaised: Bool { raised.load(ordering: .relaxed) }

    /// Catches SIGINT from now on: the first one raises the flag; the command decides when to stop.
    static func install() {
        raised.store(false, ordering: .relaxed)
        signal(SIGINT) { _ in InterruptFlag.raise() }
        ProcessSignals.unblock([SIGINT])
    }

    /// Puts SIGINT back to its default (terminate).
    static func uninstall() { signal(SIGINT, SIG_DFL) }

    static func raise() { raised.store(true, ordering: .relaxed) }
}
