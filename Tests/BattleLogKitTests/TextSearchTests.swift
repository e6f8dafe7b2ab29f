import Testing
import BattleLogKit

/// What a person has typed so far finds the text, in every script (`/`, `~`, the help filter).
@Suite struct TextSearchTests {
    @Test(arguments: [
        ("สมศ", "สมศักดิ์ ทองดี"),          // Thai: a prefix ending inside a character
        ("สมศั", "สมศักดิ์ ทองดี"),          // ... with the mark typed so far
        ("ทองด", "สมศักดิ์ ทองดี"),
        ("🧙", "🧙🏽‍♂️ Merlin"),              // an emoji before its modifier and joiner
        ("🧙🏽", "🧙🏽‍♂️ Merlin"),
        ("merlin", "🧙🏽‍♂️ Merlin"),
        ("שלום", "שָׁלוֹם עוֹלָם"),           // unpointed Hebrew finds pointed
        ("עול", "שָׁלוֹם עוֹלָם"),
        ("cafe", "Café Amélie"),            // no accent typed: accents ignored
        ("amélie", "Cafe\u{301} Ame\u{301}lie"),  // precomposed finds decomposed
        ("AME\u{301}", "Café Amélie"),      // decomposed and upper case finds precomposed
        ("नमस", "नमस्ते दुनिया"),             // Devanagari before its virama
        ("하", "한글"),                      // Hangul: a syllable typed so far
        ("\u{1112}\u{1161}\u{11AB}", "한글"),  // jamo typed one by one
        ("ार", "धार"),                        // Devanagari: the vowel sign typed first
        ("้า", "ฟ้าผ่า"),                      // Thai: the tone mark typed first
        ("🇹🇭", "flags 🇮🇱🇹🇭"),
        ("ARIA", "Aria the Bold"),
        ("", "anything"),
    ])
    func finds(_ needle: String, _ haystack: String) {
        #expect(TextSearch(needle).matches(haystack), "\(needle) in \(haystack)")
        #expect(FilterText.contains(haystack, needle))
    }

    @Test(arguments: [
        ("café", "cafe"),                   // an accent typed must be there
        ("สมศิ", "สมศักดิ์"),                 // another mark than the text's
        ("שָׁלוֹם", "שלום"),                  // pointed does not find unpointed
        ("🧙🏿", "🧙🏽‍♂️"),                     // another skin tone
    ])
    func doesNotFind(_ needle: String, _ haystack: String) {
        #expect(!TextSearch(needle).matches(haystack), "\(needle) in \(haystack)")
    }

    @Test func theRangeCoversWholeCharacters() throws {
        let text = "นาย สมศักดิ์ ทองดี"
        let r = try #require(TextSearch("สมศ").range(in: text))
        #expect(text[r] == "สมศั")
        let emoji = "x 🧙🏽‍♂️ y"
        let e = try #require(TextSearch("🧙").range(in: emoji))
        #expect(emoji[e] == "🧙🏽‍♂️")
        #expect(TextSearch("zz").range(in: text) == nil)
    }

    /// The SQL function's search remembers its answer for each text that is not ASCII: the
    /// answers are the plain search's, for repeated texts, after the needle changes, and past
    /// the most it keeps.
    @Test func theRepeatedSearchAnswersAsThePlainOne() {
        let search = RepeatedTextSearch()
        let texts = ["寒冰\nfrost", "ฟ้าผ่า\nflame", "fro\u{301}st", "Fröst", "frost", "धार\nfrost", "寒冰", "FROST\nswift"]
        for needle in ["frost", "FRÖST", "寒", "flame", "st"] {
            for _ in 0..<3 {
                for text in texts { #expect(search.matches(text, needle) == TextSearch(needle).matches(text), "\(needle) in \(text)") }
            }
        }
        for n in 0..<(RepeatedTextSearch.remembered + 10) {
            let text = "ก\(n)" + (n % 2 == 0 ? "frost" : "")
            #expect(search.matches(text, "frost") == (n % 2 == 0))
        }
        #expect(search.matches("ก0frost", "frost") && !search.matches("ก1", "frost"))
    }
}
