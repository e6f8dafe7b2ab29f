import Foundation
import SQLiteDB
@testable import BattleLogKit
@testable import CoreDataKit

/// The real stores in Fixtures/ (see SOURCES.md there).
enum Fixture {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures").path
    static let all = ["SampleModel_V1.sqlite", "SampleModel2_V2.sqlite", "Accounts3.sqlite", "kik.sqlite"]
    static func path(_ name: String) -> String { folder + "/" + name }
}

/// A fresh temporary folder, removed when the value is deinitialised.
final class TemporaryFolder {
    let path: String
    init() {
        path = NSTemporaryDirectory() + "battlelog-coredata-test-" + UUID().uuidString
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }
    deinit { try? FileManager.default.removeItem(atPath: path) }
    func file(_ name: String) -> String { path + "/" + name }
}

/// Every file of a folder with its bytes: to prove a command wrote nothing, nor beside the store.
func folderSnapshot(_ folder: String) -> [String: Data] {
    var result: [String: Data] = [:]
    for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] {
        result[name] = FileManager.default.contents(atPath: folder + "/" + name)
    }
    return result
}

/// Every object `dump` gives, as parsed JSON (parsed by Foundation, not by us).
func dumpAll(_ store: CoreDataStore, entity: Entity? = nil) throws -> [[String: Any]] {
    var out: [[String: Any]] = []
    try store.forEachObject(entity: entity) { object in
        let parsed = try JSONSerialization.jsonObject(with: Data(object.json().utf8))
        out.append(parsed as! [String: Any])
        return true
    }
    return out
}

