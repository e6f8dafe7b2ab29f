import BattleLogKit

extension FilterError {
    /// Two lines: the input (escaped) and a caret under the column, aligned by display width.
    public var caretLines: [String] {
        let safe = SafeText.escape(input)
        let before = SafeText.escape(String(input.prefix(max(0, column - 1))))
        let pad = String(repeating: " ", count: DisplayWidth.of(before))
        return [safe, pad + "^"]
    }

    /// The input (escaped) for a one-line message: whole when it is short, else the part around
    /// the column, with `…` where it was cut, so the line stays readable at any length.
    public func excerpt(characters: Int = 30) -> String {
        let characterList = Array(input)
        guard characterList.count > 2 * characters else { return SafeText.escape(input) }
        let at = min(max(0, column - 1), characterList.count)
        let start = max(0, at - characters), end = min(characterList.count, at + characters)
        return (start > 0 ? "…" : "") + SafeText.escape(String(characterList[start..<end]))
            + (end < characterList.count ? "…" : "")
    }
}
