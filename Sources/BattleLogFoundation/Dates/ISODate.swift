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
        guard let f = Fields(text), f.y >= 1, (1...12).contains(f.m), f.d >= 1, f.d <= daysIn(month: f.m, year: f.y) else { return nil }
        var seconds: Int64 = 0
        if let t = f.time {
            guard (0..<24).contains(t.h), (0..<60).contains(t.mi), (0..<60).contains(t.s) else { return nil }
            seconds = t.h * 3600 + t.mi * 60 + t.s
        }
        return days(fromCivil: f.y, f.m, f.d) * 86_400 + seconds
    }

    /// What is wrong with `text` as a date, when it has the shape of one (`YYYY-MM-DD`,
    /// optionally `THH:MM:SSZ`) but names a day or a time that does not exist: a filter error
    /// key (`filterError.` + key) and its arguments. Nil when it parses, or when it has no
    /// date's shape at all (then `expectedDate` says the forms).
    public static func problem(_ text: String) -> (key: String, arguments: [String])? {
        guard parse(text) == nil, let f = Fields(text) else { return nil }
        if f.y < 1 { return ("dateNoYearZero", []) }
        if !(1...12).contains(f.m) { return ("dateNoSuchMonth", [String(f.texts.m)]) }
        if f.d < 1 || f.d > daysIn(month: f.m, year: f.y) {
            return ("dateNoSuchDay", [String(f.texts.d), "\(f.texts.y)-\(f.texts.m)", String(daysIn(month: f.m, year: f.y))])
        }
        if let t = f.time { return ("dateNoSuchTime", [String(t.text)]) }
        return nil
    }

    /// The numbers of a text with a date's shape (four digits, two, two; optionally `T`, two
    /// digits thrice between colons, `Z`), not yet judged: what `parse` checks and `problem` names.
    private struct Fields {
        let y: Int64, m: Int64, d: Int64
        let texts: (y: Substring, m: Substring, d: Substring)
        let time: (h: Int64, mi: Int64, s: Int64, text: Substring)?

        init?(_ text: String) {
            let parts = text.split(separator: "T", maxSplits: 1, omittingEmptySubsequences: false)
            let ymd = parts[0].split(separator: "-", omittingEmptySubsequences: false)
            func digits(_ s: Substring, _ count: Int) -> Int64? {
                guard s.utf8.count == count, s.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
                return Int64(s)
            }
            guard ymd.count == 3, let y = digits(ymd[0], 4), let m = digits(ymd[1], 2), let d = digits(ymd[2], 2) else { return nil }
            (self.y, self.m, self.d, texts) = (y, m, d, (ymd[0], ymd[1], ymd[2]))
            guard parts.count == 2 else { time = nil; return }
            guard parts[1].hasSuffix("Z") else { return nil }
            let clock = parts[1].dropLast()
            let hms = clock.split(separator: ":", omittingEmptySubsequences: false)
            guard hms.count == 3, let h = digits(hms[0], 2), let mi = digits(hms[1], 2), let s = digits(hms[2], 2) else { return nil }
            time = (h, mi, s, clock)
        }
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

    /// The days of month `m` (1 to 12) of year `y` in the proleptic Gregorian calendar.
    public static func daysIn(month m: Int64, year y: Int64) -> Int64 {
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
