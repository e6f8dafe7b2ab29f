/// One CSV row as RFC 4180 quotes it: a field with a comma, a quote or a line break is quoted.
public enum CSVRow {
    /// With `escapingControls` (the battle log's export), control characters are escaped, so
    /// that every row is one line for any reader; without it (the Core Data browser's export),
    /// every field is kept exactly, a line break inside a quoted field.
    public static func line(_ fields: [String], escapingControls: Bool = true) -> String {
        fields.map { field in
            let text = escapingControls ? SafeText.escape(field) : field
            let quoted = text.unicodeScalars.contains { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }
            return quoted ? "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : text
        }.joined(separator: ",")
    }
}
