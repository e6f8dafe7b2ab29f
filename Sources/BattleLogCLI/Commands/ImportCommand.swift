import BattleLogKit
import BattleLogPresentation
import CoreDataKit
import CoreDataImport
import Foundation

/// `battlelog import FILE`: reads `export`'s JSON lines back, all or nothing; with `--coredata`,
/// the battle log of a Core Data store the app wrote.
enum ImportCommand: Command {
    static let spec = CommandSpec(
        name: "import", summary: "Import records from an export (JSON lines; - reads standard input); every line is checked first; all or nothing.",
        options: [
            OptionSpec(.coredata, help: "FILE is a Core Data store of the battle-log app (read-only): import its Humans and Records"),
            OptionSpec(.resultMap, value: "MAP", help: "with --coredata: the store's result values, e.g. 0=win,1=loss,2=draw"),
        ],
        positionals: ["FILE"])

    static func run(_ a: ParsedArguments, globals: GlobalOptions, console: Console, environment: [String: String]) throws -> Int32 {
        let path = a.positionals[0]
        if a.has(.coredata) { return try importCoreData(path, a, globals: globals, console: console, environment: environment) }
        if a.value(.resultMap) != nil { throw UsageError(.key("cli.resultMapIsForCoreData"), usage: spec.usage) }
        let file = path == "-" ? "standard input" : SafeText.escape(path)
        // An existing database first: a file that cannot be imported into is reported before the
        // input is read (a missing one is created only once the input has been read whole).
        // The input must not be the database itself: reading it outside SQLite would drop the
        // store's locks when its descriptor closes.
        var input = stat(), database = stat()
        // The input first: a missing one is named as the input, and no database is made for it.
        if path != "-" {
            if stat(path, &input) != 0 {
                throw CommandFailure(.key("cli.cannotReadInput", file, String(cString: strerror(errno))))
            }
            if (input.st_mode & S_IFMT) == S_IFDIR { throw CommandFailure(.key("cli.inputIsFolder", file)) }
        }
        let databaseExists = stat(globals.databasePath, &database) == 0
        var store = databaseExists ? try openStore(globals, console: console) : nil
        if path != "-", databaseExists, stat(path, &input) == 0,
           input.st_dev == database.st_dev, input.st_ino == database.st_ino {
            throw CommandFailure(.key("cli.inputIsDatabase", file))
        }
        // Read and written in one pass, in one transaction: the first bad line rolls everything
        // back. A database this import created is removed again when nothing could be imported.
        let created = !databaseExists
        var written = 0
        do {
            if store == nil { store = try openStore(globals, console: console) }
            let bar = ProgressBar(console: console, enabled: console.stderrIsTerminal, unit: "MB")
            // Read, decoded and encoded on a second thread; written here as the chunks come.
            let pieces = ImportReader(path: path, name: file, schema: store!.schema).start()
            defer { pieces.close() }
            written = try store!.importRecords { add in
                while true {
                    switch pieces.take(waitingAtMost: 60) {
                    case .item(.chunk(let chunk, let read, let size)):
                        try add(chunk)
                        if let size { bar.update(done: read >> 20, total: size >> 20) }
                    case .item(.failure(let error)): throw error
                    case .timedOut: continue
                    case .closed: return
                    }
                }
            }
            bar.finish()
        } catch {
            store = nil
            if created { BattleStore.removeDatabase(at: globals.databasePath) }
            if case StoreError.conflict(let message)? = error as? StoreError { throw CommandFailure(.verbatim("\(file): \(message)")) }
            throw error
        }
        if written == 0 {
            store = nil
            if created { BattleStore.removeDatabase(at: globals.databasePath) }
            throw CommandFailure(.key("cli.inputEmpty", file))
        }
        let labels = Labels.load(globals.language(environment: environment))
        console.error(labels.fill("cli.imported", labels.counted("cli.records", count: written, GroupedNumber.text(written)), SafeText.escape(globals.databasePath)))
        return ExitStatus.success
    }

    /// `import --coredata STORE`: the app's Humans and Records, each record a one-sided fight.
    static func importCoreData(_ path: String, _ a: ParsedArguments, globals: GlobalOptions, console: Console,
                               environment: [String: String]) throws -> Int32 {
        var resultMap: [String: FightResult] = [:]
        if let text = a.value(.resultMap) {
            do { resultMap = try BattleLogImport.parseResultMap(text) }
            catch { throw UsageError(.verbatim(error.description), usage: spec.usage) }
        }
        let source = try CoreDataStore(path: path)
        let importer = try BattleLogImport(store: source, resultMap: resultMap)
        var input = stat(), database = stat()
        if stat(globals.databasePath, &database) == 0, stat(path, &input) == 0,
           input.st_dev == database.st_dev, input.st_ino == database.st_ino {
            throw CommandFailure(.key("cli.storeIsDatabase", SafeText.escape(path)))
        }
        // Everything that can stop the import is read before the database is opened (or created).
        let plan = try importer.check()
        let store = try openStore(globals, console: console)
        let total = try importer.recordCount()
        let labels = Labels.load(globals.language(environment: environment))
        let bar = ProgressBar(console: console, enabled: console.stderrIsTerminal, unit: labels["progress.records"])
        let summary = try importer.run(plan, into: store) { bar.update(done: $0, total: total) }
        bar.finish()
        let w = summary.written
        let humans = summary.heroes + summary.villains
        var line = labels.fill("cli.importedCoreData", labels.counted("cli.records", count: w.records, GroupedNumber.text(w.records)),
                               labels.counted("cli.humans", count: humans, GroupedNumber.text(humans)),
                               labels.counted("cli.heroes", count: summary.heroes, GroupedNumber.text(summary.heroes)),
                               labels.counted("cli.villains", count: summary.villains, GroupedNumber.text(summary.villains)),
                               String(w.newHumans), SafeText.escape(path), SafeText.escape(globals.databasePath))
        if w.damagedValues > 0 { line += labels.fill("cli.damagedKept", GroupedNumber.text(w.damagedValues)) }
        console.error(line)
        if !summary.missingAttributes.isEmpty {
            console.error(labels.fill("cli.missingAttributes", summary.missingAttributes.joined(separator: ", ")))
        }
        return ExitStatus.success
    }
}
