import BattleLogKit
import BattleLogPresentation
import Foundation

/// `battlelog simulate`: simulated fights into the store, in batched transactions.
enum SimulateCommand: Command {
    static let spec = CommandSpec(
        name: "simulate", summary: "Simulate fights and store them (Ctrl-C stops at once: the batch being written is rolled back, the ones before it stay).",
        options: [
            OptionSpec(.fights, value: "N", help: "how many fights (required)"),
            OptionSpec(.seed, value: "S", help: "seed for a reproducible log (default: random, printed)"),
            OptionSpec(.heroes, value: "H", help: "Heroes in a new roster (default 12)"),
            OptionSpec(.villains, value: "V", help: "Villains in a new roster (default 12)"),
            OptionSpec(.batch, value: "B", help: "fights per transaction (default 1000: the progress moves, and Ctrl-C keeps all but the batch under way)"),
        ],
        positionals: [])

    static func run(_ a: ParsedArguments, globals: GlobalOptions, console: Console, environment: [String: String]) throws -> Int32 {
        guard let fights = try a.integer(.fights, maximum: 1_000_000_000, spec: spec) else {
            throw UsageError(.key("cli.simulateNeedsFights"), usage: spec.usage)
        }
        let seed: UInt64
        if let text = a.value(.seed) {
            guard let s = UInt64(text) else {
                throw UsageError(.key("cli.seed", String(UInt64.max), SafeText.escape(text)), usage: spec.usage)
            }
            seed = s
        } else {
            seed = UInt64.random(in: 0...UInt64.max)
        }
        let heroes = try a.integer(.heroes, maximum: 100_000, spec: spec) ?? 12
        let villains = try a.integer(.villains, maximum: 100_000, spec: spec) ?? 12
        let batch = try a.integer(.batch, maximum: 1_000_000, spec: spec) ?? 1_000
        let store = try openStore(globals, console: console)
        if store.isReadOnly { throw StoreError.readOnly(path: globals.databasePath) }
        if a.value(.seed) == nil { console.error("seed: \(seed)") }

        let run = SimulationRun(fights: fights, seed: seed, heroes: heroes, villains: villains, batchSize: batch)
        let labels = Labels.load(globals.language(environment: environment))
        let bar = ProgressBar(console: console, enabled: console.stderrIsTerminal, unit: labels["progress.fights"])
        InterruptFlag.install()
        defer { InterruptFlag.uninstall() }
        // Ctrl-C stops the batch being written at once (it is rolled back), not after it.
        store.setProgressHandler { InterruptFlag.isRaised }
        let began = Date()
        let saved = try run.run(on: store, shouldStop: { InterruptFlag.isRaised }, progress: { bar.update(done: $0.saved, total: $0.total) })
        bar.finish()
        let elapsed = Date().timeIntervalSince(began)
        let interrupted = saved < fights
        let rate = elapsed > 0 ? Double(saved) / elapsed : 0
        console.error((interrupted ? labels["cli.interruptedPrefix"] : "") +
                      labels.fill("cli.saved", GroupedNumber.text(saved), labels.counted("cli.fights", count: fights, GroupedNumber.text(fights)),
                                  labels.counted("cli.records", count: saved * 2, GroupedNumber.text(saved * 2)),
                                  String(format: "%.1f", elapsed), GroupedNumber.text(Int(rate)), String(seed)))
        return interrupted ? ExitStatus.interrupted : ExitStatus.success
    }
}
