import BattleLogFoundation
import BattleLogPresentation

/// A message of the command line, shown in the user's language: it is made where the mistake is
/// found, often before `--lang` is read, and put in words where it is shown.
public struct CLIMessage: Sendable, CustomStringConvertible {
    private let words: @Sendable (Labels) -> String

    /// The label `key` (`Resources/labels`, `cli.*`) filled with `values`.
    public static func key(_ key: String, _ values: String...) -> CLIMessage {
        CLIMessage { Template.fill($0[key], values) }
    }

    /// Words made from the labels by another typed error (`error.text(labels)`).
    public static func localized(_ words: @escaping @Sendable (Labels) -> String) -> CLIMessage {
        CLIMessage(words: words)
    }

    /// A text that is the same in every language (already in the user's language, or a
    /// system's message).
    public static func verbatim(_ text: String) -> CLIMessage { CLIMessage { _ in text } }

    /// The message in `labels`' language.
    public func text(_ labels: Labels) -> String { words(labels) }

    /// The message in English.
    public var description: String { words(.load("en")) }
}

/// A usage mistake: the message names what is wrong. Exit status 2.
public struct UsageError: Error, CustomStringConvertible {
    public let message: CLIMessage
    /// The usage line whose `--help` the message points to.
    public let usage: String?
    public init(_ message: CLIMessage, usage: String? = nil) {
        self.message = message
        self.usage = usage
    }
    public var description: String { message.description }
}
