import BattleLogBrowser
import BattleLogKit
import Foundation

/// `battlelog` / `battlelog browse`: the interactive browser.
enum BrowseCommand: Command {
    static let spec = CommandSpec(
        name: "browse", summary: "Open the interactive browser (the default command).",
        options: [], positionals: [])

    /// The demo written on first run: fixed seed, 12 Heroes, 12 Villains.
    static let demo = SimulationRun(fights: 5_000, seed: 20_261_129, heroes: 12, villains: 12, batchSize: 500)

    static func run(_ a: ParsedArguments, globals: GlobalOptions, console: Console, environment: [String: String]) throws -> Int32 {
        guard console.stdoutIsTerminal else {
            throw CommandFailure("the browser needs a terminal on stdout (use list, show or export to write to a pipe or file)")
        }
        do { try BrowserApp.checkTerminal(environment["TERM"]) } catch { throw CommandFailure(error.description) }
        let path = globals.databasePath
        var status: String?
        if !FileManager.default.fileExists(atPath: path) {
            let store = try openStore(globals)
            console.error("Creating a demo battle log at \(path) …")
            let bar = ProgressBar(console: console, enabled: console.stderrIsTerminal, unit: "fights")
            try demo.run(on: store, progress: { bar.update(done: $0.saved, total: $0.total) })
            bar.finish()
            status = "demo"
        }
        let store = try openStore(globals)
        let language = globals.language ?? Labels.language(environment: environment)
        let color = !globals.noColor && (environment["NO_COLOR"] ?? "").isEmpty
        console.flush()
        let options = BrowserOptions(language: language, color: color, databasePath: path, createdDemo: status != nil)
        // Ended by a signal: the terminal is restored; exit as a shell expects (128 + signal).
        if let signal = try BrowserApp.run(store: store, options: options) { return 128 + signal }
        return ExitStatus.success
    }
}
