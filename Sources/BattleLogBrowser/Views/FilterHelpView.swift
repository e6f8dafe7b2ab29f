import BattleLogKit
import BattleLogPresentation

/// The filter language in brief, as the prompt's help panel and the man page teach it.
public enum FilterLanguageReference {
    /// Three filters that show the language (each compiles: a test checks it).
    public static let examples = [
        "gate = \"Abyssal Maw\" and power >= 7",
        "owner ~ hana and result = win and date >= 2026-01-01",
        "duration > 1:00 and rolls contains 100",
    ]
    /// The operators and the keywords.
    public static let operators = "= != < <= > >= ~   and or not ( )   rolls contains N"
    /// The fields, in the order the help lists them: the language's own, then the query paths
    /// battlelog's model declares (`timeline.*`, `weapon.*`).
    public static var fields: [String] { fields(queryPaths: QueryColumns.computed.extraPaths) }

    /// The language's own fields, then `queryPaths` (a store's model's).
    public static func fields(queryPaths: [String]) -> [String] { FilterCompletion.fields + queryPaths }
}

/// The filter prompt's help panel (F1, or ? at an empty prompt), drawn above the prompt: the
/// language is learnt where it is typed.
enum FilterHelpView {
    static var examples: [String] { FilterLanguageReference.examples }


    /// The panel's lines at `width` columns.
    static func lines(_ m: BrowserModel, width: Int) -> [String] {
        var out: [String] = []
        func add(_ label: String, _ text: String) {
            let head = label + "  "
            let wrapped = DisplayWidth.wrap(text, to: max(8, width - DisplayWidth.of(head)), maxLines: 6)
            for (i, line) in wrapped.enumerated() {
                out.append((i == 0 ? head : String(repeating: " ", count: DisplayWidth.of(head))) + line)
            }
        }
        let labelWidth = ["filterHelp.fields", "filterHelp.operators", "filterHelp.values", "filterHelp.examples"]
            .map { DisplayWidth.of(m.labels[$0]) }.max() ?? 0
        func label(_ key: String) -> String { DisplayWidth.pad(m.labels[key], to: labelWidth) }
        add(label("filterHelp.fields"), FilterLanguageReference.fields(queryPaths: m.store.queryColumns.extraPaths).joined(separator: " "))
        add(label("filterHelp.operators"), FilterLanguageReference.operators)
        add(label("filterHelp.values"), m.labels["filterHelp.valuesText"])
        for (i, e) in examples.enumerated() { add(i == 0 ? label("filterHelp.examples") : String(repeating: " ", count: labelWidth), e) }
        out += DisplayWidth.wrap(m.labels["filterHelp.keys"], to: max(8, width), maxLines: 2)
        return out
    }

    /// Draws the filter's panel (when open) above `bottom`, the prompt's top row.
    static func render(_ m: BrowserModel, _ s: Screen, above bottom: Int) {
        guard let p = m.chrome.prompt, p.showsHelp else { return }
        let l = m.layout
        let inner = lines(m, width: l.columns - 4)
        let keyLines = DisplayWidth.wrap(m.labels["filterHelp.keys"], to: max(8, l.columns - 4), maxLines: 2).count
        let height = min(inner.count + 2, max(3, bottom - l.body.top))
        let rect = Rect(top: bottom - height, left: 0, height: height, width: l.columns)
        Drawing.clear(s, rect)
        Drawing.box(s, rect, title: m.labels["filterHelp.title"], focused: true)
        for (i, line) in inner.prefix(height - 2).enumerated() {
            s.put(rect.top + 1 + i, 2, DisplayWidth.truncate(line, to: l.columns - 4), style: i >= inner.count - keyLines ? .dim : .normal)
        }
        Drawing.moreMarks(s, rect, above: false, below: inner.count > height - 2)
    }
}
