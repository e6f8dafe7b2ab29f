import BattleLogKit
import CoreDataKit
import Foundation
import KeyedArchiving
import SQLiteDB

/// Brings a battle log written by the Core Data app into a battlelog database: Humans (Hero and
/// Villain sub-entities, or one entity with a `kind`), and Records with a date, a result, an
/// owner, `randomNumbers` (an archived array of numbers), `usingMagic` (archived NSData holding
/// the magic's JSON, or those bytes directly) and, when the model has one, a CMTime kept as its
/// dictionary for the duration, and when it has one a `weapon` (a custom class stored as an
/// NSSecureCoding keyed archive, read with the weapon's allow-list). The app's records have no opponent and no fight number: each
/// becomes a one-sided fight of its own. A value that does not decode comes in as damage.
public struct BattleLogImport {
    public let store: CoreDataStore
    let human: Entity
    let record: Entity
    let owner: Relationship
    let attributes: RecordAttributes
    /// The store's result values (their text) -> results, from `--result-map`.
    let resultMap: [String: FightResult]

    /// Which of the Record entity's attributes hold what (nil: the model has none).
    struct RecordAttributes {
        var date: String
        var result: String
        var randomNumbers: String?
        var usingMagic: String?
        var duration: String?
        var weapon: String?
    }

    /// What an import did.
    public struct Summary: Sendable {
        public var written: OneSidedImportSummary
        public var heroes = 0
        public var villains = 0
        /// The Record attributes the model lacks (their values are missing in every record).
        public var missingAttributes: [String] = []
    }

    public init(store: CoreDataStore, resultMap: [String: FightResult] = [:]) throws(CoreDataError) {
        self.store = store
        self.resultMap = resultMap
        let model = store.model
        func named(_ name: String) -> Entity? { model.entities.first { $0.name.lowercased() == name.lowercased() } }
        guard let record = named("Record") else {
            throw .notABattleLog(path: store.path, reason: "no Record entity (it has: \(model.entities.map(\.name).joined(separator: ", ")))")
        }
        guard let human = named("Human") else {
            throw .notABattleLog(path: store.path, reason: "no Human entity (it has: \(model.entities.map(\.name).joined(separator: ", ")))")
        }
        func attribute(_ name: String) -> String? { record.attributes.first { $0.name.lowercased() == name.lowercased() }?.name }
        guard let owner = record.relationships.first(where: { $0.name.lowercased() == "owner" && !$0.toMany }) else {
            throw .notABattleLog(path: store.path, reason: "Record has no to-one relationship owner")
        }
        guard let date = attribute("date") else { throw .notABattleLog(path: store.path, reason: "Record has no date attribute") }
        guard let result = attribute("result") else { throw .notABattleLog(path: store.path, reason: "Record has no result attribute") }
        guard human.attributes.contains(where: { $0.name.lowercased() == "name" }) else {
            throw .notABattleLog(path: store.path, reason: "Human has no name attribute")
        }
        let subentities = model.family(of: human).map { $0.name.lowercased() }
        guard human.attributes.contains(where: { $0.name.lowercased() == "kind" })
                || (subentities.contains("hero") && subentities.contains("villain")) else {
            throw .notABattleLog(path: store.path, reason: "Human has neither Hero and Villain sub-entities nor a kind attribute")
        }
        // The duration: an attribute called duration, else a Transformable the model declares as a CMTime.
        let duration = attribute("duration") ?? record.attributes.first { a in
            a.type == .transformable && ((a.valueClassName ?? "") + (a.transformerName ?? "")).contains("CMTime")
        }?.name
        self.human = human
        self.record = record
        self.owner = owner
        self.attributes = RecordAttributes(date: date, result: result, randomNumbers: attribute("randomNumbers"),
                                           usingMagic: attribute("usingMagic"), duration: duration, weapon: attribute("weapon"))
    }

    /// Parses `--result-map 0=win,1=loss,2=draw`.
    public static func parseResultMap(_ text: String) throws(CoreDataError) -> [String: FightResult] {
        var map: [String: FightResult] = [:]
        for pair in text.split(separator: ",", omittingEmptySubsequences: false) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2, !parts[0].isEmpty else { throw .badResultMap("\"\(pair)\" is not VALUE=RESULT") }
            guard let r = FightResult(rawValue: parts[1].lowercased()) else {
                throw .badResultMap("\"\(parts[1])\" is not win, loss or draw")
            }
            map[String(parts[0])] = r
        }
        return map
    }

    /// How many records the import will read (for a progress line).
    public func recordCount() throws -> Int {
        try store.model.family(of: record).reduce(0) { $0 + (try store.rowCount($1) ?? 0) }
    }

    /// What `check` found: the Humans by pk, to be used by `run`.
    public struct Plan: Sendable {
        let humans: [Int64: Owner]
        public let heroes: Int
        public let villains: Int
    }

    struct Owner: Sendable {
        let name: String
        let kind: HumanKind
    }

    /// Reads what can stop the import before anything is written: every Human (a name, a kind)
    /// and every distinct result value (each must map to win, loss or draw).
    public func check() throws -> Plan {
        var humans: [Int64: Owner] = [:]
        var heroes = 0, villains = 0
        try store.forEachObject(entity: human, decode: false) { object in
            let name: String
            switch object.stored.first(where: { $0.key.lowercased() == "name" })?.value {
            case .text(let t)?: name = t
            default: throw CoreDataError.notABattleLog(path: store.path, reason: "\(object.entity) \(object.pk) has no name")
            }
            let kind: HumanKind
            if let k = HumanKind(rawValue: object.entity.lowercased()) {
                kind = k
            } else if case .text(let t)? = object.stored.first(where: { $0.key.lowercased() == "kind" })?.value,
                      let k = HumanKind(rawValue: t.lowercased()) {
                kind = k
            } else {
                throw CoreDataError.notABattleLog(path: store.path, reason: "\(object.entity) \(object.pk) \"\(name)\" is neither a Hero nor a Villain")
            }
            humans[object.pk] = Owner(name: name, kind: kind)
            if kind == .hero { heroes += 1 } else { villains += 1 }
            return true
        }
        if let column = record.attributes.first(where: { $0.name == attributes.result })?.column {
            let ids = store.model.family(of: record).map { String($0.id) }.joined(separator: ",")
            let sql = "SELECT \(CoreDataStore.quote(column)), min(Z_PK), min(Z_ENT) FROM \(CoreDataStore.quote(record.table)) WHERE Z_ENT IN (\(ids)) GROUP BY 1"
            for (value, pk, ent) in try store.db.prepare(sql).map([], { ($0.value(0), $0.int64(1), $0.int64(2)) }) {
                let entity = store.model.entity(id: ent)?.name ?? record.name
                _ = try result(StoredColumnValue(value), entity: entity, pk: pk)
            }
        }
        return Plan(humans: humans, heroes: heroes, villains: villains)
    }

    /// Runs the import into `battlelog`, all or nothing. `progress` gets the records read so far.
    public func run(_ plan: Plan, into battlelog: BattleStore, progress: (Int) -> Void = { _ in }) throws -> Summary {
        let humans = plan.humans
        var summary = Summary(written: OneSidedImportSummary(), heroes: plan.heroes, villains: plan.villains)
        summary.missingAttributes = [("randomNumbers", attributes.randomNumbers), ("usingMagic", attributes.usingMagic),
                                     ("duration", attributes.duration)].filter { $0.1 == nil }.map(\.0)
        summary.written = try battlelog.importOneSided { add in
            var read = 0
            try store.forEachObject(entity: record, decode: false) { object in
                guard let ownerPK = object.target(of: owner.name)?.pk, let owner = humans[ownerPK] else {
                    throw CoreDataError.notABattleLog(path: store.path, reason: "\(object.entity) \(object.pk) has no owner")
                }
                // The app's attributes mapped to battlelog's, by name: a value the store lacks is
                // damage (reported as missing), an absent magic is no magic.
                let values: [String: CarriedValue<(any Sendable)?>] = [
                    "duration": Self.carried(attributes.duration.map { Self.duration(object.stored[$0] ?? .null) } ?? .damaged(.null)),
                    "randomNumbers": Self.carried(attributes.randomNumbers.map { Self.rolls(object.stored[$0] ?? .null) } ?? .damaged(.null)),
                    "usingMagic": Self.carried(attributes.usingMagic.map { Self.magic(object.stored[$0] ?? .null) } ?? .value(nil)),
                    "weapon": attributes.weapon.map { Self.weapon(object.stored[$0] ?? .null) } ?? .value(nil),
                ]
                try add(OneSidedRecord(
                    ownerName: owner.name, ownerKind: owner.kind,
                    date: Self.date(object.stored[attributes.date] ?? .null),
                    result: try result(object.stored[attributes.result] ?? .null, entity: object.entity, pk: object.pk),
                    values: values))
                read += 1
                if read % 1000 == 0 { progress(read) }
                return true
            }
            progress(read)
        }
        return summary
    }

    func result(_ value: StoredColumnValue, entity: String, pk: Int64) throws(CoreDataError) -> FightResult {
        let text: String
        switch value {
        case .text(let t): text = t
        case .integer(let i): text = String(i)
        case .real(let d): text = String(d)
        case .null: text = "NULL"
        case .blob(let b): text = "a blob of \(b.count) bytes"
        }
        if let mapped = resultMap[text] { return mapped }
        if resultMap.isEmpty, let r = FightResult(rawValue: text.lowercased()) { return r }
        throw .unmappedResult(value: value == .null ? "NULL" : "\"\(MessageText.cut(text))\"", entity: entity, pk: pk)
    }

    /// Core Data's date (seconds since 2001) as whole seconds since 1970 (battlelog's dates are whole seconds).
    static func date(_ value: StoredColumnValue) -> CarriedValue<Int64> {
        let seconds: Double
        switch value {
        case .real(let d): seconds = d
        case .integer(let i): seconds = Double(i)
        default: return .damaged(value.sqliteValue)
        }
        let unix = (seconds + TaggedJSON.referenceDateOffset).rounded(.down)
        guard unix.isFinite, unix >= -62_135_596_800, unix <= 253_402_300_799 else { return .damaged(value.sqliteValue) }
        return .value(Int64(unix))
    }

    /// The archived value of a Transformable's bytes, or nil when the bytes are not a keyed archive.
    static func archived(_ value: StoredColumnValue) -> JSONValue? {
        guard case .blob(let bytes) = value, BinaryPropertyListReader.isBinaryPropertyList(bytes) else { return nil }
        let decoded = KeyedArchive.decodeRoot(bytes)
        if case .object(let o) = decoded, o["$error"] != nil { return nil }
        return decoded
    }

    /// A carried value as the writer takes values by name.
    static func carried<T: Sendable>(_ c: CarriedValue<T>) -> CarriedValue<(any Sendable)?> {
        switch c {
        case .value(let v): .value(v)
        case .damaged(let raw): .damaged(raw)
        }
    }
}
