/// What `/` looks for: text, found as the filter language's `~` finds it (case, accents and
/// marks folded), or a regular expression (Swift's syntax, case-insensitive), toggled in the
/// prompt. Not `Sendable` (a compiled `Regex` is not): a background search compiles its own
/// from `text` and `isRegex`.
public struct SearchPattern {
    public let text: String
    public let isRegex: Bool
    private let search: TextSearch
    private let regex: Regex<AnyRegexOutput>?

    /// The pattern `text` names; a regular expression that does not compile throws.
    public init(_ text: String, regex: Bool) throws(SearchPatternError) {
        self.text = text
        self.isRegex = regex
        search = TextSearch(regex ? "" : text)
        if regex {
            do { self.regex = try Regex(text).ignoresCase() }
            catch {
                // Swift's message, on one line.
                let why = String(describing: error).split(whereSeparator: \.isNewline).first.map(String.init) ?? "invalid"
                throw SearchPatternError(text: text, reason: why)
            }
        } else {
            self.regex = nil
        }
    }

    /// Whether `haystack` holds a match.
    public func matches(_ haystack: String) -> Bool {
        guard let regex else { return search.matches(haystack) }
        return (try? regex.firstMatch(in: haystack)) != nil
    }

    /// The characters of `haystack` the first match covers (nil: none, or an empty match).
    public func range(in haystack: String) -> Range<String.Index>? {
        guard let regex else { return search.range(in: haystack) }
        guard let match = try? regex.firstMatch(in: haystack), !match.range.isEmpty else { return nil }
        return match.range
    }
}

/// A regular expression that does not compile.
public struct SearchPatternError: Error, Equatable, Sendable, CustomStringConvertible {
    public let text: String
    public let reason: String
    public var description: String { "not a regular expression: \(SafeText.escape(reason))" }
}
