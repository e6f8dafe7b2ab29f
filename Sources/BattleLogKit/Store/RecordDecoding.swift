import SQLiteDB

/// The one decoding step from stored columns to values: every column, plain or Transformable,
/// becomes its value or a reported damage. A value its column cannot hold (a kind that is not
/// hero or villain, a fight id that is text, an owner id that is a real) is damage, reported the
/// way a damaged Transformable is; nothing is replaced by a default.
enum ColumnDecoding {
    /// An integer column: anything but an INTEGER is damage.
    static func integer(_ value: SQLiteValue) -> Result<Int64, TransformError> {
        if case .integer(let i) = value { return .success(i) }
        return .failure(.wrongShape(expected: "an integer", found: describe(value)))
    }

    /// A text column from a fixed set of words (`hero`/`villain`, `win`/`loss`/`draw`).
    static func word<T: RawRepresentable>(_ value: SQLiteValue, as: T.Type, expected: String) -> Result<T, TransformError>
    where T.RawValue == String {
        if case .text(let text) = value, let v = T(rawValue: text) { return .success(v) }
        return .failure(.wrongShape(expected: expected, found: describe(value)))
    }

    /// A stored value as a message shows it: `"wizard"`, `NULL`, `a real (1.5)`, cut when long.
    static func describe(_ value: SQLiteValue) -> String {
        switch value {
        case .null: "NULL"
        case .integer(let i): "an integer (\(i))"
        case .real(let d): "a real (\(d))"
        case .text(let t): "\"\(MessageText.cut(t))\""
        case .blob(let b): "a blob of \(b.count) bytes"
        }
    }
}

extension BattleStore {
    /// A `human` row (columns id, name, kind) as a Human, its damage described when a column
    /// cannot hold its value.
    static func decodeHuman(_ row: Row) -> Human {
        let id = row.int64(0)
        var problems: [String] = []
        let nameValue = row.value(1)
        let name: String
        switch nameValue {
        case .text(let t): name = t
        case .null: name = ""; problems.append("name: missing (NULL)")
        default: name = row.string(1) ?? ""; problems.append("name: expected text, found \(ColumnDecoding.describe(nameValue))")
        }
        var kind: HumanKind?
        switch ColumnDecoding.word(row.value(2), as: HumanKind.self, expected: "hero or villain") {
        case .success(let k): kind = k
        case .failure(let e): problems.append("kind: \(e.description)")
        }
        return Human(id: id, name: name, kind: kind, damage: problems.isEmpty ? nil : problems.joined(separator: "; "))
    }

    /// Reads a record row (columns as `recordColumns`), decoding each column on its own. Never
    /// throws: damage is reported in the record's errors.
    func decodeRecord(_ row: Row) -> Record {
        let id = row.int64(0)
        var columnErrors: [AttributeError] = []
        func damage(_ attribute: String, _ reason: TransformError) {
            columnErrors.append(AttributeError(recordID: id, attribute: attribute, reason: reason))
        }
        func human(_ column: Int32, attribute: String) -> Human {
            switch ColumnDecoding.integer(row.value(column)) {
            case .failure(let e):
                damage(attribute, e)
                return .unknown(id: 0, damage: e.description)
            case .success(let humanID):
                guard let h = humansByID[humanID] else {
                    let reason = TransformError.wrongShape(expected: "an existing Human", found: "id \(humanID)")
                    damage(attribute, reason)
                    return .unknown(id: humanID, damage: reason.description)
                }
                if let problem = h.damage {
                    damage(attribute, .wrongShape(expected: "a whole Human", found: "Human \(humanID) with \(problem)"))
                }
                return h
            }
        }
        let fight: Int64?
        switch ColumnDecoding.integer(row.value(1)) {
        case .success(let f): fight = f
        case .failure(let e): fight = nil; damage("fight", e)
        }
        let owner = human(2, attribute: "owner")
        let opponent = row.isNull(3) ? nil : human(3, attribute: "opponent")
        let storedDate = row.value(4)
        let date: Int64?
        switch ColumnDecoding.integer(storedDate) {
        case .success(let d) where ISODate.parsableRange.contains(d): date = d
        case .success(let d):
            // A date is of the years 0001 to 9999, as a filter, a grouping and import take one.
            date = nil
            damage("date", .wrongShape(expected: "a date from 0001 to 9999", found: "\(d) (\(ISODate.format(d)))"))
        case .failure(let e): date = nil; damage("date", e)
        }
        let result: FightResult?
        switch ColumnDecoding.word(row.value(5), as: FightResult.self, expected: "win, loss or draw") {
        case .success(let r): result = r
        case .failure(let e): result = nil; damage("result", e)
        }
        let transformables = resolvedAttributes.enumerated().map { i, resolved in
            decodeTransformable(row.value(Int32(6 + i)), resolved, recordID: id)
        }
        return Record(id: id, fight: fight, owner: owner, opponent: opponent, date: date, storedDate: storedDate,
                      result: result, schema: schema, transformables: transformables, columnErrors: columnErrors)
    }

    /// One transformable column: decoded by its transformer (with the model's range), NULL absent
    /// when the attribute is optional, anything else damage that keeps its stored text or BLOB.
    func decodeTransformable(_ value: SQLiteValue, _ resolved: ResolvedAttribute, recordID: Int64) -> StoredAttribute<(any Sendable)?> {
        let attribute = resolved.attribute
        var text: String?, blob: [UInt8]?
        switch value {
        case .text(let t): text = t
        case .blob(let b) where resolved.transformer.storesBlob: blob = b
        default: break
        }
        func failure(_ reason: TransformError) -> StoredAttribute<(any Sendable)?> {
            StoredAttribute(storedText: text, storedBlob: blob,
                            decoded: .failure(AttributeError(recordID: recordID, attribute: attribute.name, reason: reason)))
        }
        if case .null = value {
            return attribute.isOptional ? StoredAttribute(storedText: nil, decoded: .success(nil)) : failure(.missingValue)
        }
        do {
            let decoded = try resolved.transformer.value(fromColumn: value, range: attribute.range)
            if decoded == nil && !attribute.isOptional { return failure(.missingValue) }
            return StoredAttribute(storedText: text, storedBlob: blob, decoded: .success(decoded))
        } catch { return failure(error) }
    }
}
