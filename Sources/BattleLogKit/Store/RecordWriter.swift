import SQLiteDB

/// A transformable value about to be written.
enum AttributeInput: Sendable {
    case value(any Sendable)
    case absent
    /// A stored form carried as it was (a value another store could not decode): written as is,
    /// reported as damage by the reader; its derived columns are NULL.
    case raw(SQLiteValue)

    /// The value the summaries count (none when absent or carried raw).
    var value: (any Sendable)? {
        switch self {
        case .value(let v): v
        case .absent, .raw: nil
        }
    }
}

/// The one insert of a record, built from the model: the plain columns, each transformable
/// attribute's stored form, and its derived query columns, bound in that order. Simulate, import
/// and the Core Data import all write through it.
struct RecordWriter {
    private let statement: Statement
    private let attributes: [ResolvedAttribute]
    private let firstAttribute: Int32
    /// A buffer for the derived values of one attribute, reused for every record.
    private var derived: [SQLiteValue]

    /// Prepares the insert (with an explicit `id` column when `withID`).
    init(db: Database, attributes: [ResolvedAttribute], withID: Bool) throws {
        self.attributes = attributes
        var columns = ["fight", "owner_id", "opponent_id", "date", "result"]
        if withID { columns.insert("id", at: 0) }
        firstAttribute = Int32(columns.count + 1)
        derived = Array(repeating: .null, count: attributes.map(\.derived.count).max() ?? 0)
        for a in attributes { columns.append(a.attribute.column); columns += a.derived.map(\.column.column) }
        let marks = Array(repeating: "?", count: columns.count).joined(separator: ", ")
        statement = try db.cachedStatement("INSERT INTO record(\(columns.joined(separator: ", "))) VALUES (\(marks))")
    }

    /// Writes one record; `input(i)` gives the value of the model's i-th transformable attribute,
    /// and `bound(i, derived)` sees the derived values bound for each value.
    /// Returns how many of its values go in as damage (carried raw, or outside the model's range).
    @discardableResult
    mutating func write(id: Int64? = nil, fight: Int64, owner: Int64, opponent: Int64?, date: SQLiteValue, result: FightResult,
               input: (Int) -> AttributeInput, bound: (Int, ArraySlice<SQLiteValue>) -> Void = { _, _ in }) throws -> Int {
        try bindPlainColumns(id: id, fight: fight, owner: owner, opponent: opponent, date: date, result: result)
        var index = firstAttribute
        var damaged = 0
        for (i, resolved) in attributes.enumerated() {
            let count = resolved.derivedCount
            switch input(i) {
            case .value(let value):
                guard let written = resolved.write(value, resolved.range, &derived) else {
                    let a = resolved.attribute
                    throw StoreError.wrongValueType(attribute: a.qualifiedName, expected: a.valueClassName, found: "\(type(of: value))")
                }
                if resolved.transformer.storesBlob { try statement.bind(.blob(written.bytes), at: index) }
                else { try statement.bind(utf8: written.bytes, at: index) }
                if !written.inRange { damaged += 1 }
                for k in 0..<count { try statement.bind(derived[k], at: index + 1 + Int32(k)) }
                bound(i, derived[..<count])
            case .absent:
                guard resolved.isOptional else { throw StoreError.missingValue(attribute: resolved.attribute.qualifiedName) }
                try bindNulls(from: index, count: 1 + count)
            case .raw(let stored):
                try statement.bind(stored, at: index)
                try bindNulls(from: index + 1, count: count)
                damaged += 1
            }
            index += 1 + Int32(count)
        }
        _ = try statement.step()
        return damaged
    }

    /// Writes record `row` of a batch encoded beforehand (`RecordSchema.encode` with the same
    /// attributes): its stored texts bound in place, its derived values as they were made.
    /// Returns how many of its values go in as damage.
    mutating func write(_ batch: EncodedDrafts, row: Int, id: Int64? = nil, fight: Int64) throws -> Int {
        let draft = batch.rows[row]
        try bindPlainColumns(id: id, fight: fight, owner: draft.ownerID, opponent: draft.opponentID,
                             date: .integer(draft.date), result: draft.result)
        var index = firstAttribute
        var damaged = 0
        for (i, resolved) in attributes.enumerated() {
            let count = resolved.derivedCount
            if let e = batch.slots[row * attributes.count + i] {
                if resolved.transformer.storesBlob { try statement.bind(unownedBlob: batch.text.text(e.text), at: index) }
                else { try statement.bind(unownedUTF8: batch.text.text(e.text), at: index) }
                if !e.inRange { damaged += 1 }
                for k in 0..<count { try statement.bind(batch.derived[e.derivedStart + k], at: index + 1 + Int32(k)) }
            } else {
                guard resolved.isOptional else { throw StoreError.missingValue(attribute: resolved.attribute.qualifiedName) }
                try bindNulls(from: index, count: 1 + count)
            }
            index += 1 + Int32(count)
        }
        _ = try statement.step()
        return damaged
    }

    /// The plain columns of a record, after a reset.
    private func bindPlainColumns(id: Int64?, fight: Int64, owner: Int64, opponent: Int64?, date: SQLiteValue,
                                  result: FightResult) throws {
        statement.reset()
        var index: Int32 = 1
        if let id { try statement.bind(int64: id, at: index); index += 1 }
        try statement.bind(int64: fight, at: index)
        try statement.bind(int64: owner, at: index + 1)
        try statement.bind(opponent.map(SQLiteValue.integer) ?? .null, at: index + 2)
        try statement.bind(date, at: index + 3)
        try statement.bind(unownedUTF8: result.storedText, at: index + 4)
    }

    /// Forgets the last record's bindings (text bound in place goes away with its batch).
    func clearBindings() {
        statement.reset()
        statement.clearBindings()
    }

    private func bindNulls(from index: Int32, count: Int) throws {
        for k in 0..<count { try statement.bind(.null, at: index + Int32(k)) }
    }
}
