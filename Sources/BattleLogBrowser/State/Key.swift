import BattleLogKit
import BattleLogPresentation
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
    case search, searchNext, searchPrevious, filter, otherSide, goTo
    case growPane, shrinkPane, zoom, export
    case help, inspect, stats, simulate, toggleLive, redraw, suspend, quit, forceQuit
}

/// One line of the key table: the keys and the action. What the help overlay says of it is the
/// label `key.<action>` of the label tables (English and Chinese).
public struct KeyBinding: Sendable {
    public let keys: [Key]
    public let action: Action

    /// The label key of this binding's help text.
    public var labelKey: String { "key." + action.rawValue }
    /// The help text in English (the README's key table).
    public var help: String { KeyTable.english[labelKey] }
}

/// The one table of key bindings: the input handler and the help overlay both read it, so help
/// can never disagree with behaviour.
public enum KeyTable {
    static let english = Labels.load("en")

    public static let bindings: [KeyBinding] = [
        KeyBinding(keys: [.up, .character("k")], action: .moveUp),
        KeyBinding(keys: [.down, .character("j")], action: .moveDown),
        KeyBinding(keys: [.pageUp, .character("b")], action: .pageUp),
        KeyBinding(keys: [.pageDown, .character(" ")], action: .pageDown),
        KeyBinding(keys: [.control("u")], action: .halfPageUp),
        KeyBinding(keys: [.control("d")], action: .halfPageDown),
        KeyBinding(keys: [.home, .character("g")], action: .first),
        KeyBinding(keys: [.end, .character("G")], action: .last),
        KeyBinding(keys: [.tab], action: .nextPane),
        KeyBinding(keys: [.backTab], action: .previousPane),
        KeyBinding(keys: [.left, .character("h")], action: .paneLeft),
        KeyBinding(keys: [.right, .character("l")], action: .paneRight),
        KeyBinding(keys: [.enter], action: .open),
        KeyBinding(keys: [.escape, .backspace], action: .back),
        KeyBinding(keys: [.character("/")], action: .search),
        KeyBinding(keys: [.character("n")], action: .searchNext),
        KeyBinding(keys: [.character("N")], action: .searchPrevious),
        KeyBinding(keys: [.character("f")], action: .filter),
        KeyBinding(keys: [.character("o")], action: .otherSide),
        KeyBinding(keys: [.character(":")], action: .goTo),
        KeyBinding(keys: [.character("+"), .character(">")], action: .growPane),
        KeyBinding(keys: [.character("-"), .character("<")], action: .shrinkPane),
        KeyBinding(keys: [.character("z")], action: .zoom),
        KeyBinding(keys: [.character("e")], action: .export),
        KeyBinding(keys: [.character("?"), .f1], action: .help),
        KeyBinding(keys: [.character("i")], action: .inspect),
        KeyBinding(keys: [.character("t")], action: .stats),
        KeyBinding(keys: [.character("s")], action: .simulate),
        KeyBinding(keys: [.character("L")], action: .toggleLive),
        KeyBinding(keys: [.control("l")], action: .redraw),
        KeyBinding(keys: [.control("z")], action: .suspend),
        KeyBinding(keys: [.character("q")], action: .quit),
        KeyBinding(keys: [.control("c")], action: .forceQuit),
    ]

    private static let byKey: [Key: Action] = {
        var map: [Key: Action] = [:]
        for b in bindings { for k in b.keys { map[k] = b.action } }
        return map
    }()

    /// The action bound to `key`, if any.
    public static func action(for key: Key) -> Action? { byKey[key] }

    /// The key table as the README's Markdown table, in English: generated, so that the README
    /// and the help overlay cannot disagree (a test compares them).
    public static var markdown: String {
        var lines = ["| keys | action |", "|---|---|"]
        for b in bindings {
            let keys = b.keys.map { k in k.label == "|" ? "`\\|`" : "`\(k.label)`" }.joined(separator: ", ")
            lines.append("| \(keys) | \(b.help.replacingOccurrences(of: "|", with: "\\|")) |")
        }
        return lines.joined(separator: "\n")
    }
}
