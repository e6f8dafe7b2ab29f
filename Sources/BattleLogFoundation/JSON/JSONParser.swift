/// Why a text is not JSON, with the byte offset where reading stopped.
public struct JSONParseError: Error, Equatable, Sendable, CustomStringConvertible {
    public let message: String
    public let offset: Int
    public var description: String { "not JSON: \(message) at byte \(offset)" }
}

/// A strict RFC 8259 JSON reader over UTF-8 bytes. Rejects trailing data, duplicate keys,
/// lone surrogates and nesting deeper than `maxDepth`.
public struct JSONParser {
    private let bytes: [UInt8]
    private var index = 0
    private let maxDepth: Int

    /// Parses a whole text.
    public static func parse(_ text: String, maxDepth: Int = 64) throws(JSONParseError) -> JSONValue {
        var parser = JSONParser(bytes: Array(text.utf8), maxDepth: maxDepth)
        return try parser.parseDocument()
    }

    /// Parses whole UTF-8 bytes (invalid UTF-8 inside strings is an error).
    public static func parse(bytes: [UInt8], maxDepth: Int = 64) throws(JSONParseError) -> JSONValue {
        var parser = JSONParser(bytes: bytes, maxDepth: maxDepth)
        return try parser.parseDocument()
    }

    private init(bytes: [UInt8], maxDepth: Int) {
        self.bytes = bytes
        self.maxDepth = maxDepth
    }

    private mutating func parseDocument() throws(JSONParseError) -> JSONValue {
        skipWhitespace()
        let value = try parseValue(depth: 0)
        skipWhitespace()
        guard index == bytes.count else { throw fail("unexpected data after the value") }
        return value
    }

    private func fail(_ message: String) -> JSONParseError { JSONParseError(message: message, offset: index) }

    private mutating func skipWhitespace() {
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
    }

    private mutating func parseValue(depth: Int) throws(JSONParseError) -> JSONValue {
        guard depth <= maxDepth else { throw fail("nested too deeply") }
        guard index < bytes.count else { throw fail("unexpected end of text") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject(depth: depth)
        case UInt8(ascii: "["): return try parseArray(depth: depth)
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try expectWord("true"); return .bool(true)
        case UInt8(ascii: "f"): try expectWord("false"); return .bool(false)
        case UInt8(ascii: "n"): try expectWord("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        default: throw fail("unexpected character")
        }
    }

    private mutating func expectWord(_ word: String) throws(JSONParseError) {
        let w = Array(word.utf8)
        guard index + w.count <= bytes.count, bytes[index..<index + w.count].elementsEqual(w) else {
            throw fail("unexpected word")
        }
        index += w.count
    }

    private mutating func parseObject(depth: Int) throws(JSONParseError) -> JSONValue {
        index += 1
        var members: [String: JSONValue] = [:]
        members.reserveCapacity(8)   // a record's objects have up to 11 members: one growth at most
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") { index += 1; return .object(members) }
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw fail("expected a key") }
            let key = try parseString()
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw fail("expected ':'") }
            index += 1
            skipWhitespace()
            let value = try parseValue(depth: depth + 1)
            guard members.updateValue(value, forKey: key) == nil else { throw fail("duplicate key") }
            skipWhitespace()
            guard index < bytes.count else { throw fail("unexpected end of text") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "}") { index += 1; return .object(members) }
            throw fail("expected ',' or '}'")
        }
    }

    private mutating func parseArray(depth: Int) throws(JSONParseError) -> JSONValue {
        index += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") { index += 1; return .array(elements) }
        while true {
            skipWhitespace()
            elements.append(try parseValue(depth: depth + 1))
            skipWhitespace()
            guard index < bytes.count else { throw fail("unexpected end of text") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "]") { index += 1; return .array(elements) }
            throw fail("expected ',' or ']'")
        }
    }

    private mutating func parseNumber() throws(JSONParseError) -> JSONValue {
        let start = index
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < bytes.count, isDigit(bytes[index]) else { throw fail("expected a digit") }
        if bytes[index] == UInt8(ascii: "0") { index += 1 } else { while index < bytes.count, isDigit(bytes[index]) { index += 1 } }
        var integral = true
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            integral = false
            index += 1
            guard index < bytes.count, isDigit(bytes[index]) else { throw fail("expected a digit") }
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            integral = false
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard index < bytes.count, isDigit(bytes[index]) else { throw fail("expected a digit") }
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        // Up to 18 digits always fit in Int64: read them in place, without a String.
        let negative = bytes[start] == UInt8(ascii: "-")
        let digitsStart = negative ? start + 1 : start
        if integral, index - digitsStart <= 18 {
            var v: Int64 = 0
            for i in digitsStart..<index { v = v * 10 + Int64(bytes[i] - 0x30) }
            return .integer(negative ? -v : v)
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        if integral, let v = Int64(text) { return .integer(v) }
        guard let d = Double(text), d.isFinite else { throw JSONParseError(message: "number out of range", offset: start) }
        return .number(d)
    }

    private func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }

    private mutating func parseString() throws(JSONParseError) -> String {
        index += 1
        // The common case, a string without escapes: one validated run.
        var scan = index
        while scan < bytes.count, bytes[scan] != UInt8(ascii: "\""), bytes[scan] != UInt8(ascii: "\\"), bytes[scan] >= 0x20 { scan += 1 }
        if scan < bytes.count, bytes[scan] == UInt8(ascii: "\"") {
            let start = index
            let validated = bytes.withUnsafeBufferPointer { String(validating: UnsafeBufferPointer(rebasing: $0[start..<scan]), as: UTF8.self) }
            guard let text = validated else {
                throw JSONParseError(message: "invalid UTF-8 in a string", offset: index)
            }
            index = scan + 1
            return text
        }
        // With escapes: the runs between them (each validated) and the escaped scalars, as UTF-8.
        var utf8: [UInt8] = []
        var runStart = index
        func flushRun(_ end: Int) throws(JSONParseError) {
            guard runStart < end else { return }
            let slice = bytes[runStart..<end]
            guard String(validating: slice, as: UTF8.self) != nil else {
                throw JSONParseError(message: "invalid UTF-8 in a string", offset: runStart)
            }
            utf8.append(contentsOf: slice)
        }
        func append(_ scalar: Unicode.Scalar) { utf8.append(contentsOf: String(scalar).utf8) }
        while true {
            guard index < bytes.count else { throw fail("unterminated string") }
            let b = bytes[index]
            if b == UInt8(ascii: "\"") {
                try flushRun(index)
                index += 1
                return String(decoding: utf8, as: UTF8.self)
            }
            if b < 0x20 { throw fail("control character in a string") }
            if b != UInt8(ascii: "\\") { index += 1; continue }
            try flushRun(index)
            index += 1
            guard index < bytes.count else { throw fail("unterminated string") }
            let e = bytes[index]
            index += 1
            switch e {
            case UInt8(ascii: "\""): utf8.append(0x22)
            case UInt8(ascii: "\\"): utf8.append(0x5C)
            case UInt8(ascii: "/"): utf8.append(0x2F)
            case UInt8(ascii: "b"): utf8.append(0x08)
            case UInt8(ascii: "f"): utf8.append(0x0C)
            case UInt8(ascii: "n"): utf8.append(0x0A)
            case UInt8(ascii: "r"): utf8.append(0x0D)
            case UInt8(ascii: "t"): utf8.append(0x09)
            case UInt8(ascii: "u"):
                var code = try parseHex4()
                if (0xD800...0xDBFF).contains(code) {
                    guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                        throw fail("lone surrogate")
                    }
                    index += 2
                    let low = try parseHex4()
                    guard (0xDC00...0xDFFF).contains(low) else { throw fail("lone surrogate") }
                    code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                } else if (0xDC00...0xDFFF).contains(code) {
                    throw fail("lone surrogate")
                }
                guard let scalar = Unicode.Scalar(code) else { throw fail("invalid escape") }
                append(scalar)
            default:
                throw fail("invalid escape")
            }
            runStart = index
        }
    }

    private mutating func parseHex4() throws(JSONParseError) -> UInt32 {
        guard index + 4 <= bytes.count else { throw fail("short \\u escape") }
        var code: UInt32 = 0
        for _ in 0..<4 {
            let b = bytes[index]
            let digit: UInt32
            switch b {
            case 0x30...0x39: digit = UInt32(b - 0x30)
            case 0x41...0x46: digit = UInt32(b - 0x41 + 10)
            case 0x61...0x66: digit = UInt32(b - 0x61 + 10)
            default: throw fail("bad hex digit in \\u escape")
            }
            code = code << 4 | digit
            index += 1
        }
        return code
    }
}
