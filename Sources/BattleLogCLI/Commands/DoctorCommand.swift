import BattleLogKit

/// `battlelog doctor`: SQLite's integrity check, foreign keys, and a decode of every value.
enum DoctorCommand: Command {
    static let spec = CommandSpec(
        name: "doctor", summary: "Check the database: integrity, foreign keys, every transformable value.",
        options: [], positionals: [])

    static func run(_ a: ParsedArguments, globals: GlobalOptions, console: Console, environment: [String: String]) throws -> Int32 {
        let store = try openExistingStore(globals)
        // On a terminal, a progress line on stderr: a large store takes a minute.
        let bar = ProgressBar(console: console, enabled: console.stderrIsTerminal, unit: "records")
        let total = try store.recordCount()
        var problems = 0
        bar.note("checking integrity …")
        let integrity = try store.integrityCheck()
        bar.finish()
        bar.startCounting()
        if integrity == ["ok"] {
            console.line("integrity: ok")
        } else {
            for line in integrity { console.line("integrity: \(SafeText.escape(line))") }
            problems += integrity.count
        }
        let keys = try store.foreignKeyProblems()
        for k in keys { console.line("foreign key: \(SafeText.escape(k))") }
        problems += keys.count
        var records = 0
        var damaged = 0
        // One pass: every record decoded, and the figures the writer keeps recomputed.
        let scanned = try BattleStats.fromScan(store) { r in
            records += 1
            if records % 1024 == 0 { bar.update(done: records, total: total) }
            let errors = r.errors
            if errors.isEmpty { return }
            damaged += 1
            bar.finish()
            for e in errors { console.line("record \(r.id): \(e.attribute): \(SafeText.escape(e.reason.description))") }
        }
        bar.finish()
        problems += damaged
        console.line("\(records) records checked, \(damaged) damaged")
        if try BattleStats.fromSummaries(store) == scanned {
            console.line("summaries: ok")
        } else {
            console.line("summaries: the kept tallies, magic usage or dice counts differ from the records")
            problems += 1
        }
        return problems == 0 ? ExitStatus.success : ExitStatus.failure
    }
}
