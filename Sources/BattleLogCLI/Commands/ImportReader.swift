import BattleLogKit
import Foundation

/// Reads an export's JSON lines for `import` on a second thread, a few thousand records ahead
/// of the writer: each line checked (UTF-8, not CSV, a record), decoded and encoded as the
/// store writes it, handed over in chunks. The first bad line ends the reading; the writer
/// gets every record before it, then the error (the import then rolls back whole, naming it).
struct ImportReader {
    /// What the reader hands over: a chunk with how far the file is read, or the error that
    /// stopped it.
    enum Piece: Sendable {
        case chunk(ImportChunk, read: Int, size: Int?)
        case failure(any Error)
    }

    static let recordsPerChunk = 1000

    let path: String
    /// How the file is named in messages (`standard input`, the escaped path).
    let name: String
    let schema: RecordSchema

    /// Starts reading; the queue ends (closes) after the last piece. Closing it from the writer's
    /// side stops the reader at its next chunk.
    func start() -> BoundedQueue<Piece> {
        BoundedQueue<Piece>.filled(capacity: 4, name: "battlelog import") { [self] pieces in
            var records: [RecordJSON.Imported] = [], lines: [Int] = []
            func handOver(read: Int, size: Int?) throws {
                guard !records.isEmpty else { return }
                let chunk = try ImportChunk(records: records, lines: lines, schema: schema)
                records.removeAll(keepingCapacity: true)
                lines.removeAll(keepingCapacity: true)
                guard pieces.put(.chunk(chunk, read: read, size: size)) else { throw CancellationError() }
            }
            do {
                var lastRead = 0, lastSize: Int?
                try InputFile.forEachLine(path) { whole, number, read, size in
                    lastRead = read; lastSize = size
                    var line = whole
                    if number == 1 {
                        // A byte-order mark some editors write first is not part of the JSON.
                        if line.starts(with: [0xEF, 0xBB, 0xBF]) { line = line.dropFirst(3) }
                        if line.starts(with: Array("id,".utf8)) {
                            throw CommandFailure(.key("cli.inputIsCSV", name))
                        }
                    }
                    if line.isEmpty || line.allSatisfy({ $0 == 0x20 || $0 == 0x0D }) { return }
                    guard let text = String(validating: line, as: UTF8.self) else {
                        throw CommandFailure(.key("cli.notUTF8", name, String(number)))
                    }
                    do { records.append(try RecordJSON.decode(text, schema: schema)) }
                    catch let e as RecordJSON.LineError { throw CommandFailure(.key("cli.lineError", name, String(number), e.message)) }
                    lines.append(number)
                    if records.count == Self.recordsPerChunk { try handOver(read: read, size: size) }
                }
                try handOver(read: lastRead, size: lastSize)
            } catch is CancellationError {
            } catch {
                // The records read before the bad line go first, so that a conflict among them is
                // named as it would be without the second thread.
                try? handOver(read: 0, size: nil)
                pieces.put(.failure(error))
            }
        }
    }
}
