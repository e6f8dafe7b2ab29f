import BattleLogFoundation
import BattleLogPresentation

/// The one-line prompt at the bottom, drawn once for both browsers: its label and input (the
/// cursor kept in sight), the placeholder dimmed while the text is empty, an error beside the
/// input when it fits or else wrapped whole above it, a caret under a filter's problem with the
/// message under the caret, and Tab's candidates above it all.
enum PromptView {
    /// Draws `p` behind `label` on the status row; returns the top row it used (a help panel
    /// goes above it).
    @discardableResult
    static func render(_ p: BrowserModel.Prompt, label: String, _ s: Screen, _ l: Layout) -> Int {
        let row = l.status.top
        let input = InputView(p.line, room: max(1, l.columns - DisplayWidth.of(label)))
        var top = row
        func wrapped(_ e: String) -> [String] { DisplayWidth.wrap(e, to: max(1, l.columns - 2), maxLines: max(1, min(6, l.rows - 6)), atSpaces: true) }
        if let column = p.errorColumn, let e = p.error {
            // The input stays editable, a caret under the problem, and the whole message under
            // it, wrapped (a list of the fields must not lose its end).
            let message = wrapped(e)
            top = row - 1 - message.count
            s.fill(top, 0, width: l.columns, style: .statusBar)
            s.put(top, 0, DisplayWidth.truncate(label + input.text, to: l.columns), style: .statusBar)
            let caret = input.column(ofCharacter: column - 1).map { String(repeating: " ", count: DisplayWidth.of(label) + $0) + "^" } ?? ""
            s.fill(top + 1, 0, width: l.columns, style: .statusBar)
            s.put(top + 1, 0, DisplayWidth.truncate(caret, to: l.columns), style: .damaged)
            for (i, line) in message.enumerated() {
                s.fill(top + 2 + i, 0, width: l.columns, style: .statusBar)
                s.put(top + 2 + i, 1, line, style: .damaged)
            }
        } else {
            var text = label + input.text
            let placeholderColumn = DisplayWidth.of(text)
            let placeholder = p.text.isEmpty ? p.placeholder : nil
            if let placeholder { text += String(repeating: " ", count: DisplayWidth.of(placeholder)) }
            if let e = p.error {
                // Beside the input when it fits; else whole, wrapped on the rows above it.
                if DisplayWidth.of(text + "   " + e) <= l.columns {
                    text += "   " + e
                } else {
                    let message = wrapped(e)
                    for (i, line) in message.enumerated() {
                        s.fill(row - message.count + i, 0, width: l.columns, style: .statusBar)
                        s.put(row - message.count + i, 1, line, style: .damaged)
                    }
                    top = row - message.count
                }
            }
            s.put(row, 0, DisplayWidth.truncate(text, to: l.columns), style: .statusBar)
            if let placeholder, placeholderColumn < l.columns {
                s.put(row, placeholderColumn, DisplayWidth.truncate(placeholder, to: l.columns - placeholderColumn), style: .dim)
            }
        }
        guard !p.candidates.isEmpty else { return top }
        let lines = candidateLines(p.candidates, width: l.columns, maxLines: max(1, min(4, top - l.body.top - 1)))
        for line in lines.reversed() {
            top -= 1
            s.fill(top, 0, width: l.columns, style: .statusBar)
            s.put(top, 0, line, style: .dim)
        }
        return top
    }

    /// The completions as lines of `width` columns (`Tab: a  b  c`), whole candidates on each;
    /// at most `maxLines`, the last saying how many more there are when they do not all fit.
    static func candidateLines(_ candidates: [String], width: Int, maxLines: Int) -> [String] {
        var lines: [String] = []
        var current: [String] = []   // the candidates of the line being filled
        func text(_ line: [String], first: Bool) -> String { (first ? "Tab: " : "    ") + line.joined(separator: "  ") }
        var shown = 0
        for c in candidates.map(SafeText.escape) {
            if current.isEmpty || DisplayWidth.of(text(current + [c], first: lines.isEmpty)) <= width {
                current.append(c)
                shown += 1
                continue
            }
            if lines.count + 1 == maxLines { break }
            lines.append(text(current, first: lines.isEmpty))
            current = [c]
            shown += 1
        }
        // The last line gives up whole candidates to say how many more there are.
        var more = candidates.count - shown
        while more > 0, current.count > 1, DisplayWidth.of(text(current, first: lines.isEmpty) + "  +\(more)") > width {
            current.removeLast()
            more += 1
        }
        let last = text(current, first: lines.isEmpty) + (more > 0 ? "  +\(more)" : "")
        lines.append(DisplayWidth.truncate(last, to: width))
        return lines
    }

}
