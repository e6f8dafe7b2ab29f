import BattleLogKit
import CNCursesW
import Foundation
import Synchronization

/// The terminal, through ncursesw, in one room: the probe, set-up and teardown, the signal
/// handlers, key and mouse input, and drawing. Views draw into a cell grid; `present()` sends
/// the rows that changed, cell by cell at their own columns, so a terminal that measures a
/// character differently cannot shift the rest of the line.
final class CursesScreen: Screen {
    private let grid: CellGrid
    private var shown: [Cell] = []
    private let theme: Theme
    private var pairs: [Style: Int32] = [:]

    var rows: Int { grid.rows }
    var columns: Int { grid.columns }

    /// Checks, before anything is written, that terminfo can drive `term` full-screen (ncurses'
    /// own check prints its message and exits the process from inside `initscr`).
    static func checkTerminal(_ term: String?) throws(TerminalError) {
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

    var stopSignal: Int32? {
        let signal = Self.terminatingSignal.load(ordering: .relaxed)
        return signal == 0 ? nil : signal
    }

    /// Sets up the terminal and the signal handlers. Call `shutdown()` on every way out.
    init(theme wantedTheme: Theme, mouse: Bool = true) {
        Self.terminatingSignal.store(0, ordering: .relaxed)
        signal(SIGTERM) { CursesScreen.terminatingSignal.store($0, ordering: .relaxed) }
        signal(SIGINT) { CursesScreen.terminatingSignal.store($0, ordering: .relaxed) }
        signal(SIGHUP) { CursesScreen.terminatingSignal.store($0, ordering: .relaxed) }
        ProcessSignals.unblock([SIGINT, SIGTERM, SIGHUP, SIGWINCH])
        Self.useUTF8Locale()
        TerminalRescue.arm()
        initscr()
        raw()
        noecho()
        keypad(bl_stdscr(), true)
        Self.defineKeySequencesTerminfoMayLack()
        // No insert/delete-character or line optimisations: with wide characters they can leave
        // stale cells on some terminals.
        idcok(bl_stdscr(), false)
        idlok(bl_stdscr(), false)
        curs_set(0)
        set_escdelay(25)
        timeout(250)
        if mouse { mousemask(bl_button1_click() | bl_wheel_up() | bl_wheel_down(), nil) }
        mouseinterval(0)
        // A terminal without colours gets the attributes alone.
        theme = has_colors() ? wantedTheme : .mono
        if theme.usesColour {
            start_color()
            use_default_colors()
            let colours = Int(bl_colors())
            var next: Int16 = 1
            for style in Style.allCases {
                let look = theme.look(style)
                let fg = look.foreground(colours: colours), bg = look.background
                guard fg != nil || bg != nil else { continue }
                // A colour the terminal lacks falls back to its own.
                func usable(_ c: Theme.Colour?) -> Int16 { c.map { Int($0) < colours ? $0 : -1 } ?? -1 }
                init_pair(next, usable(fg), usable(bg))
                pairs[style] = Int32(next)
                next += 1
            }
        }
        grid = CellGrid(rows: Int(bl_getmaxy(bl_stdscr())), columns: Int(bl_getmaxx(bl_stdscr())))
    }

    /// ncursesw writes wide characters only under a UTF-8 `LC_CTYPE`. The environment's locale
    /// comes first; when it is not UTF-8 (`LANG=C`, or a locale such as zh_CN.UTF-8 that this
    /// system has not generated, so that setlocale falls back to C) the character type alone
    /// falls back to C.UTF-8: otherwise every CJK name and box line would come out as garbage.
    /// The sequences terminals and multiplexers send for the editing and cursor keys, whatever
    /// TERM's terminfo entry says: tmux and screen send `ESC [1~` and `ESC [4~` for Home and End
    /// under a TERM of `xterm-256color`, whose entry knows only `ESC OH` and `ESC OF`. Without
    /// these, such a key arrives as Esc followed by letters (and Esc closes what is open).
    static let extraKeySequences: [(String, Int32)] = [
        ("\u{1B}[1~", KEY_HOME), ("\u{1B}[7~", KEY_HOME), ("\u{1B}[H", KEY_HOME), ("\u{1B}OH", KEY_HOME),
        ("\u{1B}[4~", KEY_END), ("\u{1B}[8~", KEY_END), ("\u{1B}[F", KEY_END), ("\u{1B}OF", KEY_END),
        ("\u{1B}[A", KEY_UP), ("\u{1B}OA", KEY_UP), ("\u{1B}[B", KEY_DOWN), ("\u{1B}OB", KEY_DOWN),
        ("\u{1B}[C", KEY_RIGHT), ("\u{1B}OC", KEY_RIGHT), ("\u{1B}[D", KEY_LEFT), ("\u{1B}OD", KEY_LEFT),
        ("\u{1B}[5~", KEY_PPAGE), ("\u{1B}[6~", KEY_NPAGE), ("\u{1B}[3~", KEY_DC), ("\u{1B}[Z", KEY_BTAB),
        ("\u{1B}OP", KEY_F0 + 1), ("\u{1B}[11~", KEY_F0 + 1), ("\u{1B}OQ", KEY_F0 + 2), ("\u{1B}[12~", KEY_F0 + 2),
    ]

    private static func defineKeySequencesTerminfoMayLack() {
        for (sequence, code) in extraKeySequences where key_defined(sequence) == 0 {
            define_key(sequence, code)
        }
    }

    static func useUTF8Locale() {
        setlocale(LC_ALL, "")
        // Numbers stay C's (a point), as every figure the browser writes is: only the characters
        // follow the environment.
        setlocale(LC_NUMERIC, "C")
        guard !isUTF8 else { return }
        for candidate in ["C.UTF-8", "C.utf8", "en_US.UTF-8"] where setlocale(LC_CTYPE, candidate) != nil {
            if isUTF8 { return }
        }
    }

    private static var isUTF8: Bool {
        guard let codeset = nl_langinfo(nl_item(CODESET)) else { return false }
        let name = String(cString: codeset).uppercased()
        return name == "UTF-8" || name == "UTF8"
    }

    /// Gives the terminal back and the signals their default handlers.
    func shutdown() {
        endwin()
        TerminalRescue.disarm()
        signal(SIGTERM, SIG_DFL)
        signal(SIGINT, SIG_DFL)
        signal(SIGHUP, SIG_DFL)
    }

    /// Bytes waiting on the terminal (a paste, keys typed ahead). ncurses reads them a byte at a
    /// time, so what it has not taken is still there to see.
    var hasPendingInput: Bool {
        var waiting = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
        return poll(&waiting, 1, 0) > 0 && waiting.revents & Int16(POLLIN) != 0
    }

    /// The next key from ncurses, or nil when `milliseconds` pass without one.
    func nextEvent(timeout milliseconds: Int32) -> Key? {
        timeout(milliseconds)
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
            case KEY_F0 + 2: return .f2
            case bl_key_resize(): return .resize
            case bl_key_mouse(): return mouseEvent()
            default: return nil
            }
        }
        switch ch {
        case 9: return .tab
        case 10, 13: return .enter
        case 27: return afterEscape()
        case 8, 127: return .backspace
        case 1...26: return .control(Character(Unicode.Scalar(UInt8(ch) + 96)))
        default:
            guard let scalar = Unicode.Scalar(UInt32(ch)) else { return nil }
            return .character(Character(scalar))
        }
    }

    /// What an Esc that ncurses could not match to a key stands for. Alone, it is Esc. With a
    /// control sequence already behind it that terminfo does not list (`ESC [15~`, `ESC O x`),
    /// the sequence is read to its end and ignored. With any other key behind it (Esc pressed
    /// and a key quickly after, or Alt with a key, which the terminal sends as the same bytes),
    /// it is Esc and then that key: no key typed is lost, and no Alt binding exists to be
    /// taken instead.
    private func afterEscape() -> Key? {
        timeout(0)
        var next: wint_t = 0
        let rc = get_wch(&next)
        if rc == ERR { return .escape }
        if rc == KEY_CODE_YES {
            ungetch(Int32(next))
            return .escape
        }
        if next == wint_t(UInt8(ascii: "[")) || next == wint_t(UInt8(ascii: "O")) {
            // A control sequence when more is already there: parameters and intermediates, then
            // one final byte. Nothing behind it: Esc, then the `[` or `O` typed after it.
            var b: wint_t = 0
            guard get_wch(&b) != ERR else {
                unget_wch(wchar_t(next))
                return .escape
            }
            for _ in 0..<32 {
                if b >= 0x40 && b <= 0x7E { break }
                guard get_wch(&b) != ERR else { break }
            }
            return nil
        }
        unget_wch(wchar_t(next))
        return .escape
    }

    private func mouseEvent() -> Key? {
        var event = MEVENT()
        guard getmouse(&event) == OK else { return nil }
        let row = Int(event.y), column = Int(event.x)
        let state = event.bstate
        if state & bl_wheel_up() != 0 { return .wheelUp(row: row, column: column) }
        if state & bl_wheel_down() != 0 { return .wheelDown(row: row, column: column) }
        if state & bl_button1_press() != 0 { return .click(row: row, column: column) }
        return nil
    }

    /// Re-reads the terminal size after KEY_RESIZE.
    func syncSize() {
        let r = Int(bl_getmaxy(bl_stdscr())), c = Int(bl_getmaxx(bl_stdscr()))
        grid.resize(rows: r, columns: c)
        shown = []
        erase()
    }

    /// Ctrl-Z (raw mode reads it as a key): stops the process with SIGTSTP. ncurses' own
    /// SIGTSTP handler gives the terminal back first and takes it again when the shell
    /// continues the process; where the signal is ignored (no job control) nothing stops.
    /// Either way the whole screen is repainted.
    func suspend() {
        raise(SIGTSTP)
        forceRedraw()
    }

    /// Gives the terminal back for `body` (a pager, an editor) and takes it again after,
    /// repainting the whole screen. A Ctrl-C meant for the pager (the terminal sends it to the
    /// browser too) does not stop the browser; a SIGTERM or SIGHUP does, once it is back.
    func runOutside(_ body: () -> Void) {
        def_prog_mode()
        endwin()
        let before = Self.terminatingSignal.load(ordering: .relaxed)
        body()
        if before == 0 && Self.terminatingSignal.load(ordering: .relaxed) == SIGINT { Self.terminatingSignal.store(0, ordering: .relaxed) }
        reset_prog_mode()
        refresh()
        forceRedraw()
    }

    func setMouse(_ on: Bool) {
        mousemask(on ? bl_button1_click() | bl_wheel_up() | bl_wheel_down() : 0, nil)
    }

    /// OSC 52 with the text in base64: no byte of the value reaches the terminal as itself, so
    /// a value can never drive it. xterm, tmux, kitty and iTerm2 take it, over SSH too.
    func copyToClipboard(_ text: String) {
        let sequence = "\u{1B}]52;c;" + Data(text.utf8).base64EncodedString() + "\u{07}"
        fflush(nil)
        var bytes = Array(sequence.utf8)[...]
        while !bytes.isEmpty {
            let n = bytes.withUnsafeBytes { write(STDOUT_FILENO, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return }
            bytes = bytes.dropFirst(n)
        }
    }

    func forceRedraw() {
        shown = []
        clearok(bl_stdscr(), true)
    }

    func clear() { grid.clear() }
    func put(_ row: Int, _ column: Int, _ text: String, style: Style) { grid.put(row, column, text, style: style) }
    func fill(_ row: Int, _ column: Int, width: Int, style: Style) { grid.fill(row, column, width: width, style: style) }

    private func attributes(_ style: Style) -> Int32 {
        let look = theme.look(style)
        var a: Int32 = 0
        if look.bold { a |= bl_attr_bold() }
        if look.dim { a |= bl_attr_dim() }
        if look.reverse { a |= bl_attr_reverse() }
        if look.underline { a |= bl_attr_underline() }
        if let p = pairs[style] { a |= bl_color_pair(p) }
        return a
    }


    func present() {
        let cells = grid.cells
        let cols = grid.columns
        for r in 0..<grid.rows {
            let range = (r * cols)..<(r * cols + cols)
            if shown.count == cells.count && shown[range] == cells[range] { continue }
            // ncurses can mistrack a line where a wide character was partly overwritten: have it
            // repaint every changed line whole.
            wredrawln(bl_stdscr(), Int32(r), 1)
            for c in 0..<cols {
                let cell = cells[r * cols + c]
                if cell.isContinuation { continue }
                attrset(attributes(cell.style))
                var scalars = Array(cell.text.unicodeScalars.map { wchar_t(bitPattern: $0.value) })
                scalars.append(0)
                mvaddwstr(Int32(r), Int32(c), scalars)
            }
        }
        attrset(0)
        shown = cells
        refresh()
    }
}
