import BattleLogKit
import BattleLogPresentation

/// The filter prompt's own keys: Tab completes, Up/Down walk the history.
extension BrowserModel {
    /// Completes the word before the cursor from the fields and the values that exist.
    func completeFilter(_ p: inout Prompt) {
        guard let result = FilterCompletion.complete(p.line, values: source.filterValues(humans: roster.humans)) else {
            p.candidates = []
            p.error = labels["noCompletion"]
            return
        }
        p.line = result.line
        p.candidates = result.candidates
        p.error = nil
        p.errorColumn = nil
    }

    func walkHistory(_ p: inout Prompt, older: Bool) { filterHistory.walk(&p, older: older) }
}

extension FilterHistory {
    /// Up shows the previous filter applied, Down the next; past the newest, the text typed.
    func walk(_ p: inout BrowserModel.Prompt, older: Bool) {
        guard !entries.isEmpty else { return }
        let current = p.historyIndex
        if current == nil { p.draft = p.text }
        let next: Int? = older ? min(entries.count - 1, (current ?? -1) + 1) : (current.map { $0 - 1 }.flatMap { $0 >= 0 ? $0 : nil })
        p.historyIndex = next
        p.line = InputLine(next.map { entries[entries.count - 1 - $0] } ?? p.draft)
        p.candidates = []
        p.error = nil
        p.errorColumn = nil
    }
}
