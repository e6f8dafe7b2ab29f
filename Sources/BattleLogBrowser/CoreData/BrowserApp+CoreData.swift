import BattleLogFoundation
import BattleLogPresentation
import CoreDataKit

extension BrowserApp {
    /// Runs the Core Data store browser until the user quits; the terminal is restored as for
    /// the battle log's browser.
    @discardableResult
    public static func run(coreDataStore store: CoreDataStore, options: BrowserOptions) -> Exit {
        let labels = Labels.load(options.language)
        let screen = CursesScreen(theme: options.color ? options.theme : .mono, mouse: options.mouse)
        defer { screen.shutdown() }
        let model = StoreBrowserModel(store: store, labels: labels, storePath: options.databasePath,
                                      rows: screen.rows, columns: screen.columns, status: options.notice)
        model.chrome.take(options)
        model.showsKeyBar = options.keyBar
        model.filterHistory = FilterHistory(path: options.historyPath.map { PathParts.folder(of: $0) + "/coredata-filter-history" })
        return run(model, on: screen, clipboard: options.clipboardCommand)
    }
}
