import BattleLogKit

/// What the record browser's overlays show while open: the statistics and the dice's test, the
/// statistics view's analysis (its tabs, groups, drill-downs), the inspected stored values, head
/// to head (the first Human chosen, then the figures and the fight selected in them), the two
/// records compared, and the overlay help was opened over (to return to when it closes).
public struct OverlayContents {
    public internal(set) var stats: BattleStats?
    /// The dice's chi-square test, read with `stats`.
    public internal(set) var diceUniformity: ChiSquare?
    public internal(set) var inspection: [StoredValueInspection] = []
    var analysis: AnalysisSession?
    var versusFirst: Human?
    public internal(set) var headToHead: HeadToHead?
    var headToHeadIndex = 0
    /// The two records `c` compares.
    public internal(set) var compared: (Record, Record)?
    var underHelp: BrowserModel.Overlay?
}
