import BattleLogKit

extension FilterError {
    /// Two lines: the input (escaped) and a caret under the column, aligned by display width.
    public var caretLines: [String] {
        let safe = SafeText.escape(input)
        let before = SafeText.escape(String(input.prefix(max(0, column - 1))))
        let pad = String(repeating: " ", count: DisplayWidth.of(before))
        return [safe, pad + "^"]
    }
}
