import BattleLogKit

extension FilterError {
    /// The problem in the user's language, from the `filterError.<key>` label template.
    public func text(_ labels: Labels) -> String {
        let arguments = arguments.map { $0 == FilterError.theEnd ? labels["filterEnd"] : $0 }
        let message = Template.fill(labels["filterError." + key], arguments)
        // In brackets, so that the column is not read as the last word's (`… formula at column 1`).
        let at = Template.fill(labels["atColumn"], [String(column)])
        return message + (at.hasPrefix("（") ? at : " " + at)
    }
}
