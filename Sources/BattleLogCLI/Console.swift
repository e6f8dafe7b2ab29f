import Foundation

/// Where a command writes: stdout and stderr, replaceable in tests.
public final class Console: @unchecked Sendable {
    private let writeOut: (String) -> Void
    private let writeErr: (String) -> Void
    /// Whether stderr is a terminal (progress bars) and stdout is one (the browser).
    public let stderrIsTerminal: Bool
    public let stdoutIsTerminal: Bool

    public init(out: @escaping (String) -> Void, err: @escaping (String) -> Void,
                stdoutIsTerminal: Bool = false, stderrIsTerminal: Bool = false) {
        self.writeOut = out
        self.writeErr = err
        self.stdoutIsTerminal = stdoutIsTerminal
        self.stderrIsTerminal = stderrIsTerminal
    }

    /// The process's own stdout and stderr (stdout buffered, flushed by `flush()`).
    public static func standard() -> Console {
        let buffer = OutputBuffer()
        return Console(out: { buffer.append($0) }, err: { text in
            buffer.flush()
            FileHandle.standardError.write(Data(text.utf8))
        }, stdoutIsTerminal: isatty(1) == 1, stderrIsTerminal: isatty(2) == 1, flusher: { buffer.flush() })
    }

    private var flusher: () -> Void = {}
    convenience init(out: @escaping (String) -> Void, err: @escaping (String) -> Void,
                     stdoutIsTerminal: Bool, stderrIsTerminal: Bool, flusher: @escaping () -> Void) {
        self.init(out: out, err: err, stdoutIsTerminal: stdoutIsTerminal, stderrIsTerminal: stderrIsTerminal)
        self.flusher = flusher
    }

    /// Writes a line to stdout.
    public func line(_ text: String) { writeOut(text + "\n") }
    /// Writes text to stdout as it is.
    public func write(_ text: String) { writeOut(text) }
    /// Writes a line to stderr.
    public func error(_ text: String) { writeErr(text + "\n") }
    /// Writes to stderr as it is (progress bars).
    public func errorRaw(_ text: String) { writeErr(text) }
    public func flush() { flusher() }
}

/// A 64 KiB stdout buffer: exports of millions of lines must not make a syscall per line.
final class OutputBuffer: @unchecked Sendable {
    private var bytes: [UInt8] = []
    init() { bytes.reserveCapacity(1 << 16) }
    func append(_ text: String) {
        bytes.append(contentsOf: text.utf8)
        if bytes.count >= 1 << 16 { flush() }
    }
    func flush() {
        guard !bytes.isEmpty else { return }
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let n = Foundation.write(1, raw.baseAddress! + offset, raw.count - offset)
                if n <= 0 { break }
                offset += n
            }
        }
        bytes.removeAll(keepingCapacity: true)
    }
}
