import CNCursesW
import Foundation

/// The terminal, through ncursesw. Views draw into a cell grid; `present()` sends the rows that
/// changed, cell by cell at their own columns, so a terminal that measures a character
/// differently cannot shift the rest of the line.
final class CursesScreen: Screen {
    private let grid: CellGrid
    private var shown: [Cell] = []
    private let color: Bool
    private var pairs: [Style: Int32] = [:]

    var rows: Int { grid.rows }
    var columns: Int { grid.columns }

    /// Sets up the terminal. Call `shutdown()` on every way out.
    init(color wantColor: Bool) {
        Self.useUTF8Locale()
        TerminalRescue.arm()
        initscr()
        raw()
        noecho()
        keypad(bl_stdscr(), true)
        // No insert/delete-character or line optimisations: with wide characters they can leave
        // stale cells on some terminals.
        idcok(bl_stdscr(), false)
        idlok(bl_stdscr(), false)
        curs_set(0)
        set_escdelay(25)
        timeout(250)
        mousemask(bl_button1_click() | bl_wheel_up() | bl_wheel_down(), nil)
        mouseinterval(0)
        color = wantColor && has_colors()
        if color {
            start_color()
            use_default_colors()
            let table: [(Style, Int32, Int32)] = [
                (.title, Int32(COLOR_BLACK), Int32(COLOR_CYAN)), (.statusBar, Int32(COLOR_BLACK), Int32(COLOR_WHITE)),
                (.win, Int32(COLOR_GREEN), -1), (.loss, Int32(COLOR_RED), -1), (.draw, Int32(COLOR_YELLOW), -1),
                (.hero, Int32(COLOR_CYAN), -1), (.villain, Int32(COLOR_MAGENTA), -1), (.damaged, Int32(COLOR_RED), -1),
                (.accent, Int32(COLOR_YELLOW), -1), (.border, Int32(COLOR_BLUE), -1),
            ]
            for (i, entry) in table.enumerated() {
                init_pair(Int16(i + 1), Int16(entry.1), Int16(entry.2))
                pairs[entry.0] = Int32(i + 1)
            }
        }
        grid = CellGrid(rows: Int(bl_getmaxy(bl_stdscr())), columns: Int(bl_getmaxx(bl_stdscr())))
    }

    /// ncursesw writes wide characters only under a UTF-8 `LC_CTYPE`. The environment's locale
    /// comes first; when it is not UTF-8 (`LANG=C`, or a locale such as zh_CN.UTF-8 that this
    /// system has not generated, so that setlocale falls back to C) the character type alone
    /// falls back to C.UTF-8: otherwise every CJK name and box line would come out as garbage.
    static func useUTF8Locale() {
        setlocale(LC_ALL, "")
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

    static func shutdown() {
        endwin()
        TerminalRescue.disarm()
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

    func forceRedraw() {
        shown = []
        clearok(bl_stdscr(), true)
    }

    func clear() { grid.clear() }
    func put(_ row: Int, _ column: Int, _ text: String, style: Style) { grid.put(row, column, text, style: style) }
    func fill(_ row: Int, _ column: Int, width: Int, style: Style) { grid.fill(row, column, width: width, style: style) }

    private func attributes(_ style: Style) -> Int32 {
        var a: Int32 = 0
        switch style {
        case .bold: a = bl_attr_bold()
        case .dim: a = color ? bl_attr_dim() : 0
        case .selected: a = bl_attr_reverse()
        case .selectedDim: a = bl_attr_reverse() | bl_attr_dim()
        case .title, .statusBar: a = color ? 0 : bl_attr_reverse()
        case .damaged: a = bl_attr_bold()
        case .accent: a = color ? 0 : bl_attr_bold()
        case .match: a = bl_attr_underline() | bl_attr_bold()
        default: a = 0
        }
        if color, let p = pairs[style] { a |= bl_color_pair(p) }
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
