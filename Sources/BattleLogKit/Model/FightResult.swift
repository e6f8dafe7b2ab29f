/// The outcome of a fight for the owner of a record.
public enum FightResult: String, Sendable, CaseIterable, Codable {
    case win
    case loss
    case draw

    /// The same fight seen from the other side.
    public var opposite: FightResult {
        switch self {
        case .win: .loss
        case .loss: .win
        case .draw: .draw
        }
    }

    /// The stored text in static memory (the writer binds it in place for every record).
    var storedText: UnsafeRawBufferPointer {
        let text: StaticString = switch self {
        case .win: "win"
        case .loss: "loss"
        case .draw: "draw"
        }
        return UnsafeRawBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount)
    }
}
