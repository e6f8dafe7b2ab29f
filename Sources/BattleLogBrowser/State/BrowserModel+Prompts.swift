import BattleLogKit
import Foundation

/// The one-line prompts (search, filter, simulate, help filter) and the name search.
extension BrowserModel {
    func handlePromptKey(_ key: Key) throws {
        guard var p = prompt else { return }
        switch key {
        case .escape, .control("g"):
            prompt = nil
        case .control("c"):
            // Ctrl-C quits from anywhere, a prompt included.
            prompt = nil
            shouldQuit = true
        case .enter:
            prompt = nil
            try submit(p)
        default:
            let before = p.text
            guard p.line.edit(key) else { break }
            // A changed text clears the error it was about; moving the cursor keeps it.
            if p.text != before { p.error = nil; p.errorColumn = nil }
            prompt = p
        }
    }

    func submit(_ p: Prompt) throws {
        switch p.kind {
        case .search:
            searchText = p.text.isEmpty ? nil : p.text
            if searchText != nil { try findMatch(forward: true, includeCurrent: true) } else { status = nil }
        case .helpFilter:
            helpFilter = p.text.isEmpty ? nil : p.text
            overlay = .help
            overlayScroll = 0
        case .filter:
            do {
                try applyFilter(p.text)
            } catch let e as FilterError {
                // The cursor waits where the problem is.
                prompt = Prompt(kind: .filter, text: p.text, cursor: e.column - 1, error: e.text(labels), errorColumn: e.column)
            }
        case .simulate:
            let typed = p.text.isEmpty ? (p.placeholder ?? "") : p.text
            let digits = typed.replacingOccurrences(of: ",", with: "").replacingOccurrences(of: "_", with: "")
            guard let n = Int(digits), n > 0, n <= 10_000_000 else {
                prompt = Prompt(kind: .simulate, text: p.text, error: labels["simulateRange"], placeholder: p.placeholder)
                return
            }
            simulation = BackgroundSimulation(path: store.path, fights: n)
            simulation?.start()
            status = nil  // the status bar shows the progress
        }
    }

    /// Selects the next (or previous) Human whose name contains the search text, case-insensitively.
    func findMatch(forward: Bool, includeCurrent: Bool = false) throws {
        guard let text = searchText else { status = labels["noSearch"]; return }
        let matches = roster.indices.filter { FilterText.contains(roster[$0].name, text) }
        guard !matches.isEmpty else { status = "\(labels["noMatch"]): \(DisplayWidth.truncate(text, to: 40))"; return }
        let next: Int
        if forward {
            next = matches.first { includeCurrent ? $0 >= rosterIndex : $0 > rosterIndex } ?? matches[0]
        } else {
            next = matches.last { $0 < rosterIndex } ?? matches[matches.count - 1]
        }
        try selectHuman(at: next)
        focus = .roster
        status = "/\(text): \(matches.firstIndex(of: next)! + 1) \(labels["of"]) \(matches.count)"
    }

    /// The key bindings the help overlay lists: all, or those matching the help filter.
    public var helpBindings: [KeyBinding] {
        guard let f = helpFilter else { return KeyTable.bindings }
        return KeyTable.bindings.filter { b in
            FilterText.contains(labels[b.labelKey], f) || FilterText.contains(b.help, f) || b.keys.contains { FilterText.contains($0.label, f) }
        }
    }
}
