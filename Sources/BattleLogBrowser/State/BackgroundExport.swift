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

    let path: String
    let format: Format
    private let progressState = Locked(Progress())
    private let job: BackgroundJob

    /// The format follows the file name: `.csv` is CSV, anything else JSON lines.
    init(to path: String, total: Int, labels: Labels, doneKeys: (json: String, csv: String),
         rows: @escaping @Sendable (Format, Sink) throws -> Void) {
        let format: Format = path.lowercased().hasSuffix(".csv") ? .csv : .json
        self.path = path
        self.format = format
        progressState.withLock { $0.total = total }
        let progressState = self.progressState
        job = BackgroundJob(name: "battlelog export") { shouldStop in
            Self.run(path: path, format: format, labels: labels, doneKeys: doneKeys, rows: rows, progress: progressState, shouldStop: shouldStop)
        }
    }

    var isRunning: Bool { job.isRunning }
    var progress: Progress { progressState.withLock { $0 } }
    var summary: String? { job.summary }

    func start() { job.start() }
    func stop() { job.stop() }
    func wait() { job.wait() }

    /// Writes the rows to a temporary file beside `path`, renamed into place when complete.
    private static func run(path: String, format: Format, labels: Labels, doneKeys: (json: String, csv: String),
                            rows: (Format, Sink) throws -> Void, progress state: Locked<Progress>,
                            shouldStop: @escaping @Sendable () -> Bool) -> String {
        let temporary = path + ".part-\(getpid())"
        guard let file = fopen(temporary, "wx") else {
            return labels.fill("exportFailed", SafeText.escape(path), String(cString: strerror(errno)))
        }
        var closed = false
        defer { if !closed { fclose(file) }; unlink(temporary) }
        let sink = Sink(write: { line in
            if shouldStop() { throw ExportFailure.stopped }
            // CSV ends its records as RFC 4180 does, JSON lines with LF.
            let bytes = Array((line + (format == .csv ? CSVRow.end : "\n")).utf8)
            guard fwrite(bytes, 1, bytes.count, file) == bytes.count else { throw ExportFailure.write(errno) }
        }, progress: { written in state.withLock { $0.written = written } })
        do {
            try rows(format, sink)
            state.withLock { $0.written = sink.written }
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
