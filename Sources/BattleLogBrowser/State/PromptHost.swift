/// The one-line prompt's keys, written once for both browsers (records and Core Data objects):
/// Esc, Ctrl-G and Ctrl-C cancel, Enter submits, Ctrl-Z suspends and Ctrl-L redraws from the
/// prompt too, Tab completes, Up and Down walk the filter history, any other key edits the line
/// (a changed text clears the error it was about and the completions; moving the cursor keeps
/// them). What each prompt does is its browser's: a `PromptHost`.
protocol PromptHost: AnyObject {
    /// The prompt, and what a prompt's keys change beside it.
    var chrome: BrowserChrome { get set }
    var filterHistory: FilterHistory { get }

    /// A key the browser's own prompts take before the line does (the filter's F1, the search's
    /// Ctrl-R and Ctrl-T); true when it was taken.
    func ownPromptKey(_ key: Key, _ p: BrowserModel.Prompt) throws -> Bool
    /// Esc on `p` (a search goes back to where it started).
    func cancelPrompt(_ p: BrowserModel.Prompt) throws
    /// Enter on `p`.
    func submit(_ p: BrowserModel.Prompt) throws
    /// Tab in `p`: completes the word before the cursor; false when its kind completes nothing.
    func complete(_ p: inout BrowserModel.Prompt) -> Bool
    /// The search prompt's text is now `text` (search as you type).
    func searchTyped(_ text: String) throws
    /// Ctrl-Z from a prompt, before the suspension.
    func willSuspend()
}

extension PromptHost {
    func ownPromptKey(_ key: Key, _ p: BrowserModel.Prompt) throws -> Bool { false }
    func willSuspend() {}

    func handlePromptKey(_ key: Key) throws {
        guard var p = chrome.prompt else { return }
        if try ownPromptKey(key, p) { return }
        switch key {
        case .escape, .control("g"), .control("c"):
            // Ctrl-C cancels the line, as in a shell; at the top it quits.
            chrome.prompt = nil
            try cancelPrompt(p)
        case .enter:
            chrome.prompt = nil
            try submit(p)
        case .control("z"):
            // Suspend and redraw work from a prompt too; the prompt waits as it was.
            willSuspend()
            chrome.wantsSuspend = true
        case .control("l"):
            chrome.wantsFullRedraw = true
        case .tab:
            if complete(&p) { chrome.prompt = p }
        case .up where p.kind == .filter, .down where p.kind == .filter:
            filterHistory.walk(&p, older: key == .up)
            chrome.prompt = p
        default:
            let before = p.text
            guard p.line.edit(key) else { break }
            if p.text != before { p.error = nil; p.errorColumn = nil; p.candidates = []; p.historyIndex = nil }
            chrome.prompt = p
            guard p.text != before else { break }
            // The help's filter narrows the list as it is typed.
            if p.kind == .helpFilter { chrome.helpFilter = p.text.isEmpty ? nil : p.text; chrome.overlayScroll = 0 }
            if p.kind == .search { try searchTyped(p.text) }
        }
    }
}
