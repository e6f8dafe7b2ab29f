/// A reader of one exact JSON layout, the one a transformer's writer produces: no whitespace,
/// keys in their written order, integers written plainly. It answers nil at the first byte that
/// differs, and the caller then reads the text with `JSONParser`, which reports what is wrong.
/// So a stored form in the usual layout decodes without building a `JSONValue` tree, and any
/// other text decodes (or fails) exactly as before.
public struct CanonicalJSONReader {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0

    /// Runs `read` over the UTF-8 of `text` (nil when `read` gives up or leaves bytes unread).
    public static func read<T>(_ text: String, _ read: (inout CanonicalJSONReader) -> T?) -> T? {
        var text = text
        return text.withUTF8 { bytes in
            var reader = CanonicalJSONReader(bytes: bytes)
            guard let value = read(&reader), reader.index == bytes.count else { return nil }
            return value
        }
    }

    private init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    /// Takes `literal` if the bytes continue with it exactly.
    public mutating func take(_ literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard bytes.count - index >= count else { return false }
        let start = literal.utf8Start
        for i in 0..<count where bytes[index + i] != start[i] { return false }
        index += count
        return true
    }

    /// Whether the next byte is `byte` (not taken).
    public func peek(_ byte: UInt8) -> Bool { index < bytes.count && bytes[index] == byte }

    /// A JSON integer as `JSONParser` reads one into `.integer`: `0` or an optional `-` and digits
    /// without a leading zero, not followed by a fraction or an exponent, within Int64. Nil for
    /// anything else (`-0` included: the parser's reading is left to the parser).
    public mutating func integer() -> Int64? {
        var i = index
        let negative = i < bytes.count && bytes[i] == UInt8(ascii: "-")
        if negative { i += 1 }
        guard i < bytes.count, bytes[i] >= 0x30, bytes[i] <= 0x39 else { return nil }
        if bytes[i] == 0x30 {
            guard !negative else { return nil }
            i += 1
            guard !Self.continuesNumber(bytes, i) else { return nil }
            index = i
            return 0
        }
        var value: Int64 = 0
        while i < bytes.count, bytes[i] >= 0x30, bytes[i] <= 0x39 {
            let digit = Int64(bytes[i] - 0x30)
            let (times10, o1) = value.multipliedReportingOverflow(by: 10)
            let (next, o2) = negative ? times10.subtractingReportingOverflow(digit) : times10.addingReportingOverflow(digit)
            guard !o1, !o2 else { return nil }
            value = next
            i += 1
        }
        guard !Self.continuesNumber(bytes, i) else { return nil }
        index = i
        return value
    }

    /// A string of ASCII letters, digits and `_` between quotes (no escapes), as its bytes' text.
    public mutating func plainString() -> String? {
        guard peek(UInt8(ascii: "\"")) else { return nil }
        var i = index + 1
        while i < bytes.count, Self.isPlain(bytes[i]) { i += 1 }
        guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else { return nil }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[(index + 1)..<i]), as: UTF8.self)
        index = i + 1
        return text
    }

    private static func isPlain(_ b: UInt8) -> Bool {
        (b >= 0x61 && b <= 0x7A) || (b >= 0x41 && b <= 0x5A) || (b >= 0x30 && b <= 0x39) || b == 0x5F
    }

    private static func continuesNumber(_ bytes: UnsafeBufferPointer<UInt8>, _ i: Int) -> Bool {
        guard i < bytes.count else { return false }
        let b = bytes[i]
        return (b >= 0x30 && b <= 0x39) || b == UInt8(ascii: ".") || b == UInt8(ascii: "e") || b == UInt8(ascii: "E")
    }
}
