/// Terminal display width of text, per Unicode scalar, as `wcwidth` measures it in a UTF-8
/// locale: East Asian wide and fullwidth characters and most emoji take 2 columns; combining
/// marks, zero-width characters and variation selectors take 0. Independent of the process
/// locale, so layouts are the same under `LANG=C`.
public enum DisplayWidth {
    /// The columns one scalar occupies (control characters count 0: escape them before measuring).
    public static func of(_ scalar: Unicode.Scalar) -> Int {
        let v = scalar.value
        if v < 0x20 || (v >= 0x7F && v < 0xA0) { return 0 }
        if v < 0x300 { return 1 }
        if isZeroWidth(v) { return 0 }
        return isWide(v) ? 2 : 1
    }

    /// The columns a string occupies.
    public static func of(_ text: String) -> Int {
        var total = 0
        for scalar in text.unicodeScalars { total += of(scalar) }
        return total
    }

    static func isZeroWidth(_ v: UInt32) -> Bool {
        switch v {
        case 0x0300...0x036F, 0x0483...0x0489, 0x0591...0x05BD, 0x0610...0x061A, 0x064B...0x065F,
             0x0E31, 0x0E34...0x0E3A, 0x0E47...0x0E4E, 0x1AB0...0x1AFF, 0x1DC0...0x1DFF,
             0x200B...0x200F, 0x2028...0x202E, 0x2060...0x2064, 0x20D0...0x20FF,
             0xFE00...0xFE0F, 0xFE20...0xFE2F, 0xFEFF, 0x1F3FB...0x1F3FF, 0xE0000...0xE0FFF:
            return true
        default:
            return false
        }
    }

    static func isWide(_ v: UInt32) -> Bool {
        switch v {
        case 0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x23E9...0x23EC, 0x23F0, 0x23F3,
             0x25FD...0x25FE, 0x2614...0x2615, 0x2648...0x2653, 0x267F, 0x2693, 0x26A1, 0x26AA...0x26AB,
             0x26BD...0x26BE, 0x26C4...0x26C5, 0x26CE, 0x26D4, 0x26EA, 0x26F2...0x26F3, 0x26F5, 0x26FA,
             0x26FD, 0x2705, 0x270A...0x270B, 0x2728, 0x274C, 0x274E, 0x2753...0x2755, 0x2757,
             0x2795...0x2797, 0x27B0, 0x27BF, 0x2B1B...0x2B1C, 0x2B50, 0x2B55,
             0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
             0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F,
             0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x16FE0...0x16FE4, 0x17000...0x18CFF, 0x1B000...0x1B2FF,
             0x1F004, 0x1F0CF, 0x1F18E, 0x1F191...0x1F19A, 0x1F200...0x1F251, 0x1F260...0x1F265,
             0x1F300...0x1F320, 0x1F32D...0x1F335, 0x1F337...0x1F37C, 0x1F37E...0x1F393,
             0x1F3A0...0x1F3CA, 0x1F3CF...0x1F3D3, 0x1F3E0...0x1F3F0, 0x1F3F4, 0x1F3F8...0x1F43E,
             0x1F440, 0x1F442...0x1F4FC, 0x1F4FF...0x1F53D, 0x1F54B...0x1F54E, 0x1F550...0x1F567,
             0x1F57A, 0x1F595...0x1F596, 0x1F5A4, 0x1F5FB...0x1F64F, 0x1F680...0x1F6C5, 0x1F6CC,
             0x1F6D0...0x1F6D2, 0x1F6D5...0x1F6D7, 0x1F6DC...0x1F6DF, 0x1F6EB...0x1F6EC, 0x1F6F4...0x1F6FC,
             0x1F7E0...0x1F7EB, 0x1F7F0, 0x1F90C...0x1F93A, 0x1F93C...0x1F945, 0x1F947...0x1F9FF,
             0x1FA70...0x1FAFF, 0x20000...0x2FFFD, 0x30000...0x3FFFD:
            return true
        default:
            return false
        }
    }

    /// `text` with control characters escaped (`SafeText`) and cut to at most `width` columns,
    /// ending in `…` when it was cut. One pass that stops at the width: a megabyte-long value
    /// costs no more than a short one.
    public static func truncate(_ text: String, to width: Int) -> String {
        guard width > 0 else { return "" }
        var result: [Unicode.Scalar] = []
        var used = 0
        var beforeEllipsis = 0   // how many scalars fit in width - 1 columns
        for original in text.unicodeScalars {
            let pieces = SafeText.escaped(original).map { Array($0.unicodeScalars) } ?? [original]
            for scalar in pieces {
                let w = of(scalar)
                if used + w > width {
                    var cut = String.UnicodeScalarView()
                    cut.append(contentsOf: result.prefix(beforeEllipsis))
                    return String(cut) + "…"
                }
                result.append(scalar)
                used += w
                if used <= width - 1 { beforeEllipsis = result.count }
            }
        }
        var all = String.UnicodeScalarView()
        all.append(contentsOf: result)
        return String(all)
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

    /// `text` (already escaped) in lines of `width` columns broken at spaces; a word longer
    /// than a line is cut by columns.
    private static func breakAtSpaces(_ text: String, to width: Int) -> [String] {
        var lines: [String] = []
        var current = ""
        var currentWidth = 0
        for word in text.split(separator: " ", omittingEmptySubsequences: false) {
            let wordWidth = word.unicodeScalars.reduce(0) { $0 + of($1) }
            let gap = current.isEmpty ? 0 : 1
            if currentWidth + gap + wordWidth <= width {
                if gap == 1 { current += " " }
                current += word
                currentWidth += gap + wordWidth
                continue
            }
            if !current.isEmpty { lines.append(current) }
            var pieces = cut(String(word), to: width)
            current = pieces.removeLast()
            currentWidth = of(current)
            lines += pieces
        }
        if !current.isEmpty || lines.isEmpty { lines.append(current) }
        return lines
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
