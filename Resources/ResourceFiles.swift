import Foundation

/// The files in `Resources/`: the store's model description, the simulator's name pools and
/// the label tables. They are compiled into the binary at build time (the `EmbedResources`
/// plugin), so a `battlelog` copied alone anywhere, run by any user from any folder, has them:
/// nothing is looked up in a bundle or in the checkout at run time.
public enum ResourceFiles {
    /// The contents of `Resources/<folder>/<name>`, or nil when there is no such file.
    public static func data(folder: String, name: String) -> Data? {
        text(folder: folder, name: name).map { Data($0.utf8) }
    }

    /// The text of `Resources/<folder>/<name>`, or nil when there is no such file.
    public static func text(folder: String, name: String) -> String? {
        EmbeddedResources.files[folder + "/" + name]
    }

    /// Every file's path under `Resources/` (`labels/en.json`).
    public static var paths: [String] { EmbeddedResources.files.keys.sorted() }
}
