/// One CSV row as RFC 4180 quotes it, every field on one line: control characters are escaped
/// (a newline inside a value would split the row for many readers), and a field with a comma or
/// a quote is quoted.
public enum CSVRow {
    public static func line(_ fields: [String]) -> String {
        fields.map { field in
            let safe = SafeText.escape(field)
            return safe.contains(where: { $0 == "," || $0 == "\"" }) ? "\"" + safe.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : safe
        }.joined(separator: ",")
    }
}
