import BattleLogKit

/// `battlelog export`: every record to stdout, streaming, as JSON lines or CSV.
enum ExportCommand: Command {
    enum Format: String, CaseIterable { case json, csv }

    static let spec = CommandSpec(
        name: "export", summary: "Write every record to stdout (JSON lines or CSV), streaming.",
        options: [OptionSpec(.format, value: "json|csv", help: "output format (default json)"),
                  OptionSpec(.where, value: "EXPR", help: "only records matching a filter expression")], positionals: [])

    static func run(_ a: ParsedArguments, globals: GlobalOptions, console: Console, environment: [String: String]) throws -> Int32 {
        let format = try a.choice(.format, as: Format.self, spec: spec) ?? .json
        let store = try openExistingStore(globals, console: console)
        let query = RecordQuery(filter: try a.filter(.where, store: store))
        if format == .csv { console.line(RecordCSV.header(store.schema)) }
        try store.forEachRecord(query) { r in
            switch format {
            case .json: console.line(RecordJSON.encode(r))
            case .csv: console.line(RecordCSV.line(r))
            }
            try console.checkOutput()   // a full disk stops the export at once
        }
        return ExitStatus.success
    }
}
