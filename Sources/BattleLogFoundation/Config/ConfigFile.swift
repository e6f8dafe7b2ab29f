/// A config file in a small subset of TOML: `[tables]`, `key = value` with strings (basic
/// `"…"` with `\"`, `\\`, `\n`, `\t`, `\uXXXX`, or literal `'…'`), integers, booleans and
/// one-line arrays of strings, and `#` comments. Every line is read on its own: a bad line is
/// an error naming it, and the other lines still count.
public struct ConfigFile: Sendable, Equatable {
    public enum Value: Sendable, Equatable, CustomStringConvertible {
        case string(String)
        case integer(Int64)
        case bool(Bool)
        case strings([String])

        public var description: String {
            switch self {
            case .string(let s): ConfigFile.quoted(s)
            case .integer(let i): String(i)
            case .bool(let b): b ? "true" : "false"
            case .strings(let list): "[" + list.map(ConfigFile.quoted).joined(separator: ", ") + "]"
            }
        }
    }

    /// One setting: `table.key` (or `key` before any table), its value and its line.
    public struct Entry: Sendable, Equatable {
        public let table: String
        public let key: String
        public let value: Value
        public let line: Int
        public var name: String { table.isEmpty ? key : table + "." + key }
    }

    /// A line that is not in the subset, or a setting given twice.
    public struct Problem: Error, Sendable, Equatable, CustomStringConvertible {
        public let line: Int
        public let message: String
        public var description: String { "line \(line): \(message)" }
        public init(line: Int, message: String) {
            self.line = line
            self.message = message
        }
    }

    public private(set) var entries: [Entry] = []
    public private(set) var problems: [Problem] = []

    public init(text: String) {
        var table = ""
        var seen: [String: Int] = [:]
        // CRLF ends a line as LF does ("\r\n" is one Character: split on scalars), and a
        // byte-order mark at the start is not text.
        var body = text.unicodeScalars.first == "\u{FEFF}" ? String(text.unicodeScalars.dropFirst()) : text
        body = String(String.UnicodeScalarView(body.unicodeScalars.filter { $0 != "\r" }))
        for (i, raw) in body.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let number = i + 1
            var line = Substring(raw)
            if line.last == "\r" { line = line.dropLast() }
            var reader = LineReader(line)
            reader.skipSpaces()
            if reader.atEnd || reader.peek == "#" { continue }
            do {
                if reader.peek == "[" {
                    reader.next()
                    reader.skipSpaces()
                    let name = try reader.key()
                    reader.skipSpaces()
                    guard reader.take("]") else { throw reader.fail("a table's name ends with ]") }
                    try reader.endOfLine()
                    table = name
                    continue
                }
                let key = try reader.key()
                reader.skipSpaces()
                guard reader.take("=") else { throw reader.fail("expected = after \(key)") }
                reader.skipSpaces()
                let value = try reader.value()
                try reader.endOfLine()
                let entry = Entry(table: table, key: key, value: value, line: number)
                if let first = seen[entry.name] {
                    problems.append(Problem(line: number, message: "\(entry.name) is already set on line \(first)"))
                    continue
                }
                seen[entry.name] = number
                entries.append(entry)
            } catch let e as LineReader.Failure {
                problems.append(Problem(line: number, message: e.message))
            } catch {
                problems.append(Problem(line: number, message: "\(error)"))
            }
        }
    }

    /// `text` as a TOML basic string.
    public static func quoted(_ text: String) -> String {
        var out = "\""
        for s in text.unicodeScalars {
            switch s {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            default:
                if s.value < 0x20 || s.value == 0x7F { out += "\\u" + String(s.value, radix: 16).leftPadded(to: 4) } else { out.unicodeScalars.append(s) }
            }
        }
        return out + "\""
    }
}

/// Reads one line of a config file.
private struct LineReader {
    struct Failure: Error { let message: String }
    private let scalars: [Unicode.Scalar]
    private var index = 0

    init(_ line: Substring) { scalars = Array(line.unicodeScalars) }

    var atEnd: Bool { index >= scalars.count }
    var peek: Unicode.Scalar? { atEnd ? nil : scalars[index] }
    mutating func next() { index += 1 }
    func fail(_ message: String) -> Failure { Failure(message: message) }

    mutating func skipSpaces() { while let c = peek, c == " " || c == "\t" { index += 1 } }

    mutating func take(_ c: Unicode.Scalar) -> Bool {
        guard peek == c else { return false }
        index += 1
        return true
    }

    /// Only spaces and a comment may follow a value.
    mutating func endOfLine() throws {
        skipSpaces()
        guard atEnd || peek == "#" else { throw fail("unexpected text after the value: \(String(String.UnicodeScalarView(scalars[index...])))") }
    }

    /// A bare key (letters, digits, `_`, `-`), or dotted ones (`a.b`), or a quoted key.
    mutating func key() throws -> String {
        if peek == "\"" || peek == "'" { return try string() }
        var parts: [String] = []
        while true {
            var part = ""
            while let c = peek, c.properties.isAlphabetic || ("0"..."9").contains(c) || c == "_" || c == "-" {
                part.unicodeScalars.append(c)
                index += 1
            }
            guard !part.isEmpty else { throw fail(parts.isEmpty ? "expected a name" : "a name may not end with .") }
            parts.append(part)
            guard take(".") else { break }
        }
        return parts.joined(separator: ".")
    }

    mutating func value() throws -> ConfigFile.Value {
        guard let c = peek else { throw fail("expected a value") }
        switch c {
        case "\"", "'": return .string(try string())
        case "[":
            index += 1
            var list: [String] = []
            skipSpaces()
            if take("]") { return .strings([]) }
            while true {
                skipSpaces()
                guard peek == "\"" || peek == "'" else { throw fail("an array holds strings (\"f\", \"ctrl-f\")") }
                list.append(try string())
                skipSpaces()
                if take("]") { return .strings(list) }
                guard take(",") else { throw fail("expected , or ] in the array") }
                skipSpaces()
                if take("]") { return .strings(list) }   // a trailing comma
            }
        default:
            var word = ""
            while let c = peek, c != " ", c != "\t", c != "#" { word.unicodeScalars.append(c); index += 1 }
            if word == "true" { return .bool(true) }
            if word == "false" { return .bool(false) }
            let digits = word.replacingOccurrences(of: "_", with: "")
            if let i = Int64(digits), !digits.hasPrefix("+0"), !(digits.count > 1 && digits.hasPrefix("0")) { return .integer(i) }
            throw fail("not a value: \(word) (a string in quotes, a whole number, true or false, or [\"strings\"])")
        }
    }

    /// A basic (`"…"`, with escapes) or literal (`'…'`) string on one line.
    mutating func string() throws -> String {
        let quote = peek!
        index += 1
        var out = ""
        while let c = peek {
            index += 1
            if c == quote { return out }
            if quote == "\"" && c == "\\" {
                guard let e = peek else { break }
                index += 1
                switch e {
                case "\"": out += "\""
                case "\\": out += "\\"
                case "n": out += "\n"
                case "t": out += "\t"
                case "u", "U":
                    let count = e == "u" ? 4 : 8
                    guard index + count <= scalars.count,
                          let v = UInt32(String(String.UnicodeScalarView(scalars[index..<(index + count)])), radix: 16),
                          let s = Unicode.Scalar(v) else { throw fail("\\\(e) needs \(count) hex digits of a Unicode scalar") }
                    out.unicodeScalars.append(s)
                    index += count
                default: throw fail("unknown escape \\\(e) in a string")
                }
                continue
            }
            if c.value < 0x20 && c != "\t" { throw fail("a control character in a string (write it as \\u\(String(c.value, radix: 16).leftPadded(to: 4)))") }
            out.unicodeScalars.append(c)
        }
        throw fail("the string is not closed with \(quote)")
    }
}
