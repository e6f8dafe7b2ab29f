import BattleLogFoundation
import BattleLogKit
import Foundation

/// A view a person saved under a name (`V`) and recalls (`'`): a filter, a sort and the records
/// pane's column layouts.
public struct SavedView: Codable, Sendable, Equatable {
    public var name: String
    /// The filter's text (nil: none, each Human's records).
    public var filter: String?
    /// The sort's text (`power:desc`; nil: newest first).
    public var sort: String?
    /// The column layouts by view (`human`, `filter`).
    public var columns: [String: ColumnLayout]
}

/// The saved views, kept across runs in one file beside the filter history
/// (`$XDG_STATE_HOME/battlelog/views`), one JSON object a line. Written whole to a temporary file
/// and renamed into place; a line that does not read as a view is left out, never fatal; a file
/// that cannot be read or written leaves the views in memory.
public struct SavedViews: Sendable {
    public static let limit = 200
    public let path: String?
    public private(set) var entries: [SavedView]

    public init(path: String?) {
        self.path = path
        var loaded: [SavedView] = []
        if let path, let data = FileManager.default.contents(atPath: path), data.count < 1 << 20 {
            for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
                if let view = try? JSONDecoder().decode(SavedView.self, from: Data(line.utf8)) { loaded.append(view) }
            }
        }
        entries = Array(loaded.suffix(Self.limit))
    }

    /// Where the views live by default: beside the filter history.
    public static func defaultPath(environment: [String: String]) -> String? {
        FilterHistory.defaultPath(environment: environment).map { PathParts.folder(of: $0) + "/views" }
    }

    /// The view called `name` (exactly, else the one whose name folds to it).
    public func named(_ name: String) -> SavedView? {
        entries.first { $0.name == name } ?? entries.first { FilterText.sameName($0.name, name) }
    }

    /// Keeps `view`, replacing one of the same name, and saves.
    public mutating func save(_ view: SavedView) {
        entries.removeAll { $0.name == view.name }
        entries.append(view)
        if entries.count > Self.limit { entries.removeFirst(entries.count - Self.limit) }
        guard let path else { return }
        try? FileManager.default.createDirectory(atPath: PathParts.folder(of: path), withIntermediateDirectories: true)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let lines = entries.compactMap { (try? encoder.encode($0)).map { String(decoding: $0, as: UTF8.self) } }
        let temporary = "\(path).\(getpid()).tmp"
        guard FileManager.default.createFile(atPath: temporary, contents: Data((lines.joined(separator: "\n") + "\n").utf8)) else { return }
        if rename(temporary, path) != 0 { unlink(temporary) }
    }
}
