import BattleLogFoundation
import KeyedArchiving
import SQLiteDB

/// One transaction of Core Data's persistent history (`ATRANSACTION`) and its changes
/// (`ACHANGE`), as `coredata history` shows them.
public struct HistoryTransaction: Sendable {
    /// Its `Z_PK` in `ATRANSACTION`.
    public var id: Int64
    /// Seconds since 2001-01-01 (Core Data's reference date).
    public var timestamp: Double?
    /// Who made it, as the app set `transactionAuthor`, and its bundle, context and process.
    public var author: String?
    public var bundleID: String?
    public var contextName: String?
    public var processID: String?
    /// The query generation token (an archive), decoded.
    public var queryGeneration: JSONValue
    /// Its changes (all of them, or the first few of a page's transaction).
    public var changes: [HistoryChange]
    /// How many changes it has.
    public var changeCount = 0

    /// Its timestamp as an ISO 8601 instant (`2024-01-10T21:57:00.123Z`); nil without one, or
    /// when it lies outside the years a date can show.
    public var time: String? {
        guard let seconds = timestamp, case .object(let o) = TaggedJSON.date(sinceReferenceDate: seconds), case .string(let iso)? = o["$date"] else { return nil }
        return iso
    }

    /// `{"transaction", "timestamp", "author", "bundleID", "contextName", "processID",
    /// "queryGeneration", "changes": [...]}`.
    public var json: JSONValue {
        func text(_ s: String?) -> JSONValue { s.map(JSONValue.string) ?? .null }
        return .object([
            "transaction": .integer(id),
            "timestamp": timestamp.map { TaggedJSON.date(sinceReferenceDate: $0) } ?? .null,
            "author": text(author), "bundleID": text(bundleID), "contextName": text(contextName), "processID": text(processID),
            "queryGeneration": queryGeneration,
            "changes": .array(changes.map(\.json)),
        ])
    }
}

/// One change of a transaction: what happened to which object.
public struct HistoryChange: Sendable {
    /// What happened to the object.
    public enum Kind: String, Sendable { case insert, update, delete, unknown }

    /// Its `Z_PK` in `ACHANGE`, and what it did.
    public var id: Int64
    public var kind: Kind
    /// The changed object's entity (its Z_ENT when the model does not name it) and Z_PK.
    public var entity: String
    public var entityID: Int64
    public var pk: Int64
    /// `ZCOLUMNS` of an update: a bitmap of the properties it changed, as stored. Bit n, counted
    /// from the most significant bit of the first byte, is the n-th of the entity's
    /// `historyPropertyOrder`.
    public var updatedColumns: [UInt8]?
    /// The names of the properties the update changed, read off `updatedColumns` through the
    /// store's model; nil when the model cannot tell (a guessed model, or a bit past the end of
    /// its list: the history was written under an older model).
    public var updatedProperties: [String]?
    /// How many properties the model's list holds (for saying why `updatedProperties` is nil).
    public var modelPropertyCount: Int?
    /// `ZTOMBSTONE0`, `ZTOMBSTONE1`, …: the values a deleted object's entity keeps in history.
    public var tombstone: [JSONValue]

    static func hex(_ bytes: [UInt8]) -> String {
        bytes.map { String($0, radix: 16).leftPadded(to: 2) }.joined()
    }

    /// The set bits of `updatedColumns`, numbered as Core Data numbers them (bit 0 is the most
    /// significant bit of the first byte).
    public var updatedBits: [Int] {
        guard let bytes = updatedColumns else { return [] }
        return bytes.enumerated().flatMap { i, byte in (0..<8).filter { byte & (0x80 >> $0) != 0 }.map { i * 8 + $0 } }
    }

    /// The property names of `bits` in `order`, or nil when a bit lies past its end.
    static func names(bits: [Int], order: [String]?) -> [String]? {
        guard let order, bits.allSatisfy({ $0 < order.count }) else { return nil }
        return bits.map { order[$0] }
    }

    /// The change on one line: `update ICNote 12 (title, snippet)`, or, when the model cannot
    /// name the bits, `update ICNote 12 (changed-columns bitmap 0020, bits 10: bit 10 lies past
    /// the model's 8 properties, so none is named)`.
    public var text: String {
        var t = "\(kind.rawValue) \(SafeText.escape(entity)) \(pk)"
        if let names = updatedProperties {
            t += " (" + names.map(SafeText.escape).joined(separator: ", ") + ")"
        } else if let bytes = updatedColumns {
            let bits = updatedBits
            t += " (changed-columns bitmap \(Self.hex(bytes)), bits \(bits.map(String.init).joined(separator: ",")): "
            if let count = modelPropertyCount {
                let past = bits.filter { $0 >= count }.map(String.init).joined(separator: ",")
                t += "bit\(past.contains(",") ? "s" : "") \(past) lie\(past.contains(",") ? "" : "s") past the model's \(count) properties, so none is named)"
            } else {
                t += "the model is guessed, so none is named)"
            }
        }
        if !tombstone.isEmpty { t += " (tombstone " + tombstone.map { SafeText.escape(TaggedJSON.text($0)) }.joined(separator: ", ") + ")" }
        return t
    }

    /// `{"change", "type", "entity", "pk", ...}`: the change as `coredata history --json` writes it.
    public var json: JSONValue {
        var o: [String: JSONValue] = [
            "change": .integer(id), "type": .string(kind.rawValue), "entity": .string(entity),
            "entityID": .integer(entityID), "pk": .integer(pk),
        ]
        if let bytes = updatedColumns {
            o["updatedColumns"] = .object(["hex": .string(Self.hex(bytes)), "bits": .array(updatedBits.map { .integer(Int64($0)) })])
            o["updatedProperties"] = updatedProperties.map { .array($0.map(JSONValue.string)) } ?? .null
        }
        if !tombstone.isEmpty { o["tombstone"] = .array(tombstone) }
        return .object(o)
    }
}

extension CoreDataStore {
    /// Whether the store keeps persistent history (`ATRANSACTION` and `ACHANGE`).
    public var hasHistory: Bool { schema.tables["ATRANSACTION"] != nil && schema.tables["ACHANGE"] != nil }

    /// Calls `body` with every transaction from `since` (seconds since 2001) on, oldest first,
    /// each with all its changes, until `body` returns false. Reads both layouts: author, bundle
    /// id, context name and process id as ids of `ATRANSACTIONSTRING` (`ZAUTHORTS`, …), or
    /// inline in older stores.
    public func forEachTransaction(since: Double? = nil, _ body: (HistoryTransaction) throws -> Bool) throws {
        guard hasHistory else { return }
        let select = try statement(transactionSQL(where: since == nil ? "1" : "\(historyTime) >= ?", order: "\(historyTime), t.Z_PK"))
        defer { select.reset() }
        if let since { try select.bind([since]) }
        while try select.step() {
            var transaction = transaction(select.row)
            transaction.changes = try changes(of: transaction.id)
            transaction.changeCount = transaction.changes.count
            if try !body(transaction) { break }
        }
    }

    /// Up to `limit` transactions by number after `key` (from the first when nil), or,
    /// `backward`, the `limit` before it (up to the last), in number order; each with its number
    /// of changes and at most `changesEach` of them (the rest: `transaction(id:)`).
    public func transactionPage(from key: Int64?, backward: Bool = false, limit: Int, changesEach: Int = 4) throws -> [HistoryTransaction] {
        guard hasHistory else { return [] }
        let condition = key == nil ? "1" : "t.Z_PK \(backward ? "<" : ">") ?"
        let select = try statement(transactionSQL(where: condition, order: "t.Z_PK \(backward ? "DESC" : "ASC") LIMIT \(max(0, limit))"))
        defer { select.reset() }
        if let key { try select.bind([key]) }
        var page: [HistoryTransaction] = []
        while try select.step() { page.append(transaction(select.row)) }
        let count = try statement("SELECT count(*) FROM ACHANGE WHERE ZTRANSACTIONID = ?")
        for i in page.indices {
            page[i].changes = try changes(of: page[i].id, limit: changesEach)
            page[i].changeCount = Int(try count.first([page[i].id]) { $0.int64(0) } ?? 0)
        }
        return backward ? page.reversed() : page
    }

    /// The transaction numbered `id` with all its changes; nil when there is none.
    public func transaction(id: Int64) throws -> HistoryTransaction? {
        guard hasHistory else { return nil }
        let select = try statement(transactionSQL(where: "t.Z_PK = ?", order: "t.Z_PK"))
        defer { select.reset() }
        try select.bind([id])
        guard try select.step() else { return nil }
        var t = transaction(select.row)
        t.changes = try changes(of: id)
        t.changeCount = t.changes.count
        return t
    }

    /// How many transactions the history holds.
    public func transactionCount() throws -> Int {
        guard hasHistory else { return 0 }
        return Int(try statement("SELECT count(*) FROM ATRANSACTION").first([]) { $0.int64(0) } ?? 0)
    }

    private var historyTime: String {
        schema.tables["ATRANSACTION"]!.contains { $0.name == "ZTIMESTAMP" } ? "t.ZTIMESTAMP" : "NULL"
    }

    /// The transactions' SELECT: number, time, author, bundle id, context name, process id,
    /// query generation.
    private func transactionSQL(where condition: String, order: String) -> String {
        let columns = Set(schema.tables["ATRANSACTION"]!.map(\.name))
        let strings = schema.tables["ATRANSACTIONSTRING"] != nil
        func field(_ name: String) -> String {
            let inline = columns.contains("Z" + name) ? "t.Z\(name)" : "NULL"
            guard strings, columns.contains("Z\(name)TS") else { return inline }
            return "coalesce((SELECT s.ZNAME FROM ATRANSACTIONSTRING s WHERE s.Z_PK = t.Z\(name)TS), \(inline))"
        }
        let generation = columns.contains("ZQUERYGEN") ? "t.ZQUERYGEN" : "NULL"
        return """
            SELECT t.Z_PK, \(historyTime), \(field("AUTHOR")), \(field("BUNDLEID")), \(field("CONTEXTNAME")), \(field("PROCESSID")), \(generation)
            FROM ATRANSACTION t WHERE \(condition) ORDER BY \(order)
            """
    }

    /// A query generation token: a keyed archive decoded; other bytes (iOS writes its own
    /// form, `18e22d…`) as data, not as damage.
    static func queryGeneration(_ value: SQLiteValue) -> JSONValue {
        if case .blob(let b) = value, !BinaryPropertyListReader.isBinaryPropertyList(b) { return TaggedJSON.data(b) }
        return json(value, type: .transformable)
    }

    private func transaction(_ row: Row) -> HistoryTransaction {
        func text(_ i: Int32) -> String? { row.isNull(i) ? nil : row.string(i) }
        return HistoryTransaction(
            id: row.int64(0), timestamp: row.isNull(1) ? nil : row.double(1),
            author: text(2), bundleID: text(3), contextName: text(4), processID: text(5),
            queryGeneration: Self.queryGeneration(row.value(6)), changes: [])
    }

    /// The changes of transaction `id` in their order (at most `limit`).
    private func changes(of id: Int64, limit: Int? = nil) throws -> [HistoryChange] {
        let changeColumns = schema.tables["ACHANGE"]!.map(\.name)
        let tombstones = changeColumns.filter { $0.hasPrefix("ZTOMBSTONE") }
            .sorted { Int($0.dropFirst(10)) ?? 0 < Int($1.dropFirst(10)) ?? 0 }
        let has = Set(changeColumns)
        func column(_ name: String) -> String { has.contains(name) ? name : "NULL" }
        let changes = try statement("""
            SELECT Z_PK, \(column("ZCHANGETYPE")), \(column("ZENTITY")), \(column("ZENTITYPK")), \(column("ZCOLUMNS"))\(tombstones.map { ", " + Self.quote($0) }.joined())
            FROM ACHANGE WHERE ZTRANSACTIONID = ? ORDER BY Z_PK\(limit.map { " LIMIT \($0)" } ?? "")
            """)
        return try changes.map([id]) { c in
            let entityID = c.int64(2)
            let kind: HistoryChange.Kind = c.isNull(1) ? .unknown : [0: .insert, 1: .update, 2: .delete][c.int64(1)] ?? .unknown
            var tombstone: [JSONValue] = (0..<tombstones.count).map { Self.json(c.value(Int32(5 + $0)), type: .undefined) }
            while tombstone.last == .null { tombstone.removeLast() }
            let entity = model.entity(id: entityID)
            let order = entity?.historyPropertyOrder
            var change = HistoryChange(id: c.int64(0), kind: kind, entity: entity?.name ?? "Z_ENT \(entityID)",
                                       entityID: entityID, pk: c.int64(3), updatedColumns: c.isNull(4) ? nil : c.bytes(4),
                                       modelPropertyCount: order?.count, tombstone: tombstone)
            if change.updatedColumns != nil { change.updatedProperties = HistoryChange.names(bits: change.updatedBits, order: order) }
            return change
        }
    }
}
