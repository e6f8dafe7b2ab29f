import Foundation

/// Signal set-up shared by the long-running commands.
public enum ProcessSignals {
    /// Unblocks `signals` for this thread: a parent may have started the process with them
    /// blocked (the mask is inherited), and a handler never runs for a blocked signal.
    public static func unblock(_ signals: [Int32]) {
        var set = sigset_t()
        sigemptyset(&set)
        for s in signals { sigaddset(&set, s) }
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
    }
}
