/// Writes compact JSON text directly: the hot path for stored forms and exports.
///
/// Escapes `"`, `\` and every control character (as Foundation's `JSONEncoder` does), keeps
/// non-ASCII as UTF-8 and does not escape `/`. Object keys are written in the order given:
/// callers write them sorted (the stored forms are sorted-key JSON).
public struct JSONWriter {
    /// The UTF-8 bytes written so far.
    public private(set) var bytes: [UInt8]
    /// Also escape DEL, the C1 controls and the invisible reordering characters as `\uXXXX`
    /// (`SafeText`'s set): for JSON written to a terminal or a pipe, never for stored forms.
    public let terminalSafe: Bool

    public init(capacity: Int = 128, terminalSafe: Bool = false) {
        bytes = []
        bytes.reserveCapacity(capacity)
        self.terminalSafe = terminalSafe
    }

    /// The text written so far.
    public var text: String { String(decoding: bytes, as: UTF8.self) }

    // MARK: - Scalars

    public mutating func writeString(_ string: String) {
        bytes.append(0x22)
        var utf8 = string.utf8
        let safe = terminalSafe
        let clean = utf8.withContiguousStorageIfAvailable { buffer -> Bool in
            for b in buffer where b < 0x20 || b == 0x22 || b == 0x5C || (safe && (b == 0x7F || b == 0xC2 || b == 0xE2)) { return false }
            bytes.append(contentsOf: buffer)
            return true
        }
        if clean != true && terminalSafe {
            let scalars = Array(string.unicodeScalars)
            for (i, scalar) in scalars.enumerated() {
                if scalar.value < 0x80 { appendEscaped(UInt8(scalar.value)); continue }
                if SafeText.isUnsafe(scalar) && !SafeText.isTextJoiner(scalar, after: i > 0 ? scalars[i - 1] : nil) {
                    let hex = String(scalar.value, radix: 16)
                    bytes += Array("\\u".utf8) + Array(String(repeating: "0", count: 4 - hex.count).utf8) + Array(hex.utf8)
                } else {
                    bytes.append(contentsOf: String(scalar).utf8)
                }
            }
        } else if clean != true {
            if clean == nil { var copy = string; copy.makeContiguousUTF8(); utf8 = copy.utf8 }
            for b in utf8 { appendEscaped(b) }
        }
        bytes.append(0x22)
    }

    private mutating func appendEscaped(_ b: UInt8) {
        switch b {
        case 0x22: bytes += [0x5C, 0x22]
        case 0x5C: bytes += [0x5C, 0x5C]
        case 0x0A: bytes += [0x5C, UInt8(ascii: "n")]
        case 0x0D: bytes += [0x5C, UInt8(ascii: "r")]
        case 0x09: bytes += [0x5C, UInt8(ascii: "t")]
        case 0x08: bytes += [0x5C, UInt8(ascii: "b")]
        case 0x0C: bytes += [0x5C, UInt8(ascii: "f")]
        case 0..<0x20: bytes += [0x5C, UInt8(ascii: "u"), 0x30, 0x30, Self.hexDigits[Int(b >> 4)], Self.hexDigits[Int(b & 0xF)]]
        case 0x7F where terminalSafe: bytes += Array("\\u007f".utf8)
        default: bytes.append(b)
        }
    }

    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

    public mutating func writeInteger<T: BinaryInteger>(_ value: T) {
        if let v = Int64(exactly: value) { writeInt64(v) } else { bytes.append(contentsOf: String(value).utf8) }
    }

    /// Decimal digits without going through String.
    private mutating func writeInt64(_ value: Int64) {
        if value == 0 { bytes.append(0x30); return }
        var magnitude = value.magnitude
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var i = 20
            while magnitude > 0 {
                i -= 1
                digits[i] = 0x30 + UInt8(magnitude % 10)
                magnitude /= 10
            }
            if value < 0 { bytes.append(0x2D) }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: digits[i..<20]))
        }
    }

    public mutating func writeNull() { bytes.append(contentsOf: "null".utf8) }
    public mutating func writeBool(_ value: Bool) { bytes.append(contentsOf: (value ? "true" : "false").utf8) }
    public mutating func writeRaw(_ json: String) { bytes.append(contentsOf: json.utf8) }
    /// Appends JSON text another writer wrote.
    public mutating func writeRawBytes(_ json: [UInt8]) { bytes.append(contentsOf: json) }

    // MARK: - Structure

    public mutating func beginObject() { bytes.append(0x7B) }
    public mutating func endObject() { bytes.append(0x7D) }
    public mutating func beginArray() { bytes.append(0x5B) }
    public mutating func endArray() { bytes.append(0x5D) }
    /// Writes `"key":`, preceded by a comma unless `first`.
    public mutating func key(_ name: String, first: Bool = false) {
        if !first { bytes.append(0x2C) }
        writeString(name)
        bytes.append(0x3A)
    }
    public mutating func comma() { bytes.append(0x2C) }

    public mutating func writeIntegerArray(_ values: [Int]) {
        bytes.append(0x5B)
        for (i, v) in values.enumerated() {
            if i > 0 { bytes.append(0x2C) }
            writeInt64(Int64(v))
        }
        bytes.append(0x5D)
    }

    /// Writes any JSON value, object keys sorted.
    public mutating func write(_ value: JSONValue) {
        switch value {
        case .null: writeNull()
        case .bool(let b): writeBool(b)
        case .integer(let i): writeInteger(i)
        case .number(let d): writeRaw(d == d.rounded() && abs(d) < 1e15 ? String(Int64(d)) : String(d))
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
