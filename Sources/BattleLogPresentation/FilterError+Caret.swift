import BattleLogKit

extension FilterError {
    /// Two lines: the input (escaped) and a caret under the column, aligned by display width.
    public var caretLines: [String] {
        let safe = SafeText.escape(input)
        let before = SafeText.escape(String(input.prefix(max(0, column - 1))))
        let pad = String(repeating: " ", count: DisplayWidth.of(before))
        return [safe, pad + "^"]
    }

    /// The input for a one-line message between double quotes: whole when it is short, else the
    /// part around the column, with `…` where it was cut, so the line stays readable at any
    /// length. Its `"` and `\` are escaped with a backslash, control characters as `SafeText`.
    public func excerpt(characters: Int = 30) -> String {
        func quoted(_ s: String) -> String {
            SafeText.escape(s.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\""))
        }
        let characterList = Array(input)
        guard characterList.count > 2 * characters else { return quoted(input) }
        let at = min(max(0, column - 1), characterList.count)
        let start = max(0, at - characters), end = min(characterList.count, at + characters)
        return (start > 0 ? "…" : "") + quoted(String(characterList[start..<end])) + (end < characterList.count ? "…" : "")
    }
}
