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

    init(_ line: InputLine, room: Int) {
        let characters = Array(line.text)
        // offsets[i]: the columns of the first i characters, escaped.
        var offsets = [0]
        offsets.reserveCapacity(characters.count + 1)
        for c in characters { offsets.append(offsets.last! + DisplayWidth.of(SafeText.escape(String(c)))) }
        let cursor = line.cursor
        func width(_ from: Int, _ to: Int) -> Int { offsets[to] - offsets[from] }
        var start = 0
        if offsets.last! + 1 > room {
            // Room after the cursor for a little of what follows, the rest for what precedes it.
            let after = min(width(cursor, characters.count), room / 3)
            while start < cursor && (start > 0 ? 1 : 0) + width(start, cursor) + 1 + after > room { start += 1 }
        }
        let lead = start > 0 ? "…" : ""
        let before = lead + SafeText.escape(String(characters[start..<cursor]))
        let after = DisplayWidth.truncate(String(characters[cursor...]), to: max(0, room - DisplayWidth.of(before) - 1))
        text = before + "▏" + after
        self.start = start
        self.lead = lead.isEmpty ? 0 : 1
        self.offsets = offsets
    }

    /// The column under character `index` (0-based), or nil when it is scrolled out of view.
    func column(ofCharacter index: Int) -> Int? {
        guard index >= start, index < offsets.count else { return nil }
        let column = lead + offsets[index] - offsets[start]
        return column <= DisplayWidth.of(text) ? column : nil
    }
}
