import BattleLogKit
import BattleLogPresentation
import Foundation

/// A one-line progress bar on stderr for long commands: count, rate and time left. Drawn at
/// most ten times a second; silent when stderr is not a terminal (scripts get the summary line).
final class ProgressBar {
    private let console: Console
    private let enabled: Bool
    private let unit: String
    /// When counting began: the rate is measured from here.
    private var start = Date()
    private var lastDraw = Date.distantPast

    /// `unit` names what is counted ("fights", "records").
    init(console: Console, enabled: Bool, unit: String) {
        self.console = console
        self.enabled = enabled
        self.unit = unit
    }

    /// Shows a step that has no count (a single long call), until the next update.
    func note(_ text: String) {
        guard enabled else { return }
        console.flush()   // what stdout holds goes out before the bar takes the line
        console.errorRaw("\r\u{1B}[K" + text)
    }

    /// Counting begins now (after a step shown with `note`, which the rate leaves out).
    func startCounting() { start = Date() }

    func update(done: Int, total: Int) {
        guard enabled, Date().timeIntervalSince(lastDraw) > 0.1 || done == total else { return }
        lastDraw = Date()
        console.flush()
        console.errorRaw("\r\u{1B}[K" + Self.fitted(done: done, total: total, unit: unit,
                                                    elapsed: Date().timeIntervalSince(start), columns: Self.terminalColumns()))
    }

    /// Clears the line.
    func finish() {
        if enabled { console.errorRaw("\r\u{1B}[K") }
    }

    /// The columns of the terminal on stderr (80 when it does not say).
    static func terminalColumns() -> Int { Console.terminalColumns(2) }

    /// The line in fewer than `columns` columns, so that it never wraps (a wrapped line is not
    /// redrawn in place): the bar up to 30 cells wide, shorter or gone on a narrow terminal.
    static func fitted(done: Int, total: Int, unit: String, elapsed: Double, columns: Int) -> String {
        let text = line(done: done, total: total, unit: unit, elapsed: elapsed, width: 0)
        let room = columns - 1 - text.count
        if room >= 2 { return line(done: done, total: total, unit: unit, elapsed: elapsed, width: min(30, room - 1)) }
        return String(text.dropFirst().prefix(max(0, columns - 1)))
    }

    /// `███░░░ 20,000/50,000 fights  11,346 fights/s  ETA 0:03`: the rate and the time left once half
    /// a second has passed and something was counted (before that they are not known, and
    /// are left out rather than shown as `0/s  ETA 0:00`).
    static func line(done: Int, total: Int, unit: String, elapsed: Double, width: Int) -> String {
        let fraction = total > 0 ? min(1, Double(done) / Double(total)) : 1
        let filled = Int(fraction * Double(width))
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
        let count = "\(bar) \(GroupedNumber.text(done))/\(GroupedNumber.text(total)) \(unit)"
        guard elapsed >= 0.5, done > 0 else { return count }
        let rate = Double(done) / elapsed
        let eta = Int((Double(max(0, total - done)) / rate).rounded())
        return count + "  \(GroupedNumber.text(Int(rate))) \(unit)/s  ETA \(eta / 60):\(String(format: "%02d", eta % 60))"
    }
}
