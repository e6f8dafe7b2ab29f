import BattleLogKit
import BattleLogPresentation
import Foundation

/// `battlelog backup DEST`: a consistent, verified copy of the log while writers go on.
enum BackupCommand: Command {
    static let spec = CommandSpec(
        name: "backup", summary: "Copy the log to DEST (one snapshot, verified, while others write; never replaces a file).",
        options: [], positionals: ["DEST"])

    static func run(_ a: ParsedArguments, globals: GlobalOptions, console: Console, environment: [String: String]) throws -> Int32 {
        let destination = a.positionals[0]
        // Refused before the database is opened (a mistyped name must not cost a long copy).
        var info = stat()
        if stat(destination, &info) == 0 { throw StoreError.destinationExists(path: destination) }
        let store = try openExistingStore(globals, console: console)
        let bar = ProgressBar(console: console, enabled: console.stderrIsTerminal, unit: "MB")
        bar.startCounting()
        let started = Date()
        let summary = try store.backup(to: destination) { copied, total in bar.update(done: copied >> 20, total: max(1, total >> 20)) }
        bar.finish()
        let seconds = String(format: "%.1f", Date().timeIntervalSince(started))
        console.error("backed up \(GroupedNumber.text(summary.records)) records of \(GroupedNumber.text(summary.humans)) Humans "
            + "(\(GroupedNumber.text(max(1, summary.bytes >> 20))) MB) to \(SafeText.escape(destination)) in \(seconds) s, verified")
        return ExitStatus.success
    }
}
