import Foundation

/// A child process for the tests, started with `posix_spawn` and reaped with `waitpid`.
///
/// Foundation's `Process` is not used: on Linux it learns that a child ended when a socket it
/// hands the child reaches end-of-file, so a child that starts a daemon (tmux starts its server)
/// passes that socket on and `waitUntilExit()` never returns while the daemon lives. Here the
/// child gets its three standard descriptors and nothing else, default signal dispositions and
/// an empty signal mask, whatever the test thread that starts it had.
final class ChildProcess: @unchecked Sendable {
    /// How a child ended.
    enum Termination: Equatable {
        case exited(Int32)
        case signalled(Int32)
    }

    let pid: pid_t
    private let lock = NSLock()
    private var ended: Termination?

    /// Starts `arguments[0]` (a path, or a name looked up on `PATH`) with its standard input,
    /// output and error opened from the given paths (`/dev/null` by default).
    init(_ arguments: [String], environment: [String: String]? = nil,
         stdin: String = "/dev/null", stdout: String = "/dev/null", stderr: String = "/dev/null") throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, stdin, O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, stdout, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, stderr, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        // Close everything else the test process has open (glibc ignores a close that fails
        // because the descriptor was closed meanwhile).
        for fd in Self.openDescriptors() where fd > 2 { posix_spawn_file_actions_addclose(&actions, fd) }

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var empty = sigset_t(), all = sigset_t()
        sigemptyset(&empty)
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let env = (environment ?? ProcessInfo.processInfo.environment).map { "\($0.key)=\($0.value)" }
        var pid = pid_t()
        let status = withCStrings(arguments) { argv in
            withCStrings(env) { envp in posix_spawnp(&pid, arguments[0], &actions, &attributes, argv, envp) }
        }
        guard status == 0 else {
            throw POSIXError(POSIXErrorCode(rawValue: status) ?? .EINVAL)
        }
        self.pid = pid
    }

    /// Sends `signal` to the child.
    func send(_ signal: Int32) { kill(pid, signal) }

    /// Whether the child is still running (reaps it if it has ended).
    var isRunning: Bool {
        lock.lock(); defer { lock.unlock() }
        if ended != nil { return false }
        var status: Int32 = 0
        guard waitpid(pid, &status, WNOHANG) == pid else { return true }
        ended = Self.termination(status)
        return false
    }

    /// Waits for the child to end and says how it ended.
    @discardableResult
    func wait() -> Termination {
        lock.lock(); defer { lock.unlock() }
        if let ended { return ended }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        let t = Self.termination(status)
        ended = t
        return t
    }

    /// Waits at most `seconds` for the child to end; kills it (SIGKILL) when it has not, so
    /// that a hung child fails its test instead of hanging the run.
    func wait(atMost seconds: Double) -> Termination {
        let deadline = Date().addingTimeInterval(seconds)
        while isRunning {
            if Date() >= deadline {
                send(SIGKILL)
                break
            }
            usleep(5_000)
        }
        return wait()
    }

    /// Runs `arguments` to the end (killed after `timeout` seconds) and returns its exit
    /// status (128 + signal when killed) and output.
    static func run(_ arguments: [String], environment: [String: String]? = nil,
                    stdin: String = "/dev/null", stdoutPath: String? = nil,
                    timeout: Double = 300) throws -> (status: Int32, out: String, err: String) {
        let base = NSTemporaryDirectory() + "bl-child-\(UUID().uuidString)"
        defer {
            try? FileManager.default.removeItem(atPath: base + ".out")
            try? FileManager.default.removeItem(atPath: base + ".err")
        }
        let child = try ChildProcess(arguments, environment: environment, stdin: stdin,
                                     stdout: stdoutPath ?? base + ".out", stderr: base + ".err")
        let status: Int32
        switch child.wait(atMost: timeout) {
        case .exited(let code): status = code
        case .signalled(let signal): status = 128 + signal
        }
        func read(_ path: String) -> String {
            String(decoding: FileManager.default.contents(atPath: path) ?? Data(), as: UTF8.self)
        }
        return (status, read(base + ".out"), read(base + ".err"))
    }

    private static func termination(_ status: Int32) -> Termination {
        let signal = status & 0x7f
        return signal == 0 ? .exited((status >> 8) & 0xff) : .signalled(signal)
    }

    private static func openDescriptors() -> [Int32] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        return names.compactMap { Int32($0) }
    }
}

/// Calls `body` with a NULL-terminated C array of the strings.
private func withCStrings<R>(_ strings: [String], _ body: ([UnsafeMutablePointer<CChar>?]) -> R) -> R {
    var pointers = strings.map { strdup($0) }
    pointers.append(nil)
    defer { pointers.forEach { free($0) } }
    return body(pointers)
}
