import BattleLogKit
import BattleLogPresentation

/// How a prompt's input line is shown in `room` columns: escaped, with the cursor mark `▏`,
/// scrolled so that the cursor stays in view (a leading `…` when the start is hidden).
struct InputView {
    /// What to draw.
    let text: String
    private let start: Int
    private let lead: Int
    private let offsets: [Int]
    private let cursor: Int

    init(_ line: InputLine, room: Int) {
        let characters = Array(line.text)
        // offsets[i]: the columns of the first i characters, escaped.
        var offsets = [0]
        offsets.reserveCapacity(characters.count + 1)
        let shown = characters.map(Self.shown)
        for c in shown { offsets.append(offsets.last! + DisplayWidth.of(c)) }
        let cursor = line.cursor
        func width(_ from: Int, _ to: Int) -> Int { offsets[to] - offsets[from] }
        var start = 0
        if offsets.last! + 1 > room {
            // Room after the cursor for a little of what follows, the rest for what precedes it.
            let after = min(width(cursor, characters.count), room / 3)
            while start < cursor && (start > 0 ? 1 : 0) + width(start, cursor) + 1 + after > room { start += 1 }
        }
        let lead = start > 0 && room >= 2 ? "…" : ""
        let before = lead + shown[start..<cursor].joined()
        let after = DisplayWidth.truncate(shown[cursor...].joined(), to: max(0, room - DisplayWidth.of(before) - 1))
        text = before + "▏" + after
        self.start = start
        self.lead = lead.isEmpty ? 0 : 1
        self.offsets = offsets
        self.cursor = cursor
    }

    /// A character as the line shows it: escaped, and a mark, modifier or joiner with no base
    /// before it (typed at the start, or left by deleting its base) on a dotted circle, as
    /// typesetting shows a lone mark, so that it cannot join the cursor mark or the `…` before it.
    static func shown(_ c: Character) -> String {
        let text = SafeText.escape(String(c))
        // Would it join what is drawn before it (a mark, a modifier, a joiner)?
        return ("▏" + text).first == "▏" ? text : "◌" + text
    }

    /// The column under character `index` (0-based), or nil when it is scrolled out of view.
    /// The cursor mark takes a column before the character at the cursor and those after it;
    /// the end of the text is where the cursor mark stands when the cursor is there.
    func column(ofCharacter index: Int) -> Int? {
        guard index >= start, index < offsets.count else { return nil }
        let shifted = index >= cursor && index < offsets.count - 1
        let column = lead + offsets[index] - offsets[start] + (shifted ? 1 : 0)
        return column <= DisplayWidth.of(text) ? column : nil
    }
}
