import Testing
import BattleLogKit

/// A path's folder and name as POSIX dirname and basename give them, for the paths that made
/// Foundation's NSString path functions trap (issue 39 §1b).
struct PathPartsTests {
    @Test(arguments: [
        ("a", "", "a"), ("é", "", "é"), ("👩🏽‍🚀", "", "👩🏽‍🚀"), ("dir/a", "dir", "a"), ("/a", "/", "a"), ("a/", "", "a"),
        ("dir/sub/", "dir", "sub"), ("/", "/", "/"), ("//", "/", "/"), ("../x", "..", "x"), ("./-d", ".", "-d"),
        ("~/my file", "~", "my file"), ("dir//a", "dir", "a"), ("", "", ""),
    ])
    func foldersAndNames(path: String, folder: String, name: String) {
        #expect(PathParts.folder(of: path) == folder, "folder of \(path)")
        #expect(PathParts.name(of: path) == name, "name of \(path)")
    }
}
