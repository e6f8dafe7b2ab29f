import SQLiteDB

/// A value brought in from another store: decoded (written through its transformer) or, when it
/// did not decode there, its stored form kept as it was, so that battlelog reports it as damage
/// (`.damaged(.null)` is a value the source did not have).
public enum CarriedValue<Value: Sendable>: Sendable {
    case value(Value)
    case damaged(SQLiteValue)
}

/// A record with no other side, as an app that kept one Human's view of each fight wrote it.
public struct OneSidedRecord: Sendable {
    public var ownerName: String
    public var ownerKind: HumanKind
    /// Seconds since 1970-01-01 UTC, or the stored value when it is not a date.
    public var date: CarriedValue<Int64>
    public var result: FightResult
    /// The transformable values by the model's attribute names, as `RecordDraft` has them: a
    /// value (nil: absent), or a stored form carried as it was. A required attribute the
    /// producer does not give is refused by the writer, naming it (never a silent NULL).
    public var values: [String: CarriedValue<(any Sendable)?>]

    public init(ownerName: String, ownerKind: HumanKind, date: CarriedValue<Int64>, result: FightResult,
                values: [String: CarriedValue<(any Sendable)?>]) {
        self.ownerName = ownerName
        self.ownerKind = ownerKind
        self.date = date
        self.result = result
        self.values = values
    }

    /// The value of attribute `name` as the writer takes it.
    func input(_ name: String) -> AttributeInput {
        switch values[name] {
        case .value(let v?)?: .value(v)
        case .value(nil)?, nil: .absent
        case .damaged(let raw)?: .raw(raw)
        }
    }
}

/// What a one-sided import wrote.
public struct OneSidedImportSummary: Sendable, Equatable {
    public var records = 0
    public var newHumans = 0
    /// Values kept as damage (reported by doctor and inspect), missing ones included.
    public var damagedValues = 0

    public init() {}
}

extension BattleStore {
    /// Writes the records `produce` hands to `add`, each a fight of its own with no opponent, in
    /// one transaction: when `produce` or a write throws, nothing is kept. Humans are found by
    /// name; one that exists with the other kind stops the import.
    public func importOneSided(_ produce: (_ add: (OneSidedRecord) throws -> Void) throws -> Void) throws -> OneSidedImportSummary {
        var summary = OneSidedImportSummary()
        try writeBatch { batch in
            let findHuman = try db.cachedStatement("SELECT id, kind FROM human WHERE name = ?")
            let insertHuman = try db.cachedStatement("INSERT INTO human(name, kind) VALUES (?, ?)")
            let names = schema.names
            var fight = (try db.scalarInt("SELECT max(fight) FROM record") ?? 0)
            var humans: [String: Int64] = [:]
            func humanID(_ name: String, _ kind: HumanKind) throws -> Int64 {
                if let id = humans[name] { return id }
                let found = try findHuman.first([name]) { ($0.int64(0), $0.string(1)) }
                let id: Int64
                if let found {
                    guard found.1 == kind.rawValue else {
                        throw ImportConflict(message: "Human \"\(MessageText.cut(name))\" is a \(found.1 ?? "?") in the database and a \(kind.rawValue) in the store")
                    }
                    id = found.0
                } else {
                    try insertHuman.execute([name, kind.rawValue])
                    id = db.lastInsertRowID
                    summary.newHumans += 1
                }
                humans[name] = id
                return id
            }
            try produce { r in
                let owner = try humanID(r.ownerName, r.ownerKind)
                fight += 1
                var damagedDate = 0
                let date: SQLiteValue
                switch r.date {
                case .value(let d): date = .integer(d)
                case .damaged(let raw): date = raw; damagedDate = 1
                }
                let damaged = try batch.write(fight: fight, owner: owner, opponent: nil, date: date, result: r.result) { i in
                    r.input(names[i])
                }
                summary.damagedValues += damaged + damagedDate
                summary.records += 1
            }
        }
        return summary
    }
}
