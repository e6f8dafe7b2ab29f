import BattleLogKit
import BattleLogPresentation
import Foundation

/// `e`: the records of the current list (a Human's, or a filter's matches) written to a file on
/// a thread and a connection of its own, so that keys never wait. It writes a temporary file
/// beside the target and renames it into place when complete: a failed or stopped export leaves
/// no half file.
final class BackgroundExport: @unchecked Sendable {
    enum Format { case json, csv }

    struct Progress: Sendable, Equatable {
        var written = 0
        var total = 0
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
    private let databasePath: String
    private let query: RecordQuery
    private let total: Int
    private let labels: Labels
    private let state = Locked(State())
    private let done = DispatchSemaphore(value: 0)

    /// The format follows the file name: `.csv` is CSV, anything else JSON lines.
    init(databasePath: String, query: RecordQuery, total: Int, to path: String, labels: Labels) {
        self.databasePath = databasePath
        self.query = query
        self.total = total
        self.path = path
        self.labels = labels
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
        func write(_ line: String) -> Bool {
            let bytes = Array((line + "\n").utf8)
            return fwrite(bytes, 1, bytes.count, file) == bytes.count
        }
        do {
            let store = try BattleStore(path: databasePath, readOnly: true, create: false)
            // A CSV starts with a UTF-8 byte-order mark: spreadsheet programs (Excel) read a
            // file without one in the system's code page and garble the Chinese names.
            if format == .csv, !write("\u{FEFF}" + RecordCSV.header(store.schema)) { throw ExportFailure.write(errno) }
            var written = 0
            // In the order of the list on screen: newest first.
            try store.forEachRecord(query, newestFirst: true) { r in
                if state.withLock({ $0.stop }) { throw ExportFailure.stopped }
                guard write(format == .csv ? RecordCSV.line(r) : RecordJSON.encode(r)) else { throw ExportFailure.write(errno) }
                written += 1
                if written % 512 == 0 { state.withLock { $0.progress.written = written } }
            }
            state.withLock { $0.progress.written = written }
            closed = true
            guard fflush(file) == 0, fsync(fileno(file)) == 0, fclose(file) == 0 else { throw ExportFailure.write(errno) }
            guard rename(temporary, path) == 0 else { throw ExportFailure.write(errno) }
            return labels.fill(format == .csv ? "exportedCSV" : "exportedJSON", GroupedNumber.text(written), SafeText.escape(path))
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
