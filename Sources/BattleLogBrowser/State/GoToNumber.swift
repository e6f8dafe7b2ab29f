import BattleLogPresentation

/// A number typed at `:` that no key can be: its digits name more than the largest key SQLite
/// stores (a 64-bit integer). Said as such, not as "type a number".
enum GoToNumber {
    /// Whether `text` is all digits and larger than any key.
    static func isTooLarge(_ text: String) -> Bool {
        !text.isEmpty && text.unicodeScalars.allSatisfy { ("0"..."9").contains($0) } && Int64(text) == nil
    }

    static func tooLarge(_ labels: Labels) -> String { labels.fill("goToTooLarge", GroupedNumber.text(Int(Int64.max))) }
}
