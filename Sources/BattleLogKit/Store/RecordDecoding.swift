import SQLiteDB

extension BattleStore {
    /// Reads a record row (columns as `recordColumns`), decoding each transformable attribute on
    /// its own. Never throws: damage is reported in the record's errors.
    func decodeRecord(_ row: Row) -> Record {
        let id = row.int64(0)
        var columnErrors: [AttributeError] = []
        func human(_ column: Int32, attribute: String) -> Human {
            let humanID = row.int64(column)
            if let h = humansByID[humanID] { return h }
            columnErrors.append(AttributeError(recordID: id, attribute: attribute,
                                               reason: .wrongShape(expected: "an existing Human", found: "id \(humanID)")))
            return Human(id: humanID, name: "#\(humanID)", kind: .hero)
        }
        let owner = human(2, attribute: "owner")
        let opponent = human(3, attribute: "opponent")
        let dateValue = row.value(4)
        var date: Int64 = 0
        if case .integer(let d) = dateValue { date = d } else {
            columnErrors.append(AttributeError(recordID: id, attribute: "date",
                                               reason: .wrongShape(expected: "an integer", found: dateValue.typeName)))
        }
        let resultText = row.string(5)
        let result = resultText.flatMap(FightResult.init(rawValue:))
        if result == nil {
            columnErrors.append(AttributeError(recordID: id, attribute: "result",
                                               reason: .wrongShape(expected: "win, loss or draw", found: resultText.map { "\"\($0)\"" } ?? "NULL")))
        }
        return Record(
            id: id, fight: row.int64(1), owner: owner, opponent: opponent, date: date, result: result,
            duration: stored(row, 6, recordID: id, attribute: "duration", ifNull: nil) { text throws(TransformError) in
                try durationTransformer.value(fromStored: text)
            },
            randomNumbers: stored(row, 7, recordID: id, attribute: "randomNumbers", ifNull: nil) { text throws(TransformError) in
                try diceTransformer.value(fromStored: text)
            },
            usingMagic: stored(row, 8, recordID: id, attribute: "usingMagic", ifNull: .some(nil)) { text throws(TransformError) in
                try magicTransformer.value(fromStored: text)
            },
            columnErrors: columnErrors)
    }

    /// `ifNull` is the value SQL NULL stands for (no magic), or nil when NULL is damage.
    private func stored<T>(_ row: Row, _ column: Int32, recordID: Int64, attribute: String, ifNull: T?,
                           decode: (String) throws(TransformError) -> T) -> StoredAttribute<T> {
        let value = row.value(column)
        func failure(_ reason: TransformError, text: String?) -> StoredAttribute<T> {
            StoredAttribute(storedText: text, decoded: .failure(AttributeError(recordID: recordID, attribute: attribute, reason: reason)))
        }
        switch value {
        case .null:
            if let ifNull { return StoredAttribute(storedText: nil, decoded: .success(ifNull)) }
            return failure(.missingValue, text: nil)
        case .text(let text):
            do { return StoredAttribute(storedText: text, decoded: .success(try decode(text))) }
            catch { return failure(error, text: text) }
        case .blob(let bytes):
            return failure(.wrongStorageType("a blob of \(bytes.count) bytes"), text: nil)
        case .integer(let i):
            return failure(.wrongStorageType("an integer (\(i))"), text: nil)
        case .real(let d):
            return failure(.wrongStorageType("a real (\(d))"), text: nil)
        }
    }
}
