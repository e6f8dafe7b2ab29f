import BattleLogFoundation
import BattleLogKit
import BattleLogPresentation
import Foundation

/// Where a browser's `e` writes: the name typed (or the one offered), `~` expanded, a name
/// without a folder put in the `export_dir` of the config file when there is one; and why it
/// cannot be written there (a folder is never made, a file never replaced).
enum ExportPath {
    static func resolve(_ typed: String, placeholder: String?, folder: String?) -> String {
        var path = typed.trimmingCharacters(in: .whitespaces)
        if path.isEmpty { path = placeholder ?? "export.jsonl" }
        if path.hasPrefix("~/"), let home = ProcessInfo.processInfo.environment["HOME"] { path = home + path.dropFirst(1) }
        if let folder, !path.contains("/") { path = folder + "/" + path }
        return path
    }

    /// The message of why `path` is refused, nil when it can be written.
    static func problem(_ path: String, labels: Labels) -> String? {
        var info = stat()
        let folder = PathParts.folder(of: path)
        if !folder.isEmpty, stat(folder, &info) != 0 || (info.st_mode & S_IFMT) != S_IFDIR {
            return labels.fill("exportNoFolder", SafeText.escape(folder))
        }
        if stat(path, &info) == 0 { return labels.fill("exportExists", SafeText.escape(path)) }
        return nil
    }
}
