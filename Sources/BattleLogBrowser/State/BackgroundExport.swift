import BattleLogFoundation
import BattleLogKit
import BattleLogPresentation
import Foundation

/// `e`: the rows of the current list written to a file on a thread and a connection of its
/// own, so that keys never wait. It writes a temporary file beside the target and renames it
/// into place when complete: a failed or stopped export leaves no half file. What the rows are
/// (battle-log records, Core Data objects) is the `rows` closure's business.
final class BackgroundExport: Sendable {
    enum Format: Sendable { case json, csv }

    struct Progress: Sendable, Equatable {
        var written = 0
        var total = 0
    }

    /// Where the `rows` closure writes: a CSV's header once, then one line per row.
    final class Sink {
        private let write: (String) throws -> Void
        /// Told the rows written so far, every 512.
        private let progress: (Int) -> Void
        fileprivate(set) var written = 0
        fileprivate init(write: @escaping (String) throws -> Void, progress: @escaping (Int) -> Void) {
            self.write = write
            self.progress = progress
        }
        func header(_ line: String) throws { try write(line) }
        func row(_ line: String) throws {
            try write(line)
            written += 1
            if written % 512 == 0 { progress(written) }
        }
    }

    private struct State {
        var progress = Progress()
        var running = false
        var stop = false
        /// The outcome: nil while running.
        var summary: String?
    }

    let path: String
    let format: Format
    private let total: Int
    private let labels: Labels
    /// The label keys of the summary (`{0}` rows to `{1}`), for JSON lines and for CSV.
    private let doneKeys: (json: String, csv: String)
    private let rows: @Sendable (Format, Sink) throws -> Void
    private let state = Locked(State())
    private let done = DispatchSemaphore(value: 0)

    /// The format follows the file name: `.csv` is CSV, anything else JSON lines.
    init(to path: String, total: Int, labels: Labels, doneKeys: (json: String, csv: String),
         rows: @escaping @Sendable (Format, Sink) throws -> Void) {
        self.total = total
        self.path = path
        self.labels = labels
        self.doneKeys = doneKeys
        self.rows = rows
        self.format = path.lowercased().hasSuffix(".csv") ? .csv : .json
    }

    var isRunning: Bool { state.withLock { $0.running } }
    var progress: Progress { state.withLock { $0.progress } }
    var summary: String? { state.withLock { $0.summary } }

    func start() {
        state.withLock { $0.running = true; $0.progress.total = total }
        let thread = Thread { [self] in
            let outcome = run()
            state.withLock { $0.summary = outcome; $0.running = false }
            done.signal()
        }
        thread.name = "battlelog export"
        thread.start()
    }

    func stop() { state.withLock { $0.stop = true } }

    func wait() { if isRunning { done.wait() } }

    private func run() -> String {
        let temporary = path + ".part-\(getpid())"
        guard let file = fopen(temporary, "wx") else {
            return labels.fill("exportFailed", SafeText.escape(path), String(cString: strerror(errno)))
        }
        var closed = false
        defer { if !closed { fclose(file) }; unlink(temporary) }
        let sink = Sink(write: { [self] line in
            if state.withLock({ $0.stop }) { throw ExportFailure.stopped }
            // CSV ends its records as RFC 4180 does, JSON lines with LF.
            let bytes = Array((line + (format == .csv ? CSVRow.end : "\n")).utf8)
            guard fwrite(bytes, 1, bytes.count, file) == bytes.count else { throw ExportFailure.write(errno) }
        }, progress: { [state] written in state.withLock { $0.progress.written = written } })
        do {
            try rows(format, sink)
            state.withLock { $0.progress.written = sink.written }
            closed = true
            guard fflush(file) == 0, fsync(fileno(file)) == 0, fclose(file) == 0 else { throw ExportFailure.write(errno) }
            guard rename(temporary, path) == 0 else { throw ExportFailure.write(errno) }
            return labels.counted(format == .csv ? doneKeys.csv : doneKeys.json, count: sink.written, GroupedNumber.text(sink.written), SafeText.escape(path))
        } catch ExportFailure.stopped {
            return labels["exportStopped"]
        } catch ExportFailure.write(let code) {
            return labels.fill("exportFailed", SafeText.escape(path), String(cString: strerror(code)))
        } catch {
            return labels.fill("exportFailed", SafeText.escape(path), SafeText.escape(String(describing: error)))
        }
    }

    private enum ExportFailure: Error {
        case stopped
        case write(Int32)
    }
}
