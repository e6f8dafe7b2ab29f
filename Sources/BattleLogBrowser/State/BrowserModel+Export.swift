import BattleLogKit
import BattleLogPresentation
import Foundation

/// `e`: export the current list to a file in the background.
extension BrowserModel {
    /// The list on screen as a query: the filter's matches, or the selected Human's records.
    var currentListQuery: RecordQuery? {
        if let search = filterSearch { return search.query }
        return selectedHuman.map { RecordQuery(ownerID: $0.id, sort: recordList.level.sort) }
    }

    /// The file name `e` offers: the marked records', the filter's, or the Human's.
    var exportName: String {
        !recordList.marked.isEmpty ? "battlelog-marked" : filterSearch != nil ? "battlelog-filter" : "battlelog-" + (selectedHuman.map { Self.fileSafe($0.name) } ?? "export")
    }

    /// A name usable in a file name: letters, digits, `-` and `_` kept, the rest `-`.
    static func fileSafe(_ name: String) -> String {
        let mapped = String(name.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" ? $0 : "-" })
        return mapped.isEmpty ? "export" : String(mapped.prefix(40))
    }

    /// The export of the list on screen (its marked records when there are) to `path`.
    func exportJob(to path: String) -> BackgroundExport? {
        guard let query = currentListQuery else { chrome.status = labels["noRecords"]; return nil }
        let total = recordList.marked.isEmpty ? filterProgress?.count ?? recordList.total : recordList.marked.count
        return source.export(recordList.marked.isEmpty ? query : markedQuery, total: total, to: path)
    }

    public var isExporting: Bool { export?.isRunning ?? false }
}
