import Foundation

/// The `[clipboard] command` of the config file (`["xclip", "-selection", "clipboard"]`), for
/// terminals without OSC 52: the copied text goes to the command's standard input; its output is
/// discarded, so that it can never draw on the screen.
enum ClipboardCommand {
    /// Runs `command` with `text` on its input; nil when it ran and exited 0, else why not.
    static func copy(_ text: String, with command: [String]) -> String? {
        guard let program = command.first else { return "the clipboard command is empty" }
        let process = Process()
        // A bare name is looked up on PATH, as a shell would.
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        // `--`: a program whose name begins with a dash is still the program, not an option of env.
        process.arguments = ["--", program] + command.dropFirst()
        let input = Pipe()
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return "\(program): \(error.localizedDescription)" }
        // A command that stops reading must not stop the browser: a closed pipe is an error, not a signal.
        signal(SIGPIPE, SIG_IGN)
        try? input.fileHandleForWriting.write(contentsOf: Data(text.utf8))
        try? input.fileHandleForWriting.close()
        let deadline = Date().addingTimeInterval(3)
        while process.isRunning && Date() < deadline { usleep(5_000) }
        if process.isRunning {
            process.terminate()
            return "\(program) did not finish in 3 s"
        }
        return process.terminationStatus == 0 ? nil : "\(program) exited with status \(process.terminationStatus)"
    }
}
