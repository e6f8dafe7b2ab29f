import Foundation
import SQLiteDB

/// A record about to be written. Its transformable values are held by attribute name, as the
/// model declares them (battlelog's own three have a typed initialiser beside the simulator).
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
    /// The model's attribute name, e.g. `duration`.
    public let attribute: String
    public let reason: TransformError

    public var description: String { "record \(recordID), attribute \(attribute): \(reason.description)" }
}

/// A transformable attribute as read: the stored text and its decoded value, or why it has none.
public struct StoredAttribute<Value: Sendable>: Sendable {
    /// The text exactly as stored (nil for SQL NULL; non-text storage is described in `decoded`).
    public let storedText: String?
    /// The bytes exactly as stored, for a transformer that stores a BLOB (nil otherwise).
    public let storedBlob: [UInt8]?
    public let decoded: Result<Value, AttributeError>

    public init(storedText: String?, storedBlob: [UInt8]? = nil, decoded: Result<Value, AttributeError>) {
        self.storedText = storedText
        self.storedBlob = storedBlob
        self.decoded = decoded
    }

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

    public var isDamaged: Bool { !errors.isEmpty }

    /// The opponent's name, or `—` when the record has no other side.
    public var opponentName: String { opponent?.name ?? Record.noOpponent }

    /// What stands for the opponent of a one-sided record.
    public static let noOpponent = "—"

    /// The date as ISO 8601 in UTC: `2026-11-29T14:00:00Z`; empty when it is damaged (a person
    /// reads `dateText`, which spells the damage).
    public var isoDate: String { date.map(ISODate.format) ?? "" }
}
