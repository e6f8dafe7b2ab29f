/// The CSV form of records (`export --format csv`, the browser's `e`), for spreadsheets.
public enum RecordCSV {
    /// The magic's fields as columns: every field of every kind in the catalog, by the short
    /// name the filter language gives it (`collaborator`, `formula`, `gate`, `power`).
    public static let magicColumns: [(kind: String, field: String, column: String)] = MagicCatalog.kinds.flatMap { kind in
        kind.fieldNames.map { field in
            (kind.typeName, field, kind.filterFields.first { $0.name == field }?.aliases.first ?? field)
        }
    }

    /// The header row.
    public static var header: String {
        (["id", "fight", "owner", "owner_kind", "opponent", "opponent_kind", "date", "result", "duration_seconds",
          "random_numbers", "magic_type"] + magicColumns.map(\.column) + ["errors"]).joined(separator: ",")
    }

    /// One CSV row (RFC 4180 quoting), ready for a spreadsheet: the duration in seconds, the dice
    /// space-separated, the magic as its type and one column per field. A damaged value is an
    /// empty cell and the `errors` column says why; control characters are escaped, so every
    /// row is one line.
    public static func line(_ r: Record) -> String {
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
