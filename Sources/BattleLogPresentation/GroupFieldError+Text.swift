import BattleLogKit

extension GroupFieldError {
    /// The problem in the user's language, from the `groupError.<reason>` label templates.
    public func text(_ labels: Labels) -> String {
        let shown = SafeText.escape(text)
        switch reason {
        case .unknownField(let names): return labels.fill("groupError.unknownField", shown, names.joined(separator: ", "))
        case .badDateBucket: return labels.fill("groupError.badDateBucket", shown)
        case .badNumberBucket(let duration): return labels.fill(duration ? "groupError.badDurationBucket" : "groupError.badNumberBucket", shown)
        case .noBuckets: return labels.fill("groupError.noBuckets", shown)
        }
    }
}
