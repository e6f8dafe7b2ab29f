/// Why a stored timeline is refused: a part missing, mistyped, out of order or out of range,
/// or a version this program cannot read (`timeline: action 1 comes before the one above it`).
public struct TimelineError: ValueKindError {
    public let reason: String

    public init(_ reason: String) { self.reason = reason }

    public var description: String { "timeline: \(reason)" }
}
