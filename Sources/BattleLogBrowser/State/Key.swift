import BattleLogKit
import BattleLogPresentation
/// A key press or mouse event, independent of ncurses.
public enum Key: Hashable, Sendable {
    case character(Character)
    case control(Character)
    case up, down, left, right, pageUp, pageDown, home, end
    case enter, escape, backspace, delete, tab, backTab, f1, f2
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
        case .f2: "F2"
        case .resize: "resize"
        case .click: "click"
        case .wheelUp: "wheel up"
        case .wheelDown: "wheel down"
        }
    }
}

/// What a key asks the browser to do.
public enum Action: String, Sendable, CaseIterable {
    /// What a key may still do while the terminal is too small to show the browser: nothing
    /// else acts unseen.
    var actsWhenTooSmall: Bool { [.quit, .forceQuit, .redraw, .suspend].contains(self) }

    case moveUp, moveDown, pageUp, pageDown, halfPageUp, halfPageDown, first, last
    case nextPane, previousPane, paneLeft, paneRight, open, back
    case search, searchNext, searchPrevious, filter, sort, otherSide, goTo
    case mark, markRange, markAll, unmarkAll, compare
    case columnLeft, columnRight, narrowColumn, widenColumn, hideColumn, resetColumns
    case saveView, recallView, undoView
    case growPane, shrinkPane, zoom, export
    case help, inspect, stats, simulate, toggleLive, toggleMouse, copyRecord, copyValue, pager, editor, redraw, suspend, quit, forceQuit
    case replay, headToHead
    // In the statistics view.
    case drillDown, drillUp, measure, closeStats
    // In a replay.
    case playPause, previousAction, nextAction, slower, faster, replayStart, replayEnd, seek, closeReplay
    // In the Core Data store browser.
    case showModel
}

extension Action {
    /// How far a list key moves a selection or a scroll: a row, a page of `page` rows, half a
    /// page, or `end` rows toward the first or the last; nil for an action that does not move.
    func listStep(page: Int, end: Int = Int.max / 2) -> Int? {
        switch self {
        case .moveDown: 1
        case .moveUp: -1
        case .pageDown: page
        case .pageUp: -page
        case .halfPageDown: max(1, page / 2)
        case .halfPageUp: -max(1, page / 2)
        case .first: -end
        case .last: end
        default: nil
        }
    }
}

/// Where a key binding applies: the browser's panes, the statistics view (`t`: its own few keys,
/// the browser's for the rest), a replay (which has its own keys, and takes the few global ones
/// from the browser's table), or the Core Data store browser (its own whole table, the same keys
/// for the same kinds of action).
public enum KeyContext: String, Sendable, CaseIterable {
    case browser, analysis, replay, coreData
}

/// One line of the key table: the keys and the action. What the help overlay says of it is the
/// label `key.<action>` of the label tables (English and Chinese).
public struct KeyBinding: Sendable {
    public let keys: [Key]
    public let action: Action
    public let context: KeyContext

    public init(keys: [Key], action: Action, context: KeyContext = .browser) {
        self.keys = keys
        self.action = action
        self.context = context
    }

    /// The label key of this binding's help text (the Core Data browser's say what its panes do).
    public var labelKey: String {
        switch context {
        case .coreData: "key.coreData." + action.rawValue
        case .analysis: "key.analysis." + action.rawValue
        default: "key." + action.rawValue
        }
    }
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
        KeyBinding(keys: [.character("S")], action: .sort),
        KeyBinding(keys: [.character("o")], action: .otherSide),
        KeyBinding(keys: [.character("r")], action: .replay),
        KeyBinding(keys: [.character(":")], action: .goTo),
        KeyBinding(keys: [.character("+"), .character(">")], action: .growPane),
        KeyBinding(keys: [.character("-"), .character("<")], action: .shrinkPane),
        KeyBinding(keys: [.character("z")], action: .zoom),
        KeyBinding(keys: [.character("e")], action: .export),
        KeyBinding(keys: [.character("?"), .f1], action: .help),
        KeyBinding(keys: [.character("i")], action: .inspect),
        KeyBinding(keys: [.character("t")], action: .stats),
        KeyBinding(keys: [.character("v")], action: .headToHead),
        KeyBinding(keys: [.character("s")], action: .simulate),
        KeyBinding(keys: [.character("L")], action: .toggleLive),
        KeyBinding(keys: [.f2], action: .toggleMouse),
        KeyBinding(keys: [.character("y")], action: .copyRecord),
        KeyBinding(keys: [.character("P")], action: .pager),
        KeyBinding(keys: [.character("m")], action: .mark),
        KeyBinding(keys: [.character("M")], action: .markRange),
        KeyBinding(keys: [.character("A")], action: .markAll),
        KeyBinding(keys: [.character("u")], action: .unmarkAll),
        KeyBinding(keys: [.character("c")], action: .compare),
        KeyBinding(keys: [.character("[")], action: .columnLeft),
        KeyBinding(keys: [.character("]")], action: .columnRight),
        KeyBinding(keys: [.character("{")], action: .narrowColumn),
        KeyBinding(keys: [.character("}")], action: .widenColumn),
        KeyBinding(keys: [.character("H")], action: .hideColumn),
        KeyBinding(keys: [.character("=")], action: .resetColumns),
        KeyBinding(keys: [.character("V")], action: .saveView),
        KeyBinding(keys: [.character("'")], action: .recallView),
        KeyBinding(keys: [.character("U")], action: .undoView),
        KeyBinding(keys: [.character("E")], action: .editor),
        KeyBinding(keys: [.character("Y")], action: .copyValue),
        KeyBinding(keys: [.control("l")], action: .redraw),
        KeyBinding(keys: [.control("z")], action: .suspend),
        KeyBinding(keys: [.character("q")], action: .quit),
        KeyBinding(keys: [.control("c")], action: .forceQuit),
        KeyBinding(keys: [.tab], action: .nextPane, context: .analysis),
        KeyBinding(keys: [.backTab], action: .previousPane, context: .analysis),
        KeyBinding(keys: [.enter], action: .drillDown, context: .analysis),
        KeyBinding(keys: [.backspace], action: .drillUp, context: .analysis),
        KeyBinding(keys: [.character("m")], action: .measure, context: .analysis),
        KeyBinding(keys: [.escape, .character("t")], action: .closeStats, context: .analysis),
        KeyBinding(keys: [.character(" ")], action: .playPause, context: .replay),
        KeyBinding(keys: [.left, .character("h")], action: .previousAction, context: .replay),
        KeyBinding(keys: [.right, .character("l")], action: .nextAction, context: .replay),
        KeyBinding(keys: [.character("[")], action: .slower, context: .replay),
        KeyBinding(keys: [.character("]")], action: .faster, context: .replay),
        KeyBinding(keys: [.home, .character("g")], action: .replayStart, context: .replay),
        KeyBinding(keys: [.end, .character("G")], action: .replayEnd, context: .replay),
        KeyBinding(keys: [.character(":")], action: .seek, context: .replay),
        KeyBinding(keys: [.character("o")], action: .otherSide, context: .replay),
        KeyBinding(keys: [.escape, .character("q")], action: .closeReplay, context: .replay),
    ] + coreDataBindings

    /// The Core Data store browser's keys: the browser's, where an action means the same thing.
    static let coreDataBindings: [KeyBinding] = [
        KeyBinding(keys: [.up, .character("k")], action: .moveUp, context: .coreData),
        KeyBinding(keys: [.down, .character("j")], action: .moveDown, context: .coreData),
        KeyBinding(keys: [.pageUp, .character("b")], action: .pageUp, context: .coreData),
        KeyBinding(keys: [.pageDown], action: .pageDown, context: .coreData),
        KeyBinding(keys: [.control("u")], action: .halfPageUp, context: .coreData),
        KeyBinding(keys: [.control("d")], action: .halfPageDown, context: .coreData),
        KeyBinding(keys: [.home, .character("g")], action: .first, context: .coreData),
        KeyBinding(keys: [.end, .character("G")], action: .last, context: .coreData),
        KeyBinding(keys: [.tab], action: .nextPane, context: .coreData),
        KeyBinding(keys: [.backTab], action: .previousPane, context: .coreData),
        KeyBinding(keys: [.left, .character("h")], action: .paneLeft, context: .coreData),
        KeyBinding(keys: [.right, .character("l")], action: .paneRight, context: .coreData),
        KeyBinding(keys: [.enter, .character(" ")], action: .open, context: .coreData),
        KeyBinding(keys: [.backspace, .escape], action: .back, context: .coreData),
        KeyBinding(keys: [.character("/")], action: .search, context: .coreData),
        KeyBinding(keys: [.character("n")], action: .searchNext, context: .coreData),
        KeyBinding(keys: [.character("N")], action: .searchPrevious, context: .coreData),
        KeyBinding(keys: [.character("f")], action: .filter, context: .coreData),
        KeyBinding(keys: [.character("S")], action: .sort, context: .coreData),
        KeyBinding(keys: [.character(":")], action: .goTo, context: .coreData),
        KeyBinding(keys: [.character("i")], action: .inspect, context: .coreData),
        KeyBinding(keys: [.character("[")], action: .columnLeft, context: .coreData),
        KeyBinding(keys: [.character("]")], action: .columnRight, context: .coreData),
        KeyBinding(keys: [.character("{")], action: .narrowColumn, context: .coreData),
        KeyBinding(keys: [.character("}")], action: .widenColumn, context: .coreData),
        KeyBinding(keys: [.character("H")], action: .hideColumn, context: .coreData),
        KeyBinding(keys: [.character("=")], action: .resetColumns, context: .coreData),
        KeyBinding(keys: [.character("e")], action: .export, context: .coreData),
        KeyBinding(keys: [.character("m")], action: .showModel, context: .coreData),
        KeyBinding(keys: [.character("z")], action: .zoom, context: .coreData),
        KeyBinding(keys: [.character("?"), .f1], action: .help, context: .coreData),
        KeyBinding(keys: [.f2], action: .toggleMouse, context: .coreData),
        KeyBinding(keys: [.character("y")], action: .copyRecord, context: .coreData),
        KeyBinding(keys: [.character("P")], action: .pager, context: .coreData),
        KeyBinding(keys: [.character("E")], action: .editor, context: .coreData),
        KeyBinding(keys: [.character("Y")], action: .copyValue, context: .coreData),
        KeyBinding(keys: [.control("l")], action: .redraw, context: .coreData),
        KeyBinding(keys: [.control("z")], action: .suspend, context: .coreData),
        KeyBinding(keys: [.character("q")], action: .quit, context: .coreData),
        KeyBinding(keys: [.control("c")], action: .forceQuit, context: .coreData),
    ]

    /// The actions a replay takes from the browser's table when its own has no binding for the key.
    static let sharedWithReplay: Set<Action> = [.help, .toggleMouse, .redraw, .suspend, .forceQuit]

    private static let byKey: [KeyContext: [Key: Action]] = {
        var map: [KeyContext: [Key: Action]] = [:]
        for b in bindings { for k in b.keys { map[b.context, default: [:]][k] = b.action } }
        return map
    }()

    /// The action bound to `key` in `context`, if any.
    public static func action(for key: Key, in context: KeyContext = .browser) -> Action? {
        if let a = byKey[context]?[key] { return a }
        guard let a = byKey[.browser]?[key], fallsBack(context, to: a) else { return nil }
        return a
    }

    /// Whether a key the context does not bind does what it does in the browser: every one in
    /// the statistics view, the few shared ones in a replay.
    static func fallsBack(_ context: KeyContext, to action: Action) -> Bool {
        switch context {
        case .analysis: true
        case .replay: sharedWithReplay.contains(action)
        case .browser, .coreData: false
        }
    }

    /// The key table as the README's Markdown table, in English: generated, so that the README
    /// and the help overlay cannot disagree (a test compares them).
    public static var markdown: String { markdown(bindings) }

    /// The battle log browser's and the replay's tables of `bindings` (the keys in effect).
    public static func markdown(_ bindings: [KeyBinding]) -> String {
        let shared = bindings.filter { $0.context == .browser && sharedWithReplay.contains($0.action) }.map { "`\($0.keys[0].label)`" }
        return (markdownTable(.browser, bindings)
            + ["", "In the statistics view (`t`); the browser's other keys work there too:", ""] + markdownTable(.analysis, bindings)
            + ["", "In a replay (`r`); \(shared.joined(separator: ", ")) work there too:", ""]
            + markdownTable(.replay, bindings)).joined(separator: "\n")
    }

    /// The Core Data store browser's key table, for the README's Core Data section.
    public static var coreDataMarkdown: String { coreDataMarkdown(bindings) }
    public static func coreDataMarkdown(_ bindings: [KeyBinding]) -> String { markdownTable(.coreData, bindings).joined(separator: "\n") }

    static func markdownTable(_ context: KeyContext, _ bindings: [KeyBinding]) -> [String] {
        ["| keys | action |", "|---|---|"] + bindings.filter { $0.context == context }.map { b in
            let keys = b.keys.map { k in k.label == "|" ? "`\\|`" : "`\(k.label)`" }.joined(separator: ", ")
            return "| \(keys) | \(b.help.replacingOccurrences(of: "|", with: "\\|")) |"
        }
    }
}
