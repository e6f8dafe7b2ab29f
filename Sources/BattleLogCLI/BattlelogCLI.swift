import BattleLogKit
import BattleLogPresentation
import CoreDataKit
import Foundation

/// The `battlelog` command line: global options, then a command (default: `browse`).
public enum BattlelogCLI {
    public static let version = "1.0.0"

    /// Every command, in the order `--help` lists them.
    static let commands: [any Command.Type] = [
        BrowseCommand.self, SimulateCommand.self, ListCommand.self, CountCommand.self, ShowCommand.self, ReplayCommand.self, InspectCommand.self,
        StatsCommand.self, ExportCommand.self, ImportCommand.self, BackupCommand.self, DoctorCommand.self, CoreDataCommand.self,
        NamesCommand.self, KeysCommand.self, CompletionsCommand.self, ConfigCommand.self,
    ]

    static let usage = "usage: battlelog " + GlobalOptions.specs.map { "[\($0.synopsis)]" }.joined(separator: " ") + " [COMMAND] [OPTIONS]"

    static var help: String {
        var lines = [
            "battlelog \(version): a terminal battle-log browser over a SQLite store.",
            "",
            usage,
            "",
            "global options:",
        ] + GlobalOptions.specs.flatMap { $0.helpLines() } + [
            "  -h, --help; -V, --version",
            "",
            "commands (default: browse):",
        ]
        let width = (commands.map { $0.spec.name.count }.max() ?? 8) + 2
        for c in commands { lines.append("  " + c.spec.name.padding(toLength: width, withPad: " ", startingAt: 0) + c.spec.summary) }
        lines.append("  " + "help".padding(toLength: width, withPad: " ", startingAt: 0) + "This help; help COMMAND: a command's options; help --man: the man page.")
        lines.append("")
        lines.append("battlelog COMMAND --help shows a command's options.")
        return lines.joined(separator: "\n")
    }

    /// Runs the command line and returns the exit status.
    public static func run(_ arguments: [String], console: Console,
                           environment: [String: String] = ProcessInfo.processInfo.environment) -> Int32 {
        let status = runCommand(arguments, console: console, environment: environment)
        console.flush()
        do { try console.checkOutput() } catch {
            if error.isClosedPipe { return status }
            console.error("battlelog: \(SafeText.escape(error.description))")
            return ExitStatus.failure
        }
        return status
    }

    private static func runCommand(_ arguments: [String], console: Console, environment: [String: String]) -> Int32 {
        do {
            let (globals, rest) = try GlobalOptions.extract(from: arguments, environment: environment)
            if rest == ["help", "--man"] {
                for line in ManPage.text(environment: environment).split(separator: "\n", omittingEmptySubsequences: false).dropLast() { console.line(String(line)) }
                return ExitStatus.success
            }
            // `help COMMAND` is `COMMAND --help`; anything else after help is a usage error.
            if rest.first == "help", rest.count == 2 {
                guard let command = commands.first(where: { $0.spec.name == rest[1] }) else {
                    throw UsageError(.key("cli.helpNoCommand", SafeText.escape(rest[1])), usage: usage)
                }
                console.line(HelpText.wrapped(command.spec.help, width: HelpText.width(console: console, environment: environment)))
                return ExitStatus.success
            }
            if rest.first == "help", rest.count > 2 { throw UsageError(.key("cli.helpTakesOne"), usage: usage) }
            // `--help` and `--version` alone: a word after them is a mistake to say, not ignore.
            if let first = rest.first, ["--help", "-h", "--version", "-V"].contains(first), rest.count > 1 {
                throw UsageError(.key("cli.takesNothingMore", first, SafeText.escape(rest[1])), usage: usage)
            }
            if rest.first == "--help" || rest.first == "-h" || rest.first == "help" {
                console.line(HelpText.wrapped(help, width: HelpText.width(console: console, environment: environment)))
                return ExitStatus.success
            }
            if rest.first == "--version" || rest.first == "-V" {
                console.line("battlelog \(version) (SQLite \(BattleStoreInfo.sqliteVersion))")
                return ExitStatus.success
            }
            var commandName = "browse"
            var commandArguments = rest
            if let first = rest.first, !first.hasPrefix("-") {
                commandName = first
                commandArguments = Array(rest.dropFirst())
            }
            guard let command = commands.first(where: { $0.spec.name == commandName }) else {
                throw UsageError(.key("cli.unknownCommand", SafeText.escape(commandName)), usage: usage)
            }
            if commandArguments.contains("--help") || commandArguments.contains("-h") {
                console.line(HelpText.wrapped(command.spec.help, width: HelpText.width(console: console, environment: environment)))
                return ExitStatus.success
            }
            let parsed = try command.spec.parse(commandArguments)
            // A config file that is refused is said once, on standard error, by every command
            // that does not show it itself (config shows each problem; the browsers, on screen).
            if let first = globals.settings.problems.first, !["config", "browse"].contains(command.spec.name),
               !(command.spec.name == "coredata" && parsed.positionals.first == "browse") {
                let labels = Labels.load(globals.language(environment: environment))
                let more = globals.settings.problems.count > 1 ? " " + labels.fill("config.more", String(globals.settings.problems.count - 1)) : ""
                console.error("battlelog: " + labels.fill("config.refused", "", Settings.located(first, in: globals.settings.path)) + more)
            }
            // Set once, before any store opens (the browser's background stores too).
            WALBound.bytes = globals.walBoundBytes
            return try command.run(parsed, globals: globals, console: console, environment: environment)
        } catch let e as UsageError {
            // One line, in the user's language; the usage is one `--help` away.
            console.error("battlelog: \(e.message.text(messageLabels(arguments, environment)))" + helpHint(e.usage))
            return ExitStatus.usage
        } catch let e as OutputFailure {
            // The end of `run` reports it (a closed pipe quietly).
            _ = e
            return ExitStatus.success
        } catch StoreError.interrupted {
            console.error("battlelog: " + messageLabels(arguments, environment)["cli.interrupted"])
            return ExitStatus.interrupted
        } catch let e as CommandFailure {
            console.error("battlelog: \(SafeText.escape(e.message.text(messageLabels(arguments, environment))))")
            return ExitStatus.failure
        } catch let e as CoreDataError {
            console.error("battlelog: \(SafeText.escape(e.description))")
            return ExitStatus.failure
        } catch let e as StoreError {
            console.error("battlelog: \(SafeText.escape(e.text(messageLabels(arguments, environment))))")
            return ExitStatus.failure
        } catch {
            console.error("battlelog: \(SafeText.escape(String(describing: error)))")
            return ExitStatus.failure
        }
    }

    /// The labels of the language a message is shown in: `--lang` wherever it is on the line,
    /// or the environment's (also when the mistake is in the global options themselves).
    private static func messageLabels(_ arguments: [String], _ environment: [String: String]) -> Labels {
        let globals = try? GlobalOptions.extract(from: arguments, environment: environment).0
        return Labels.load(globals?.language(environment: environment) ?? Labels.language(environment: environment))
    }
}

/// ` (battlelog simulate --help)`: where the usage is, for a usage error's one line.
private func helpHint(_ usage: String?) -> String {
    guard let usage else { return "" }
    let words = usage.replacingOccurrences(of: "usage: ", with: "").split(separator: " ").dropFirst()
    let command = words.first { !$0.hasPrefix("[") && !$0.hasSuffix("]") && $0.first?.isLowercase == true }
    return command.map { " (battlelog \($0) --help)" } ?? " (battlelog --help)"
}

/// A subcommand: its declaration and how it runs.
protocol Command: Sendable {
    static var spec: CommandSpec { get }
    static func run(_ arguments: ParsedArguments, globals: GlobalOptions, console: Console,
                    environment: [String: String]) throws -> Int32
}

extension Command {
    /// Opens the store named by `--db` (created and migrated when missing; only the default
    /// database's folder is made, never one a `--db` path names). Filling the derived
    /// query columns of a database from an older version shows a progress line on a terminal.
    static func openStore(_ globals: GlobalOptions, console: Console, readOnly: Bool = false) throws -> BattleStore {
        try withFillProgress(console) { progress in
            try BattleStore(path: globals.databasePath, readOnly: readOnly, createFolder: !globals.databasePathIsExplicit,
                            replaceEmpty: !globals.databasePathIsExplicit, derivedColumnProgress: progress,
                            waiting: sayWaiting(console))
        }
    }

    /// Opens an existing store; a missing file is an error, not a new database.
    static func openExistingStore(_ globals: GlobalOptions, console: Console) throws -> BattleStore {
        try withFillProgress(console) { progress in
            try BattleStore(path: globals.databasePath, create: false, derivedColumnProgress: progress,
                            waiting: sayWaiting(console))
        }
    }

    /// How an open that waits for another process says so: one line on stderr.
    private static func sayWaiting(_ console: Console) -> (String) -> Void {
        { console.error("battlelog: " + SafeText.escape($0)) }
    }

    private static func withFillProgress(_ console: Console,
                                         _ open: (@escaping (Int, Int) -> Void) throws -> BattleStore) throws -> BattleStore {
        let bar = ProgressBar(console: console, enabled: console.stderrIsTerminal, unit: "records")
        var shown = false
        let store = try open { done, total in
            // Nothing to index (a new database): no note, no 0/0 bar.
            guard total > 0 else { return }
            if !shown {
                if console.stderrIsTerminal { console.error("battlelog: indexing older records for filters and group counts (once)") }
                bar.startCounting()
                shown = true
            }
            bar.update(done: done, total: total)
        }
        if shown { bar.finish() }
        return store
    }
}

enum BattleStoreInfo {
    static var sqliteVersion: String { BattleStore.sqliteLibraryVersion }
}
