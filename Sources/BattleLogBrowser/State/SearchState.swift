import BattleLogFoundation
import BattleLogPresentation

/// A browser's `/` search, written once for both browsers: the text last searched, its way
/// (Ctrl-R in the prompt: up the list, as `?` in less) and its kind (Ctrl-T: a regular
/// expression, kept for the next `/`). `n` goes on that way, `N` the other; in a list held
/// whole (the roster, the entity tree, the loaded rows, the detail) the next match is found by
/// `next`, wrapping around with a note.
public struct SearchState: Sendable {
    public internal(set) var text: String?
    public internal(set) var backward = false
    public internal(set) var regex = false

    /// The search's text, way and kind when `/` opened the prompt: Esc gives them back, for
    /// `n` and `N` (as less and vim keep the last pattern). A kind chosen and submitted (Ctrl-T,
    /// Enter) stays for the next `/`.
    private var before: (text: String?, backward: Bool, regex: Bool)?

    /// `/` opened the prompt: a search down the list, the last one kept until Enter.
    mutating func begin() {
        before = (text, backward, regex)
        backward = false
    }

    /// Esc on the prompt: the search that was there before it, its kind too.
    mutating func cancel() {
        if let b = before { (text, backward, regex) = b } else { text = nil }
        before = nil
    }

    /// Enter on the prompt: `text` is the search now (none when empty).
    mutating func submit(_ text: String) {
        self.text = text.isEmpty ? nil : text
        before = nil
    }

    /// How the status names the search: `/text`, `?text` up the list, `/re:text` for a regex.
    public var label: String { (backward ? "?" : "/") + (regex ? "re:" : "") }

    /// `text` as this search's kind matches it (nil: no text, or an expression that does not compile).
    func pattern(_ text: String?) -> SearchPattern? {
        text.flatMap { $0.isEmpty ? nil : try? SearchPattern($0, regex: regex) }
    }

    /// Why `text` is no regular expression (nil: it is one, or no expression is asked).
    func patternError(_ text: String?, labels: Labels) -> String? {
        guard let text, !text.isEmpty else { return nil }
        do { _ = try SearchPattern(text, regex: regex); return nil } catch { return error.text(labels) }
    }

    /// A match in a list held whole: its index, its place among all the matches, and whether
    /// the search went past the list's end (or start) to reach it.
    struct Match: Equatable {
        let index: Int
        let ordinal: Int
        let count: Int
        let wrapped: Bool
    }

    /// The next of `count` rows, from `current` that way, that `matches`; `includeCurrent`
    /// (search as you type): the current row is the first looked at, either way.
    static func next(among count: Int, from current: Int, forward: Bool, includeCurrent: Bool,
                     matches: (Int) -> Bool) -> Match? {
        let found = (0..<count).filter(matches)
        guard let firstMatch = found.first, let lastMatch = found.last else { return nil }
        let index: Int, wrapped: Bool
        if forward {
            if let n = found.first(where: { includeCurrent ? $0 >= current : $0 > current }) { (index, wrapped) = (n, false) }
            else { (index, wrapped) = (firstMatch, !includeCurrent || firstMatch < current) }
        } else {
            if let n = found.last(where: { includeCurrent ? $0 <= current : $0 < current }) { (index, wrapped) = (n, false) }
            else { (index, wrapped) = (lastMatch, !includeCurrent || lastMatch > current) }
        }
        return Match(index: index, ordinal: found.firstIndex(of: index)! + 1, count: found.count, wrapped: wrapped)
    }

    /// `text` after the search's label as the status line shows it: escaped, cut to `width`,
    /// and a mark, modifier or joiner at its start on a dotted circle (as the prompt shows it),
    /// so that it cannot join the label (`/◌́x`, not `/́x`).
    func shown(_ text: String, width: Int = .max) -> String {
        let escaped = DisplayWidth.truncate(SafeText.escape(text), to: width)
        return label + ((label + escaped).count == label.count + escaped.count ? escaped : "◌" + escaped)
    }

    /// The status line for a match: `/text: 3 of 7 · search wrapped`; without the count
    /// (`counted` false) where the rows searched are only some of the list's, whose count would
    /// change as they do.
    func said(_ m: Match, _ text: String, counted: Bool = true, labels: Labels) -> String {
        shown(text) + (counted ? ": \(m.ordinal) \(labels["of"]) \(m.count)" : "") + (m.wrapped ? " · " + labels["searchWrapped"] : "")
    }

    /// The status line when nothing matches `text` (searched as this search's kind says).
    func noMatch(_ text: String, labels: Labels) -> String {
        "\(labels["noMatch"]): " + shown(text, width: 40)
    }
}
