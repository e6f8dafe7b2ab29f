import BattleLogKit
/// `battlelog completions bash|zsh|fish`: the completion script of a shell, generated from the
/// command table.
enum CompletionsCommand: Command {
    enum Shell: String, CaseIterable { case bash, zsh, fish }

    static let spec = CommandSpec(
        name: "completions", summary: "Write the shell completion script for bash, zsh or fish.",
        options: [], positionals: ["bash|zsh|fish"])

    static func run(_ a: ParsedArguments, globals: GlobalOptions, console: Console, environment: [String: String]) throws -> Int32 {
        guard let shell = Shell(rawValue: a.positionals[0]) else {
            throw UsageError(.key("cli.completionsShell", SafeText.escape(a.positionals[0])), usage: spec.usage)
        }
        let script = switch shell {
        case .bash: Completions.bash
        case .zsh: Completions.zsh
        case .fish: Completions.fish
        }
        for line in script.split(separator: "\n", omittingEmptySubsequences: false).dropLast() { console.line(String(line)) }
        return ExitStatus.success
    }
}
