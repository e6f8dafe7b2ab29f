import BattleLogBrowser
import BattleLogKit
import BattleLogPresentation
import CoreDataKit

/// `battlelog coredata info|dump|history|browse FILE`: a Core Data store's model, objects and
/// persistent history, read-only.
enum CoreDataCommand: Command {
    static let spec = CommandSpec(
        name: "coredata",
        summary: "Read a Core Data SQLite store (never written): `info` shows its metadata and model, `dump` every object, `history` its persistent history, `browse` opens it in the browser.",
        options: [
            OptionSpec(.json, help: "info: one JSON object; dump: one JSON object per line; history: one per transaction"),
            OptionSpec(.entity, value: "NAME", help: "dump: only this entity (and its sub-entities)"),
            OptionSpec(.limit, value: "N", help: "dump: at most N objects"),
            OptionSpec(.model, value: "FILE", help: "a compiled model (.mom, or a .momd folder: the version whose entity hashes are the store's) instead of the store's cache"),
            OptionSpec(.since, value: "DATE", help: "history: transactions from this time on (YYYY-MM-DD or YYYY-MM-DDTHH:MM:SSZ)"),
        ],
        positionals: ["info|dump|history|browse", "FILE"])

    static func run(_ a: ParsedArguments, globals: GlobalOptions, console: Console, environment: [String: String]) throws -> Int32 {
        let action = a.positionals[0]
        guard ["info", "dump", "history", "browse"].contains(action) else {
            throw UsageError(.key("cli.coredataAction", SafeText.escape(action)), usage: spec.usage)
        }
        if action != "history", a.value(.since) != nil { throw UsageError(.key("cli.sinceIsForHistory", action), usage: spec.usage) }
        if action != "dump", let extra = [OptionKey.entity, .limit].first(where: { a.value($0) != nil }) {
            throw UsageError(.key("cli.isForDump", "--" + extra.rawValue, action), usage: spec.usage)
        }
        if action == "browse" {
            if a.has(.json) { throw UsageError(.key("cli.jsonNotBrowse"), usage: spec.usage) }
            try BrowseCommand.checkTerminal(console: console, environment: environment, coreData: true)
            return try browse(a.positionals[1], model: a.value(.model), globals: globals, console: console, environment: environment)
        }
        let limit = try a.integer(.limit, minimum: 1, spec: spec)
        let store = try CoreDataStore(path: a.positionals[1], model: a.value(.model))
        if action == "info" {
            // info is where a person looks at a store as a whole: every page is checked.
            if let damage = store.damage() { throw CoreDataError.damaged(path: store.path, reason: damage) }
            if a.has(.json) { console.line(try CoreDataInfo.json(store)) }
            else { for line in try CoreDataInfo.text(store) { console.line(line) } }
            return ExitStatus.success
        }
        if action == "history" { return try history(store, a, console: console) }
        let entity = try a.value(.entity).map { name throws(CoreDataError) in try store.entity(named: name) }
        let json = a.has(.json)
        let labels = Labels.load(globals.language(environment: environment))
        var first = true
        // A page SQLite finds malformed: the store is named damaged (CoreDataError), not a bare SQLite error.
        try store.forEachObject(entity: entity, limit: limit) { object in
            if json {
                console.line(object.json(terminalSafe: true))
            } else {
                if !first { console.line("") }
                for line in CoreDataInfo.text(object, labels: labels, exists: { (try? store.exists($0)) ?? true }) { console.line(line) }
            }
            first = false
            return true
        }
        return ExitStatus.success
    }

    /// `coredata history`: one transaction a line (with `--json`, one JSON object a line, its
    /// changes in `changes`), oldest first; a store without history says so and exits 1.
    static func history(_ store: CoreDataStore, _ a: ParsedArguments, console: Console) throws -> Int32 {
        var since: Double?
        if let text = a.value(.since) {
            guard let seconds = ISODate.parse(text) else {
                // A date of the right shape that names no day says which part does not exist.
                let labels = Labels.load("en")
                let why = ISODate.problem(text).map { Template.fill(labels["filterError." + $0.key], $0.arguments) }
                throw UsageError(why.map { .key("cli.sinceNoDate", SafeText.escape(text), $0) } ?? .key("cli.sinceNotDate", SafeText.escape(text)), usage: spec.usage)
            }
            since = Double(seconds) - TaggedJSON.referenceDateOffset
        }
        guard store.hasHistory else { throw CommandFailure(.key("cli.noHistory", store.path)) }
        let json = a.has(.json)
        try store.forEachTransaction(since: since) { t in
            if json {
                console.line(TaggedJSON.text(t.json, terminalSafe: true))
            } else {
                let e = { (s: String?) in s.map(SafeText.escape) ?? "-" }
                let time = t.timestamp.map { t.time ?? "(date out of range: \($0))" } ?? "-"
                var line = "\(time)  transaction \(t.id)  author \(e(t.author))  bundle \(e(t.bundleID))"
                line += "  context \(e(t.contextName))  process \(e(t.processID))  \(t.changes.count) \(t.changes.count == 1 ? "change" : "changes")"
                if !t.changes.isEmpty { line += ": " + t.changes.map(\.text).joined(separator: "; ") }
                console.line(line)
            }
            return true
        }
        return ExitStatus.success
    }

    /// The Core Data browser on the store at `path` (opened read-only, never written).
    static func browse(_ path: String, model: String? = nil, globals: GlobalOptions, console: Console, environment: [String: String]) throws -> Int32 {
        let store = try CoreDataStore(path: path, model: model)
        console.flush()
        let options = BrowseCommand.browserOptions(path: path, createdDemo: false, globals: globals, environment: environment)
        return BrowseCommand.finish(BrowserApp.run(coreDataStore: store, options: options), console: console)
    }
}
