import BattleLogKit

extension SortFieldError {
    /// The problem in the user's language, from the `sortError.<reason>` label templates.
    public func text(_ labels: Labels) -> String {
        let shown = SafeText.escape(text)
        switch reason {
        case .unknownField(let names):
            if let s = suggestion { return labels.fill("sortError.didYouMean", shown, s) }
            return labels.fill("sortError.unknownField", shown, names.joined(separator: ", "))
        case .list: return labels.fill("sortError.list", shown)
        case .badDirection: return labels.fill("sortError.badDirection", shown)
        }
    }
}

extension SearchPatternError {
    /// The regular expression's problem in the user's language (the engine's own words kept).
    public func text(_ labels: Labels) -> String { labels.fill("searchError.regex", SafeText.escape(reason)) }
}
