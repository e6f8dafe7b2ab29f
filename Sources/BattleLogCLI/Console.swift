import BattleLogPresentation
import Foundation

/// Where a command writes: stdout and stderr, replaceable in tests.
///
/// Every write to stdout is checked: the first failure is kept, `checkOutput()` throws it (long
/// commands ask after every line, so a full disk stops them at once), and the command line ends
/// with it: a closed pipe quietly, any other failure with one line naming the destination.
/// Unchecked because its writers are plain closures; safe because a command writes from its one
/// thread (background work hands its lines back to that thread, never writes them itself).
public final class Console: @unchecked Sendable {
    private let writeOut: (String) -> Void
    private let writeErr: (String) -> Void
    private let failure: () -> OutputFailure?
    /// Whether stderr is a terminal that takes escape sequences (progress bars; not
    /// `TERM=dumb`) and stdout is a terminal (the browser).
    public let stderrIsTerminal: Bool
    public let stdoutIsTerminal: Bool
    /// The width of the terminal on stdout, which tables and boxes fit (cutting with `…`);
    /// nil when stdout is a pipe or a file, which get every line whole.
    public let columns: Int?
    private var flusher: () -> Void = {}

    public init(out: @escaping (String) -> Void, err: @escaping (String) -> Void,
                stdoutIsTerminal: Bool = false, stderrIsTerminal: Bool = false, columns: Int? = nil,
                failure: @escaping () -> OutputFailure? = { nil }) {
        self.writeOut = out
        self.writeErr = err
        self.stdoutIsTerminal = stdoutIsTerminal
        self.columns = stdoutIsTerminal ? columns : nil
        self.stderrIsTerminal = stderrIsTerminal
        self.failure = failure
    }

    /// The process's own stdout and stderr (stdout buffered, flushed by `flush()`).
    public static func standard() -> Console {
        let buffer = OutputBuffer(descriptor: 1)
        let console = Console(out: { buffer.append($0) }, err: { text in
            buffer.flush()
            OutputBuffer.writeAll(2, Array(text.utf8))
        }, stdoutIsTerminal: isatty(1) == 1,
           stderrIsTerminal: isatty(2) == 1 && ProcessInfo.processInfo.environment["TERM"] != "dumb", columns: terminalColumns(1),
           failure: { buffer.failure })
        console.flusher = { buffer.flush() }
        return console
    }

    /// The columns of the terminal on `descriptor` (80 when it is one that does not say).
    static func terminalColumns(_ descriptor: Int32) -> Int {
        var size = winsize()
        guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return 80 }
        return Int(size.ws_col)
    }

    /// Writes a line to stdout.
    public func line(_ text: String) { writeOut(text + "\n") }
    /// Writes `text` (escaped already) as a paragraph: on a terminal wrapped at its spaces to the
    /// terminal's width, every line after `indent`; piped, as one line.
    public func paragraph(_ text: String, indent: String = "") {
        guard let columns else { return line(indent + text) }
        for part in DisplayWidth.wrap(text, to: max(8, columns - DisplayWidth.of(indent)), maxLines: 20) { line(indent + part) }
    }
    /// Writes text to stdout as it is.
    public func write(_ text: String) { writeOut(text) }
    /// Writes a line to stderr.
    public func error(_ text: String) { writeErr(text + "\n") }
    /// Writes to stderr as it is (progress bars).
    public func errorRaw(_ text: String) { writeErr(text) }
    public func flush() { flusher() }

    /// Throws the first failed write to stdout, if any.
    public func checkOutput() throws(OutputFailure) {
        if let failure = failure() { throw failure }
    }
}

/// A write to stdout that failed: a closed pipe, or an error such as a full disk.
public struct OutputFailure: Error, CustomStringConvertible, Sendable {
    public let code: Int32
    /// What stdout is (`/tmp/out.jsonl`, `pipe:[1234]`), when the system says.
    public let destination: String
    /// The reader went away (`| head`): not an error of ours; the command ends quietly.
    public var isClosedPipe: Bool { code == EPIPE }
    public var description: String {
        "cannot write to standard output (\(destination)): \(String(cString: strerror(code)))"
    }
}

/// A 64 KiB stdout buffer: exports of millions of lines must not make a syscall per line.
/// Unchecked for the same reason as `Console`, which owns it: one writing thread.
final class OutputBuffer: @unchecked Sendable {
    private var bytes: [UInt8] = []
    private let descriptor: Int32
    private(set) var failure: OutputFailure?

    init(descriptor: Int32) {
        self.descriptor = descriptor
        bytes.reserveCapacity(1 << 16)
    }

    func append(_ text: String) {
        guard failure == nil else { return }
        bytes.append(contentsOf: text.utf8)
        if bytes.count >= 1 << 16 { flush() }
    }

    func flush() {
        guard !bytes.isEmpty, failure == nil else { bytes.removeAll(keepingCapacity: true); return }
        if let code = Self.writeAll(descriptor, bytes) {
            failure = OutputFailure(code: code, destination: Self.name(of: descriptor))
        }
        bytes.removeAll(keepingCapacity: true)
    }

    /// Writes every byte (retrying short writes and EINTR); the errno of a failure, else nil.
    @discardableResult
    static func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Int32? {
        bytes.withUnsafeBytes { raw -> Int32? in
            var offset = 0
            while offset < raw.count {
                let n = Foundation.write(fd, raw.baseAddress! + offset, raw.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                if n == 0 { return EIO }
                offset += n
            }
            return nil
        }
    }

    /// What `fd` is open on, as `/proc/self/fd` says (`/tmp/out.jsonl`, `/dev/full`).
    static func name(of fd: Int32) -> String {
        var buffer = [CChar](repeating: 0, count: 4096)
        let n = readlink("/proc/self/fd/\(fd)", &buffer, buffer.count - 1)
        guard n > 0 else { return "descriptor \(fd)" }
        return String(decoding: buffer[..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
