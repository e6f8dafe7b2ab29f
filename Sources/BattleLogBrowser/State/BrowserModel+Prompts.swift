import BattleLogKit
import BattleLogPresentation
import Foundation

/// The one-line prompts (search, filter, simulate, help filter) and the name search: the record
/// browser as a `PromptHost` (the keys are the host's, written once).
extension BrowserModel: PaneHost, ListPromptHost {
    func ownPromptKey(_ key: Key, _ p: Prompt) throws -> Bool {
        switch key {
        case .f1 where p.kind == .filter, .character("?") where p.kind == .filter && p.text.isEmpty:
            var shown = p
            shown.showsHelp.toggle()
            chrome.prompt = shown
        default:
            return toggleSearch(key, p)
        }
        return true
    }

    func cancelPrompt(_ p: Prompt) {
        if p.kind == .search { cancelSearch() }
    }

    func complete(_ p: inout Prompt) -> Bool {
        switch p.kind {
        case .filter: completeFilter(&p)
        case .sort: completeSort(&p)
        case .recallView: completeViewName(&p)
        default: return false
        }
        return true
    }

    func willSuspend() { replay?.pause(now: monotonicNow()) }

    func submit(_ p: Prompt) throws {
        if try submitListPrompt(p) { return }
        switch p.kind {
        case .search:
            submitSearch(p)
            if chrome.search.text == nil { chrome.status = nil }
        case .helpFilter:
            chrome.helpFilter = p.text.isEmpty ? nil : p.text
            overlay = .help
            chrome.overlayScroll = 0
        case .saveView:
            // Always a typed name: Enter alone must not overwrite a view.
            let name = p.text.trimmingCharacters(in: .whitespaces)
            guard !name.isEmpty else { chrome.prompt = Prompt(kind: .saveView, text: p.text, error: labels["views.needName"]); return }
            saveView(named: name)
        case .recallView:
            let name = (p.text.isEmpty ? p.placeholder ?? "" : p.text).trimmingCharacters(in: .whitespaces)
            if let why = try recallView(named: name) {
                chrome.prompt = Prompt(kind: .recallView, text: p.text, error: why, placeholder: p.placeholder)
            }
        case .seek:
            submitSeek(p)
        case .simulate:
            let typed = p.text.isEmpty ? (p.placeholder ?? "") : p.text
            let digits = typed.replacingOccurrences(of: ",", with: "").replacingOccurrences(of: "_", with: "")
            guard let n = Int(digits), n > 0, n <= 10_000_000 else {
                chrome.prompt = Prompt(kind: .simulate, text: p.text, error: labels["simulateRange"], placeholder: p.placeholder)
                return
            }
            simulation = BackgroundSimulation(path: store.path, fights: n, labels: labels)
            simulation?.start()
            chrome.status = nil  // the status bar shows the progress
        case .filter, .sort, .goTo, .export: break   // the list prompts: `submitListPrompt`
        }
    }

    /// The key bindings the help overlay lists (the Core Data browser's keys are its own help's).
    var helpBindings: [KeyBinding] { chrome.helpBindings([.browser, .analysis, .replay], labels: labels) }
}
