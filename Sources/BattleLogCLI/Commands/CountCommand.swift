import BattleLogKit
import BattleLogPresentation
import Foundation

/// `battlelog count`: how many records match, as a bare number a script can read.
enum CountCommand: Command {
    static let spec = CommandSpec(
        name: "count", summary: "Count the records, or those matching a filter.",
        options: [
            OptionSpec(.where, value: "EXPR", help: "only records matching a filter expression (FILTER LANGUAGE in the man page)"),
            OptionSpec(.json, help: "one JSON object: {\"count\": N, \"where\": EXPR or null}"),
        ],
        positionals: [])

    static func run(_ a: ParsedArguments, globals: GlobalOptions, console: Console, environment: [String: String]) throws -> Int32 {
        let store = try openExistingStore(globals, console: console)
        let labels = Labels.load(globals.language(environment: environment))
        let filter = try a.filter(.where, store: store, labels: labels)
        InterruptFlag.install([SIGINT, SIGTERM])
        defer { InterruptFlag.uninstall() }
        store.setProgressHandler { InterruptFlag.isRaised }
        let n: Int
        do { n = try store.matchCount(RecordQuery(filter: filter)) }
        catch .interrupted { console.error(labels["cli.interrupted"]); return ExitStatus.interrupted }
        if a.has(.json) {
            var w = JSONWriter(terminalSafe: true)
            w.beginObject()
            w.key("count", first: true); w.writeInteger(n)
            w.key("where"); if let text = a.value(.where) { w.writeString(text) } else { w.writeRaw("null") }
            w.endObject()
            console.line(w.text)
        } else {
            console.line(String(n))
        }
        return ExitStatus.success
    }
}
