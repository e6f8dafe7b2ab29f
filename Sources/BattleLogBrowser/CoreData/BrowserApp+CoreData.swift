import BattleLogFoundation
import CoreDataKit

extension BrowserApp {
    /// Runs the Core Data store browser until the user quits; the terminal is restored as for
    /// the battle log's browser.
    @discardableResult
    public static func run(coreDataStore store: CoreDataStore, options: BrowserOptions) -> Exit {
        run(options) { labels, rows, columns in
            let model = StoreBrowserModel(store: store, labels: labels, storePath: options.databasePath, rows: rows, columns: columns, status: options.notice)
            model.showsKeyBar = options.keyBar
            model.filterHistory = FilterHistory(path: options.historyPath.map { PathParts.folder(of: $0) + "/coredata-filter-history" })
            return model
        }
    }
}
