import BattleLogFoundation
import BattleLogPresentation

/// An overlay of lines over the panes (the help, a model, stored bytes, a value read whole): a
/// title and its lines (a help's are keys and what they do), `width` columns wide at most and
/// as tall as its lines (the body at most), in the middle of the body, scrolled by the chrome.
struct TextOverlay {
    var title: String
    var lines: [(String, String)]
    var keyed = false
    var width: Int

    func rect(_ l: Layout) -> Rect { rect(l, lineCount: shown(l).count) }

    /// As tall as `lineCount` lines shown (the body's height at most).
    private func rect(_ l: Layout, lineCount: Int) -> Rect { Drawing.overlayRect(l, width: width, lineCount: lineCount) }

    /// Its lines as drawn in layout `l`: a keyed overlay's descriptions wrapped to its width.
    func shown(_ l: Layout) -> [(String, String)] {
        keyed ? Drawing.wrappedKeyed(lines, width: HelpView.overlayRect(l, width: width).width) : lines
    }

    /// The lines it scrolls through and how many it shows (wrapped once).
    func extent(_ l: Layout) -> (total: Int, visible: Int) {
        let lines = shown(l)
        return (lines.count, max(0, rect(l, lineCount: lines.count).height - 2))
    }

    /// Draws it, scrolled by `scroll` lines (never past its last), its lines wrapped once.
    func draw(_ s: Screen, _ l: Layout, scroll: Int) {
        let lines = shown(l), r = rect(l, lineCount: lines.count)
        Drawing.overlay(s, r, title: title, lines: lines, scroll: min(scroll, max(0, lines.count - (r.height - 2))), keyed: keyed)
    }

    /// `text` whole as an overlay `width` columns wide shows it: its own line breaks kept, each
    /// line escaped and wrapped at spaces.
    static func wrapped(_ text: String, width: Int) -> [(String, String)] {
        text.split(separator: "\n", omittingEmptySubsequences: false).flatMap { line in
            let escaped = SafeText.escape(String(line))
            return escaped.isEmpty ? [""] : DisplayWidth.wrap(escaped, to: max(10, width), maxLines: 2_000, atSpaces: true)
        }.map { ($0, "") }
    }
}
