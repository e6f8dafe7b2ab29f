/// A key press or mouse event, independent of ncurses.
public enum Key: Hashable, Sendable {
    case character(Character)
    case control(Character)
    case up, down, left, right, pageUp, pageDown, home, end
    case enter, escape, backspace, delete, tab, backTab, f1
    case resize
    /// A click at a screen position.
    case click(row: Int, column: Int)
    case wheelUp(row: Int, column: Int)
    case wheelDown(row: Int, column: Int)

    /// How the help overlay names the key.
    public var label: String {
        switch self {
        case .character(" "): "Space"
        case .character(let c): String(c)
        case .control(let c): "Ctrl-" + String(c).uppercased()
        case .up: "Up"
        case .down: "Down"
        case .left: "Left"
        case .right: "Right"
        case .pageUp: "PgUp"
        case .pageDown: "PgDn"
        case .home: "Home"
        case .end: "End"
        case .enter: "Enter"
        case .escape: "Esc"
        case .backspace: "Backspace"
        case .delete: "Del"
        case .tab: "Tab"
        case .backTab: "Shift-Tab"
        case .f1: "F1"
        case .resize: "resize"
        case .click: "click"
        case .wheelUp: "wheel up"
        case .wheelDown: "wheel down"
        }
    }
}

/// What a key asks the browser to do.
public enum Action: String, Sendable, CaseIterable {
    case moveUp, moveDown, pageUp, pageDown, halfPageUp, halfPageDown, first, last
    case nextPane, previousPane, paneLeft, paneRight, open, back
    case search, searchNext, searchPrevious, filter, otherSide
    case help, inspect, stats, simulate, toggleLive, redraw, suspend, quit, forceQuit
}

/// One line of the key table: the keys, the action, and what the help overlay says.
public struct KeyBinding: Sendable {
    public let keys: [Key]
    public let action: Action
    public let help: String
}

/// The one table of key bindings: the input handler and the help overlay both read it, so help
/// can never disagree with behaviour.
public enum KeyTable {
    public static let bindings: [KeyBinding] = [
        KeyBinding(keys: [.up, .character("k")], action: .moveUp, help: "move up"),
        KeyBinding(keys: [.down, .character("j")], action: .moveDown, help: "move down"),
        KeyBinding(keys: [.pageUp, .character("b")], action: .pageUp, help: "page up"),
        KeyBinding(keys: [.pageDown, .character(" ")], action: .pageDown, help: "page down"),
        KeyBinding(keys: [.control("u")], action: .halfPageUp, help: "half page up"),
        KeyBinding(keys: [.control("d")], action: .halfPageDown, help: "half page down"),
        KeyBinding(keys: [.home, .character("g")], action: .first, help: "first (newest) record"),
        KeyBinding(keys: [.end, .character("G")], action: .last, help: "last (oldest) record"),
        KeyBinding(keys: [.tab], action: .nextPane, help: "next pane"),
        KeyBinding(keys: [.backTab], action: .previousPane, help: "previous pane"),
        KeyBinding(keys: [.left, .character("h")], action: .paneLeft, help: "pane to the left"),
        KeyBinding(keys: [.right, .character("l")], action: .paneRight, help: "pane to the right"),
        KeyBinding(keys: [.enter], action: .open, help: "open: Human's records, record's detail"),
        KeyBinding(keys: [.escape, .backspace], action: .back, help: "back (leaves a filter) / close overlay"),
        KeyBinding(keys: [.character("/")], action: .search, help: "search Humans by name"),
        KeyBinding(keys: [.character("n")], action: .searchNext, help: "next match"),
        KeyBinding(keys: [.character("N")], action: .searchPrevious, help: "previous match"),
        KeyBinding(keys: [.character("f")], action: .filter, help: "filter all records (empty clears)"),
        KeyBinding(keys: [.character("o")], action: .otherSide, help: "other side: the opponent's record of the fight"),
        KeyBinding(keys: [.character("?"), .f1], action: .help, help: "this help"),
        KeyBinding(keys: [.character("i")], action: .inspect, help: "inspect stored values of the record"),
        KeyBinding(keys: [.character("t")], action: .stats, help: "statistics view"),
        KeyBinding(keys: [.character("s")], action: .simulate, help: "simulate more fights"),
        KeyBinding(keys: [.character("L")], action: .toggleLive, help: "live refresh on/off"),
        KeyBinding(keys: [.control("l")], action: .redraw, help: "redraw the screen"),
        KeyBinding(keys: [.control("z")], action: .suspend, help: "suspend to the shell (fg resumes)"),
        KeyBinding(keys: [.character("q")], action: .quit, help: "close overlay; quit at the top"),
        KeyBinding(keys: [.control("c")], action: .forceQuit, help: "quit"),
    ]

    private static let byKey: [Key: Action] = {
        var map: [Key: Action] = [:]
        for b in bindings { for k in b.keys { map[k] = b.action } }
        return map
    }()

    /// The action bound to `key`, if any.
    public static func action(for key: Key) -> Action? { byKey[key] }
}
