import BattleLogBrowser
import BattleLogKit
import BattleLogPresentation

/// `battlelog keys [--markdown]`: the browsers' keys in effect (the key table with the config
/// file's `[keys]`), as the help shows them, or as the README's Markdown tables.
enum KeysCommand: Command {
    static let spec = CommandSpec(
        name: "keys", summary: "The browsers' keys in effect (the key table with the config file's [keys]).",
        options: [OptionSpec(.markdown, help: "as Markdown tables (for documentation)")], positionals: [])

    static func run(_ a: ParsedArguments, globals: GlobalOptions, console: Console, environment: [String: String]) throws -> Int32 {
        let bindings = globals.settings.keyMap.bindings
        if a.has(.markdown) {
            console.line(KeyTable.markdown(bindings))
            console.line("")
            console.line("In the Core Data browser (`coredata browse STORE`):")
            console.line("")
            console.line(KeyTable.coreDataMarkdown(bindings))
            return ExitStatus.success
        }
        let labels = Labels.load(globals.language(environment: environment))
        let headings: [(KeyContext, String)] = [(.browser, "keys.browser"), (.analysis, "keys.analysis"), (.replay, "keys.replay"), (.coreData, "keys.coreData")]
        for (i, (context, heading)) in headings.enumerated() {
            if i > 0 { console.line("") }
            console.line(labels[heading])
            let rows = bindings.filter { $0.context == context }
            let width = rows.map { DisplayWidth.of($0.keys.map(\.label).joined(separator: " ")) }.max() ?? 0
            for b in rows {
                console.line("  " + DisplayWidth.pad(b.keys.map(\.label).joined(separator: " "), to: width) + "  " + labels[b.labelKey] + "  (" + b.action.rawValue + ")")
            }
        }
        return ExitStatus.success
    }
}
