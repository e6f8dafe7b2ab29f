/// The CSV form of records (`export --format csv`, the browser's `e`), for spreadsheets.
public enum RecordCSV {
    /// The header row: the plain columns, each transformable attribute's columns as its
    /// transformer names them (the duration in seconds, the dice, the magic's type and fields),
    /// then the errors.
    public static func header(_ schema: RecordSchema) -> String {
        var columns = ["id", "fight", "owner", "owner_kind", "opponent", "opponent_kind", "date", "result"]
        for (i, attribute) in schema.attributes.enumerated() {
            columns += schema.transformer(at: i).csvHeaders(column: attribute.column)
        }
        return (columns + ["errors"]).joined(separator: ",")
    }

    /// One CSV row (RFC 4180 quoting), ready for a spreadsheet. A damaged value is empty cells
    /// and the `errors` column says why; control characters are escaped, so every row is one line.
    public static func line(_ r: Record) -> String {
        var fields = [String(r.id), r.fightText, r.owner.name, r.owner.kindText, r.opponent?.name ?? "", r.opponent?.kindText ?? "",
                      r.date == nil ? "" : r.isoDate, r.result?.rawValue ?? ""]
        for (i, attribute) in r.schema.attributes.enumerated() {
            let transformer = r.schema.transformer(at: i)
            switch r.transformables[i].decoded {
            case .success(let value): fields += transformer.csvCells(value)
            case .failure: fields += Array(repeating: "", count: transformer.csvHeaders(column: attribute.column).count)
            }
        }
        fields.append(r.errors.map { "\($0.attribute): \($0.reason)" }.joined(separator: "; "))
        return CSVRow.line(fields)
    }
}
