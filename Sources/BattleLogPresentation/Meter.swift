import BattleLogKit

/// A bounded value drawn as blocks, one per unit of the range: `███████░░░ 7/10`.
public enum Meter {
    /// The filled and empty parts, the value clamped to the range.
    public static func parts(value: Int, range: ClosedRange<Int>) -> (filled: String, empty: String) {
        let filled = max(0, min(range.upperBound, value))
        return (String(repeating: "█", count: filled), String(repeating: "░", count: max(0, range.upperBound - filled)))
    }

    /// The whole meter with its reading, as one string.
    public static func bar(value: Int, range: ClosedRange<Int>) -> String {
        let p = parts(value: value, range: range)
        return p.filled + p.empty + " \(value)/\(range.upperBound)"
    }
}

/// A horizontal bar in eighths of a cell, as the stats, the replay and `stats --by` draw them.
public enum Bar {
    /// `fraction` (0...1) of `width` cells: `██████▌   ` (padded with spaces to `width`).
    public static func text(_ fraction: Double, width: Int) -> String {
        let eighths = Int((max(0, min(1, fraction.isNaN ? 0 : fraction)) * Double(max(0, width) * 8)).rounded())
        // Written as UTF-8: the blocks are U+2588 (full) down to U+258F (one eighth).
        var bytes: [UInt8] = []
        bytes.reserveCapacity(3 * max(0, width))
        for _ in 0..<eighths / 8 { bytes += [0xE2, 0x96, 0x88] }
        if eighths % 8 > 0 { bytes += [0xE2, 0x96, 0x88 + UInt8(8 - eighths % 8)] }
        let used = eighths / 8 + (eighths % 8 > 0 ? 1 : 0)
        bytes += repeatElement(0x20, count: max(0, width - used))
        return String(decoding: bytes, as: UTF8.self)
    }
}
