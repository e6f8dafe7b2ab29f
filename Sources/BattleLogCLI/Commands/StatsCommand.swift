import BattleLogKit
import BattleLogPresentation
import Foundation

/// `battlelog stats`: per Human results and win rate, totals, magic usage, dice distribution.
enum StatsCommand: Command {
    static let spec = CommandSpec(
        name: "stats", summary: "Wins, losses, draws and win rate per Human; magic usage; dice.",
        options: [OptionSpec(.json, help: "one JSON object")], positionals: [])

    static func run(_ a: ParsedArguments, globals: GlobalOptions, console: Console, environment: [String: String]) throws -> Int32 {
        let store = try openExistingStore(globals, console: console)
        let stats = try BattleStats.fromSummaries(store)
        if a.has(.json) {
            console.line(json(stats))
            return ExitStatus.success
        }
        let labels = Labels.load(globals.language(environment: environment))
        let nameWidth = min(30, max(5, stats.humans.map { DisplayWidth.of(SafeText.escape($0.human.name)) }.max() ?? 5))
        func right(_ key: String, _ width: Int) -> String { DisplayWidth.pad(labels[key], to: width, alignRight: true) }
        console.line(DisplayWidth.pad(labels["col.human"], to: nameWidth) + "  " + DisplayWidth.pad(labels["col.kind"], to: 7)
                     + right("col.wins", 6) + "  " + right("col.losses", 6) + "  " + right("col.draws", 6) + "  " + right("col.winRate", 8))
        for line in stats.humans {
            let t = line.tally
            console.line(DisplayWidth.pad(SafeText.escape(line.human.name), to: nameWidth) + "  "
                         + DisplayWidth.pad(labels.kind(line.human.kind), to: 7)
                         + String(format: "%6d  %6d  %6d  %7.1f%%", t.wins, t.losses, t.draws, t.winRate * 100))
        }
        console.line("")
        console.line(labels.fill("statsTotals", String(stats.records), String(stats.fights)))
        for (type, title) in [("hero", labels["statsFormulas"]), ("villain", labels["statsGates"])] {
            console.line("")
            console.line(title)
            for u in stats.usage(ofType: type) {
                console.line("  " + DisplayWidth.pad(SafeText.escape(u.name), to: 24) + String(format: "%8d", u.uses))
            }
        }
        console.line("")
        console.line(labels["statsDice"])
        for decade in 0..<10 {
            let lo = decade * 10 + 1, hi = decade * 10 + 10
            let n = (lo...hi).map { stats.dice[$0] ?? 0 }.saturatingSum()
            console.line(String(format: "  %3d-%-3d %10d", lo, hi, n))
        }
        return ExitStatus.success
    }

    static func json(_ s: BattleStats) -> String {
        var w = JSONWriter(terminalSafe: true)
        w.beginObject()
        w.key("records", first: true); w.writeInteger(s.records)
        w.key("fights"); w.writeInteger(s.fights)
        w.key("humans"); w.beginArray()
        for (i, h) in s.humans.enumerated() {
            if i > 0 { w.comma() }
            w.beginObject()
            w.key("name", first: true); w.writeString(h.human.name)
            w.key("kind"); w.writeString(h.human.kindText)
            w.key("wins"); w.writeInteger(h.tally.wins)
            w.key("losses"); w.writeInteger(h.tally.losses)
            w.key("draws"); w.writeInteger(h.tally.draws)
            w.key("winRate"); w.writeRaw(String(format: "%.4f", h.tally.winRate))
            w.endObject()
        }
        w.endArray()
        w.key("magic"); w.beginArray()
        for (i, u) in s.magicUsage.enumerated() {
            if i > 0 { w.comma() }
            w.beginObject()
            w.key("type", first: true); w.writeString(u.type)
            w.key("name"); w.writeString(u.name)
            w.key("uses"); w.writeInteger(u.uses)
            w.endObject()
        }
        w.endArray()
        w.key("dice"); w.beginObject()
        for (i, roll) in s.dice.keys.sorted().enumerated() {
            w.key(String(roll), first: i == 0); w.writeInteger(s.dice[roll]!)
        }
        w.endObject()
        w.endObject()
        return w.text
    }
}
