import Foundation
import Testing
@testable import BattleLogBrowser
import BattleLogKit
import BattleLogPresentation

/// Text typed into every prompt as a terminal delivers it: one Unicode scalar per key, where a
/// mark, a modifier or a joiner joins the character before it; and whole pastes.
@Suite struct TextInputTests {
    /// Scripts whose characters are made of several scalars.
    static let samples: [(name: String, text: String)] = [
        ("Thai", "สมศักดิ์ ทองดี"),
        ("Devanagari", "नमस्ते दुनिया"),
        ("decomposed Latin", "Ame\u{0301}lie Cafe\u{0301}"),
        ("pointed Hebrew", "שָׁלוֹם עוֹלָם"),
        ("Korean jamo", "\u{1112}\u{1161}\u{11AB}\u{1100}\u{1173}\u{11AF}"),
        ("emoji with modifier and ZWJ", "🧙🏽‍♂️ Merlin 👩‍👩‍👧‍👦"),
        ("flags", "🇹🇭🇮🇱🇮🇳"),
        ("keycap", "1️⃣#️⃣"),
    ]

    /// The keys that open each prompt, from the records pane.
    static let prompts: [(name: String, keys: [Key])] = [
        ("search", [.character("/")]),
        ("filter", [.character("f")]),
        ("go to", [.character(":")]),
        ("export", [.character("e"), .control("u")]),
    ]

    func typeScalars(_ m: BrowserModel, _ text: String) {
        for s in text.unicodeScalars { m.handle(.character(Character(s))) }
    }

    @Test func everyScriptTypedOneScalarPerKeyInEveryPrompt() throws {
        let s = try SimulatedStore(fights: 20)
        for (rows, cols) in [(24, 80), (40, 120)] {
            for prompt in Self.prompts {
                for sample in Self.samples {
                    let (m, grid) = try makeBrowser(s, rows: rows, columns: cols)
                    m.type([.tab])
                    m.type(prompt.keys)
                    try #require(m.chrome.prompt != nil, "\(prompt.name) opened no prompt")
                    typeScalars(m, sample.text)
                    BrowserView.render(m, on: grid)
                    #expect(m.chrome.prompt?.text == sample.text, "\(prompt.name), \(sample.name)")
                    #expect(m.chrome.prompt?.line.cursor == sample.text.count)
                    // Left into the middle, type a scalar that joins the character before it, go on.
                    m.type([.left, .left])
                    BrowserView.render(m, on: grid)
                    m.handle(.character("\u{0301}"))
                    BrowserView.render(m, on: grid)
                    m.type([.right, .left, .left, .backspace, .delete])
                    BrowserView.render(m, on: grid)
                    m.type([.home, .right, .end, .left])
                    typeScalars(m, "ศั🧙🏽")
                    BrowserView.render(m, on: grid)
                    let line = try #require(m.chrome.prompt?.line)
                    #expect(line.cursor <= line.text.count)
                    #expect(grid.text.contains("▏"), "\(prompt.name), \(sample.name): no cursor drawn")
                    m.handle(.escape)
                }
            }
        }
    }

    @Test func aPasteInEveryPromptIsKeptWhole() throws {
        let s = try SimulatedStore(fights: 20)
        let paste = "owner ~ สมศักดิ์ and gate ~ שָׁלוֹם 🧙🏽‍♂️"
        for prompt in Self.prompts {
            let (m, grid) = try makeBrowser(s, rows: 24, columns: 80)
            m.type([.tab])
            m.type(prompt.keys)
            typeScalars(m, paste)
            BrowserView.render(m, on: grid)
            #expect(m.chrome.prompt?.text == paste, "\(prompt.name)")
            // Ctrl-W takes the last word, Ctrl-U the rest.
            m.handle(.control("w"))
            #expect(m.chrome.prompt?.text == "owner ~ สมศักดิ์ and gate ~ שָׁלוֹם ")
            m.type([.left, .left, .left, .control("k")])
            BrowserView.render(m, on: grid)
            #expect(m.chrome.prompt?.text == "owner ~ สมศักดิ์ and gate ~ שָׁל")
        }
    }

    @Test func theCursorMovesByWholeCharacters() {
        var line = InputLine()
        for s in "ศั".unicodeScalars { _ = line.edit(.character(Character(s))) }
        #expect(line.text == "ศั" && line.cursor == 1)
        _ = line.edit(.left)
        #expect(line.cursor == 0)
        // A base typed before a lone mark joins it: the cursor goes after the new character.
        var marks = InputLine("\u{0301}x", cursor: 0)
        _ = marks.edit(.character("e"))
        #expect(marks.text == "e\u{0301}x" && marks.cursor == 1)
        // A joiner typed between two emoji joins them into one character.
        var emoji = InputLine("👩👧", cursor: 1)
        _ = emoji.edit(.character("\u{200D}"))
        #expect(emoji.text == "👩\u{200D}👧" && emoji.cursor == 1 && emoji.text.count == 1)
        _ = emoji.edit(.backspace)
        #expect(emoji.text.isEmpty && emoji.cursor == 0)
        // Delete removes the whole character after the cursor.
        var flags = InputLine("🇹🇭🇮🇱", cursor: 0)
        _ = flags.edit(.delete)
        #expect(flags.text == "🇮🇱")
    }

    /// Random scalars from every script and random editing keys never crash the line or its
    /// view, and the cursor always stays between two characters.
    @Test func randomEditsKeepTheCursorOnACharacter() {
        var rng = SeededGenerator(seed: 7)
        let scalars = Array(Self.samples.map(\.text).joined().unicodeScalars) + ["\u{200D}", "\u{FE0F}", "\u{0301}", "\u{1F3FD}", "\u{0E31}", "\u{05B7}"]
        let keys: [Key] = [.left, .right, .home, .end, .backspace, .delete, .control("w"), .control("u"), .control("k")]
        for _ in 0..<300 {
            var line = InputLine()
            for _ in 0..<40 {
                if Int.random(in: 0..<3, using: &rng) == 0 {
                    _ = line.edit(keys[Int.random(in: 0..<keys.count, using: &rng)])
                } else {
                    _ = line.edit(.character(Character(scalars[Int.random(in: 0..<scalars.count, using: &rng)])))
                }
                #expect(line.cursor >= 0 && line.cursor <= line.text.count)
                let room = Int.random(in: 1...40, using: &rng)
                let view = InputView(line, room: room)
                #expect(view.text.contains("▏"))
                #expect(DisplayWidth.of(view.text) <= room)
            }
        }
    }
}
