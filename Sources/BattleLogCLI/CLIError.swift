import BattleLogKit

/// A failure that is not a usage mistake: exit status 1, one line naming what is wrong.
public struct CommandFailure: Error, CustomStringConvertible {
    public let message: CLIMessage
    public init(_ message: CLIMessage) { self.message = message }
    public var description: String { message.description }
}

/// Exit statuses.
public enum ExitStatus {
    public static let success: Int32 = 0
    public static let failure: Int32 = 1
    public static let usage: Int32 = 2
    public static let interrupted: Int32 = 130
}
