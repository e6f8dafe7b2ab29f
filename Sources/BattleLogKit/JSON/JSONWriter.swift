/// Writes compact JSON text directly: the hot path for stored forms and exports.
///
/// Escapes `"`, `\` and every control character (as Foundation's `JSONEncoder` does), keeps
/// non-ASCII as UTF-8 and does not escape `/`. Object keys are written in the order given:
/// callers write them sorted (the stored forms are sorted-key JSON).
public struct JSONWriter {
    public private(set) var text: String

    public init(capacity: Int = 128) {
        text = ""
        text.reserveCapacity(capacity)
    }

    // MARK: - Scalars

    public mutating func writeString(_ string: String) {
        text.append("\"")
        var needsEscape = false
        for b in string.utf8 where b < 0x20 || b == 0x22 || b == 0x5C { needsEscape = true; break }
        guard needsEscape else { text.append(string); text.append("\""); return }
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": text.append("\\\"")
            case "\\": text.append("\\\\")
            case "\n": text.append("\\n")
            case "\r": text.append("\\r")
            case "\t": text.append("\\t")
            case "\u{08}": text.append("\\b")
            case "\u{0C}": text.append("\\f")
            case _ where scalar.value < 0x20:
                text.append("\\u00")
                text.append(Self.hexDigits[Int(scalar.value >> 4)])
                text.append(Self.hexDigits[Int(scalar.value & 0xF)])
            default: text.unicodeScalars.append(scalar)
            }
        }
        text.append("\"")
    }

    private static let hexDigits: [String] = ["0","1","2","3","4","5","6","7","8","9","a","b","c","d","e","f"]

    public mutating func writeInteger<T: BinaryInteger>(_ value: T) { text.append(String(value)) }
    public mutating func writeNull() { text.append("null") }
    public mutating func writeBool(_ value: Bool) { text.append(value ? "true" : "false") }
    public mutating func writeRaw(_ json: String) { text.append(json) }

    // MARK: - Structure

    public mutating func beginObject() { text.append("{") }
    public mutating func endObject() { text.append("}") }
    public mutating func beginArray() { text.append("[") }
    public mutating func endArray() { text.append("]") }
    /// Writes `"key":`, preceded by a comma unless `first`.
    public mutating func key(_ name: String, first: Bool = false) {
        if !first { text.append(",") }
        writeString(name)
        text.append(":")
    }
    public mutating func comma() { text.append(",") }

    public mutating func writeIntegerArray(_ values: [Int]) {
        text.append("[")
        for (i, v) in values.enumerated() {
            if i > 0 { text.append(",") }
            text.append(String(v))
        }
        text.append("]")
    }

    /// Writes any JSON value, object keys sorted.
    public mutating func write(_ value: JSONValue) {
        switch value {
        case .null: writeNull()
        case .bool(let b): writeBool(b)
        case .integer(let i): writeInteger(i)
        case .number(let d): text.append(d == d.rounded() && abs(d) < 1e15 ? String(Int64(d)) : String(d))
        case .string(let s): writeString(s)
        case .array(let items):
            beginArray()
            for (i, item) in items.enumerated() { if i > 0 { comma() }; write(item) }
            endArray()
        case .object(let members):
            beginObject()
            for (i, k) in members.keys.sorted().enumerated() { key(k, first: i == 0); write(members[k]!) }
            endObject()
        }
    }
}
