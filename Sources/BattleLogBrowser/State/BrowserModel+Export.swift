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

    func promptExport() {
        if isExporting { chrome.status = labels["exporting"] + "…"; return }
        let name = !recordList.marked.isEmpty ? "battlelog-marked" : filterSearch != nil ? "battlelog-filter" : "battlelog-" + (selectedHuman.map { Self.fileSafe($0.name) } ?? "export")
        chrome.prompt = Prompt(kind: .export, text: "", placeholder: name + ".jsonl")
    }

    /// A name usable in a file name: letters, digits, `-` and `_` kept, the rest `-`.
    static func fileSafe(_ name: String) -> String {
        let mapped = String(name.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" ? $0 : "-" })
        return mapped.isEmpty ? "export" : String(mapped.prefix(40))
    }

    func startExport(_ p: Prompt) {
        guard let query = currentListQuery else { chrome.status = labels["noRecords"]; return }
        // A name that cannot be written is said at once, the prompt still open to fix it.
        guard let path = chrome.exportPath(p, labels: labels) else { return }
        let total = recordList.marked.isEmpty ? filterProgress?.count ?? recordList.total : recordList.marked.count
        let databasePath = store.path
        // Marked records, when there are: by id, highest (newest written) first.
        let markedIDs = recordList.marked.sorted(by: >)
        let job = BackgroundExport(to: path, total: total, labels: labels, doneKeys: ("exportedJSON", "exportedCSV")) { format, sink in
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
        export = job
        job.start()
        chrome.status = nil
    }

    public var isExporting: Bool { export?.isRunning ?? false }
}
