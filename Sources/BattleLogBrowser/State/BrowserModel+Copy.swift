import BattleLogKit
import BattleLogPresentation

/// Copy (`y`, `Y`): text for the terminal's clipboard, escaped as the export writes it, so that
/// pasting it never drives a terminal either.
extension BrowserModel {
    /// `y`: the selected record as the export's JSON line.
    /// The most marked records `y` copies (beyond, `e` exports them).
    static let copyLimit = 10_000

    /// `y`: the marked records as JSON lines (in the list's order), or the selected record.
    func copyRecord() {
        if !recordList.marked.isEmpty {
            guard recordList.marked.count <= Self.copyLimit else { chrome.status = labels.fill("marks.tooMany", GroupedNumber.text(Self.copyLimit)) + " (e)"; return }
            do {
                let records = try markedRecords()
                copy(records.map { RecordJSON.encode($0) + "\n" }.joined(), what: labels.counted("copy.marked", count: records.count, GroupedNumber.text(records.count)))
            } catch { chrome.status = "\(labels["error"]): \(SafeText.escape(error.text(labels)))" }
            return
        }
        if let (json, name, _) = selectedJSON() { copy(json, what: name) }
    }

    /// The selected record's JSON line, for `P` and `E` (`ListPromptHost`).
    func selectedJSON() -> (json: String, name: String, file: String)? {
        guard let r = selectedRecord else { chrome.status = labels["copy.nothing"]; return nil }
        return source.json(r)
    }

    /// `Y`: the focused pane's value: the Human's name on the roster, the fight's duration as
    /// `value/timescale` on the records, the magic's stored JSON on the detail.
    func copyFocusedValue() {
        switch chrome.focus {
        case .roster:
            guard let h = selectedHuman else { chrome.status = labels["copy.nothing"]; return }
            copy(SafeText.escape(h.name), what: labels["copy.name"])
        case .records:
            guard let d = selectedRecord?.fightDuration else { chrome.status = labels["copy.nothing"]; return }
            let text = "\(d.value)/\(d.timescale)"
            copy(text, what: labels.fill("copy.duration", text))
        case .detail:
            guard let r = selectedRecord, let i = r.schema.attributes.firstIndex(where: { $0.valueClassName == "Magic" }),
                  let stored = r.transformables[i].storedText else { chrome.status = labels["copy.nothing"]; return }
            copy(SafeText.escape(stored), what: labels["copy.magic"])
        }
    }

    private func copy(_ text: String, what: String) { chrome.copy(text, what: what, labels: labels) }
}
