import BattleLogKit

/// `battlelog export`: every record to stdout, streaming, as JSON lines or CSV.
enum ExportCommand: Command {
    enum Format: String, CaseIterable { case json, csv }

    static let spec = CommandSpec(
        name: "export", summary: "Write every record to stdout (JSON lines or CSV), streaming.",
        options: [OptionSpec("format", value: "json|csv", help: "output format (default json)"),
                  OptionSpec("where", value: "EXPR", help: "only records matching a filter expression")], positionals: [])

    static func run(_ a: ParsedArguments, globals: GlobalOptions, console: Console, environment: [String: String]) throws -> Int32 {
        let format = try a.choice("format", as: Format.self, spec: spec) ?? .json
        let store = try openExistingStore(globals)
        let query = RecordQuery(filter: try a.filter("where", roster: store.humans))
        if format == .csv {
            console.line("id,fight,owner,owner_kind,opponent,opponent_kind,date,result,duration,random_numbers,magic,errors")
        }
        try store.forEachRecord(query) { r in
            switch format {
            case .json: console.line(RecordJSON.encode(r))
            case .csv: console.line(csvLine(r))
            }
            try console.checkOutput()   // a full disk stops the export at once
        }
        return ExitStatus.success
    }

    /// One CSV row (RFC 4180 quoting). Transformable values are their stored JSON text; control
    /// characters inside names are escaped, so every row is one line.
    static func csvLine(_ r: Record) -> String {
        let fields = [String(r.id), r.fightText, r.owner.name, r.owner.kindText, r.opponent.name, r.opponent.kindText,
                      r.isoDate, r.result?.rawValue ?? "", r.duration.storedText ?? "", r.randomNumbers.storedText ?? "",
                      r.usingMagic.storedText ?? "", r.errors.map { "\($0.attribute): \($0.reason)" }.joined(separator: "; ")]
        return fields.map { field in
            let safe = SafeText.escape(field)
            return safe.contains(where: { $0 == "," || $0 == "\"" }) ? "\"" + safe.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : safe
        }.joined(separator: ",")
    }
}
