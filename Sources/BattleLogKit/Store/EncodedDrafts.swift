import Foundation
import SQLiteDB

/// A value in its stored form: where its text lies in the batch's `EncodedText`, where its
/// derived values start in the batch's `derived`, and whether it is within the model's range
/// (outside it the value is written as damage). Plain data: the writer copies it for nothing.
struct EncodedValue: Sendable {
    let text: Range<Int>
    let derivedStart: Int
    let inRange: Bool
}

/// The stored texts of one batch, end to end in one buffer that the writer binds in place
/// (SQLite reads them without copying). Immutable once the batch is encoded; freed with it.
/// Unchecked because it holds a raw buffer; safe because it is written by the encoding thread
/// only, before the batch is handed to the writer, and only read after.
final class EncodedText: @unchecked Sendable {
    private var bytes: UnsafeMutableRawPointer
    private var count = 0
    private var capacity: Int

    init(capacity: Int) {
        self.capacity = max(capacity, 64)
        bytes = UnsafeMutableRawPointer.allocate(byteCount: self.capacity, alignment: 1)
    }

    deinit { bytes.deallocate() }

    /// Appends `text`, returning where it lies (only while the batch is being encoded).
    func append(_ text: [UInt8]) -> Range<Int> {
        if count + text.count > capacity {
            let grown = max(capacity * 2, count + text.count)
            let moved = UnsafeMutableRawPointer.allocate(byteCount: grown, alignment: 1)
            moved.copyMemory(from: bytes, byteCount: count)
            bytes.deallocate()
            bytes = moved
            capacity = grown
        }
        text.withUnsafeBytes { (bytes + count).copyMemory(from: $0.baseAddress!, byteCount: $0.count) }
        defer { count += text.count }
        return count..<(count + text.count)
    }

    /// The text at `range`, valid as long as this object lives.
    func text(_ range: Range<Int>) -> UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(start: bytes + range.lowerBound, count: range.count)
    }
}

/// Drafts whose transformable values are already encoded, with their tallies and summaries
/// counted: the costly part of a write, made on any thread (the simulator's producer), so that
/// the writer's thread only binds and inserts.
public struct EncodedDrafts: Sendable {
    /// A draft's plain columns (its values are in the slots: the drafts themselves are not kept,
    /// so that a batch waiting in a queue holds only what is written).
    struct PlainColumns: Sendable {
        let fight: Int64
        let ownerID: Int64
        let opponentID: Int64?
        let date: Int64
        let result: FightResult
    }

    let rows: [PlainColumns]
    /// The number of records.
    public var count: Int { rows.count }
    /// Each draft's values by attribute, row after row (`row * attributes + i`); nil: absent.
    let slots: [EncodedValue?]
    /// The derived values of every value, end to end.
    let derived: [SQLiteValue]
    /// The stored texts the slots point into.
    let text: EncodedText
    /// Their tallies and summaries, counted as they were encoded (owners as the drafts give them).
    let counts: BatchCounts
}

extension RecordSchema {
    /// Encodes `drafts`' values as this schema writes them. A value of the wrong type is an error
    /// naming the attribute; a missing required one is refused when written.
    public func encode(_ drafts: [RecordDraft]) throws(StoreError) -> EncodedDrafts {
        var slots: [EncodedValue?] = []
        slots.reserveCapacity(drafts.count * resolved.count)
        var allDerived: [SQLiteValue] = []
        allDerived.reserveCapacity(drafts.count * resolved.map(\.derivedCount).reduce(0, +))
        let text = EncodedText(capacity: drafts.count * 384)
        var derived: [SQLiteValue] = Array(repeating: .null, count: resolved.map(\.derivedCount).max() ?? 0)
        var counts = BatchCounts(attributes: resolved)
        for draft in drafts {
            for (i, a) in resolved.enumerated() {
                guard let value = draft.values[names[i]] else { slots.append(nil); continue }
                guard let written = a.write(value, a.range, &derived) else {
                    throw .wrongValueType(attribute: a.attribute.qualifiedName, expected: a.attribute.valueClassName, found: "\(type(of: value))")
                }
                slots.append(EncodedValue(text: text.append(written.bytes), derivedStart: allDerived.count, inRange: written.inRange))
                allDerived += derived.prefix(a.derivedCount)
            }
            counts.add(owner: draft.ownerID, result: draft.result) { draft.values[names[$0]] }
            let first = slots.count - resolved.count
            counts.groups.add(owner: draft.ownerID, opponent: draft.opponentID, date: .integer(draft.date), result: draft.result) { i in
                guard let e = slots[first + i], let value = draft.values[names[i]] else { return .absent }
                return .value(value, derived: allDerived[e.derivedStart..<(e.derivedStart + resolved[i].derivedCount)])
            }
        }
        let rows = drafts.map { EncodedDrafts.PlainColumns(fight: $0.fight, ownerID: $0.ownerID, opponentID: $0.opponentID, date: $0.date, result: $0.result) }
        return EncodedDrafts(rows: rows, slots: slots, derived: allDerived, text: text, counts: counts)
    }
}
