import Foundation

/// The files in `Resources/`: the store's model description, the simulator's name pools and
/// the browser's label tables.
public enum ResourceFiles {
    /// The contents of `Resources/<folder>/<name>`, or nil when the file is missing.
    public static func data(folder: String, name: String) -> Data? {
        guard let url = Bundle.module.resourceURL?.appendingPathComponent(folder).appendingPathComponent(name) else {
            return nil
        }
        return try? Data(contentsOf: url)
    }

    /// The text of `Resources/<folder>/<name>`, or nil when the file is missing.
    public static func text(folder: String, name: String) -> String? {
        data(folder: folder, name: name).map { String(decoding: $0, as: UTF8.self) }
    }
}
