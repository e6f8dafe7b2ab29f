import Foundation
import Testing
@testable import BattleLogBrowser

/// The README's key table is the key table: generated from `KeyTable.bindings`.
@Suite struct ReadmeKeyTableTests {
    @Test func theReadmeListsEveryKeyAsTheHelpOverlayDoes() throws {
        let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("README.md")
        let text = try String(contentsOf: readme, encoding: .utf8)
        let start = try #require(text.range(of: "<!-- keys -->\n"))
        let end = try #require(text.range(of: "<!-- /keys -->"))
        let current = String(text[start.upperBound..<end.lowerBound])
        let expected = KeyTable.markdown + "\n"
        if ProcessInfo.processInfo.environment["UPDATE_README"] == "1" {
            try (String(text[..<start.upperBound]) + expected + String(text[end.lowerBound...])).write(to: readme, atomically: true, encoding: .utf8)
            return
        }
        #expect(current == expected, "README's key table is out of date: UPDATE_README=1 swift test --filter ReadmeKeyTableTests")
        for action in Action.allCases { #expect(KeyTable.bindings.contains { $0.action == action }, "\(action) has no key") }
    }
}
