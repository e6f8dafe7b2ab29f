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

    /// One CSV record (RFC 4180, without its CRLF), every text exactly as stored. A damaged
    /// value is empty cells and the `errors` column says why. `excelSafe`: `CSVRow.line`.
    public static func line(_ r: Record, excelSafe: Bool = false, forTerminal: Bool = false) -> String {
        // A Human the record cannot name is two empty cells, as any damaged value.
        func human(_ h: Human?) -> [String] { h.map { $0.isUnknown ? ["", ""] : [$0.name, $0.kind?.rawValue ?? ""] } ?? ["", ""] }
        var fields = [String(r.id), r.fight.map { String($0) } ?? ""] + human(r.owner) + human(r.opponent) + [
                      r.date == nil ? "" : r.isoDate, r.result?.rawValue ?? ""]
        for (i, attribute) in r.schema.attributes.enumerated() {
            let transformer = r.schema.transformer(at: i)
            switch r.transformables[i].decoded {
            case .success(let value): fields += transformer.csvCells(value)
            case .failure: fields += Array(repeating: "", count: transformer.csvHeaders(column: attribute.column).count)
            }
        }
        fields.append(r.errors.map { "\($0.attribute): \($0.reason)" }.joined(separator: "; "))
        return CSVRow.line(fields, excelSafe: excelSafe, forTerminal: forTerminal)
    }
}
