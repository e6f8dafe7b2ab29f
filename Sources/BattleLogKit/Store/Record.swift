import Foundation
import SQLiteDB

/// A record about to be written. Its transformable values are held by attribute name, as the
/// model declares them; the typed initialiser fills battlelog's own three.
public struct RecordDraft: Sendable, Equatable {
    public var fight: Int64
    public var ownerID: Int64
    /// Nil for a one-sided record (imported from a store that kept no opponent).
    public var opponentID: Int64?
    /// Seconds since 1970-01-01 UTC.
    public var date: Int64
    public var result: FightResult
    /// The transformable values by attribute name; an absent value (no magic) has no entry.
    public var values: AttributeValues

    public init(fight: Int64, ownerID: Int64, opponentID: Int64?, date: Int64, result: FightResult,
                values: AttributeValues) {
        self.fight = fight
        self.ownerID = ownerID
        self.opponentID = opponentID
        self.date = date
        self.result = result
        self.values = values
    }

    /// A draft of battlelog's model: a duration, dice rolls and, when used, magic.
    public init(fight: Int64, ownerID: Int64, opponentID: Int64?, date: Int64, result: FightResult,
                duration: MediaTime, randomNumbers: [Int], usingMagic: Magic?) {
        let values: AttributeValues = usingMagic.map { ["duration": duration, "randomNumbers": randomNumbers, "usingMagic": $0] }
            ?? ["duration": duration, "randomNumbers": randomNumbers]
        self.init(fight: fight, ownerID: ownerID, opponentID: opponentID, date: date, result: result, values: values)
    }

    public var duration: MediaTime? { values["duration"] as? MediaTime }
    public var randomNumbers: [Int]? { values["randomNumbers"] as? [Int] }
    public var usingMagic: Magic? { values["usingMagic"] as? Magic }

    public static func == (a: RecordDraft, b: RecordDraft) -> Bool {
        a.fight == b.fight && a.ownerID == b.ownerID && a.opponentID == b.opponentID && a.date == b.date
            && a.result == b.result && a.values.isEqual(to: b.values)
    }
}

/// Equality of two type-erased values: equal when both are the same Equatable type and `==`.
enum AnyEquality {
    static func same(_ a: any Sendable, _ b: any Sendable) -> Bool {
        guard let e = a as? any Equatable else { return false }
        return e.isEqual(to: b)
    }
}

extension Equatable {
    fileprivate func isEqual(to other: Any) -> Bool { (other as? Self) == self }
}

/// A damaged attribute of a stored record: which record, which attribute, and why.
public struct AttributeError: Error, Equatable, Sendable, CustomStringConvertible {
    public let recordID: Int64
    /// The model's attribute name, e.g. `usingMagic`.
    public let attribute: String
    public let reason: TransformError

    public var description: String { "record \(recordID), attribute \(attribute): \(reason.description)" }
}

/// A transformable attribute as read: the stored text and its decoded value, or why it has none.
public struct StoredAttribute<Value: Sendable>: Sendable {
    /// The text exactly as stored (nil for SQL NULL; non-text storage is described in `decoded`).
    public let storedText: String?
    public let decoded: Result<Value, AttributeError>

    /// The value, or nil when damaged.
    public var value: Value? { try? decoded.get() }
    public var error: AttributeError? {
        if case .failure(let e) = decoded { return e }
        return nil
    }
}

/// A record as read from the store. Each transformable attribute is decoded on its own, so a
/// damaged one leaves the others readable.
public struct Record: Sendable {
    public let id: Int64
    /// Nil when the stored fight is not an integer (reported in `errors`).
    public let fight: Int64?
    public let owner: Human
    /// Nil when the record has no other side (imported from a store that kept one side only).
    public let opponent: Human?
    /// Seconds since 1970-01-01 UTC; nil when the stored date is not an integer (reported in `errors`).
    public let date: Int64?
    /// The date column exactly as stored: keyset paging continues from it even when it is damaged.
    let storedDate: SQLiteValue
    /// Nil when the stored result is not one of win, loss, draw (reported in `errors`).
    public let result: FightResult?
    /// The model's transformable attributes, resolved: what `transformables` holds, in order.
    public let schema: RecordSchema
    /// The transformable attributes as read, in model order: each its stored text and its value
    /// (nil when absent) or why it has none.
    public let transformables: [StoredAttribute<(any Sendable)?>]
    /// Problems with plain columns (a result that is not win/loss/draw, an owner that is missing).
    public let columnErrors: [AttributeError]

    /// Every damaged attribute of the record, in model order.
    public var errors: [AttributeError] {
        columnErrors + transformables.compactMap(\.error)
    }

    /// The transformable attribute called `name` as read (nil when the model has none).
    public func attribute(named name: String) -> StoredAttribute<(any Sendable)?>? {
        schema.index(of: name).map { transformables[$0] }
    }

    public var duration: StoredAttribute<MediaTime> { typed("duration") }
    public var randomNumbers: StoredAttribute<[Int]> { typed("randomNumbers") }
    public var usingMagic: StoredAttribute<Magic?> {
        guard let a = attribute(named: "usingMagic") else { return missing("usingMagic") }
        switch a.decoded {
        case .success(nil): return StoredAttribute(storedText: a.storedText, decoded: .success(nil))
        case .success(let v?):
            if let m = v as? Magic { return StoredAttribute(storedText: a.storedText, decoded: .success(m)) }
            return wrongType("usingMagic", a.storedText, expected: "Magic", found: v)
        case .failure(let e): return StoredAttribute(storedText: a.storedText, decoded: .failure(e))
        }
    }

    /// A required attribute with its value as `T`; absent or of another type is damage.
    private func typed<T>(_ name: String) -> StoredAttribute<T> {
        guard let a = attribute(named: name) else { return missing(name) }
        switch a.decoded {
        case .success(let v?):
            if let t = v as? T { return StoredAttribute(storedText: a.storedText, decoded: .success(t)) }
            return wrongType(name, a.storedText, expected: "\(T.self)", found: v)
        case .success(nil): return StoredAttribute(storedText: a.storedText, decoded: .failure(AttributeError(recordID: id, attribute: name, reason: .missingValue)))
        case .failure(let e): return StoredAttribute(storedText: a.storedText, decoded: .failure(e))
        }
    }

    private func missing<T>(_ name: String) -> StoredAttribute<T> {
        StoredAttribute(storedText: nil, decoded: .failure(AttributeError(recordID: id, attribute: name, reason: .missingValue)))
    }

    private func wrongType<T>(_ name: String, _ text: String?, expected: String, found: any Sendable) -> StoredAttribute<T> {
        StoredAttribute(storedText: text, decoded: .failure(AttributeError(
            recordID: id, attribute: name, reason: .wrongShape(expected: expected, found: "\(type(of: found))"))))
    }

    public var isDamaged: Bool { !errors.isEmpty }

    /// The fight id, or `?` when it is damaged.
    public var fightText: String { fight.map { String($0) } ?? "?" }

    /// The opponent's name, or `—` when the record has no other side.
    public var opponentName: String { opponent?.name ?? Record.noOpponent }

    /// What stands for the opponent of a one-sided record.
    public static let noOpponent = "—"

    /// The date as ISO 8601 in UTC: `2026-11-29T14:00:00Z`, or `?` when it is damaged.
    public var isoDate: String { date.map(ISODate.format) ?? "?" }
}

/// ISO 8601 dates in UTC, without Foundation's formatters (fast and locale-proof).
public enum ISODate {
    /// The seconds of 0001-01-01T00:00:00Z and 9999-12-31T23:59:59Z: the dates `parse` reads.
    public static let parsableRange: ClosedRange<Int64> = -62_135_596_800...253_402_300_799

    /// `2026-11-29T14:00:00Z` for `seconds` since 1970; total over `Int64` (a stored date of
    /// Int64.min is year -292277022657, not a trap).
    public static func format(_ seconds: Int64) -> String { format(seconds, fraction: "") }

    /// `2020-09-17T21:44:19.123456Z`: `seconds` since 1970 and `microseconds` (0 to 999,999).
    public static func format(_ seconds: Int64, microseconds: Int) -> String {
        let digits = String(max(0, min(999_999, microseconds)))
        return format(seconds, fraction: "." + String(repeating: "0", count: 6 - digits.count) + digits)
    }

    private static func format(_ seconds: Int64, fraction: String) -> String {
        // Floor division that cannot overflow: the remainder is moved into 0..<86400.
        var days = seconds / 86_400
        var secs = seconds % 86_400
        if secs < 0 { secs += 86_400; days -= 1 }
        let (y, m, d) = civil(fromDays: days)
        func two(_ v: Int64) -> String { v < 10 ? "0\(v)" : "\(v)" }
        let year = y >= 0 && y < 10_000 ? String(y).leftPadded(to: 4) : String(y)
        return "\(year)-\(two(m))-\(two(d))T\(two(secs / 3600)):\(two(secs / 60 % 60)):\(two(secs % 60))\(fraction)Z"
    }

    /// Parses `YYYY-MM-DDTHH:MM:SSZ` (or a date alone, `YYYY-MM-DD`): exactly four digits of
    /// year (0001 to 9999), two of everything else, a day that exists in its month.
    public static func parse(_ text: String) -> Int64? {
        if let fast = parseFixed(text) { return fast }
        let parts = text.split(separator: "T", maxSplits: 1, omittingEmptySubsequences: false)
        guard let datePart = parts.first else { return nil }
        let ymd = datePart.split(separator: "-", omittingEmptySubsequences: false)
        func digits(_ s: Substring, _ count: Int) -> Int64? {
            guard s.utf8.count == count, s.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
            return Int64(s)
        }
        guard ymd.count == 3, let y = digits(ymd[0], 4), let m = digits(ymd[1], 2), let d = digits(ymd[2], 2),
              y >= 1, (1...12).contains(m), d >= 1, d <= daysIn(month: m, year: y) else { return nil }
        var seconds: Int64 = 0
        if parts.count == 2 {
            var t = parts[1]
            guard t.hasSuffix("Z") else { return nil }
            t.removeLast()
            let hms = t.split(separator: ":", omittingEmptySubsequences: false)
            guard hms.count == 3, let h = digits(hms[0], 2), let mi = digits(hms[1], 2), let s = digits(hms[2], 2),
                  (0..<24).contains(h), (0..<60).contains(mi), (0..<60).contains(s) else { return nil }
            seconds = h * 3600 + mi * 60 + s
        }
        return days(fromCivil: y, m, d) * 86_400 + seconds
    }

    /// What is wrong with `text` as a date, when it has the shape of one (`YYYY-MM-DD`,
    /// optionally `THH:MM:SSZ`) but names a day or a time that does not exist: a filter error
    /// key (`filterError.` + key) and its arguments. Nil when it parses, or when it has no
    /// date's shape at all (then `expectedDate` says the forms).
    public static func problem(_ text: String) -> (key: String, arguments: [String])? {
        guard parse(text) == nil else { return nil }
        let parts = text.split(separator: "T", maxSplits: 1, omittingEmptySubsequences: false)
        let ymd = parts[0].split(separator: "-", omittingEmptySubsequences: false)
        func digits(_ s: Substring, _ count: Int) -> Int64? {
            guard s.utf8.count == count, s.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
            return Int64(s)
        }
        guard ymd.count == 3, let y = digits(ymd[0], 4), let m = digits(ymd[1], 2), let d = digits(ymd[2], 2) else { return nil }
        if y < 1 { return ("dateNoYearZero", []) }
        if !(1...12).contains(m) { return ("dateNoSuchMonth", [String(ymd[1])]) }
        if d < 1 || d > daysIn(month: m, year: y) {
            return ("dateNoSuchDay", [String(ymd[2]), "\(ymd[0])-\(ymd[1])", String(daysIn(month: m, year: y))])
        }
        guard parts.count == 2, parts[1].hasSuffix("Z") else { return nil }
        let hms = parts[1].dropLast().split(separator: ":", omittingEmptySubsequences: false)
        guard hms.count == 3, let h = digits(hms[0], 2), let mi = digits(hms[1], 2), let sec = digits(hms[2], 2) else { return nil }
        if h > 23 || mi > 59 || sec > 59 { return ("dateNoSuchTime", [String(parts[1].dropLast())]) }
        return nil
    }

    /// The two exact forms, read from their bytes without splitting (what an export holds);
    /// nil sends anything else to the general reading, which also judges it.
    private static func parseFixed(_ text: String) -> Int64? {
        var text = text
        return text.withUTF8 { u -> Int64? in
            guard u.count == 10 || u.count == 20 else { return nil }
            func digits(_ from: Int, _ count: Int) -> Int64? {
                var v: Int64 = 0
                for i in from..<from + count {
                    let d = u[i] &- 0x30
                    guard d < 10 else { return nil }
                    v = v * 10 + Int64(d)
                }
                return v
            }
            guard u[4] == 0x2D, u[7] == 0x2D, let y = digits(0, 4), let m = digits(5, 2), let d = digits(8, 2),
                  y >= 1, (1...12).contains(m), d >= 1, d <= daysIn(month: m, year: y) else { return nil }
            var seconds: Int64 = 0
            if u.count == 20 {
                guard u[10] == 0x54, u[13] == 0x3A, u[16] == 0x3A, u[19] == 0x5A, let h = digits(11, 2), let mi = digits(14, 2),
                      let s = digits(17, 2), h < 24, mi < 60, s < 60 else { return nil }
                seconds = h * 3600 + mi * 60 + s
            }
            return days(fromCivil: y, m, d) * 86_400 + seconds
        }
    }

    static func daysIn(month m: Int64, year y: Int64) -> Int64 {
        switch m {
        case 2: (y % 4 == 0 && y % 100 != 0) || y % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    // Howard Hinnant's days-from-civil algorithms.
    static func civil(fromDays z0: Int64) -> (Int64, Int64, Int64) {
        let z = z0 + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (m <= 2 ? 1 : 0), m, d)
    }

    static func days(fromCivil y0: Int64, _ m: Int64, _ d: Int64) -> Int64 {
        let y = m <= 2 ? y0 - 1 : y0
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let doy = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + d - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }
}
