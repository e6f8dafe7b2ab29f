import BattleLogFoundation
import Foundation

/// The JSON forms `coredata dump` gives values JSON has no type for: `{"$date": ...}`,
/// `{"$data": ...}`, `{"$uuid": ...}`, `{"$error": ..., "$hex": ...}`.
public enum TaggedJSON {
    /// Seconds between 1970-01-01 and Core Data's reference date, 2001-01-01T00:00:00Z.
    public static let referenceDateOffset: Double = 978_307_200

    /// A date given in seconds since 2001 (Core Data's storage), in UTC with microseconds.
    public static func date(sinceReferenceDate seconds: Double) -> JSONValue {
        let unix = seconds + referenceDateOffset
        // Years 1 to 9999 only: beyond them a date is not a date a store writes.
        guard unix.isFinite, unix >= -62_135_596_800, unix < 253_402_300_800 else {
            return error("date out of range (\(seconds) seconds since 2001)", bytes: [])
        }
        var whole = unix.rounded(.down)
        var micro = Int(((unix - whole) * 1_000_000).rounded())
        if micro >= 1_000_000 { micro -= 1_000_000; whole += 1 }
        return .object(["$date": .string(ISODate.format(Int64(whole), microseconds: micro))])
    }

    /// Bytes in their tagged form, `{"$data": base64}`.
    public static func data(_ bytes: [UInt8]) -> JSONValue {
        .object(["$data": .string(Data(bytes).base64EncodedString())])
    }

    /// A 16-byte UUID as `{"$uuid": "UPPER-CASE"}`; other lengths are binary data.
    public static func uuid(_ bytes: [UInt8]) -> JSONValue {
        guard bytes.count == 16 else { return data(bytes) }
        let hex = bytes.map { String($0, radix: 16, uppercase: true).leftPadded(to: 2) }
        let groups = [hex[0..<4], hex[4..<6], hex[6..<8], hex[8..<10], hex[10..<16]].map { $0.joined() }
        return .object(["$uuid": .string(groups.joined(separator: "-"))])
    }

    /// A value that cannot be decoded: why, and its first 64 bytes in hex.
    public static func error(_ why: String, bytes: [UInt8]) -> JSONValue {
        let hex = bytes.prefix(64).map { String($0, radix: 16).leftPadded(to: 2) }.joined()
        return .object(["$error": .string(why), "$hex": .string(hex)])
    }

    /// A double as JSON: finite ones as numbers, the others as `{"$real": "nan"}` (JSON has none).
    public static func real(_ value: Double) -> JSONValue {
        value.isFinite ? .number(value) : .object(["$real": .string(value.isNaN ? "nan" : value > 0 ? "inf" : "-inf")])
    }

    /// The compact JSON text of `value` (object keys sorted).
    public static func text(_ value: JSONValue, terminalSafe: Bool = false) -> String {
        var w = JSONWriter(terminalSafe: terminalSafe)
        w.write(value)
        return w.text
    }
}

extension JSONValue {
    /// The value under `tag` of a one-key tagged object (`{"$data": "..."}`).
    public func tagged(_ tag: String) -> JSONValue? {
        if case .object(let o) = self { return o[tag] }
        return nil
    }
}
