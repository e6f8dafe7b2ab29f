import BattleLogFoundation
import BattleLogPresentation

/// A text overlay a key opened over the panes of a browser on the engine's lists: the help
/// (drawn from the key table as it is filtered), lines the browser read (a model, stored
/// bytes), or a text read whole (wrapped to the overlay's width).
struct OpenOverlay {
    enum Text {
        case help
        case lines([String])
        case wrapped(String)
    }

    /// The action that opened it: the same action closes it.
    var opener: Action
    var title = ""
    var text: Text = .help
    var width = 110
}

/// A browser with `OpenOverlay`s: the key that opened one closes it, Esc and q close any, the
/// moves scroll it, `/` filters the help, a key that opens another overlay opens that one, and
/// no other key reaches the panes under it.
protocol OverlayHost: PaneHost {
    var overlay: OpenOverlay? { get set }
    /// The help as this browser shows it.
    var help: TextOverlay { get }
}

extension OverlayHost {
    var overlayIsOpen: Bool { overlay != nil }
    func closeOverlay() { overlay = nil }

    /// Opens `o` from its first line.
    func open(_ o: OpenOverlay) {
        overlay = o
        chrome.overlayScroll = 0
    }

    /// The open overlay as it is drawn.
    var shownOverlay: TextOverlay? {
        guard let o = overlay else { return nil }
        switch o.text {
        case .help: return help
        case .lines(let lines): return TextOverlay(title: o.title, lines: lines.map { ($0, "") }, width: o.width)
        case .wrapped(let text):
            let inner = Drawing.overlayRect(layout, width: o.width, lineCount: 1).width - 4
            return TextOverlay(title: o.title, lines: TextOverlay.wrapped(text, width: inner), width: o.width)
        }
    }

    var overlayLines: (total: Int, visible: Int) { shownOverlay?.extent(layout) ?? (0, 0) }

    /// Keys while an overlay is open; true when the overlay took the key.
    func handleOverlay(_ action: Action) -> Bool {
        guard let o = overlay else { return false }
        switch action {
        case .forceQuit, .redraw, .suspend, .toggleMouse: return false
        case .back, .quit:
            overlay = nil
            chrome.helpFilter = nil
            return true
        case o.opener:
            overlay = nil
            return true
        // Enter and Space read the open overlay; they never reach the panes under it.
        case .open: return true
        case .help, .showModel, .inspect:
            overlay = nil
            return false
        case .search:
            if case .help = o.text { chrome.prompt = BrowserModel.Prompt(kind: .helpFilter, text: chrome.helpFilter ?? "") }
            return true
        case .moveDown, .moveUp, .pageDown, .pageUp, .halfPageDown, .halfPageUp, .first, .last:
            return scrollOverlay(action)
        default:
            return true
        }
    }
}
