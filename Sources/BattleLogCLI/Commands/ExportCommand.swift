import BattleLogKit
import BattleLogPresentation

/// `battlelog export`: every record to stdout, streaming, as JSON lines or CSV; by id, or
/// sorted by a field.
enum ExportCommand: Command {
    enum Format: String, CaseIterable { case json, csv }

    static let spec = CommandSpec(
        name: "export", summary: "Write every record to stdout (JSON lines or CSV), streaming.",
        options: [OptionSpec(.format, value: "json|csv", help: "output format (default json)"),
                  OptionSpec(.where, value: "EXPR", help: "only records matching a filter expression"),
                  OptionSpec(.sort, value: "FIELD[:desc]", help: "in a field's order, as list --sort (default: by id, oldest first)"),
                  OptionSpec(.bom, help: "with --format csv: start with a UTF-8 byte-order mark (Excel needs it to read non-ASCII names)"),
                  OptionSpec(.excelSafe, help: "with --format csv: a ' before a cell a spreadsheet would run as a formula (=, +, -, @)")],
        positionals: [])

    static func run(_ a: ParsedArguments, globals: GlobalOptions, console: Console, environment: [String: String]) throws -> Int32 {
        let format = try a.choice(.format, as: Format.self, spec: spec) ?? .json
        let store = try openExistingStore(globals, console: console)
        let query = RecordQuery(filter: try a.filter(.where, store: store, labels: Labels.load(globals.language(environment: environment))),
                                sort: try a.sort(.sort, store: store, spec: spec))
        if a.has(.bom) && format != .csv { throw UsageError(.key("cli.isForCSV", "--bom"), usage: spec.usage) }
        if a.has(.excelSafe) && format != .csv { throw UsageError(.key("cli.isForCSV", "--excel-safe"), usage: spec.usage) }
        let excelSafe = a.has(.excelSafe)
        // No mark unless asked: programs reading CSV as data take it for part of the first name.
        if format == .csv { console.write((a.has(.bom) ? "\u{FEFF}" : "") + RecordCSV.header(store.schema) + CSVRow.end) }
        try store.forEachRecord(query, newestFirst: query.sort != nil) { r in
            switch format {
            case .json: console.line(RecordJSON.encode(r))
            // Exact for files and programs; on a terminal, control characters escaped.
            case .csv: console.write(RecordCSV.line(r, excelSafe: excelSafe, forTerminal: console.stdoutIsTerminal) + CSVRow.end)
            }
            try console.checkOutput()   // a full disk stops the export at once
        }
        return ExitStatus.success
    }
}
