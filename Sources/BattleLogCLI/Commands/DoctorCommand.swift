import BattleLogKit
import BattleLogPresentation

/// `battlelog doctor`: SQLite's integrity check, foreign keys, whole fights, a decode of every
/// value and the kept summaries against the records. The checks that compare share one read
/// snapshot; the integrity check and the timelines' check run beside them on a second core.
enum DoctorCommand: Command {
    static let spec = CommandSpec(
        name: "doctor", summary: "Check the database: integrity, foreign keys, fights, every transformable value, the summaries.",
        options: [OptionSpec(.repair, help: "rebuild the kept summaries from the records when they differ (one transaction)")],
        positionals: [])

    static func run(_ a: ParsedArguments, globals: GlobalOptions, console: Console, environment: [String: String]) throws -> Int32 {
        let store = try openExistingStore(globals, console: console)
        let labels = Labels.load(globals.language(environment: environment))
        // On a terminal, a progress line on stderr: a large store takes a minute.
        let bar = ProgressBar(console: console, enabled: console.stderrIsTerminal, unit: "records")
        // SQLite's integrity check and the timelines' check run beside the rest, on a thread and
        // a connection of their own (both cores); they compare nothing with the scan.
        let beside = BesideChecks(path: store.path)
        // One read transaction for the rest: a writer beside doctor commits to a later snapshot,
        // never between two of its checks.
        let (scanProblems, summariesAgree, derived) = try store.readSnapshot { () throws -> (Int, Bool, [String]) in
            var problems = 0
            try store.reloadHumans()
            let total = try store.recordCount()
            bar.startCounting()
            let keys = try store.diagnostics.foreignKeyProblems()
            for k in keys { console.line(labels.fill("doctor.foreignKey", SafeText.escape(k))) }
            problems += keys.count
            let humans = store.diagnostics.humanProblems
            for h in humans { console.line(SafeText.escape(h)) }
            problems += humans.count
            let fights = try store.diagnostics.fightProblems()
            for f in fights { console.line(SafeText.escape(f)) }
            problems += fights.count
            if fights.isEmpty { console.line(labels["doctor.fightsOK"]) }
            var records = 0
            var damaged = 0
            // One pass: every record decoded, its query columns checked against its values, and
            // the figures the writer keeps recomputed.
            let scan = try store.diagnostics.scan { r in
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
            console.line(labels.counted("doctor.checked", count: records, GroupedNumber.text(records), GroupedNumber.text(damaged)))
            for d in scan.derivedProblems { console.line(labels.fill("doctor.queryColumn", SafeText.escape(d))) }
            let groups = try store.diagnostics.groupSummaryProblems(against: scan)
            for g in groups { console.line(g) }
            return (problems, try BattleStats.fromSummaries(store, fights: .distinct) == scan.stats && groups.isEmpty, scan.derivedProblems)
        }
        if !beside.isFinished { bar.note(labels["doctor.checkingIntegrity"]) }
        let found = try beside.wait()
        bar.finish()
        var besideProblems = 0
        if found.integrity == ["ok"] {
            console.line(labels["doctor.integrityOK"])
        } else {
            for line in found.integrity { console.line(labels.fill("doctor.integrity", SafeText.escape(line))) }
            besideProblems += found.integrity.count
        }
        // Each fight's two timelines against its result and duration.
        for t in found.timelines { console.line(SafeText.escape(t)) }
        besideProblems += found.timelines.count
        let problems = scanProblems + besideProblems
        if derived.isEmpty { console.line(labels["doctor.queryColumnsOK"]) }
        if summariesAgree && derived.isEmpty {
            console.line(labels["doctor.summariesOK"])
            return problems == 0 ? ExitStatus.success : ExitStatus.failure
        }
        guard a.has(.repair) else {
            if !summariesAgree {
                console.line(labels["doctor.summariesDiffer"])
            } else {
                console.line(labels["doctor.summariesOK"])
            }
            return ExitStatus.failure
        }
        try store.rebuildSummaries()
        let repaired = try store.readSnapshot {
            let scan = try store.diagnostics.scan { _ in }
            return try BattleStats.fromSummaries(store, fights: .distinct) == scan.stats && scan.derivedProblems.isEmpty
                && store.diagnostics.groupSummaryProblems(against: scan).isEmpty
        }
        if !summariesAgree {
            console.line(labels[repaired ? "doctor.summariesRepaired" : "doctor.summariesStillDiffer"])
        } else {
            console.line(labels["doctor.summariesOK"])
        }
        if !derived.isEmpty {
            console.line(labels[repaired ? "doctor.queryColumnsRepaired" : "doctor.queryColumnsStillDiffer"])
        }
        return problems == 0 && repaired ? ExitStatus.success : ExitStatus.failure
    }
}
