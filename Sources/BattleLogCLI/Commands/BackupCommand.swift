import BattleLogKit
import BattleLogPresentation
import Foundation

/// `battlelog backup DEST`: a consistent, verified copy of the log while writers go on.
enum BackupCommand: Command {
    static let spec = CommandSpec(
        name: "backup",
        summary: "Copy the log to the new file DEST: one snapshot, verified, while others keep writing. An existing file is never replaced, a missing folder is not made, and an interrupted backup leaves nothing.",
        options: [], positionals: ["DEST"])

    static func run(_ a: ParsedArguments, globals: GlobalOptions, console: Console, environment: [String: String]) throws -> Int32 {
        let destination = a.positionals[0]
        guard !destination.isEmpty else { throw UsageError(.key("cli.backupNeedsDest"), usage: spec.usage) }
        // Refused before the database is opened (a mistyped name must not cost a long open).
        try BattleStore.checkBackupDestination(destination)
        let store = try openExistingStore(globals, console: console)
        let labels = Labels.load(globals.language(environment: environment))
        let bar = ProgressBar(console: console, enabled: console.stderrIsTerminal, unit: "MB")
        bar.startCounting()
        let started = Date()
        // Ctrl-C, SIGTERM or SIGHUP stop the copy at its next step; its temporary file goes.
        InterruptFlag.install([SIGINT, SIGTERM, SIGHUP])
        defer { InterruptFlag.uninstall() }
        let summary: BackupSummary
        do {
            summary = try store.backup(to: destination, progress: { copied, total in
                bar.update(done: copied >> 20, total: max(1, total >> 20))
            }, verifying: { bar.note(labels["cli.verifying"]) }, shouldStop: { InterruptFlag.isRaised })
        } catch StoreError.interrupted {
            bar.finish()
            console.error("battlelog: " + labels.fill("cli.backupInterrupted", SafeText.escape(destination)))
            return ExitStatus.interrupted
        }
        bar.finish()
        let seconds = String(format: "%.1f", Date().timeIntervalSince(started))
        console.error(labels.fill("cli.backedUp", labels.counted("cli.records", count: summary.records, GroupedNumber.text(summary.records)),
                                  labels.counted("cli.humans", count: summary.humans, GroupedNumber.text(summary.humans)),
                                  GroupedNumber.text(max(1, summary.bytes >> 20)), SafeText.escape(destination), seconds))
        return ExitStatus.success
    }
}
