import BattleLogFoundation
import BattleLogPresentation

/// A browser's keys, dispatched once for both browsers (records and Core Data objects): while
/// the terminal is too small only quitting, redrawing and suspending act; an open prompt takes
/// every key (`PromptHost`); then the browser's own (a replay's keys); then the mouse; then the
/// key table in the browser's context. An action's failure is the status line, escaped.
protocol KeyHost: PromptHost {
    var layout: Layout { get }
    var labels: Labels { get }
    /// The key table's context for the next key.
    var keyContext: KeyContext { get }
    /// A key the browser takes before the mouse and the key table (a replay's); true when taken.
    func interceptKey(_ key: Key) throws -> Bool
    /// A click, and the wheel's turns (`delta` rows), at a cell.
    func click(row: Int, column: Int) throws
    func wheel(_ delta: Int, row: Int, column: Int) throws
    /// Whether `action` runs now (false: the browser said why, as a quit asked while work runs).
    func admit(_ action: Action) -> Bool
    func perform(_ action: Action) throws
}

extension KeyHost {
    func interceptKey(_ key: Key) throws -> Bool { false }
    func admit(_ action: Action) -> Bool { true }

    /// Runs a read a key asked for (a page, a list, a record); one that fails says why on the
    /// status line, and the key does nothing more.
    func attempt(_ read: () throws -> Void) {
        do { try read() } catch { chrome.say(error, labels: labels) }
    }

    /// Handles one key or mouse event.
    func dispatch(_ key: Key) {
        do {
            if case .resize = key { return }
            if layout.isTooSmall {
                guard let action = chrome.keyMap.action(for: key, in: keyContext), action.actsWhenTooSmall else { return }
                chrome.prompt = nil
            }
            if chrome.prompt != nil { try handlePromptKey(key); return }
            if try interceptKey(key) { return }
            switch key {
            case .click(let r, let c): try click(row: r, column: c); return
            case .wheelUp(let r, let c): try wheel(-3, row: r, column: c); return
            case .wheelDown(let r, let c): try wheel(3, row: r, column: c); return
            default: break
            }
            guard let action = chrome.keyMap.action(for: key, in: keyContext) else {
                // A letter or sign that does nothing here says so, and where the keys are listed.
                if case .character(let c) = key, !c.isWhitespace { chrome.status = labels.fill("unboundKey", SafeText.escape(String(c))) }
                return
            }
            guard admit(action) else { return }
            try perform(action)
        } catch {
            chrome.say(error, labels: labels)
        }
    }
}
