import BattleLogFoundation
import Foundation

/// The filters a person applied, newest last, kept across runs in one file
/// (`$XDG_STATE_HOME/battlelog/filter-history`, else `~/.local/state/battlelog/filter-history`),
/// one filter per line. Written whole to a temporary file and renamed into place, so a reader
/// never sees half a file; a file that cannot be read or written leaves the history in memory.
public struct FilterHistory: Sendable {
    public static let limit = 200
    /// The file, or nil to keep the history in memory only.
    public let path: String?
    public private(set) var entries: [String]

    public init(path: String?) {
        self.path = path
        var loaded: [String] = []
        if let path, let data = FileManager.default.contents(atPath: path), data.count < 1 << 20 {
            loaded = String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init).filter { !$0.isEmpty }
        }
        entries = Array(loaded.suffix(Self.limit))
    }

    /// Where the history lives by default, from the environment (nil without a home).
    public static func defaultPath(environment: [String: String]) -> String? {
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") { return state + "/battlelog/filter-history" }
        if let home = environment["HOME"], !home.isEmpty { return home + "/.local/state/battlelog/filter-history" }
        return nil
    }

    /// Adds `filter` as the newest entry (an older equal entry moves up) and saves.
    public mutating func add(_ filter: String) {
        let line = filter.replacingOccurrences(of: "\n", with: " ").trimmingCharacters(in: .whitespaces)
        guard !line.isEmpty else { return }
        entries.removeAll { $0 == line }
        entries.append(line)
        if entries.count > Self.limit { entries.removeFirst(entries.count - Self.limit) }
        save()
    }

    private func save() {
        guard let path else { return }
        let folder = PathParts.folder(of: path)
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let temporary = "\(path).\(getpid()).tmp"
        guard FileManager.default.createFile(atPath: temporary, contents: Data((entries.joined(separator: "\n") + "\n").utf8)) else { return }
        if rename(temporary, path) != 0 { unlink(temporary) }
    }
}
