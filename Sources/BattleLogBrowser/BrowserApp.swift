import BattleLogKit
import BattleLogPresentation
import CNCursesW
import Foundation
import Synchronization

/// What the command line tells the browser.
public struct BrowserOptions: Sendable {
    public var language: String
    public var color: Bool
    public var databasePath: String
    public var createdDemo: Bool
    /// Where the filter history is kept (nil: in memory only).
    public var historyPath: String?

    public init(language: String, color: Bool, databasePath: String, createdDemo: Bool, historyPath: String? = nil) {
        self.language = language
        self.color = color
        self.databasePath = databasePath
        self.createdDemo = createdDemo
        self.historyPath = historyPath
    }
}

/// Why the browser cannot drive this terminal.
public struct TerminalError: Error, CustomStringConvertible, Sendable {
    public let description: String
}

/// The interactive browser: the ncurses loop around `BrowserModel` and `BrowserView`.
public enum BrowserApp {
    /// Checks, before anything is written, that terminfo can drive `term` full-screen (ncurses'
    /// own check prints its message and exits the process from inside `initscr`).
    public static func checkTerminal(_ term: String?) throws(TerminalError) {
        guard let term, !term.isEmpty else {
            throw TerminalError(description: "TERM is not set, so the browser cannot tell what terminal this is")
        }
        switch bl_probe_terminal(term) {
        case 0: return
        case 1: throw TerminalError(description: "TERM=\(SafeText.escape(term)): no such terminal in the terminfo database")
        case 2: throw TerminalError(description: "no terminfo database found (install ncurses-base)")
        default: throw TerminalError(description: "TERM=\(SafeText.escape(term)) cannot move the cursor; the browser needs a full-screen terminal")
        }
    }

    /// The signal that asked the browser to stop (0: none).
    private static let terminatingSignal = Atomic<Int32>(0)

    /// How the browser ended.
    public struct Exit: Sendable {
        /// The signal that ended it, or nil when the user quit.
        public var signal: Int32?
        /// What to tell the user on stderr once the terminal is restored (work that quitting
        /// stopped, and what it had saved).
        public var farewell: String?
    }

    /// Runs until the user quits. The terminal is restored on q, Ctrl-C, SIGINT, SIGTERM,
    /// SIGHUP and thrown errors.
    @discardableResult
    public static func run(store: BattleStore, options: BrowserOptions) throws -> Exit {
        let labels = Labels.load(options.language)
        signal(SIGTERM) { BrowserApp.terminatingSignal.store($0, ordering: .relaxed) }
        signal(SIGINT) { BrowserApp.terminatingSignal.store($0, ordering: .relaxed) }
        signal(SIGHUP) { BrowserApp.terminatingSignal.store($0, ordering: .relaxed) }
        ProcessSignals.unblock([SIGINT, SIGTERM, SIGHUP, SIGWINCH])
        let screen = CursesScreen(color: options.color)
        defer {
            CursesScreen.shutdown()
            signal(SIGTERM, SIG_DFL)
            signal(SIGINT, SIG_DFL)
            signal(SIGHUP, SIG_DFL)
        }
        let model = try BrowserModel(store: store, labels: labels, databasePath: options.databasePath,
                                     rows: screen.rows, columns: screen.columns,
                                     status: options.createdDemo ? labels["demoCreated"] : (store.isReadOnly ? labels["readOnly"] : nil),
                                     history: FilterHistory(path: options.historyPath))
        var stopped = false
        defer { if !stopped { model.stopBackgroundWork() } }
        BrowserView.render(model, on: screen)
        while !model.shouldQuit && terminatingSignal.load(ordering: .relaxed) == 0 {
            guard let key = readKey() else {
                model.tick()
                BrowserView.render(model, on: screen)
                continue
            }
            if key == .resize {
                screen.syncSize()
                model.resize(rows: screen.rows, columns: screen.columns)
            }
            model.handle(key)
            if model.wantsSuspend {
                screen.suspend()
                model.wantsSuspend = false
            }
            if model.wantsFullRedraw {
                screen.forceRedraw()
                model.wantsFullRedraw = false
            }
            model.tick()
            BrowserView.render(model, on: screen)
        }
        let stoppedBy = terminatingSignal.load(ordering: .relaxed)
        stopped = true
        let farewell = model.stopBackgroundWork()
        return Exit(signal: stoppedBy == 0 ? nil : stoppedBy, farewell: farewell)
    }

    /// The next key from ncurses, or nil when the 250 ms timeout passed without one.
    static func readKey() -> Key? {
        var ch: wint_t = 0
        let rc = get_wch(&ch)
        if rc == ERR { return nil }
        if rc == KEY_CODE_YES {
            switch Int32(ch) {
            case KEY_UP: return .up
            case KEY_DOWN: return .down
            case KEY_LEFT: return .left
            case KEY_RIGHT: return .right
            case KEY_PPAGE: return .pageUp
            case KEY_NPAGE: return .pageDown
            case KEY_HOME: return .home
            case KEY_END: return .end
            case KEY_ENTER: return .enter
            case KEY_BACKSPACE: return .backspace
            case KEY_DC: return .delete
            case KEY_BTAB: return .backTab
            case KEY_F0 + 1: return .f1
            case bl_key_resize(): return .resize
            case bl_key_mouse(): return mouseKey()
            default: return nil
            }
        }
        switch ch {
        case 9: return .tab
        case 10, 13: return .enter
        case 27: return .escape
        case 8, 127: return .backspace
        case 1...26: return .control(Character(Unicode.Scalar(UInt8(ch) + 96)))
        default:
            guard let scalar = Unicode.Scalar(UInt32(ch)) else { return nil }
            return .character(Character(scalar))
        }
    }

    private static func mouseKey() -> Key? {
        var event = MEVENT()
        guard getmouse(&event) == OK else { return nil }
        let row = Int(event.y), column = Int(event.x)
        let state = event.bstate
        if state & bl_wheel_up() != 0 { return .wheelUp(row: row, column: column) }
        if state & bl_wheel_down() != 0 { return .wheelDown(row: row, column: column) }
        if state & bl_button1_press() != 0 { return .click(row: row, column: column) }
        return nil
    }
}
