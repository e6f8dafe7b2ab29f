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
}
