import BattleLogBrowser
import BattleLogKit
import BattleLogPresentation
import CoreDataKit
import Foundation

/// `battlelog` / `battlelog browse`: the interactive browser.
enum BrowseCommand: Command {
    static let spec = CommandSpec(
        name: "browse", summary: "Open the interactive browser (the default command).",
        options: [OptionSpec(.create, help: "with --db: create the database when it does not exist (empty, no demo)")],
        positionals: [])

    /// The demo written on first run: fixed seed, 12 Heroes, 12 Villains.
    static let demo = SimulationRun(fights: 5_000, seed: 20_261_129, heroes: 12, villains: 12, batchSize: 500)

    /// The demo is made whole in a file beside `path` and renamed into place when complete: a
    /// run stopped half-way (Ctrl-C) leaves no half demo, and the next run makes it again to its
    /// full size before the browser opens.
    static func makeDemo(at path: String, globals: GlobalOptions, labels: Labels, console: Console) throws {
        let partial = path + ".demo-partial"
        BattleStore.removeDatabase(at: partial)   // what a stopped run left
        var demoGlobals = globals
        demoGlobals.databasePath = partial
        console.error(labels.fill("demoCreating", SafeText.escape(path)))
        do {
            let store = try openStore(demoGlobals, console: console)
            let bar = ProgressBar(console: console, enabled: console.stderrIsTerminal, unit: labels["progress.fights"])
            try demo.run(on: store, progress: { bar.update(done: $0.saved, total: $0.total) })
            bar.finish()
        }   // closed here: its log is written back before the file moves
        for suffix in ["-wal", "-shm", ""] where FileManager.default.fileExists(atPath: partial + suffix) {
            guard rename(partial + suffix, path + suffix) == 0 else {
                throw CommandFailure(.key("cli.demoNotPlaced", SafeText.escape(path), String(cString: strerror(errno))))
            }
        }
    }

    static func run(_ a: ParsedArguments, globals: GlobalOptions, console: Console, environment: [String: String]) throws -> Int32 {
        // A Core Data store's commands for a pipe are coredata dump and info.
        let coreData = !console.stdoutIsTerminal && globals.databasePathIsExplicit && (try? CoreDataStore(path: globals.databasePath)) != nil
        try checkTerminal(console: console, environment: environment, coreData: coreData)
        let path = globals.databasePath
        var status: String?
        // The demo is for the default database only: a mistyped --db path is an error, not a new
        // folder with a demo in it (--create makes an empty one).
        var exists = stat()
        let missing = stat(path, &exists) != 0 || (exists.st_size == 0 && !globals.databasePathIsExplicit)
        if missing && globals.databasePathIsExplicit && !a.has(.create) {
            throw CommandFailure(.key("cli.noDatabaseCreate", path))
        }
        let language = globals.language(environment: environment)
        if missing && !globals.databasePathIsExplicit {
            try makeDemo(at: path, globals: globals, labels: Labels.load(language), console: console)
            status = "demo"
        }
        let store: BattleStore
        do {
            store = try openStore(globals, console: console)
        } catch StoreError.coreDataStore {
            // A Core Data store given with --db opens in the Core Data browser.
            return try CoreDataCommand.browse(path, globals: globals, console: console, environment: environment)
        }
        console.flush()
        let options = browserOptions(path: path, createdDemo: status != nil, globals: globals, environment: environment)
        return finish(try BrowserApp.run(store: store, options: options), console: console)
    }

    /// The options both browsers take from the command line, the environment and the config file.
    static func browserOptions(path: String, createdDemo: Bool, globals: GlobalOptions, environment: [String: String]) -> BrowserOptions {
        let language = globals.language(environment: environment)
        let color = !globals.noColor && (environment["NO_COLOR"] ?? "").isEmpty
        var options = BrowserOptions(language: language, color: color, databasePath: path, createdDemo: createdDemo,
                                     historyPath: FilterHistory.defaultPath(environment: environment))
        let settings = globals.settings
        options.mouse = settings.mouse ?? true
        options.keyBar = settings.keyBar ?? false
        options.viewsPath = SavedViews.defaultPath(environment: environment)
        options.theme = settings.effectiveTheme
        options.exportFolder = settings.exportFolder
        options.replaySpeedExponent = settings.replaySpeedExponent ?? 0
        options.clipboardCommand = settings.clipboardCommand
        options.refreshInterval = Double(settings.refreshMilliseconds ?? 400) / 1000
        options.keyMap = settings.keyMap
        // A refused line never stops the browser: it starts with that setting's default, and says so once.
        if let first = settings.problems.first {
            let labels = Labels.load(language)
            options.notice = labels.fill("config.refused", SafeText.escape(settings.path), SafeText.escape(first.description))
                + (settings.problems.count > 1 ? " " + labels.fill("config.more", String(settings.problems.count - 1)) : "")
        }
        return options
    }

    /// Says the browser's farewell; ended by a signal, exits as a shell expects (128 + signal).
    static func finish(_ exit: BrowserApp.Exit, console: Console) -> Int32 {
        if let farewell = exit.farewell { console.error("battlelog: " + farewell) }
        if let signal = exit.signal { return 128 + signal }
        return ExitStatus.success
    }

    /// Refuses to start a browser without a terminal it can drive, naming the commands that
    /// write to a pipe or file (a Core Data store's, for `coreData`).
    static func checkTerminal(console: Console, environment: [String: String], coreData: Bool = false) throws {
        guard console.stdoutIsTerminal else {
            throw CommandFailure(.key(coreData ? "cli.needsTerminalCoreData" : "cli.needsTerminal"))
        }
        do { try BrowserApp.checkTerminal(environment["TERM"]) } catch { throw CommandFailure(.verbatim(error.description)) }
    }
}
