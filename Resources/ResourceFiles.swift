import Foundation

/// The files in `Resources/`: the store's model description, the simulator's name pools and
/// the browser's label tables.
public enum ResourceFiles {
    /// The folder that holds `model/`, `names/` and `labels/`: the resource bundle SwiftPM puts
    /// next to the executable, else the package's own `Resources/` folder this file was built
    /// from (so a `battlelog` copied elsewhere still finds them while the checkout exists).
    /// Nil when neither is there; unlike `Bundle.module`, a missing bundle is not a crash.
    public static let root: URL? = searchedFolders.first {
        FileManager.default.fileExists(atPath: $0.appendingPathComponent("model").path)
    }

    /// The folders `root` is looked for in, in order (error messages name them).
    public static let searchedFolders: [URL] = [
        Bundle.main.bundleURL.appendingPathComponent("battlelog_BattleLogResources.resources"),
        URL(fileURLWithPath: #filePath).deletingLastPathComponent(),
    ]

    /// The contents of `Resources/<folder>/<name>`, or nil when the file is missing.
    public static func data(folder: String, name: String) -> Data? {
        guard let url = root?.appendingPathComponent(folder).appendingPathComponent(name) else { return nil }
        return try? Data(contentsOf: url)
    }

    /// The text of `Resources/<folder>/<name>`, or nil when the file is missing.
    public static func text(folder: String, name: String) -> String? {
        data(folder: folder, name: name).map { String(decoding: $0, as: UTF8.self) }
    }
}
