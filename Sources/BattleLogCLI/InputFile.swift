import BattleLogKit
import Foundation

/// Reads a file a command was given: a path, or `-` for standard input. A FIFO with no writer
/// does not hang the command: it is opened without blocking and read as it comes.
enum InputFile {
    /// Every byte of `path` (`-`: standard input).
    static func readAll(_ path: String) throws(CommandFailure) -> [UInt8] {
        let shown = SafeText.escape(path)
        let fd: Int32
        if path == "-" {
            fd = 0
        } else {
            var info = stat()
            guard stat(path, &info) == 0 else { throw CommandFailure("\(shown): \(String(cString: strerror(errno)))") }
            switch info.st_mode & S_IFMT {
            case S_IFDIR: throw CommandFailure("\(shown): is a folder, not an export file")
            case S_IFREG, S_IFIFO, S_IFCHR: break
            default: throw CommandFailure("\(shown): is not a file that can be read")
            }
            // O_NONBLOCK: opening a FIFO that no one writes to would otherwise wait forever.
            fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
            guard fd >= 0 else { throw CommandFailure("\(shown): \(String(cString: strerror(errno)))") }
            let flags = fcntl(fd, F_GETFL)
            _ = fcntl(fd, F_SETFL, flags & ~O_NONBLOCK)
        }
        defer { if fd != 0 { close(fd) } }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw CommandFailure("\(path == "-" ? "standard input" : shown): \(String(cString: strerror(errno)))")
            }
            if n == 0 { break }
            bytes.append(contentsOf: buffer[..<n])
        }
        return bytes
    }
}
