/// A filter expression that cannot be parsed or compiled: what was expected, and where.
public struct FilterError: Error, Equatable, Sendable, CustomStringConvertible {
    public let message: String
    /// The 1-based column (in characters) where the problem is.
    public let column: Int
    /// The whole expression.
    public let input: String

    public init(_ message: String, column: Int, input: String) {
        self.message = message
        self.column = column
        self.input = input
    }

    /// `message at column N`.
    public var description: String { "\(message) at column \(column)" }

    /// Two lines: the input (escaped) and a caret under the column, aligned by display width.
    public var caretLines: [String] {
        let safe = SafeText.escape(input)
        let before = SafeText.escape(String(input.prefix(max(0, column - 1))))
        let pad = String(repeating: " ", count: DisplayWidth.of(before))
        return [safe, pad + "^"]
    }
}
