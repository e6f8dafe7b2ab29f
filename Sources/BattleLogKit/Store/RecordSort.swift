import SQLiteDB

/// The order a list is read in when it is not the newest first: by one field's value,
/// ascending or descending (`list --sort power:desc`, the browser's `o`). Records with the same
/// value follow in the same direction by date, then id, so the order is total and keyset paging
/// stays exact. Records without the value (no magic, a fight with no hit, a damaged value)
/// come last whichever the direction.
public struct RecordSort: Sendable, Equatable {
    /// The field's name as the filter language spells it (`power`, `weapon.rarity`).
    public let field: String
    public let descending: Bool
    /// The key's SQL over `record` (its few arguments written in as literals, since the key is
    /// named several times in one statement); nil for `date`, which the keyset orders by already.
    let keySQL: String?
    /// For a key of few values that each have an index by date (an owner, a kind): the condition
    /// of each value in ascending order, where the key is the value's place (0, 1, ...). A page
    /// walks the values' own date indexes in turn, at once, instead of sorting the table.
    let partitions: [String]?
    /// The records that have a key, said more cheaply than `key IS NOT NULL` (a CASE read once
    /// for the order, not twice), kept off the indexes (`+`): a scan of the grouping index reads
    /// it; nil: that.
    var valuedSQL: String?

    /// The text that names this order again (`power:desc`, `owner`).
    public var text: String { descending ? field + ":desc" : field }

    /// The same field the other way.
    public var reversed: RecordSort {
        RecordSort(field: field, descending: !descending, keySQL: keySQL, partitions: partitions, valuedSQL: valuedSQL)
    }

    /// Whether this is the list's own order (newest first): no sort at all.
    public var isNewestFirst: Bool { keySQL == nil && descending }
}

/// Why a sort's text is refused.
public struct SortFieldError: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Reason: Equatable, Sendable {
        case unknownField(sortable: [String])
        case list
        case badDirection
    }
    public let text: String
    public let reason: Reason

    /// For an unknown field: the sortable name nearest what was typed (at most two edits away).
    public var suggestion: String? {
        guard case .unknownField(let names) = reason else { return nil }
        let typed = text.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? text
        return NearestWord.nearest(to: typed.lowercased(), among: names, within: 2)
    }

    public var description: String {
        let shown = "\"\(SafeText.escape(text))\""
        switch reason {
        case .unknownField(let names):
            if let s = suggestion { return "\(shown) is not a field to sort by; did you mean \(s)?" }
            return "\(shown) is not a field to sort by; fields: \(names.joined(separator: ", "))"
        case .list: return "\(shown) is a list: sort by one value (a record may hold several)"
        case .badDirection: return "\(shown): a sort is FIELD, FIELD:asc or FIELD:desc"
        }
    }
}

extension BattleStore {
    /// The order `text` names: `FIELD`, `FIELD:asc` or `FIELD:desc`, a field of the filter
    /// language (case-insensitive) or a query path of the model. Lists are refused.
    public func sort(_ text: String) throws(SortFieldError) -> RecordSort {
        let parts = text.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        let name = parts[0].trimmingCharacters(in: .whitespaces).lowercased()
        let direction = parts.count == 2 ? parts[1].trimmingCharacters(in: .whitespaces).lowercased() : "asc"
        guard direction == "asc" || direction == "desc" else { throw SortFieldError(text: text, reason: .badDirection) }
        let columns = queryColumns
        let kinds = columns.extraPathKinds
        let path = columns.extraPaths.first { $0.lowercased() == name }
        if let path, kinds[path] == .list { throw SortFieldError(text: text, reason: .list) }
        guard let field = path.map({ FilterField.path($0, kinds[$0] ?? .number) }) ?? FilterField.named(name) else {
            throw SortFieldError(text: text, reason: .unknownField(sortable: sortableNames))
        }
        func human(_ column: String, _ side: String) -> String { "(SELECT \(column) FROM human WHERE human.id = record.\(side))" }
        // The Humans by name (their bytes, as SQLite orders text), then id: a name's place is
        // its key, a CASE a record reads without a look-up (a third of the time of one). A Human
        // added after the sort was made has no place: its records come with those without a key.
        let known = humansByID.values.sorted { a, b in
            a.name == b.name ? a.id < b.id : Array(a.name.utf8).lexicographicallyPrecedes(Array(b.name.utf8))
        }
        func place(_ side: String, otherwise: String = "") -> String {
            "CASE record.\(side) " + known.enumerated().map { "WHEN \($1.id) THEN \($0)" }.joined(separator: " ") + otherwise + " END"
        }
        let placed = !known.isEmpty && known.count <= Self.sortPlacesLimit
        var key: String?
        var partitions: [String]?
        var valued: String?
        switch field {
        case .date: key = nil
        case .owner:
            key = placed ? place("owner_id") : human("name", "owner_id")
            if placed { partitions = known.map { "record.owner_id = \($0.id)" } }
        case .opponent:
            // An opponent added later follows the known ones, by id: every record with an
            // opponent has a key, and which do is a plain column's test.
            key = placed ? place("opponent_id", otherwise: " ELSE \(known.count) + record.opponent_id") : human("name", "opponent_id")
            if placed { valued = "+record.opponent_id IS NOT NULL" }
        case .kind:
            let ids = [HumanKind.hero, .villain].map { kind in known.filter { $0.kind == kind }.map { String($0.id) }.joined(separator: ", ") }
            key = "CASE WHEN record.owner_id IN (\(ids[0])) THEN 0 WHEN record.owner_id IN (\(ids[1])) THEN 1 END"
            partitions = ids.map { "record.owner_id IN (\($0))" }
        case .result: key = "record.result"
        case .magic: key = FilterCompiler.magicTypeSQL(columns: columns).sql
        default:
            let value = FilterCompiler.valueSQL(field, columns: columns)
            // Its arguments are the paths `bl_derived` reads (text), bound in order.
            var sql = value.sql
            for argument in value.arguments {
                guard case .text(let t) = argument, let mark = sql.range(of: "?") else { break }
                sql.replaceSubrange(mark, with: "'" + t.replacingOccurrences(of: "'", with: "''") + "'")
            }
            key = sql
            // Text with a rank (a weapon's rarity) sorts by its place in the rank; an indexed
            // column is read a value at a time, each from its own index.
            if case .textPath(let p) = field, let source = columns.source(path: p), let order = source.order {
                func literal(_ t: String) -> String { "'" + t.replacingOccurrences(of: "'", with: "''") + "'" }
                key = "CASE \(sql) " + order.enumerated().map { "WHEN \(literal($1)) THEN \($0)" }.joined(separator: " ") + " END"
                if source.isReady && source.index != .none { partitions = order.map { "record.\(source.column) = \(literal($0))" } }
            }
        }
        let canonical = path ?? (field.derivedPath ?? Self.sortName(of: field, typed: name))
        return RecordSort(field: canonical, descending: direction == "desc", keySQL: key, partitions: partitions, valuedSQL: valued)
    }

    /// Past this many Humans a sort by name looks each record's Human up instead of a CASE.
    static let sortPlacesLimit = 300

    /// Every name a sort accepts, for the error message and completion.
    public var sortableNames: [String] {
        var names = ["date", "owner", "opponent", "kind", "result", "magic", "duration", "rolls.max", "rolls.min", "rolls.sum", "rolls.count"]
        for kind in MagicCatalog.kinds { for f in kind.filterFields where !names.contains(f.aliases.first ?? f.name) { names.append(f.aliases.first ?? f.name) } }
        let kinds = queryColumns.extraPathKinds
        return names + queryColumns.extraPaths.filter { kinds[$0] != .list }
    }

    private static func sortName(of field: FilterField, typed: String) -> String {
        switch field {
        case .owner: "owner"
        case .opponent: "opponent"
        case .kind: "kind"
        case .result: "result"
        case .magic: "magic"
        case .date: "date"
        // A magic field by its short name, however typed (`gateName`, `GATE`: `gate`).
        case .magicField(let type, let name): MagicCatalog.kind(named: type)?.filterFields.first { $0.name == name }?.queryPath ?? typed
        default: typed
        }
    }
}
