/// The record browser's background readers, each a thread and a connection of its own on the
/// database at `path`: made on first use (none starts until something needs it) and shut down
/// together. A reader's `…Storage` is nil until it was made (a search not yet asked cannot be
/// cancelled); a test sets its own there (one whose connection cannot open).
final class BrowserReaders {
    let path: String

    init(path: String) { self.path = path }

    /// Filter scans and the sorted lists' ids.
    var scanner: FilterScanner { Self.made(&scannerStorage) { FilterScanner(path: path) } }
    var scannerStorage: FilterScanner?
    /// Human pages.
    var profiles: HumanProfileLoader { Self.made(&profilesStorage) { HumanProfileLoader(path: path) } }
    var profilesStorage: HumanProfileLoader?
    /// The search of a Human's records.
    var searchWorker: RecordSearch.Worker { Self.made(&searchWorkerStorage) { RecordSearch.worker(path: path) } }
    var searchWorkerStorage: RecordSearch.Worker?
    /// The count of a selection's position in a long list.
    var positionCounter: PositionCounter.Worker { Self.made(&positionCounterStorage) { PositionCounter.worker(path: path) } }
    var positionCounterStorage: PositionCounter.Worker?
    /// The exact count of a filter's matches.
    var matchCounter: MatchCounter.Worker { Self.made(&matchCounterStorage) { MatchCounter.worker(path: path) } }
    var matchCounterStorage: MatchCounter.Worker?
    /// The pages past the loaded records.
    var pagePrefetcher: PagePrefetcher.Worker { Self.made(&pagePrefetcherStorage) { PagePrefetcher.worker(path: path) } }
    var pagePrefetcherStorage: PagePrefetcher.Worker?
    /// The statistics view's groups.
    var analysisCounter: AnalysisCounter { Self.made(&analysisCounterStorage) { AnalysisCounter(path: path) } }
    var analysisCounterStorage: AnalysisCounter?

    /// The value in `storage`, made by `make` on first use.
    private static func made<T>(_ storage: inout T?, _ make: () -> T) -> T {
        if let value = storage { return value }
        let value = make()
        storage = value
        return value
    }

    /// The readers made so far.
    private var started: [any BackgroundReader] {
        let all: [(any BackgroundReader)?] = [scannerStorage, profilesStorage, searchWorkerStorage, analysisCounterStorage,
                                              positionCounterStorage, pagePrefetcherStorage, matchCounterStorage]
        return all.compactMap { $0 }
    }

    /// Stops every reader made, waiting at most `timeout` seconds for each.
    func shutDown(timeout: Double) {
        for reader in started { reader.shutDown(timeout: timeout) }
    }
}
