import BattleLogKit
import BattleLogPresentation

/// `battlelog names [--kind hero|villain]`: the Humans' names, one a line (escaped), for shell
/// completion and scripts.
enum NamesCommand: Command {
    static let spec = CommandSpec(
        name: "names", summary: "The Humans' names, one a line (for completion and scripts).",
        options: [OptionSpec(.kind, value: "hero|villain", help: "only Heroes or only Villains")], positionals: [])

    static func run(_ a: ParsedArguments, globals: GlobalOptions, console: Console, environment: [String: String]) throws -> Int32 {
        let kind = try a.choice(.kind, as: HumanKind.self, spec: spec)
        let store = try openExistingStore(globals, console: console)
        for h in store.humans where kind == nil || h.kind == kind {
            // A name is one line: a control character is shown escaped, never a line break.
            console.line(SafeText.escape(h.name))
        }
        return ExitStatus.success
    }
}
