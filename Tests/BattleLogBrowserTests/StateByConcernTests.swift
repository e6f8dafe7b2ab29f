import Foundation
import Testing
@testable import BattleLogBrowser
import BattleLogPresentation
@testable import CoreDataKit

/// Issue 42: the browsers' state is split by concern, none holding more than 25 stored
/// properties (counted at run time, as Swift stores them); the state both browsers keep alike
/// is one `BrowserChrome`.
@Suite struct StateByConcernTests {
    static let most = 25

    static func stored(_ value: Any) -> [String] { Mirror(reflecting: value).children.compactMap(\.label) }

    @Test func eachConcernHoldsAtMost25StoredProperties() throws {
        let s = try SimulatedStore(fights: 20, heroes: 2, villains: 2)
        let (m, _) = try makeBrowser(s, rows: 24, columns: 80)
        let store = try CoreDataStore(path: CoreDataBrowserTests.fixtures + "/SampleModel_V1.sqlite")
        let cd = StoreBrowserModel(store: store, labels: .load("en"), storePath: "s", rows: 24, columns: 80)
        let parts: [(String, Any)] = [
            ("BrowserModel", m), ("StoreBrowserModel", cd), ("BrowserChrome", m.chrome), ("RosterState", m.roster),
            ("RecordListState", m.recordList), ("OverlayContents", m.overlays), ("LiveRefreshState", m.liveRefresh),
            ("ViewsState", m.views), ("BrowserReaders", m.readers), ("SearchState", m.chrome.search),
        ]
        for (name, value) in parts {
            let names = Self.stored(value)
            #expect(!names.isEmpty && names.count <= Self.most, "\(name) holds \(names.count): \(names)")
        }
        // Both browsers hold the chrome, and neither keeps a copy of its parts beside it.
        let chrome = Set(Self.stored(m.chrome))
        for (name, value) in [("BrowserModel", m as Any), ("StoreBrowserModel", cd)] {
            let own = Set(Self.stored(value))
            #expect(own.contains("chrome") && own.isDisjoint(with: chrome), "\(name): \(own.intersection(chrome))")
        }
    }
}
