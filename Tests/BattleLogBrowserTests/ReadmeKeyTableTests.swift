import Foundation
import Testing
@testable import BattleLogBrowser

/// The key tables of docs/browser.md and docs/core-data.md are the key table: generated from
/// `KeyTable.bindings`.
@Suite struct ReadmeKeyTableTests {
    @Test func theDocsListEveryKeyAsTheHelpOverlayDoes() throws {
        let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs")
        for (file, marker, table) in [("browser.md", "keys", KeyTable.markdown), ("core-data.md", "coredata-keys", KeyTable.coreDataMarkdown)] {
            let url = docs.appendingPathComponent(file)
            var text = try String(contentsOf: url, encoding: .utf8)
            let start = try #require(text.range(of: "<!-- \(marker) -->\n"), "\(file)")
            let end = try #require(text.range(of: "<!-- /\(marker) -->"), "\(file)")
            let current = String(text[start.upperBound..<end.lowerBound])
            let expected = table + "\n"
            if ProcessInfo.processInfo.environment["UPDATE_README"] == "1" {
                text = String(text[..<start.upperBound]) + expected + String(text[end.lowerBound...])
                try text.write(to: url, atomically: true, encoding: .utf8)
                continue
            }
            #expect(current == expected, "docs/\(file)'s \(marker) table is out of date: UPDATE_README=1 swift test --filter ReadmeKeyTableTests")
        }
        for action in Action.allCases { #expect(KeyTable.bindings.contains { $0.action == action }, "\(action) has no key") }
    }
}
