import BattleLogKit
import Foundation

/// Filter mode: every record matching an expression, found on a background connection.
extension BrowserModel {
    /// Leaves filter mode (choosing a Human shows that Human's records again).
    func clearFilter() {
        filterSearch?.cancel()
        filterSearch = nil
        refreshPending = false
    }

    /// Starts filtering every record by `text`, or clears the filter when it is empty.
    func applyFilter(_ text: String) throws {
        filterSearch?.cancel()
        filterSearch = nil
        refreshPending = false
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.isEmpty {
            try selectHuman(at: rosterIndex)
            return
        }
        filterSearch = try startSearch(trimmed)
        reselectID = nil
        window = []
        windowStart = 0
        total = 0
        selected = 0
        recordsScroll = 0
        focus = .records
    }

    func startSearch(_ text: String) throws -> FilterSearch {
        let search = FilterSearch(text: text, filter: try FilterCompiler.compile(text, roster: roster))
        scanner.submit(search)
        return search
    }
}
