import Foundation
import Testing
import SchemaCheck
@testable import BattleLogCLI
import BattleLogKit

/// The result of running the command line in-process.
struct CLIRun {
    let status: Int32
    let out: String
    let err: String
}

/// Runs `battlelog` with `arguments` against the database at `db`, capturing its output.
/// A command that writes JSON has its output checked against its published schema.
func cli(_ arguments: [String], db: String, environment: [String: String] = [:],
         sourceLocation: SourceLocation = #_sourceLocation) -> CLIRun {
    final class Box: @unchecked Sendable { var out = ""; var err = "" }
    let box = Box()
    let console = Console(out: { box.out += $0 }, err: { box.err += $0 })
    var env = environment
    env["BATTLELOG_DB"] = db
    let status = BattlelogCLI.run(arguments, console: console, environment: env)
    if let v = SchemaCheck.violations(of: arguments, status: status, output: box.out) { Issue.record(Comment(rawValue: v), sourceLocation: sourceLocation) }
    return CLIRun(status: status, out: box.out, err: box.err)
}

/// Runs `battlelog` as `cli` does, with stdout a terminal of `columns` columns.
func cliOnTerminal(_ arguments: [String], db: String, columns: Int, environment: [String: String] = [:],
                   sourceLocation: SourceLocation = #_sourceLocation) -> CLIRun {
    final class Box: @unchecked Sendable { var out = ""; var err = "" }
    let box = Box()
    let console = Console(out: { box.out += $0 }, err: { box.err += $0 }, stdoutIsTerminal: true, columns: columns)
    var env = environment
    env["BATTLELOG_DB"] = db
    let status = BattlelogCLI.run(arguments, console: console, environment: env)
    if let v = SchemaCheck.violations(of: arguments, status: status, output: box.out) { Issue.record(Comment(rawValue: v), sourceLocation: sourceLocation) }
    return CLIRun(status: status, out: box.out, err: box.err)
}

/// A fresh temporary folder, removed when the value is deinitialised.
final class TempDir {
    let path: String
    init() {
        path = NSTemporaryDirectory() + "battlelog-cli-" + UUID().uuidString
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }
    /// Folders made read-only inside it, made writable again before it is removed.
    private var readOnlyFolders: [String] = []

    deinit {
        for f in readOnlyFolders { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: f) }
        try? FileManager.default.removeItem(atPath: path)
    }
    func file(_ name: String) -> String { path + "/" + name }

    /// A simulated database in a folder of its own that is then made read-only (a WAL database
    /// whose `-shm` cannot be made); the temporary folder itself is opened to every user, who
    /// may write beside it.
    func databaseInReadOnlyFolder(fights: Int, seed: Int) throws -> String {
        let folder = file("ro")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let db = folder + "/ro.sqlite"
        _ = cli(["simulate", "--fights", String(fights), "--seed", String(seed)], db: db)
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: folder)
        readOnlyFolders.append(folder)
        try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: path)
        return db
    }
}

/// The repository root (for the built binary).
let repositoryRoot: String = {
    var url = URL(fileURLWithPath: #filePath)
    for _ in 0..<3 { url.deleteLastPathComponent() }
    return url.path
}()

/// The `battlelog` binary built beside this test binary: the same configuration and scratch
/// path (`swift test -c release`, `--scratch-path`), never a stale one from another build.
var battlelogBinary: String? {
    let testBinary = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    var folder = URL(fileURLWithPath: testBinary).deletingLastPathComponent()
    // The runner may sit inside a bundle folder (`battlelogPackageTests.xctest/...`).
    for _ in 0..<4 {
        let candidate = folder.appendingPathComponent("battlelog").path
        if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        folder.deleteLastPathComponent()
    }
    return nil
}

/// The `battlelog` binary; `swift test` builds every product, so a missing one is a failure.
func requireBinary() throws -> String {
    guard let b = battlelogBinary else {
        throw CommandFailureForTests("no battlelog binary beside the test binary (\(CommandLine.arguments[0]))")
    }
    return b
}

struct CommandFailureForTests: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// The words that run a command as another user: `nobody` when the tests run as root (who
/// ignores permissions), nothing otherwise.
let asAnotherUser: [String] = getuid() == 0 ? ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"] : []

/// A copy of the binary, alone in a folder every user can enter: another user cannot run the
/// one inside a checkout in a folder only its owner can read (`/root/...`).
func binaryCopyForAnotherUser() throws -> (binary: String, folder: TempDir) {
    let folder = TempDir()
    try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: folder.path)
    let copy = folder.file("battlelog")
    try FileManager.default.copyItem(atPath: try requireBinary(), toPath: copy)
    return (copy, folder)
}

/// Runs the real binary and returns its status and output (stdin is /dev/null); JSON output is
/// checked against its published schema.
func runBinary(_ arguments: [String], environment: [String: String] = [:], stdin: String = "/dev/null",
               sourceLocation: SourceLocation = #_sourceLocation) throws -> CLIRun {
    let env = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    let r = try ChildProcess.run([try requireBinary()] + arguments, environment: env, stdin: stdin)
    if let v = SchemaCheck.violations(of: arguments, status: r.status, output: r.out) { Issue.record(Comment(rawValue: v), sourceLocation: sourceLocation) }
    return CLIRun(status: r.status, out: r.out, err: r.err)
}
