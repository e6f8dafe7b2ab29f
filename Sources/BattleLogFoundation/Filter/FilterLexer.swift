/// The tokens of the filter language.
package enum FilterToken: Equatable {
    case word(String)        // a field name, a keyword or a bare value
    case string(String)      // a quoted string, escapes resolved
    case number(String)      // 12, 2.5, -3
    case duration(Double)    // 1:30, 90s, 2m, 1h (seconds)
    case op(String)          // = != < <= > >= ~
    case open, close
    case end

    package var display: String {
        switch self {
        case .word(let w): "\"\(w)\""
        case .string(let s): "\"\(s)\""
        case .number(let n): n
        case .duration(let d): "\(d)s"
        case .op(let o): "'\(o)'"
        case .open: "'('"
        case .close: "')'"
        case .end: FilterError.theEnd
        }
    }
}

/// Splits an expression into tokens, each with its 1-based character column.
package struct FilterLexer {
    package let input: String

    package init(input: String) { self.input = input }

    package func tokens() throws(FilterError) -> [(FilterToken, Int)] {
        let (chars, columns) = Self.characters(input)
        /// The 1-based column (a character of the input as typed) of `chars[k]`.
        func column(_ k: Int) -> Int { k < columns.count ? columns[k] : (columns.last ?? 0) + 1 }
        var i = 0
        var out: [(FilterToken, Int)] = []
        func fail(_ key: String, _ arguments: [String] = [], _ at: Int) -> FilterError { FilterError(key, arguments, column: column(at), input: input) }
        while i < chars.count {
            let c = chars[i]
            let start = i
            if c.isWhitespace { i += 1; continue }
            switch c {
            case "(": out.append((.open, column(start))); i += 1
            case ")": out.append((.close, column(start))); i += 1
            case "=": out.append((.op("="), column(start))); i += 1
            case "~": out.append((.op("~"), column(start))); i += 1
            case "!":
                guard i + 1 < chars.count, chars[i + 1] == "=" else { throw fail("bangWithoutEquals", [], i + 1) }
                out.append((.op("!="), column(start))); i += 2
            case "<", ">":
                if i + 1 < chars.count, chars[i + 1] == "=" { out.append((.op(String(c) + "="), column(start))); i += 2 }
                else { out.append((.op(String(c)), column(start))); i += 1 }
            case "\"", "'":
                let quote = c
                i += 1
                var text = ""
                var closed = false
                while i < chars.count {
                    let d = chars[i]
                    if d == quote { closed = true; i += 1; break }
                    if d == "\\" {
                        guard i + 1 < chars.count else { throw fail("unfinishedEscape", [], i) }
                        let e = chars[i + 1]
                        i += 2
                        switch e {
                        case "n": text.append("\n")
                        case "t": text.append("\t")
                        case "r": text.append("\r")
                        case "\\", "\"", "'": text.append(e)
                        case "u":
                            // \u{1F98A}
                            guard i < chars.count, chars[i] == "{", let close = chars[i...].firstIndex(of: "}"),
                                  let code = UInt32(String(chars[(i + 1)..<close]), radix: 16), let scalar = Unicode.Scalar(code) else {
                                throw fail("badUnicodeEscape", [], i - 2)
                            }
                            text.unicodeScalars.append(scalar)
                            i = close + 1
                        default: throw fail("unknownEscape", [String(e)], i - 2)
                        }
                        continue
                    }
                    text.append(d)
                    i += 1
                }
                guard closed else { throw fail("unterminatedString", [String(quote)], start) }
                out.append((.string(text), column(start)))
            default:
                if c.isNumber && c.isASCII || (c == "-" && i + 1 < chars.count && chars[i + 1].isASCII && chars[i + 1].isNumber) {
                    i += 1
                    while i < chars.count, chars[i].isASCII, chars[i].isNumber || chars[i] == "." || chars[i] == ":" { i += 1 }
                    // A date (2026-01-03, 2026-01-03T10:00:00Z) is a word.
                    if i - start == 4, c != "-", i + 1 < chars.count, chars[i] == "-", chars[i + 1].isNumber {
                        // A fraction of a second (`...:51.5Z`) is part of it: a Core Data date has one.
                        while i < chars.count, chars[i].isASCII, chars[i].isNumber || "-:TZ".contains(chars[i])
                            || (chars[i] == "." && i + 1 < chars.count && chars[i + 1].isNumber) { i += 1 }
                        out.append((.word(String(chars[start..<i])), column(start)))
                        continue
                    }
                    var text = String(chars[start..<i])
                    var unit: Character?
                    if i < chars.count, ["s", "m", "h"].contains(chars[i]), i + 1 == chars.count || !isWordCharacter(chars[i + 1]) {
                        unit = chars[i]; i += 1
                    }
                    if text.contains(":") || unit != nil {
                        guard let seconds = Self.seconds(text, unit: unit) else { throw fail("notADuration", [text], start) }
                        if unit == nil, !Self.clockPartsFit(text) { throw fail("clockPartOver59", [text], start) }
                        out.append((.duration(seconds), column(start)))
                    } else {
                        if text.hasSuffix(".") { text.removeLast() }
                        guard Double(text) != nil else { throw fail("notANumber", [text], start) }
                        out.append((.number(text), column(start)))
                    }
                } else if isWordCharacter(c) {
                    while i < chars.count, isWordCharacter(chars[i]) || chars[i] == "." || chars[i] == "-" { i += 1 }
                    out.append((.word(String(chars[start..<i])), column(start)))
                } else {
                    throw fail("unexpectedCharacter", [SafeText.escape(String(c))], i)
                }
            }
        }
        out.append((.end, column(chars.count)))
        return out
    }

    /// The characters the lexer reads, each with its column in `input`. A combining mark typed
    /// right after a space, a quote, a parenthesis or an operator joins that character into one
    /// (`"ार` is one character, `"` with the vowel sign); split, the mark begins the word or the
    /// quoted text it was typed in, as the person meant (`~ "ार"`), and is not lost to the space.
    static func characters(_ input: String) -> ([Character], [Int]) {
        var chars: [Character] = [], columns: [Int] = []
        for (n, c) in input.enumerated() {
            let scalars = c.unicodeScalars
            if scalars.count > 1, let first = scalars.first, first.isASCII, !first.properties.isAlphabetic, !("0"..."9").contains(first) {
                chars.append(Character(first))
                chars.append(Character(String(String.UnicodeScalarView(scalars.dropFirst()))))
                columns += [n + 1, n + 1]
            } else {
                chars.append(c)
                columns.append(n + 1)
            }
        }
        return (chars, columns)
    }

    private func isWordCharacter(_ c: Character) -> Bool { c.isLetter || c.isNumber || c == "_" || (!c.isASCII && !c.isWhitespace && !c.isPunctuation) }

    /// Whether every part of a clock after its first (minutes, seconds) is below 60:
    /// `1:99` and `0:75` are no times (`1:23.4` is).
    package static func clockPartsFit(_ text: String) -> Bool {
        text.split(separator: ":", omittingEmptySubsequences: false).dropFirst().allSatisfy { (Double($0) ?? 60) < 60 }
    }

    /// `1:30` (m:ss), `1:02:03` (h:mm:ss), `90s`, `2m`, `1h`, `2.5` with a unit.
    package static func seconds(_ text: String, unit: Character?) -> Double? {
        if let unit {
            guard let v = Double(text) else { return nil }
            switch unit {
            case "s": return v
            case "m": return v * 60
            default: return v * 3600
            }
        }
        let parts = text.split(separator: ":", omittingEmptySubsequences: false).map { Double($0) }
        guard parts.count >= 2, parts.count <= 3, parts.allSatisfy({ $0 != nil }) else { return nil }
        return parts.reduce(0.0) { $0 * 60 + $1! }
    }
}
