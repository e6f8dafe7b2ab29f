/// One CSV record as RFC 4180 writes it: every field exactly as it is (control characters and
/// line breaks too: escaping is for terminals, not for data), a field with a comma, a quote, a
/// CR or an LF quoted with its quotes doubled. The caller ends each record with CRLF
/// (`CSVRow.end`).
public enum CSVRow {
    /// RFC 4180's record end.
    public static let end = "\r\n"

    /// With `excelSafe`, a field that a spreadsheet would take for a formula (it begins with
    /// `=`, `+`, `-`, `@`, a tab or a CR, as OWASP's CSV-injection advice lists) gets a `'` in
    /// front, unless it is a plain number (`-5`). Not the default: it changes the data, and a
    /// program reading CSV as data would keep the `'`.
    ///
    /// `forTerminal`: the record goes to a terminal, which must never be driven by stored text:
    /// control characters are shown escaped there (`SafeText`), as everywhere on a terminal.
    public static func line(_ fields: [String], excelSafe: Bool = false, forTerminal: Bool = false) -> String {
        fields.map { field in
            var text = excelSafe && looksLikeAFormula(field) ? "'" + field : field
            if forTerminal { text = SafeText.escape(text) }
            let quoted = text.unicodeScalars.contains { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }
            return quoted ? "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : text
        }.joined(separator: ",")
    }

    static func looksLikeAFormula(_ field: String) -> Bool {
        guard let first = field.unicodeScalars.first, ["=", "+", "-", "@", "\t", "\r"].contains(first) else { return false }
        return Double(field) == nil
    }
}
