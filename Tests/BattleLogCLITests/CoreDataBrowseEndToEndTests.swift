import AppStoreWriter
import Foundation
import SQLiteDB
import Testing
import BattleLogKit

/// `battlelog coredata browse` and `battlelog --db STORE` in tmux, as a person uses them on an
/// app's store: open, follow `owner` from a Record to its Hero and back, filter, export, quit.
@Suite(.serialized) struct CoreDataBrowseEndToEndTests {
    static func appStore(_ dir: TempDir) throws -> String {
        var b = AppStoreBuilder()
        b.humans = [.init(name: "Aria", kind: "hero"), .init(name: "Malgor", kind: "villain"), .init(name: "小龙", kind: "hero")]
        b.records = (0..<120).map { i in
            AppStoreBuilder.Record(owner: i % 3, date: 700_000_000 + Double(i) * 3_600, result: .text(["win", "loss", "draw"][i % 3]))
        }
        let path = dir.file("app.sqlite")
        try b.write(to: path)
        return path
    }

    @Test func openFollowOwnerAndBackFilterExportQuit() throws {
        let binary = try requireBinary()
        let dir = TempDir()
        let store = try Self.appStore(dir)
        let before = FileManager.default.contents(atPath: store)
        let command = "cd '\(dir.path)' && env LANG=C.UTF-8 TERM=xterm-256color '\(binary)' coredata browse '\(store)'; echo EXITED $?; sleep 60"
        let t = try TmuxSession(command: command, columns: 100, rows: 30)
        try t.waitFor("the entity tree with its counts") { $0.contains("Entities") && $0.contains("Record") && $0.contains("120") }
        // To the records: down the tree to Record, Enter, Enter on the first record's detail.
        try t.send("G")
        try t.waitFor("Record's objects") { $0.contains("Objects — Record") }
        try t.send("Enter")
        try t.send("Enter")
        try t.waitFor("the record's detail") { $0.contains("Detail — Record 1") && $0.contains("owner") }
        // Down to owner, Enter follows it; the breadcrumb shows the path.
        for _ in 0..<12 { try t.send("Down") }
        try t.send("Enter")
        try t.waitFor("the owner opened") { $0.contains("Record 1 › owner › Hero 1") && $0.contains("Detail — Hero 1") && $0.contains("Aria") }
        try t.send("BSpace")
        try t.waitFor("back at the record") { $0.contains("Detail — Record 1") && !$0.contains("› owner ›") }
        // Filter the records: result and date.
        try t.send("BTab")
        try t.send("f")
        try t.sendLiteral("result = \"draw\" and date >= 2023-03-09")
        try t.send("Enter")
        let screen = try t.waitFor("the filtered list") { $0.contains("f: result = \"draw\" and date >= 2023-03-09") && $0.contains("objects") }
        let db = try Database(path: store, mode: .readOnly)
        let expected = try #require(try db.scalarInt("SELECT count(*) FROM ZRECORD WHERE ZRESULT = 'draw' AND ZDATE >= \(Int(ISODate.parse("2023-03-09")!) - 978_307_200)"))
        #expect(expected > 0 && expected < 40)
        #expect(screen.contains("\(expected) objects"), "\(screen)")
        // Export the matches as CSV.
        try t.send("e")
        try t.sendLiteral("draws.csv")
        try t.send("Enter")
        try t.waitFor("the export's end") { $0.contains("Exported \(expected) objects") }
        let bytes = try #require(FileManager.default.contents(atPath: dir.file("draws.csv")))
        #expect(bytes.prefix(3) == Data([0xEF, 0xBB, 0xBF]), "a byte-order mark")
        let lines = String(decoding: bytes.dropFirst(3), as: UTF8.self).components(separatedBy: "\r\n").dropLast()
        #expect(lines.count == expected + 1)
        #expect(lines.first == "entity,pk,date,duration,randomNumbers,result,usingMagic,owner")
        #expect(lines.dropFirst().allSatisfy { $0.hasPrefix("Record,") && $0.contains(",draw,") && ($0.hasSuffix(",1") || $0.hasSuffix(",2") || $0.hasSuffix(",3")) })
        try t.send("q")
        try t.waitFor("the exit") { $0.contains("EXITED 0") }
        #expect(FileManager.default.contents(atPath: store) == before)
    }

    @Test func theBrowserOnACoreDataStoreGivenWithDbOpensItAndOtherCommandsStillRefuse() throws {
        let binary = try requireBinary()
        let dir = TempDir()
        let store = try Self.appStore(dir)
        let command = "env LANG=C.UTF-8 TERM=xterm-256color '\(binary)' --db '\(store)'; echo EXITED $?; sleep 60"
        let t = try TmuxSession(command: command, columns: 80, rows: 24)
        try t.waitFor("the Core Data browser") { $0.contains("Core Data · read-only") && $0.contains("Entities") }
        try t.send("m")
        try t.waitFor("the model") { $0.contains("Model") && $0.contains("table ZHUMAN") }
        // q closes the overlay, then quits (an Esc and a key within 25 ms would read as Alt+key).
        try t.send("q")
        try t.waitFor("the model closed") { !$0.contains("Model") }
        try t.send("q")
        try t.waitFor("the exit") { $0.contains("EXITED 0") }
        let list = cli(["list"], db: store)
        #expect(list.status == 1)
        #expect(list.err.contains("is a Core Data store"))
        let usage = cli(["coredata", "browse", store, "--json"], db: store)
        #expect(usage.status == 2)
        let pipe = cli(["coredata", "browse", store], db: store)
        #expect(pipe.status == 1)
        #expect(pipe.err.contains("needs a terminal"))
        #expect(pipe.err.contains("coredata dump"))
        let piped = cli([], db: store)
        #expect(piped.status == 1 && piped.err.contains("needs a terminal") && piped.err.contains("coredata dump"), "\(piped.err)")
    }
}
