import BattleLogFoundation
import BattleLogPresentation

/// The bottom line, written once for both browsers: an open prompt behind its label, else what
/// the browser says of its list, the search (unless the message says it already), the work
/// running in the background, the message, and the focused pane's keys (none while the
/// function-key bar shows them).
enum StatusBarView {
    /// What the line shows besides the prompt and the message.
    struct Content {
        /// What the browser says of its list (where the selection is, its filter and sort).
        var parts: [String]
        /// Work running, after the search (`simulating 40/500`, `exporting 12/90`).
        var progress: [String] = []
        /// Last on the left, after the message, whole or not at all (the live refresh's state).
        var trailing: [String] = []
        /// The focused pane's keys, and what shows instead when they do not fit.
        var hint: String
        var fallback: String
        /// The label of a prompt kind, where the browser's differs from the usual one.
        var promptLabel: (BrowserModel.PromptKind) -> String? = { _ in nil }
    }

    /// Draws the line; the row an open prompt's completions start at (for what the browser
    /// draws above it), nil without a prompt.
    @discardableResult
    static func draw(_ s: Screen, _ l: Layout, _ chrome: BrowserChrome, labels: Labels, _ c: Content) -> Int? {
        let row = l.status.top
        s.fill(row, 0, width: l.columns, style: .statusBar)
        if let p = chrome.prompt {
            return PromptView.render(p, label: c.promptLabel(p.kind) ?? label(p.kind, chrome, labels: labels), s, l)
        }
        var parts = c.parts
        if let q = chrome.search.text.map({ chrome.search.shown($0) }), !(chrome.status?.contains(q) ?? false) {
            parts.append(q)
        }
        parts += c.progress
        let shortHint = labels["shortHint"] + " "
        // With the function-key bar on screen, the keys are there: the status line keeps its room.
        let bar = l.keyBar != nil
        Drawing.statusLine(s, row: row, columns: l.columns, parts: parts, message: chrome.status, trailing: c.trailing, hint: bar ? "" : c.hint,
                           fallback: bar ? "" : c.fallback, shortHint: bar ? "" : shortHint)
        return nil
    }

    /// `exporting 12/90`, `simulating 40/500`.
    static func progress(_ label: String, _ done: Int, of total: Int) -> String {
        "\(label) \(GroupedNumber.text(done))/\(GroupedNumber.text(total))"
    }

    /// A prompt's usual label.
    static func label(_ kind: BrowserModel.PromptKind, _ chrome: BrowserChrome, labels: Labels) -> String {
        switch kind {
        case .search: chrome.search.label
        case .helpFilter: "/"
        case .filter: "f: "
        case .goTo: ":"
        case .sort: labels["sortPrompt"] + ": "
        case .saveView: labels["views.savePrompt"] + ": "
        case .recallView: labels["views.recallPrompt"] + ": "
        case .export: labels["exportPrompt"] + ": "
        case .simulate: labels["simulatePrompt"] + ": "
        case .seek: labels["replay.seekPrompt"] + ": "
        }
    }

    /// A running export's progress, as both browsers show it (none when it is not running).
    static func progress(of export: BackgroundExport?, labels: Labels) -> [String] {
        guard let e = export, e.isRunning else { return [] }
        let p = e.progress
        return [progress(labels["exporting"], p.written, of: p.total)]
    }
}
