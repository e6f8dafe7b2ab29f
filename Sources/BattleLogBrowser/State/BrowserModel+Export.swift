import BattleLogKit
import BattleLogPresentation
import Foundation

/// `e`: export the current list to a file in the background.
extension BrowserModel {
    /// The list on screen as a query: the filter's matches, or the selected Human's records.
    var currentListQuery: RecordQuery? {
        if let search = filterSearch { return search.query }
        return selectedHuman.map { RecordQuery(ownerID: $0.id, sort: recordList.sort) }
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
        let databasePath = store.path
        // Marked records, when there are: by id, highest (newest written) first.
        let markedIDs = recordList.marked.sorted(by: >)
        return BackgroundExport(to: path, total: total, labels: labels, doneKeys: ("exportedJSON", "exportedCSV")) { format, sink in
            let store = try BattleStore(path: databasePath, readOnly: true, create: false)
            // A CSV starts with a UTF-8 byte-order mark: spreadsheet programs (Excel) read a
            // file without one in the system's code page and garble the Chinese names.
            if format == .csv { try sink.header("\u{FEFF}" + RecordCSV.header(store.schema)) }
            func write(_ r: Record) throws { try sink.row(format == .csv ? RecordCSV.line(r) : RecordJSON.encode(r)) }
            if !markedIDs.isEmpty {
                for start in stride(from: 0, to: markedIDs.count, by: 500) {
                    for r in try store.records(ids: Array(markedIDs[start..<min(markedIDs.count, start + 500)])) { try write(r) }
                }
                return
            }
            // In the order of the list on screen: newest first, or its sort.
            try store.forEachRecord(query, newestFirst: true, write)
        }
    }

    public var isExporting: Bool { export?.isRunning ?? false }
}
