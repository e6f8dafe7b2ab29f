/// Message templates with numbered places, as the label tables hold them:
/// `unknown field "{0}": expected one of {1}`.
public enum Template {
    /// `template` with each `{n}` replaced by `arguments[n]`, in one pass: an argument that itself
    /// contains `{1}` (a name the user typed) is kept as it is. A place with no argument stays.
    public static func fill(_ template: String, _ arguments: [String]) -> String {
        var out = ""
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{") {
            out += rest[..<open]
            let afterOpen = rest.index(after: open)
            if let close = rest[afterOpen...].firstIndex(of: "}"), let n = Int(rest[afterOpen..<close]),
               arguments.indices.contains(n) {
                out += arguments[n]
                rest = rest[rest.index(after: close)...]
            } else {
                out.append("{")
                rest = rest[afterOpen...]
            }
        }
        return out + rest
    }
}
