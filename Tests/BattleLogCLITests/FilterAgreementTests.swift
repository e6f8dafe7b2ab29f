import Foundation
import Testing
@testable import BattleLogBrowser
import BattleLogCLI
import BattleLogKit

/// The same expression gives the same records in `list --where`, `export --where` and the browser's `f`.
@Suite struct FilterAgreementTests {
    @Test(arguments: [
        "magic = villain and power >= 8 and result = loss",
        "collaborator ~ \"mira\" or formula = \"星辰契约\"",
        "duration > 1:00 and rolls contains 100",
        "not (kind = hero) and rolls.max < 80",
        "magic = none",
    ])
    func cliAndBrowserAgree(expression: String) throws {
        let dir = TempDir()
        let db = dir.file("db")
        _ = cli(["simulate", "--fights", "1500", "--seed", "31"], db: db)
        func ids(_ out: String) -> [Int64] {
            out.split(separator: "\n").compactMap { line in
                guard case .object(let o)? = try? JSONParser.parse(String(line)), case .integer(let id)? = o["id"] else { return nil }
                return id
            }
        }
        let listed = ids(cli(["list", "--where", expression, "--limit", "100000", "--json"], db: db).out)
        let exported = ids(cli(["export", "--where", expression], db: db).out)
        #expect(!listed.isEmpty, "\(expression) matched nothing: a weak test")
        #expect(Set(listed) == Set(exported))
        #expect(listed == listed.sorted(by: >))

        let store = try BattleStore(path: db)
        let model = try BrowserModel(store: store, labels: .load("en"), databasePath: db, rows: 24, columns: 80)
        model.handle(.character("f"))
        for c in expression { model.handle(.character(c)) }
        model.handle(.enter)
        #expect(model.chrome.prompt == nil)
        model.filterSearch?.wait(timeout: 20)
        model.tick()
        #expect(model.filterProgress?.finished == true)
        #expect(model.recordList.total == listed.count)
        var seen: [Int64] = []
        for _ in 0..<listed.count {
            if let r = model.selectedRecord { seen.append(r.id) }
            model.handle(.down)
        }
        #expect(seen == listed)
    }

    @Test func browserKeepsABadFilterEditable() throws {
        let dir = TempDir()
        let db = dir.file("db")
        _ = cli(["simulate", "--fights", "20", "--seed", "1"], db: db)
        let model = try BrowserModel(store: try BattleStore(path: db), labels: .load("en"), databasePath: db, rows: 24, columns: 80)
        model.handle(.character("f"))
        for c in "power >= 9 and (gate ~ maw" { model.handle(.character(c)) }
        model.handle(.enter)
        #expect(model.chrome.prompt?.text == "power >= 9 and (gate ~ maw")
        #expect(model.chrome.prompt?.errorColumn == 27)
        let grid = CellGrid(rows: 24, columns: 80)
        BrowserView.render(model, on: grid)
        #expect(grid.line(21).hasPrefix("f: power >= 9 and (gate ~ maw"))
        #expect(grid.line(22).hasPrefix(String(repeating: " ", count: 29) + "^"))
        #expect(grid.line(23).hasPrefix(" expected ')', found the end of the expression (at column 27)"))
        model.handle(.character(")"))
        model.handle(.enter)
        #expect(model.chrome.prompt == nil && model.filterText == "power >= 9 and (gate ~ maw)")
        // An empty filter clears it.
        model.handle(.character("f"))
        model.handle(.control("u"))
        model.handle(.enter)
        #expect(model.filterText == nil)
    }

    /// A filter's error is one line: the expression (escaped) and the problem with its column.
    @Test func cliParseErrorIsOneLineNamingTheExpression() {
        let dir = TempDir()
        _ = cli(["simulate", "--fights", "5", "--seed", "1"], db: dir.file("db"))
        let r = cli(["list", "--where", "power >= 9 and (gate ~ maw"], db: dir.file("db"))
        #expect(r.status == 2)
        #expect(r.err == "battlelog: --where \"power >= 9 and (gate ~ maw\": expected ')', found the end of the expression (at column 27)\n")
        let hostile = cli(["stats", "--by", "owner", "--where", "gate ~ \u{1B}[2J"], db: dir.file("db"))
        #expect(hostile.status == 2 && hostile.err.split(separator: "\n").count == 1 && !hostile.err.contains("\u{1B}"), "\(hostile.err)")
        // Quotes and backslashes inside are escaped: the quoted expression reads one way only.
        let quotes = cli(["list", "--where", #"gate = "a\"b" and ("#], db: dir.file("db"))
        #expect(quotes.err.hasPrefix(#"battlelog: --where "gate = \"a\\\"b\" and (": "#), "\(quotes.err)")
        let chinese = cli(["list", "--lang", "zh", "--where", "威力 >"], db: dir.file("db"))
        #expect(chinese.status == 2 && chinese.err.split(separator: "\n").count == 1 && chinese.err.hasPrefix("battlelog: --where \"威力 >\": "), "\(chinese.err)")
    }
}
