import Foundation
@testable import BattleLogKit

/// A fresh temporary folder, removed when the value is deinitialised.
final class TemporaryFolder {
    let path: String
    init() {
        path = NSTemporaryDirectory() + "battlelog-test-" + UUID().uuidString
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }
    deinit { try? FileManager.default.removeItem(atPath: path) }
    func file(_ name: String) -> String { path + "/" + name }
}

/// The bytes of a file, to prove it was left untouched.
func fileBytes(_ path: String) -> Data? { FileManager.default.contents(atPath: path) }

/// A store with two Humans and `fights` fights between them, one second apart.
func makeStore(_ folder: TemporaryFolder, fights: Int, name: String = "t.sqlite") throws -> (BattleStore, Human, Human) {
    let store = try BattleStore(path: folder.file(name))
    let humans = try store.insertHumans([Human(name: "Aria", kind: .hero), Human(name: "Malgor", kind: .villain)])
    let hero = humans[0], villain = humans[1]
    var drafts: [RecordDraft] = []
    for f in 0..<fights {
        let result: FightResult = [.win, .loss, .draw][f % 3]
        let date = Int64(1_700_000_000 + f)
        drafts.append(RecordDraft(fight: Int64(f + 1), ownerID: hero.id, opponentID: villain.id, date: date, result: result,
                                  duration: MediaTime(value: Int64(f), timescale: 600), randomNumbers: [f % 100 + 1],
                                  usingMagic: .hero(cooperationFormulaName: "F\(f)", collaboratorName: "C")))
        drafts.append(RecordDraft(fight: Int64(f + 1), ownerID: villain.id, opponentID: hero.id, date: date, result: result.opposite,
                                  duration: MediaTime(value: Int64(f), timescale: 600), randomNumbers: [f % 100 + 1],
                                  usingMagic: .villain(powerOfEvilGate: f % 10 + 1, gateName: "G")))
    }
    try store.insert(drafts)
    return (store, hero, villain)
}
