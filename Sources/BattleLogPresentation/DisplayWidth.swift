import BattleLogKit

/// Terminal display width of text, per Unicode scalar, exactly as `wcwidth` measures it in
/// C.UTF-8 (the function ncursesw advances the cursor by): East Asian wide and fullwidth
/// characters and most emoji take 2 columns; combining marks, zero-width and format characters
/// take 0. The table is generated from `wcwidth` itself (`Scripts/generate-width-table`), so
/// layouts are the same under any locale. Scalars `wcwidth` calls unprintable count 1.
public enum DisplayWidth {
    /// The columns one scalar occupies (control characters count 0: escape them before measuring).
    public static func of(_ scalar: Unicode.Scalar) -> Int {
        let v = scalar.value
        if v < 0x20 || (v >= 0x7F && v < 0xA0) { return 0 }
        if v < 0x300 { return 1 }
        if contains(DisplayWidthTable.zero, v) { return 0 }
        return contains(DisplayWidthTable.wide, v) ? 2 : 1
    }

    /// The columns a string occupies.
    public static func of(_ text: String) -> Int {
        var total = 0
        for scalar in text.unicodeScalars { total += of(scalar) }
        return total
    }

    /// Whether `v` lies in one of the sorted, disjoint `ranges` (binary search).
    private static func contains(_ ranges: [ClosedRange<UInt32>], _ v: UInt32) -> Bool {
        var low = 0, high = ranges.count - 1
        while low <= high {
            let mid = (low + high) / 2
            if v < ranges[mid].lowerBound { high = mid - 1 } else if v > ranges[mid].upperBound { low = mid + 1 } else { return true }
        }
        return false
    }

    /// `text` with control characters escaped (`SafeText`, joiners left out: `Joiners.dropped`)
    /// and cut to at most `width` columns, ending in `…` when it was cut. One pass that stops at the width: a megabyte-long value
    /// costs no more than a short one.
    public static func truncate(_ text: String, to width: Int) -> String {
        guard width > 0 else { return "" }
        // Printable ASCII is shown as it is, a column a byte (most of a table's cells).
        if let fits = printableASCIIFits(text, width) {
            return fits ? text : String(decoding: text.utf8.prefix(width - 1), as: UTF8.self) + "…"
        }
        var result: [Unicode.Scalar] = []
        var used = 0
        var beforeEllipsis = 0   // how many scalars fit in width - 1 columns
        var cutShort = false
        SafeText.forEachShown(text, joiners: .dropped) { scalar in
            let w = of(scalar)
            if used + w > width { cutShort = true; return false }
            result.append(scalar)
            used += w
            if used <= width - 1 { beforeEllipsis = result.count }
            return true
        }
        if cutShort {
            var cut = String.UnicodeScalarView()
            cut.append(contentsOf: result.prefix(beforeEllipsis))
            return String(cut) + "…"
        }
        var all = String.UnicodeScalarView()
        all.append(contentsOf: result)
        return String(all)
    }

    /// Whether `text`, printable ASCII, fits in `width` columns (true), or is longer (false:
    /// `width + 1` of its first bytes are printable ASCII). Nil for any other text, which takes
    /// the scalar by scalar way. Reads at most `width + 1` bytes.
    private static func printableASCIIFits(_ text: String, _ width: Int) -> Bool? {
        var count = 0
        for b in text.utf8 {
            guard b >= 0x20 && b <= 0x7E else { return nil }
            count += 1
            if count > width { return false }
        }
        return true
    }

    /// A path of steps (`Account 1 › customProperties › AccountProperty 3`) too long for
    /// `width`: whole steps dropped from its start (`… › customProperties › AccountProperty 3`),
    /// for the end of a path is where a person is; a last step still too long stands alone, cut
    /// at its end.
    public static func truncateSteps(_ text: String, to width: Int, separator: String = " › ") -> String {
        guard of(text) > width else { return text }
        var steps = text.components(separatedBy: separator)
        while steps.count > 1, of("…" + separator + steps.joined(separator: separator)) > width { steps.removeFirst() }
        // Where room is short, the last step alone (cut at its end) says more than `… › …`.
        let kept = "…" + separator + steps.joined(separator: separator)
        return truncate(steps.count == 1 && of(kept) > width ? steps[0] : kept, to: width)
    }

    /// `text` (escaped) cut in the middle to fit `width` columns: `/home/ana/…/battlelog.sqlite`.
    /// The end is kept whole when it can be (for a path, its file name), else both ends share.
    public static func truncateMiddle(_ text: String, to width: Int) -> String {
        let safe = SafeText.escape(text)
        guard of(safe) > width else { return safe }
        guard width > 1 else { return truncate(safe, to: width) }
        let tail = safe.split(separator: "/", omittingEmptySubsequences: false).last.map { "/" + $0 } ?? ""
        var tailKept = tail
        if of(tail) > width - 2 { tailKept = String(reversedPrefix(safe, width: (width - 1) / 2)) }
        let head = truncate(safe, to: width - of(tailKept))
        return (head.hasSuffix("…") ? head : head + "…").dropLastIfWider(than: width - of(tailKept)) + tailKept
    }

    /// The last scalars of `text` that fit in `width` columns.
    private static func reversedPrefix(_ text: String, width: Int) -> String {
        var kept: [Unicode.Scalar] = []
        var used = 0
        for s in text.unicodeScalars.reversed() {
            let w = of(s)
            if used + w > width { break }
            kept.append(s)
            used += w
        }
        var view = String.UnicodeScalarView()
        view.append(contentsOf: kept.reversed())
        return String(view)
    }

    /// `text` truncated or padded with spaces to exactly `width` columns.
    public static func pad(_ text: String, to width: Int, alignRight: Bool = false) -> String {
        if printableASCIIFits(text, width) == true {
            // Printable ASCII that fits: as wide as its bytes.
            let gap = width - text.utf8.count
            guard gap > 0 else { return text }
            let spaces = String(repeating: " ", count: gap)
            return alignRight ? spaces + text : text + spaces
        }
        let cut = truncate(text, to: width)
        let gap = String(repeating: " ", count: max(0, width - of(cut)))
        return alignRight ? gap + cut : cut + gap
    }

    /// `text` with control characters escaped, broken into lines of at most `width` columns at
    /// spaces where possible (a longer word is cut by columns), or only by columns when
    /// `atSpaces` is false (every character kept: for text shown exactly as stored). At most
    /// `maxLines` lines: when the text does not fit, the last line ends in `…`. The work is
    /// bounded by `width * maxLines`, however long the text.
    public static func wrap(_ text: String, to width: Int, maxLines: Int = 8, atSpaces: Bool = true) -> [String] {
        guard width > 0, maxLines > 0 else { return [] }
        // Escapes and bounds the input: more than this cannot be shown.
        let clipped = truncate(text, to: width * maxLines)
        let lines = atSpaces ? breakAtSpaces(clipped, to: width) : cut(clipped, to: width)
        guard lines.count > maxLines else { return lines }
        // The last line kept ends in an ellipsis.
        var kept = Array(lines.prefix(maxLines))
        var source = Substring(kept[maxLines - 1])
        if source.hasSuffix("…") { source = source.dropLast() }
        var last = String.UnicodeScalarView()
        var used = 0
        for sc in source.unicodeScalars {
            if used + of(sc) > width - 1 { break }
            last.append(sc); used += of(sc)
        }
        kept[maxLines - 1] = String(last) + "…"
        return kept
    }

    /// `text` (already escaped) in lines of `width` columns broken at spaces and, as CJK text is,
    /// beside a wide character (`pieces`); a piece longer than a line is cut by columns.
    private static func breakAtSpaces(_ text: String, to width: Int) -> [String] {
        var lines: [String] = []
        var current = ""
        var currentWidth = 0
        for word in text.split(separator: " ", omittingEmptySubsequences: false) {
            // A word that fits is not looked into.
            let wordWidth = word.unicodeScalars.reduce(0) { $0 + of($1) }
            let fits = currentWidth + (current.isEmpty ? 0 : 1) + wordWidth <= width
            for (n, piece) in (fits ? [word] : pieces(word)).enumerated() {
                let pieceWidth = piece.unicodeScalars.reduce(0) { $0 + of($1) }
                // A space before a word; none between the pieces of one.
                let gap = n == 0 && !current.isEmpty ? 1 : 0
                if currentWidth + gap + pieceWidth <= width {
                    if gap == 1 { current += " " }
                    current += piece
                    currentWidth += gap + pieceWidth
                    continue
                }
                if !current.isEmpty { lines.append(current) }
                var cutPieces = cut(String(piece), to: width)
                current = cutPieces.removeLast()
                currentWidth = of(current)
                lines += cutPieces
            }
        }
        if !current.isEmpty || lines.isEmpty { lines.append(current) }
        return lines
    }

    private static func isWide(_ c: Character) -> Bool { c.unicodeScalars.contains { of($0) == 2 } }

    /// Closing marks a line never starts with, and opening ones it never ends with.
    private static let noBreakBefore = Set("。，、：；！？）」』】〉》…．,.:;!?)]}")
    private static let noBreakAfter = Set("（「『【〈《([{")

    /// `word` in the pieces a line may break between: beside a wide character (CJK text has no
    /// spaces), except before a closing mark or after an opening one.
    private static func pieces(_ word: Substring) -> [Substring] {
        var out: [Substring] = []
        var start = word.startIndex
        var previous: Character?
        for i in word.indices {
            let c = word[i]
            if let p = previous, isWide(p) || isWide(c), !noBreakBefore.contains(c), !noBreakAfter.contains(p) {
                out.append(word[start..<i])
                start = i
            }
            previous = c
        }
        out.append(word[start...])
        return out
    }

    /// `text` (already escaped) cut into lines of `width` columns. A scalar wider than a whole
    /// line (a CJK character when `width` is 1) is shown as `…`.
    private static func cut(_ text: String, to width: Int) -> [String] {
        var lines: [String] = []
        var line = String.UnicodeScalarView()
        var used = 0
        for original in text.unicodeScalars {
            let sc: Unicode.Scalar = of(original) > width ? "…" : original
            if used + of(sc) > width && !line.isEmpty {
                lines.append(String(line)); line = String.UnicodeScalarView(); used = 0
            }
            line.append(sc); used += of(sc)
        }
        if !line.isEmpty || lines.isEmpty { lines.append(String(line)) }
        return lines
    }
}

private extension String {
    /// Drops characters before the final one until the string is at most `width` columns.
    func dropLastIfWider(than width: Int) -> String {
        var s = self
        while DisplayWidth.of(s) > width, s.count > 1 {
            s.remove(at: s.index(before: s.index(before: s.endIndex)))
        }
        return s
    }
}
