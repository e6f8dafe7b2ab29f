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
        if format == .csv { console.line(csvHeader) }
        try store.forEachRecord(query) { r in
            switch format {
            case .json: console.line(RecordJSON.encode(r))
            case .csv: console.line(csvLine(r))
            }
            try console.checkOutput()   // a full disk stops the export at once
        }
        return ExitStatus.success
    }

    /// The magic's fields as columns: every field of every kind in the catalog, by the short
    /// name the filter language gives it (`collaborator`, `formula`, `gate`, `power`).
    static let magicColumns: [(kind: String, field: String, column: String)] = MagicCatalog.kinds.flatMap { kind in
        kind.fieldNames.map { field in
            (kind.typeName, field, kind.filterFields.first { $0.name == field }?.aliases.first ?? field)
        }
    }

    static var csvHeader: String {
        (["id", "fight", "owner", "owner_kind", "opponent", "opponent_kind", "date", "result", "duration_seconds",
          "random_numbers", "magic_type"] + magicColumns.map(\.column) + ["errors"]).joined(separator: ",")
    }

    /// One CSV row (RFC 4180 quoting), ready for a spreadsheet: the duration in seconds, the dice
    /// space-separated, the magic as its type and one column per field. A damaged value is an
    /// empty cell and the `errors` column says why; control characters are escaped, so every
    /// row is one line.
    static func csvLine(_ r: Record) -> String {
        let magic = r.usingMagic.value ?? nil
        let stored = magic.map { Dictionary($0.value.storedFields.map { ($0.key, $0.value) }, uniquingKeysWith: { a, _ in a }) } ?? [:]
        let magicCells = magicColumns.map { c -> String in
            guard magic?.typeName == c.kind, let v = stored[c.field] else { return "" }
            switch v {
            case .string(let s): return s
            case .integer(let i): return String(i)
            default: return v.jsonText
            }
        }
        let seconds = r.duration.value.map { String(format: "%.6f", $0.seconds) } ?? ""
        var fields = [String(r.id), r.fightText, r.owner.name, r.owner.kindText, r.opponent?.name ?? "", r.opponent?.kindText ?? "",
                      r.date == nil ? "" : r.isoDate, r.result?.rawValue ?? "", seconds,
                      r.randomNumbers.value.map { $0.map(String.init).joined(separator: " ") } ?? "",
                      r.usingMagic.value.map { $0?.typeName ?? "none" } ?? ""]
        fields += magicCells
        fields.append(r.errors.map { "\($0.attribute): \($0.reason)" }.joined(separator: "; "))
        return fields.map { field in
            let safe = SafeText.escape(field)
            return safe.contains(where: { $0 == "," || $0 == "\"" }) ? "\"" + safe.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : safe
        }.joined(separator: ",")
    }
}
