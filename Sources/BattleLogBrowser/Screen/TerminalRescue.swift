import Foundation

/// Gives the terminal back on the ways out that never reach `endwin()`: a Swift runtime trap
/// (SIGILL or SIGTRAP), a crash (SIGSEGV, SIGBUS, SIGFPE) and an abort, as htop does. The
/// handler restores the line discipline saved before curses started (`tcsetattr` is safe in a
/// signal handler), writes the bytes that leave the alternate screen, switch the mouse off and
/// show the cursor, then puts the previous handler back (Swift's backtracer, or the default)
/// and lets the signal take its course: the process still dies of it, with its status.
enum TerminalRescue {
    static let fatalSignals: [Int32] = [SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGFPE, SIGABRT]

    /// What the handler reads: plain memory set up once before the handlers are installed and
    /// never freed. A signal handler can take no lock, so this is the one unguarded shared state:
    /// safe because it is written only by `arm` (before any handler can run) and read after.
    private struct Saved {
        let termios = UnsafeMutablePointer<termios>.allocate(capacity: 1)
        var hasTermios = false
        let previous = UnsafeMutablePointer<sigaction>.allocate(capacity: 32)
        let restoreBytes: UnsafeMutableBufferPointer<UInt8> = {
            // Mouse reporting off, attributes reset, cursor shown, alternate screen left.
            let text = Array("\u{1B}[?1000l\u{1B}[?1002l\u{1B}[?1006l\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l\r\n".utf8)
            let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: text.count)
            _ = buffer.initialize(from: text)
            return buffer
        }()
    }
    // Unguarded, as said above: written by `arm` before any handler can run, read after.
    nonisolated(unsafe) private static var saved = Saved()

    /// Saves the terminal's state and installs the handlers. Call before curses starts.
    static func arm() {
        saved.hasTermios = tcgetattr(0, saved.termios) == 0
        for signal in fatalSignals {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { signal in TerminalRescue.rescue(signal) }
            sigemptyset(&action.sa_mask)
            action.sa_flags = 0
            sigaction(signal, &action, saved.previous + Int(signal))
        }
    }

    /// Puts the previous handlers back (after `endwin()`).
    static func disarm() {
        for signal in fatalSignals { sigaction(signal, saved.previous + Int(signal), nil) }
    }

    private static func rescue(_ signal: Int32) {
        if saved.hasTermios { tcsetattr(0, TCSANOW, saved.termios) }
        _ = write(1, saved.restoreBytes.baseAddress, saved.restoreBytes.count)
        sigaction(signal, saved.previous + Int(signal), nil)
        // Pending until this handler returns (the signal is blocked while it runs), then taken
        // by the previous handler: whether it came from a fault, a trap or `kill`.
        raise(signal)
    }
}
