import BattleLogKit
import BattleLogPresentation
import Foundation

/// `battlelog replay ID [--speed X]`: a fight's actions printed as they fall due, for demos and
/// scripts. The actions come in the exact order of the merged timeline; only the waiting
/// between them uses the wall clock (monotonic, scaled by the speed).
enum ReplayCommand: Command {
    static let spec = CommandSpec(
        name: "replay", summary: "Print a fight's actions as they happen, in real time or faster.",
        options: [OptionSpec(.speed, value: "X", help: "how much faster than real time: 1/16 to 1000 (default 1; 1/4, 0.5 and 8 are all speeds)")],
        positionals: ["ID"])

    static func run(_ a: ParsedArguments, globals: GlobalOptions, console: Console, environment: [String: String]) throws -> Int32 {
        let id = try ShowCommand.recordID(a.positionals[0], spec: spec)
        let speed = try Self.speed(a.value(.speed))
        let store = try openExistingStore(globals, console: console)
        let labels = Labels.load(globals.language(environment: environment))
        let r = try store.record(id: id)
        let (fight, other): (FightTimeline, Record)
        switch try store.fight(of: r) {
        case .success(let found): (fight, other) = found
        case .failure(let why): throw CommandFailure(.verbatim(why.text(labels)))
        }
        // The heading, then each action when its time comes: `timelineLines` gives them in the
        // merged order, one line each after the heading.
        let lines = ShowCommand.timelineLines(r, fight: fight, other: other, labels: labels, width: console.columns)
        let actions = fight.actions
        // Each line goes out as it falls due (a pipe gets it then, not at the end), and a closed
        // pipe ends the replay at once.
        console.line(lines[0])
        console.flush()
        try console.checkOutput()
        InterruptFlag.install([SIGINT, SIGTERM])
        defer { InterruptFlag.uninstall() }
        let start = DispatchTime.now().uptimeNanoseconds
        for (action, line) in zip(actions, lines.dropFirst()) {
            // When the action falls due on the wall clock, in nanoseconds after the start.
            let due = UInt64(max(0, action.action.time.seconds / speed * 1e9))
            while true {
                if InterruptFlag.isRaised { console.error(labels["cli.interrupted"]); return ExitStatus.interrupted }
                let now = DispatchTime.now().uptimeNanoseconds - start
                guard now < due else { break }
                // Sleeps until the action is due, waking at least every 100 ms to see a Ctrl-C.
                usleep(UInt32(min(due - now, 100_000_000) / 1000))
            }
            console.line(line)
            console.flush()
            try console.checkOutput()
        }
        return ExitStatus.success
    }

    /// `--speed`: a number or a fraction from 1/16 to 1000, with or without an `x` after it
    /// (`2x`, `1/4x`, as the config file's replay_speed writes it).
    static func speed(_ given: String?) throws(UsageError) -> Double {
        guard let given else { return 1 }
        let text = given.hasSuffix("x") || given.hasSuffix("X") ? String(given.dropLast()) : given
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        let value: Double? = switch parts.count {
        case 1: Double(text)
        case 2: Double(parts[0]).flatMap { n in Double(parts[1]).flatMap { d in d == 0 ? nil : n / d } }
        default: nil
        }
        guard let value, value.isFinite, value >= 1.0 / 16, value <= 1000 else {
            throw UsageError(.key("cli.speed", SafeText.escape(given)), usage: spec.usage)
        }
        return value
    }
}
