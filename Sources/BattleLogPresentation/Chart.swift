/// Charts drawn in text cells, with labelled axes: a line chart in Braille dots (two across and
/// four down per cell) for a measure over date buckets, and a histogram in eighth blocks for a
/// number's bins. Each gives its lines, the y axis's scale written on its left and the x axis's
/// labels under it.
public enum Chart {
    /// A line chart of `values` (nil: no value in that bucket, the line breaks there) in
    /// `width` x `height` cells, the y axis from `low` to `high` written by `scale`, and
    /// `xLabels` (one per value) under the axis where they fit.
    public static func line(_ values: [Double?], xLabels: [String], width: Int, height: Int,
                            low: Double? = nil, high: Double? = nil, scale: (Double) -> String) -> [String] {
        let known = values.compactMap { $0 }
        guard height >= 3, !known.isEmpty else { return [] }
        let lo = low ?? known.min()!, hi = max(high ?? known.max()!, lo + 1e-9)
        let yLabels = [scale(hi), scale((hi + lo) / 2), scale(lo)]
        let axisWidth = yLabels.map(DisplayWidth.of).max()! + 1
        let plotWidth = max(2, width - axisWidth - 1)
        let dotsX = plotWidth * 2, dotsY = height * 4
        var dots = Array(repeating: Array(repeating: false, count: dotsX), count: dotsY)
        func point(_ i: Int) -> (Int, Int)? {
            guard let v = values[i] else { return nil }
            let x = values.count == 1 ? dotsX / 2 : Int((Double(i) * Double(dotsX - 1) / Double(values.count - 1)).rounded())
            let y = Int(((hi - v) / (hi - lo) * Double(dotsY - 1)).rounded())
            return (x, max(0, min(dotsY - 1, y)))
        }
        var previous: (Int, Int)?
        for i in values.indices {
            guard let p = point(i) else { previous = nil; continue }
            if let q = previous {
                // The segment from the previous point, a dot per step of the longer side.
                let steps = max(abs(p.0 - q.0), abs(p.1 - q.1), 1)
                for s in 0...steps {
                    let x = q.0 + (p.0 - q.0) * s / steps, y = q.1 + (p.1 - q.1) * s / steps
                    dots[y][x] = true
                }
            } else {
                dots[p.1][p.0] = true
            }
            previous = p
        }
        let bits: [[UInt32]] = [[0x01, 0x08], [0x02, 0x10], [0x04, 0x20], [0x40, 0x80]]
        var lines: [String] = []
        for row in 0..<height {
            var text = ""
            for column in 0..<plotWidth {
                var code: UInt32 = 0
                for dy in 0..<4 { for dx in 0..<2 where dots[row * 4 + dy][column * 2 + dx] { code |= bits[dy][dx] } }
                text.unicodeScalars.append(Unicode.Scalar(0x2800 + code)!)
            }
            let label = row == 0 ? yLabels[0] : row == height / 2 ? yLabels[1] : row == height - 1 ? yLabels[2] : ""
            lines.append(DisplayWidth.pad(label, to: axisWidth - 1, alignRight: true) + " ┤" + text)
        }
        lines.append(String(repeating: " ", count: axisWidth) + "└" + String(repeating: "─", count: plotWidth))
        lines.append(String(repeating: " ", count: axisWidth + 1) + axisLabels(xLabels, width: plotWidth))
        return lines
    }

    /// A histogram of `counts` (one column of cells per bin, as wide as fits) in `width` x
    /// `height` cells, its count scale on the left, `xLabels` (one per bin) under it where they fit.
    public static func histogram(_ counts: [Int], xLabels: [String], width: Int, height: Int) -> [String] {
        guard height >= 2, !counts.isEmpty else { return [] }
        let top = max(1, counts.max()!)
        let yLabels = [GroupedNumber.text(top), GroupedNumber.text(top / 2), "0"]
        let axisWidth = yLabels.map(DisplayWidth.of).max()! + 1
        let plotWidth = max(counts.count, width - axisWidth - 1)
        let binWidth = max(1, plotWidth / counts.count)
        let blocks: [Character] = [" ", "▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]
        var lines: [String] = []
        for row in 0..<height {
            var text = ""
            for c in counts {
                // Eighths of a cell above this row's bottom.
                let eighths = Int((Double(c) / Double(top) * Double(height * 8)).rounded())
                let here = max(0, min(8, eighths - (height - 1 - row) * 8))
                text += String(repeating: blocks[here], count: max(1, binWidth - (binWidth > 2 ? 1 : 0)))
                if binWidth > 2 { text += " " }
            }
            let label = row == 0 ? yLabels[0] : row == height / 2 ? yLabels[1] : ""
            lines.append(DisplayWidth.pad(label, to: axisWidth - 1, alignRight: true) + " ┤" + text)
        }
        lines.append(DisplayWidth.pad("0", to: axisWidth - 1, alignRight: true) + " └" + String(repeating: "─", count: binWidth * counts.count))
        lines.append(String(repeating: " ", count: axisWidth + 1) + axisLabels(xLabels, width: binWidth * counts.count, slot: binWidth))
        return lines
    }

    /// The first, last and middle labels under an axis `width` cells long (as many as fit
    /// apart: the ends first, so that the axis always says where it stops); with `slot`, each
    /// label starts under its bin.
    static func axisLabels(_ labels: [String], width: Int, slot: Int? = nil) -> String {
        guard !labels.isEmpty, width > 0 else { return "" }
        var cells = Array(repeating: " ", count: width)
        var taken = Array(repeating: false, count: width)
        let picks = labels.count <= 2 ? Array(labels.indices) : [0, labels.count - 1, labels.count / 2]
        for i in picks {
            let text = labels[i]
            let w = DisplayWidth.of(text)
            var at: Int
            if let slot { at = i * slot } else { at = labels.count == 1 ? 0 : i * (width - 1) / (labels.count - 1) }
            if labels.count == 1 && slot == nil { at = (width - w) / 2 }   // under the one point, in the middle
            else if i == labels.count - 1 && slot == nil { at = width - w }
            at = max(0, min(width - w, at))
            guard w <= width, !taken[at..<(at + w)].contains(true), at + w <= width else { continue }
            // Keep a blank between labels, on both sides.
            if at > 0 && taken[at - 1] { continue }
            if at + w < width && taken[at + w] { continue }
            cells[at] = text
            for j in at..<(at + w) { taken[j] = true }
            for j in (at + 1)..<(at + w) { cells[j] = "" }
        }
        return cells.joined()
    }
}
