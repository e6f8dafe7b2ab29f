import BattleLogKit

/// The record browser as the engine's three panes (`ListPanesHost`): the Humans on the left, the
/// records' list in the middle, the selected record's detail on the right (drawn from the record,
/// so its pane moves and searches the list). Moving counts a record's place as it goes.
extension BrowserModel: ListPanesHost {
    var lists: StackedLists<RecordSource> {
        get { recordList.lists }
        set { recordList.lists = newValue }
        // In place: a copy of the loaded records on every key would cost the key.
        _modify { yield &recordList.lists }
    }

    var rosterCursor: ListCursor { roster.cursor }
    var rosterTexts: [String] { roster.humans.map(\.name) }
    func selectRosterRow(_ index: Int) throws { try selectHuman(at: index) }

    /// A record's opponent and values, and its owner's name where the list shows it.
    func searchTexts(_ row: Record) -> [String] { Self.searchTexts(row, includingOwner: listsOwners) }

    func moveList(by delta: Int) throws { try moveSelection(to: recordList.selected + delta) }
    func reloadList(_ start: WindowStart) throws { try loadRecords(start) }
}
