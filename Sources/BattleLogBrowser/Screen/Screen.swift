import BattleLogKit
import BattleLogPresentation
import Foundation

/// How a cell is drawn.
public enum Style: UInt8, Sendable, CaseIterable {
    case normal, bold, dim, selected, selectedDim, title, statusBar, win, loss, draw, hero, villain, damaged, accent, border
    /// A search match inside a list row (underlined, so it shows on a selected row too).
    case match
}

/// The drawing surface the views draw on: an ncurses window or an in-memory grid.
public protocol Screen: AnyObject {
    var rows: Int { get }
    var columns: Int { get }
    /// Blanks every cell.
    func clear()
    /// Writes `text` from (`row`, `column`), clipped to the screen. Control characters are
    /// escaped here, so no view can send one to the terminal.
    func put(_ row: Int, _ column: Int, _ text: String, style: Style)
    /// Fills `width` cells of `row` from `column` with blanks in `style`.
    func fill(_ row: Int, _ column: Int, width: Int, style: Style)
    /// Makes what was drawn visible.
    func present()

    // MARK: Input and the terminal's life

    /// The next key, click or resize, or nil when `timeout` milliseconds pass without one.
    func nextEvent(timeout milliseconds: Int32) -> Key?
    /// Whether input already waits (typed ahead, pasted): the loop handles it before drawing.
    var hasPendingInput: Bool { get }
    /// Takes the new size after a `.resize` event.
    func syncSize()
    /// Gives the terminal back to the shell until the user continues the process (Ctrl-Z).
    func suspend()
    /// Gives the terminal to `body` (a pager, an editor), then takes it back.
    func runOutside(_ body: () -> Void)
    /// Repaints every cell on the next `present()` (Ctrl-L).
    func forceRedraw()
    /// Reads clicks and the wheel, or leaves them to the terminal (its own selection).
    func setMouse(_ on: Bool)
    /// Puts `text` on the terminal's clipboard (OSC 52), drawing nothing.
    func copyToClipboard(_ text: String)
    /// The signal (SIGTERM, SIGINT, SIGHUP) that asked the browser to stop, if one did.
    var stopSignal: Int32? { get }
}

/// One cell: a grapheme's scalars and its style. A wide character occupies its cell and marks
/// the next one as its continuation.
public struct Cell: Equatable, Sendable {
    public var text: String
    public var style: Style
    /// True for the second column of a wide character.
    public var isContinuation: Bool

    public static let blank = Cell(text: " ", style: .normal, isContinuation: false)
}

/// An in-memory screen: the frame views draw into, and the screen golden tests read back.
public final class CellGrid: Screen {
    public private(set) var rows: Int
    public private(set) var columns: Int
    public private(set) var cells: [Cell]

    /// Events `nextEvent` hands out, in order (a test's script of keys and resizes).
    public var script: [GridEvent] = []
    /// Whether the script's keys arrive together, as a paste does (`hasPendingInput` is then
    /// true while a key is next); by default each comes alone and is drawn.
    public var keysArriveTogether = false
    public var hasPendingInput: Bool {
        guard keysArriveTogether, case .key = script.first else { return false }
        return true
    }
    /// Set once the script has run out: the event loop then stops as if signalled.
    public private(set) var scriptEnded = false
    /// How many frames `present()` has shown.
    public private(set) var presented = 0

    /// What a scripted screen does next.
    public enum GridEvent: Sendable {
        case key(Key)
        /// The terminal changes size (a `.resize` event follows).
        case resize(rows: Int, columns: Int)
        /// No key for one timeout (the loop ticks).
        case idle
    }

    public init(rows: Int, columns: Int) {
        self.rows = rows
        self.columns = columns
        cells = Array(repeating: .blank, count: rows * columns)
    }

    public func nextEvent(timeout milliseconds: Int32) -> Key? {
        guard !script.isEmpty else { scriptEnded = true; return nil }
        switch script.removeFirst() {
        case .key(let key): return key
        case .idle: return nil
        case .resize(let r, let c):
            pendingSize = (r, c)
            return .resize
        }
    }

    private var pendingSize: (Int, Int)?

    public func syncSize() {
        if let (r, c) = pendingSize { resize(rows: r, columns: c); pendingSize = nil }
    }

    public func suspend() {}
    public func runOutside(_ body: () -> Void) { body() }
    public func forceRedraw() {}
    /// Whether the browser asked for mouse events (a test reads it).
    public private(set) var mouseEnabled = true
    public func setMouse(_ on: Bool) { mouseEnabled = on }
    /// What the browser put on the clipboard, in order (a test reads it).
    public private(set) var copied: [String] = []
    public func copyToClipboard(_ text: String) { copied.append(text) }
    public var stopSignal: Int32? { scriptEnded ? SIGTERM : nil }

    public func resize(rows: Int, columns: Int) {
        self.rows = rows
        self.columns = columns
        cells = Array(repeating: .blank, count: rows * columns)
    }

    public func clear() {
        for i in cells.indices { cells[i] = .blank }
    }

    public subscript(row: Int, column: Int) -> Cell { cells[row * columns + column] }

    public func put(_ row: Int, _ column: Int, _ text: String, style: Style) {
        guard row >= 0, row < rows else { return }
        var col = column
        // Escape lazily and stop at the right edge: a huge value costs no more than a short one.
        // Joiners are left out: every terminal then gives each part the width the cells do.
        SafeText.forEachShown(text, joiners: .dropped) { scalar in
            guard col < columns else { return false }
            let width = DisplayWidth.of(scalar)
            if width == 0 {
                // A combining mark or joiner rides on the previous cell.
                if col > column, col - 1 < columns, col - 1 >= 0 {
                    var base = col - 1
                    if cells[row * columns + base].isContinuation && base > 0 { base -= 1 }
                    cells[row * columns + base].text.unicodeScalars.append(scalar)
                }
                return true
            }
            if col >= columns { return false }
            if col < 0 { col += width; return true }
            if width == 2 && col + 1 >= columns {
                cells[row * columns + col] = Cell(text: " ", style: style, isContinuation: false)
                return false
            }
            // Writing over half of a wide character blanks its other half.
            if cells[row * columns + col].isContinuation, col > 0 {
                cells[row * columns + col - 1] = Cell(text: " ", style: cells[row * columns + col - 1].style, isContinuation: false)
            }
            cells[row * columns + col] = Cell(text: String(scalar), style: style, isContinuation: false)
            if width == 2 {
                cells[row * columns + col + 1] = Cell(text: "", style: style, isContinuation: true)
            } else if col + 1 < columns, cells[row * columns + col + 1].isContinuation {
                cells[row * columns + col + 1] = Cell(text: " ", style: style, isContinuation: false)
            }
            col += width
            return true
        }
    }

    /// Fills `width` cells of `row` from `column` with spaces in `style`.
    public func fill(_ row: Int, _ column: Int, width: Int, style: Style) {
        guard row >= 0, row < rows, width > 0 else { return }
        let first = max(0, column), end = min(columns, column + width)
        guard first < end else { return }
        // A wide character cut in half by the filled span loses its other half too.
        if cells[row * columns + first].isContinuation, first > 0 {
            cells[row * columns + first - 1] = Cell(text: " ", style: cells[row * columns + first - 1].style, isContinuation: false)
        }
        if end < columns, cells[row * columns + end].isContinuation {
            cells[row * columns + end] = Cell(text: " ", style: cells[row * columns + end].style, isContinuation: false)
        }
        for c in first..<end {
            cells[row * columns + c] = Cell(text: " ", style: style, isContinuation: false)
        }
    }

    public func present() { presented += 1 }

    /// The text of one row (wide characters once, trailing spaces kept).
    public func line(_ row: Int) -> String {
        var s = ""
        for c in 0..<columns where !cells[row * columns + c].isContinuation { s += cells[row * columns + c].text }
        return s
    }

    /// The whole screen as text, one line per row, trailing spaces removed.
    public var text: String {
        (0..<rows).map { r in
            var l = line(r)
            while l.last == " " { l.removeLast() }
            return l
        }.joined(separator: "\n")
    }
}
