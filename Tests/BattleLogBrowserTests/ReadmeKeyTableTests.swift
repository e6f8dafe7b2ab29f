import Foundation
import Testing
@testable import BattleLogBrowser

/// The README's key table is the key table: generated from `KeyTable.bindings`.
@Suite struct ReadmeKeyTableTests {
    @Test func theReadmeListsEveryKeyAsTheHelpOverlayDoes() throws {
        let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("README.md")
        var text = try String(contentsOf: readme, encoding: .utf8)
        for (marker, table) in [("keys", KeyTable.markdown), ("coredata-keys", KeyTable.coreDataMarkdown)] {
            let start = try #require(text.range(of: "<!-- \(marker) -->\n"))
            let end = try #require(text.range(of: "<!-- /\(marker) -->"))
            let current = String(text[start.upperBound..<end.lowerBound])
            let expected = table + "\n"
            if ProcessInfo.processInfo.environment["UPDATE_README"] == "1" {
                text = String(text[..<start.upperBound]) + expected + String(text[end.lowerBound...])
                continue
            }
            #expect(current == expected, "README's \(marker) table is out of date: UPDATE_README=1 swift test --filter ReadmeKeyTableTests")
        }
        if ProcessInfo.processInfo.environment["UPDATE_README"] == "1" {
            try text.write(to: readme, atomically: true, encoding: .utf8)
            return
        }
        for action in Action.allCases { #expect(KeyTable.bindings.contains { $0.action == action }, "\(action) has no key") }
    }
}
