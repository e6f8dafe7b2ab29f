import BattleLogFoundation
import BattleLogPresentation
import Foundation

/// `P` and `E`: a record's JSON in the user's `$PAGER` or `$EDITOR`, as git and less run them.
/// The text goes into a read-only file in a private folder; the command is the user's own
/// (from the environment, run by `/bin/sh` as git runs it), and the file's path reaches it as
/// `"$1"`, never as part of the command's text: nothing stored ever meets the shell.
public enum ExternalViewer {
    public enum Kind: Sendable, Equatable { case pager, editor }

    /// What to show: the text and the file name it is shown under (`record-123.json`).
    public struct Request: Sendable, Equatable {
        public let kind: Kind
        public let text: String
        public let fileName: String
    }

    /// The command the environment names, and the variable that names it (as a failure says
    /// it): `$PAGER` (else `less`), or `$VISUAL`, then `$EDITOR` (else `vi`, named `EDITOR`).
    /// An empty variable counts as unset.
    private static func chosen(_ kind: Kind, environment: [String: String]) -> (command: String, variable: String) {
        func named(_ key: String) -> (String, String)? {
            environment[key].flatMap { $0.trimmingCharacters(in: .whitespaces).isEmpty ? nil : ($0, key) }
        }
        switch kind {
        case .pager: return named("PAGER") ?? ("less", "PAGER")
        case .editor: return named("VISUAL") ?? named("EDITOR") ?? ("vi", "EDITOR")
        }
    }

    /// The command the environment names (`chosen`).
    public static func command(_ kind: Kind, environment: [String: String]) -> String { chosen(kind, environment: environment).command }

    /// The variable `command(_:environment:)` took the command from (`chosen`).
    public static func variable(_ kind: Kind, environment: [String: String]) -> String { chosen(kind, environment: environment).variable }

    /// Why the text was not shown. `variable` names where the command came from (`VISUAL`).
    public enum Failure: Error, Equatable, Sendable {
        /// No private folder or file for the text: where, and the system's reason.
        case cannotPrepare(path: String, reason: String)
        /// The shell could not be started.
        case cannotStart(variable: String, command: String, reason: String)
        /// The shell's 127: no such command.
        case notFound(variable: String, command: String)
        /// The shell's 126: a command that cannot be run.
        case cannotRun(variable: String, command: String)
        case exited(variable: String, command: String, status: Int32)
        case signalled(variable: String, command: String, signal: Int32)

        /// One line in the user's language, the command escaped.
        public func text(_ labels: Labels) -> String {
            let e = SafeText.escape
            switch self {
            case .cannotPrepare(let path, let reason): return labels.fill("viewer.cannotPrepare", e(path), reason)
            case .cannotStart(let v, let c, let reason): return labels.fill("viewer.cannotStart", v, e(c), reason)
            case .notFound(let v, let c): return labels.fill("viewer.notFound", v, e(c))
            case .cannotRun(let v, let c): return labels.fill("viewer.cannotRun", v, e(c))
            case .exited(let v, let c, let status): return labels.fill("viewer.exited", v, e(c), String(status))
            case .signalled(let v, let c, let signal): return labels.fill("viewer.signalled", v, e(c), String(signal))
            }
        }
    }

    /// Writes the text to a private read-only file, runs `command` on it and waits, then
    /// removes the file. Nil when the command ran and exited 0, else why not, the command
    /// named by the variable that gave it (`named`; by default `EDITOR` or `PAGER`).
    public static func show(_ request: Request, command: String, named: String? = nil,
                            temporaryDirectory: String = NSTemporaryDirectory()) -> Failure? {
        var template = Array((temporaryDirectory.hasSuffix("/") ? temporaryDirectory : temporaryDirectory + "/") .utf8CString.dropLast())
            + Array("battlelog-view-XXXXXX".utf8CString)
        guard let folder = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }).map({ String(cString: $0) }) else {
            return .cannotPrepare(path: temporaryDirectory, reason: String(cString: strerror(errno)))
        }
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/" + request.fileName
        guard FileManager.default.createFile(atPath: path, contents: Data(request.text.utf8), attributes: [.posixPermissions: 0o400]) else {
            return .cannotPrepare(path: path, reason: String(cString: strerror(errno)))
        }
        // posix_spawn, not Foundation's Process: that starts a new session, without the terminal
        // a pager or an editor must open.
        // A plain command (`less -R`) replaces the shell (`exec`): a Ctrl-C the pager takes for
        // itself must not end a shell waiting for it, and with it the wait, while the pager
        // still has the terminal.
        let plain = command.unicodeScalars.allSatisfy { CharacterSet.alphanumerics.contains($0) || " _-./=+,:@%".unicodeScalars.contains($0) }
        let arguments = ["/bin/sh", "-c", (plain ? "exec " : "") + command + " \"$1\"", "battlelog", path]
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for a in argv { free(a) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, "/bin/sh", nil, nil, &argv, environ)
        let what = named ?? variable(request.kind, environment: [:])
        guard spawned == 0 else { return .cannotStart(variable: what, command: command, reason: String(cString: strerror(spawned))) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        // The wait status: the exit code in bits 8-15, a terminating signal in bits 0-6.
        let signal = status & 0x7F, code = (status >> 8) & 0xFF
        guard signal == 0, code == 0 else {
            // The shell says 127 for a command it cannot find, 126 for one it cannot run.
            return signal != 0 ? .signalled(variable: what, command: command, signal: signal)
                : code == 127 ? .notFound(variable: what, command: command)
                : code == 126 ? .cannotRun(variable: what, command: command) : .exited(variable: what, command: command, status: code)
        }
        return nil
    }
}
