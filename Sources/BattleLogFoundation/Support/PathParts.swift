/// A path's folder and last name, as POSIX `dirname` and `basename` split it, in plain string
/// operations. Foundation's `NSString.deletingLastPathComponent` traps on a path of one
/// character on Linux (`a`, `é`), so no path given by a person goes through it.
public enum PathParts {
    /// The folder `path` names its file in: `""` when it names none (`a`, `a/`), `"/"` for a
    /// file at the root, else everything before the last `/` (trailing slashes ignored).
    public static func folder(of path: String) -> String {
        let trimmed = withoutTrailingSlashes(path)
        guard let slash = trimmed.lastIndex(of: "/") else { return "" }
        let folder = withoutTrailingSlashes(String(trimmed[..<slash]))
        return folder.isEmpty ? "/" : folder
    }

    /// The last name in `path` (trailing slashes ignored): `a` for `a`, `x/a` and `x/a/`;
    /// `/` for `/`.
    public static func name(of path: String) -> String {
        let trimmed = withoutTrailingSlashes(path)
        guard let slash = trimmed.lastIndex(of: "/") else { return trimmed }
        let name = String(trimmed[trimmed.index(after: slash)...])
        return name.isEmpty ? "/" : name
    }

    /// `path` without the slashes at its end, except a path of slashes only, which is `/`.
    static func withoutTrailingSlashes(_ path: String) -> String {
        var s = Substring(path)
        while s.count > 1, s.hasSuffix("/") { s = s.dropLast() }
        return String(s)
    }
}
