import SQLiteDB

/// A grouping row's keys as SQLite gave them, with their statuses: what the records are hashed
/// by before each is read as its field's key. One field or two (`--by A,B`), held as plain
/// values (a number by its bits, a text by its place in `RawGroupTexts`): no allocation, no
/// reference counting per record.
struct RawGroupKey: Hashable {
    private var first = Part(), second = Part()

    /// One field's key: its SQLite type (or its status, which decides the group whatever the
    /// value) and its bits.
    private struct Part: Hashable {
        var kind = Kind.null
        var bits: UInt64 = 0
    }

    private enum Kind: UInt8 {
        case null, integer, real, text
        /// Every blob is one key: no field reads a blob's bytes as a value (each is damaged).
        case blob
        case absent, damaged
    }

    /// The keys of the row's first `fields` fields (key and status columns in turn).
    init(_ row: Row, fields: Int, texts: inout RawGroupTexts) {
        precondition((1...2).contains(fields), "a grouping has one field or two")
        first = Self.part(row, 0, texts: &texts)
        if fields == 2 { second = Self.part(row, 2, texts: &texts) }
    }

    private static func part(_ row: Row, _ column: Int32, texts: inout RawGroupTexts) -> Part {
        if let status = row.string(column + 1).flatMap(GroupStatus.init(rawValue:)) {
            return Part(kind: status == .absent ? .absent : .damaged)
        }
        return part(row.value(column), texts: &texts)
    }

    private static func part(_ value: SQLiteValue, texts: inout RawGroupTexts) -> Part {
        switch value {
        case .null: Part(kind: .null)
        case .integer(let i): Part(kind: .integer, bits: UInt64(bitPattern: i))
        case .real(let d): Part(kind: .real, bits: d.bitPattern)
        case .text(let t): Part(kind: .text, bits: texts.place(of: t))
        case .blob: Part(kind: .blob)
        }
    }

    /// Field `i`'s value as SQLite gave it (a status's value is null; a blob's, empty).
    func value(_ i: Int, texts: RawGroupTexts) -> SQLiteValue {
        let p = i == 0 ? first : second
        switch p.kind {
        case .null, .absent, .damaged: return .null
        case .integer: return .integer(Int64(bitPattern: p.bits))
        case .real: return .real(Double(bitPattern: p.bits))
        case .text: return .text(texts.text(at: p.bits))
        case .blob: return .blob([])
        }
    }

    /// Field `i`'s status: absent, damaged, or nil when its value decides.
    func status(_ i: Int) -> GroupStatus? {
        switch (i == 0 ? first : second).kind {
        case .absent: .absent
        case .damaged: .damaged
        default: nil
        }
    }

    /// Sets field `i`'s value (a date's bucket key in place of the date).
    mutating func setValue(_ i: Int, _ value: SQLiteValue, texts: inout RawGroupTexts) {
        if i == 0 { first = Self.part(value, texts: &texts) } else { second = Self.part(value, texts: &texts) }
    }
}

/// The texts of a grouping's keys, each held once and named by its place.
struct RawGroupTexts {
    private var places: [String: UInt64] = [:]
    private var texts: [String] = []
    /// The text last asked and its place: records in date order ask a date bucket's key again
    /// and again, and comparing two short texts costs less than hashing one.
    private var last: (text: String, place: UInt64)?

    mutating func place(of text: String) -> UInt64 {
        if let last, last.text == text { return last.place }
        let place: UInt64
        if let known = places[text] {
            place = known
        } else {
            texts.append(text)
            place = UInt64(texts.count - 1)
            places[text] = place
        }
        last = (text, place)
        return place
    }

    func text(at place: UInt64) -> String { texts[Int(place)] }
}
