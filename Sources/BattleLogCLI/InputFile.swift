import BattleLogKit
import Foundation

/// Reads a file a command was given: a path, or `-` for standard input. A FIFO with no writer
/// does not hang the command: it is opened without blocking and read as it comes.
enum InputFile {
    /// The longest line read (64 MB): an export's line is a record of a few hundred bytes; an
    /// input with no line end (a device, a binary file) is refused at this length instead of
    /// held in memory without bound.
    static let maxLineBytes = 64 << 20

    /// The lines of `path` as they are read, in constant memory (a line is held whole, up to
    /// `maxLine` bytes): `body` gets each line's bytes without its newline, its 1-based number,
    /// the bytes read so far and the file's size (nil for a pipe).
    static func forEachLine(_ path: String, maxLine: Int = maxLineBytes,
                            _ body: (_ line: ArraySlice<UInt8>, _ number: Int, _ read: Int, _ size: Int?) throws -> Void) throws {
        var pending: [UInt8] = []
        var number = 0
        var total = 0
        func tooLong() -> CommandFailure {
            CommandFailure(.localized { [path, number, maxLine] l in
                l.fill("cli.lineTooLong", path == "-" ? l["cli.standardInput"] : SafeText.escape(path), String(number + 1), String(maxLine >> 20))
            })
        }
        try readChunks(path) { chunk, size in
            total += chunk.count
            var start = chunk.startIndex
            while let newline = chunk[start...].firstIndex(of: 0x0A) {
                if pending.count + (newline - start) > maxLine { throw tooLong() }
                number += 1
                if pending.isEmpty { try body(chunk[start..<newline], number, total, size) } else {
                    pending.append(contentsOf: chunk[start..<newline])
                    try body(pending[...], number, total, size)
                    pending.removeAll(keepingCapacity: true)
                }
                start = newline + 1
            }
            if pending.count + (chunk.endIndex - start) > maxLine { throw tooLong() }
            pending.append(contentsOf: chunk[start...])
        }
        if !pending.isEmpty { number += 1; try body(pending[...], number, total, nil) }
    }

    /// Reads `path` in chunks of 1 MB; `body` gets each chunk and the file's size (nil for a pipe).
    private static func readChunks(_ path: String, _ body: (ArraySlice<UInt8>, Int?) throws -> Void) throws {
        let shown = SafeText.escape(path)
        let fd: Int32
        if path == "-" {
            fd = 0
        } else {
            var info = stat()
            guard stat(path, &info) == 0 else { throw CommandFailure(.verbatim("\(shown): \(String(cString: strerror(errno)))")) }
            switch info.st_mode & S_IFMT {
            case S_IFDIR: throw CommandFailure(.key("cli.folderNotExport", shown))
            case S_IFREG, S_IFIFO, S_IFCHR: break
            default: throw CommandFailure(.key("cli.notReadable", shown))
            }
            // O_NONBLOCK: opening a FIFO that no one writes to would otherwise wait forever.
            fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
            guard fd >= 0 else { throw CommandFailure(.verbatim("\(shown): \(String(cString: strerror(errno)))")) }
            let flags = fcntl(fd, F_GETFL)
            _ = fcntl(fd, F_SETFL, flags & ~O_NONBLOCK)
        }
        defer { if fd != 0 { close(fd) } }
        var info = stat()
        let size: Int? = fstat(fd, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG ? Int(info.st_size) : nil
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                let why = String(cString: strerror(errno))
                throw CommandFailure(.localized { [path, shown] l in "\(path == "-" ? l["cli.standardInput"] : shown): \(why)" })
            }
            if n == 0 { break }
            try body(buffer[..<n], size)
        }
    }
}
