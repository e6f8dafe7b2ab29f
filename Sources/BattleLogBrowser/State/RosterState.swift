import BattleLogKit

/// The roster pane: every Human, each one's tally of fights, the records without an opponent
/// (each a fight of its own, for the title's fight count), the selected Human and the first
/// one shown.
public struct RosterState {
    public internal(set) var humans: [Human] = []
    public internal(set) var tallies: [Int64: BattleStore.Tally] = [:]
    public internal(set) var oneSidedRecords = 0
    public internal(set) var cursor = ListCursor()
}
