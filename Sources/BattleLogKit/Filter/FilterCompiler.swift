import SQLiteDB
import Foundation

/// Compiles a filter expression into one parameterised SQL condition over `record`.
///
/// No text from the expression is spliced into SQL: every value is a bound parameter, and every
/// SQL fragment comes from this file. Names (owner, opponent) are resolved against the roster
/// in Swift; the magic fields read the model's magic query columns (filled from the decoded
/// value), or while those are filled the stored JSON, confirmed by the decoder; damaged values
/// give NULL, so they never match and never break a query.
public struct FilterCompiler {
    private let roster: [Human]
    private let columns: QueryColumns
    private var arguments: [SQLiteValue] = []
    private var readsDerivedIndex = false

    /// Compiles `expression` against the Humans of the store; the derived paths (`duration`,
    /// `rolls.max`, ...) read the store's `columns` (pass `store.queryColumns`: its indexed
    /// columns once filled; without them each value is computed from its stored form).
    public static func compile(_ expression: FilterExpression, roster: [Human], columns: QueryColumns = .computed) -> CompiledFilter {
        var compiler = FilterCompiler(roster: roster, columns: columns)
        let sql = compiler.conjunction(Self.operands(of: expression, and: true))
        return CompiledFilter(sql: sql, arguments: compiler.arguments, readsDerivedIndex: compiler.readsDerivedIndex)
    }

    /// Parses and compiles `text`.
    public static func compile(_ text: String, roster: [Human], columns: QueryColumns = .computed) throws(FilterError) -> CompiledFilter {
        compile(try FilterParser.parse(text, queryPaths: columns.extraPaths, kinds: columns.extraPathKinds), roster: roster, columns: columns)
    }

    private init(roster: [Human], columns: QueryColumns) {
        self.roster = roster
        self.columns = columns
    }

    /// A derived query path as SQL: its column, or while that is filled the value computed from
    /// the stored form; NULL (never matching) when the model has no such path.
    private mutating func derived(_ path: String) -> String {
        guard let source = columns.source(path: path) else { return "NULL" }
        if source.isReady {
            if source.index != .none { readsDerivedIndex = true }
            return "record.\(source.column)"
        }
        return "bl_derived(\(bind(.text(path))), record.\(source.sourceColumn))"
    }

    /// `path op number` over a derived value. A column indexed on its whole part also gets the
    /// comparison of its whole part (implied by the exact one, for every value, as truncation
    /// never decreases), so that the index can find the range.
    private mutating func derivedComparison(_ path: String, _ op: FilterOperator, _ number: Double) -> String {
        // Parameters are bound in the order the SQL names them: the whole part comes first.
        var wholePart = ""
        if let source = columns.source(path: path), source.isReady, source.index == .whole, number.isFinite,
           abs(number) < 9e15, op != .notEqual, op != .contains {
            let wholeOp = switch op {
            case .greater, .greaterOrEqual: ">="
            case .less, .lessOrEqual: "<="
            default: "="
            }
            wholePart = "\(source.index.key("record." + source.column)) \(wholeOp) \(bind(.integer(Int64(number.rounded(.towardZero))))) AND "
        }
        let exact = "\(derived(path)) \(op.rawValue) \(bind(.real(number)))"
        return wholePart.isEmpty ? exact : "(\(wholePart)\(exact))"
    }

    private mutating func bind(_ value: SQLiteValue) -> String {
        arguments.append(value)
        return "?"
    }

    private mutating func sql(_ e: FilterExpression) -> String {
        switch e {
        // A chain of `and`s (or of `or`s) is written flat, not nested pair by pair: SQLite's
        // parser stack is fixed, and a nested chain of 90 terms overflowed it.
        case .and: return chain(Self.cheapestFirst(Self.operands(of: e, and: true), columns: columns), joiner: "AND")
        case .or: return chain(Self.operands(of: e, and: false), joiner: "OR")
        // NULL (a damaged or absent value) counts as false, so that `not` is a true negation.
        // Pairs of `not`s cancel: `not not x` is x as a truth value, one level deep.
        case .not(let a):
            var inner = a, negations = 1
            while case .not(let next) = inner { inner = next; negations += 1 }
            return negations % 2 == 1 ? "(NOT coalesce(\(sql(inner)), 0))" : "(coalesce(\(sql(inner)), 0) <> 0)"
        case .rollsContain(let n):
            // The dice's stored array, the column the `rolls` paths derive from.
            guard let dice = columns.source(path: "rolls.count")?.sourceColumn else { return "NULL" }
            // One bit of the faces' masks when every face the model allows fits them (a damaged
            // value's masks are NULL, as its count is).
            if let low = columns.source(path: "rolls.facesLow"), columns.source(path: "rolls.facesHigh") != nil,
               let range = low.range, DiceFaces.representable.contains(range.lowerBound), DiceFaces.representable.contains(range.upperBound) {
                switch n {
                case 1...63: return "((\(derived("rolls.facesLow")) >> \(n - 1)) & 1)"
                case 64...126: return "((\(derived("rolls.facesHigh")) >> \(n - 64)) & 1)"
                default: return "(\(derived("rolls.facesLow")) * 0)"
                }
            }
            return "(CASE WHEN \(derived("rolls.count")) IS NOT NULL THEN EXISTS (SELECT 1 FROM json_each(record.\(dice)) WHERE value = \(bind(.integer(n)))) END)"
        case .comparison(let field, let op, let value):
            return comparison(field, op, value)
        }
    }

    /// The whole expression's chain of `and`s. Without the magic's query column, `magic =
    /// hero|villain` is the generated type, which the decoder confirms; in a chain of `and`s the
    /// confirmations come last, so that the decoder reads only the records every other
    /// condition kept (at 2,000,000 records, `magic = villain and power >= 8 and result = loss`
    /// decoded a million villains' magic first, 7 s, then the 85,000 that are left).
    private mutating func conjunction(_ parts: [FilterExpression]) -> String {
        var pieces: [String] = [], confirmations: [String] = []
        var dateChecks: [String] = []
        for part in Self.cheapestFirst(parts, columns: columns) {
            if case .comparison(.magic, .equal, let value) = part, case let type = text(value).lowercased(),
               type != "none", type != "damaged", readyMagicColumn(path: "magic") == nil {
                pieces.append(magicType(type))
                confirmations.append(type)
            } else if case .comparison(.date, let op, let value) = part {
                let (range, check) = dateRange(op, text(value))
                pieces.append(range)
                if !dateChecks.contains(check) { dateChecks.append(check) }
            } else {
                pieces.append(sql(part))
            }
        }
        pieces += dateChecks
        for type in confirmations { pieces.append(magicConfirmation(type)) }
        return "(" + pieces.joined(separator: " AND ") + ")"
    }

    /// The operands of an `and` in the order SQLite should ask them: it asks a record each
    /// condition in the order written and stops at the first false, so the cheap ones go first
    /// (their order otherwise kept; `and` is commutative, NULL included). At 10,000,000
    /// records, `not (kind = hero) and ... and timeline.crits >= 2` asked every record whether
    /// its owner is in a set before comparing one number: 2.1 s, against 1.2 s the other way.
    static func cheapestFirst(_ parts: [FilterExpression], columns: QueryColumns) -> [FilterExpression] {
        parts.enumerated().sorted { a, b in
            let (x, y) = (cost(a.element, columns), cost(b.element, columns))
            return x != y ? x < y : a.offset < b.offset
        }.map(\.element)
    }

    /// What asking `e` of one record costs, as a rank: 0 a plain column (date, result), 1 a
    /// derived query column, 2 a look-up in a set (a Human, a kind, the values a `~` found
    /// through an index), 3 a call into Swift or a scan of text (`~`, a value computed from
    /// its stored form while its column is filled).
    static func cost(_ e: FilterExpression, _ columns: QueryColumns) -> Int {
        func column(_ path: String) -> Int { columns.source(path: path)?.isReady == true ? 1 : 3 }
        func contains(_ path: String) -> Int {
            guard let s = columns.source(path: path), s.isReady else { return 3 }
            return s.index != .none ? 2 : 3
        }
        switch e {
        case .and(let a, let b), .or(let a, let b): return max(cost(a, columns), cost(b, columns))
        case .not(let a): return cost(a, columns)
        case .rollsContain: return column("rolls.facesLow")
        case .comparison(let field, let op, _):
            switch field {
            case .date, .result: return 0
            case .owner, .opponent, .kind: return 2
            case .magic: return column("magic")
            case .duration, .rollsMax, .rollsMin, .rollsSum, .rollsCount, .queryPath: return field.derivedPath.map(column) ?? 3
            case .datePath(let path): return column(path)
            case .textPath(let path):
                if op == .contains { return contains(path) }
                return columns.source(path: path)?.kind == .list ? 3 : column(path)
            case .magicField(let type, let name):
                guard let spec = FilterField.magicSpec(type: type, name: name) else { return 3 }
                return op == .contains ? contains(spec.queryPath) : column(spec.queryPath)
            }
        }
    }

    /// The generated type of the stored magic (from its JSON's shape, which the decoder confirms).
    private mutating func magicType(_ type: String) -> String { "record.magic_type = \(bind(.text(type)))" }

    /// The magic's query column for `path` (`magic` for its type, `power`, `gate`, ...) when
    /// every record's is filled: derived from the decoded value, it needs no confirmation.
    private mutating func readyMagicColumn(path: String) -> String? {
        guard let source = columns.source(path: path), source.isReady else { return nil }
        if source.index != .none { readsDerivedIndex = true }
        return "record." + source.column
    }

    /// The decoder's word that the stored magic is of `type` (every field of it within range).
    private mutating func magicConfirmation(_ type: String) -> String {
        "bl_magic_status(\(columns.magicColumn.map { "record." + $0 } ?? "NULL")) = \(bind(.text(type)))"
    }

    /// The operands of a chain of `and`s (or `or`s), left to right.
    private static func operands(of e: FilterExpression, and: Bool) -> [FilterExpression] {
        switch (e, and) {
        case (.and(let a, let b), true), (.or(let a, let b), false): operands(of: a, and: and) + operands(of: b, and: and)
        default: [e]
        }
    }

    /// `(a OR b OR c)`: SQLite's parser reduces a flat chain as it reads it, so the chain costs
    /// one level of its stack, whatever its length (its expression tree is bounded by
    /// `FilterParser.maxComparisons`, far below SQLite's depth limit of 1000).
    private mutating func chain(_ parts: [FilterExpression], joiner: String) -> String {
        var pieces: [String] = []
        for part in parts { pieces.append(sql(part)) }
        return "(" + pieces.joined(separator: " \(joiner) ") + ")"
    }


    private mutating func comparison(_ field: FilterField, _ op: FilterOperator, _ value: FilterValue) -> String {
        switch field {
        case .owner: return humans(column: "record.owner_id", op, value)
        case .opponent:
            // A one-sided record has no opponent: `opponent != X` holds for it, `opponent = X` does not.
            let sql = humans(column: "record.opponent_id", op, value)
            return op == .notEqual && sql != "1" ? "(record.opponent_id IS NULL OR \(sql))" : sql
        case .kind:
            let kind = HumanKind(rawValue: text(value).lowercased())!
            let ids = roster.filter { $0.kind == kind }.map(\.id)
            return membership("record.owner_id", ids, negate: op == .notEqual)
        case .result:
            // A stored result that is none of the three is damaged: it matches no comparison.
            let word = bind(.text(text(value).lowercased()))
            return op == .equal ? "record.result = \(word)" : "(record.result IN ('win', 'loss', 'draw') AND record.result != \(word))"
        case .date:
            return date(op, text(value))
        case .datePath(let path):
            return date(op, text(value), column: derived(path))
        case .textPath(let path):
            // A list (one item a line): `=` and `!=` ask whether one of its items is the value.
            if let source = columns.source(path: path), source.kind == .list, op == .equal || op == .notEqual {
                let items = derived(path)
                let match = "instr(char(10) || \(items) || char(10), char(10) || \(bind(.text(text(value)))) || char(10)) > 0"
                return op == .equal ? "(\(match))" : "(\(derived(path)) IS NOT NULL AND NOT (\(match)))"
            }
            if op == .contains, let source = columns.source(path: path), source.isReady, source.index != .none {
                return containsThroughIndex(source.column, text(value))
            }
            return textComparison(derived(path), op, text(value))
        case .duration, .rollsMax, .rollsMin, .rollsSum, .rollsCount, .queryPath:
            return derivedComparison(field.derivedPath!, op, number(value))
        case .magic:
            return magic(op, text(value).lowercased())
        case .magicField(let type, let name):
            let spec = FilterField.magicSpec(type: type, name: name)!
            if spec.type == .text, op == .contains, let source = columns.source(path: spec.queryPath),
               source.isReady, source.index != .none {
                return containsThroughIndex(source.column, text(value))
            }
            let column = magicFieldValue(type: type, name: name)
            if spec.type == .integer {
                return "\(column) \(op.rawValue) \(bind(.real(number(value))))"
            }
            return textComparison(column, op, text(value))
        }
    }

    /// A magic field's value: its query column, or while that is filled read from the stored
    /// JSON of a value the decoder accepts; NULL for a record without magic of that type or
    /// with damaged magic.
    private mutating func magicFieldValue(type: String, name: String) -> String {
        let spec = FilterField.magicSpec(type: type, name: name)!
        if let column = readyMagicColumn(path: spec.queryPath) { return column }
        let stored = columns.magicColumn.map { "record." + $0 } ?? "NULL"
        return "(CASE WHEN record.magic_type = '\(type)' AND bl_magic_status(\(stored)) = '\(type)' THEN json_extract(\(stored), '$.\(name)') END)"
    }

    /// The SQL of a magic field's or a derived path's value for each record, with its arguments
    /// (the group-by reads values as the filter compares them).
    static func valueSQL(_ field: FilterField, columns: QueryColumns) -> (sql: String, arguments: [SQLiteValue]) {
        var compiler = FilterCompiler(roster: [], columns: columns)
        let sql: String
        switch field {
        case .magicField(let type, let name): sql = compiler.magicFieldValue(type: type, name: name)
        default: sql = field.derivedPath.map { compiler.derived($0) } ?? "NULL"
        }
        return (sql, compiler.arguments)
    }

    /// `field ~ text` over an indexed column: its distinct values are walked through the index
    /// (one seek each, a few dozen gates or names in a log of millions), the ones containing
    /// the text kept, and the records found by the index, where `bl_contains` on every record
    /// read the whole table.
    private mutating func containsThroughIndex(_ column: String, _ value: String) -> String {
        readsDerivedIndex = true
        return """
            record.\(column) IN (WITH RECURSIVE d(v) AS (SELECT min(\(column)) FROM record UNION ALL \
            SELECT (SELECT min(\(column)) FROM record WHERE \(column) > d.v) FROM d WHERE d.v IS NOT NULL) \
            SELECT v FROM d WHERE bl_contains(v, \(bind(.text(value)))))
            """
    }

    /// The SQL of each record's magic type: its query column once filled, else the generated
    /// column (from the JSON's shape); and whether that reads the JSON.
    static func magicTypeSQL(columns: QueryColumns) -> (sql: String, readsJSON: Bool) {
        var compiler = FilterCompiler(roster: [], columns: columns)
        if let column = compiler.readyMagicColumn(path: "magic") { return (column, false) }
        return ("record.magic_type", true)
    }

    private mutating func textComparison(_ column: String, _ op: FilterOperator, _ value: String) -> String {
        if op == .contains {
            // (The column is named three times: only a plain column, not one with an argument.)
            guard value.utf8.allSatisfy({ $0 < 0x80 }), !column.contains("?") else { return "bl_contains(\(column), \(bind(.text(value))))" }
            // An ASCII needle in an ASCII text (as many characters as bytes) is `~` exactly as
            // SQLite's own lower and instr say it, without a call into Swift for each record (a
            // count of `weapon.enchantments ~ frost` at 10,000,000 records took 4.4 s so); any
            // other text goes to `bl_contains`, which folds marks and case by Unicode.
            return "(CASE WHEN length(\(column)) = length(CAST(\(column) AS BLOB)) THEN instr(lower(\(column)), "
                + "\(bind(.text(value.lowercased())))) > 0 ELSE bl_contains(\(column), \(bind(.text(value)))) END)"
        }
        return "\(column) \(op.rawValue) \(bind(.text(value)))"
    }

    /// Owner or opponent: the matching Humans are found in Swift (Unicode-aware), then by id.
    private mutating func humans(column: String, _ op: FilterOperator, _ value: FilterValue) -> String {
        let needle = text(value)
        let ids: [Int64]
        switch op {
        case .contains: ids = roster.filter { FilterText.contains($0.name, needle) }.map(\.id)
        case .equal, .notEqual: ids = roster.filter { FilterText.sameName($0.name, needle) }.map(\.id)
        case .less: ids = roster.filter { $0.name < needle }.map(\.id)
        case .lessOrEqual: ids = roster.filter { $0.name <= needle }.map(\.id)
        case .greater: ids = roster.filter { $0.name > needle }.map(\.id)
        case .greaterOrEqual: ids = roster.filter { $0.name >= needle }.map(\.id)
        }
        return membership(column, ids, negate: op == .notEqual)
    }

    /// Whether `column` holds one of `ids` (or, negated, another Human's id: a damaged id, not
    /// an integer, is no Human and matches neither way).
    private mutating func membership(_ column: String, _ ids: [Int64], negate: Bool) -> String {
        let valid = "typeof(\(column)) = 'integer'"
        if ids.isEmpty { return negate ? valid : "0" }
        if ids.count == 1 { return negate ? "(\(column) != \(bind(.integer(ids[0]))) AND \(valid))" : "\(column) = \(bind(.integer(ids[0])))" }
        let list = ids.map { bind(.integer($0)) }.joined(separator: ", ")
        return negate ? "(\(column) NOT IN (\(list)) AND \(valid))" : "\(column) IN (\(list))"
    }

    /// A date alone means the whole day (UTC).
    private mutating func date(_ op: FilterOperator, _ text: String, column: String = "record.date") -> String {
        let (range, check) = dateRange(op, text, column: column)
        return "(\(range) AND \(check))"
    }

    /// A date comparison's range, and the check that the value is a date at all (asked last in
    /// a chain of `and`s: it is true of every healthy record, and the range is the index's).
    private mutating func dateRange(_ op: FilterOperator, _ text: String, column: String = "record.date") -> (range: String, check: String) {
        let start = ISODate.parse(text)!
        let wholeDay = !text.contains("T")
        let end = wholeDay ? start + 86_400 : start + 1
        // A date that is not a whole number of seconds of the years 0001 to 9999 (text, bytes, a
        // fraction, year 292277026596) is damaged and matches no comparison: SQLite orders text
        // after every number, so `date >= X` alone would take it.
        let range: String
        switch op {
        case .equal: range = "\(column) >= \(bind(.integer(start))) AND \(column) < \(bind(.integer(end)))"
        case .notEqual: range = "(\(column) < \(bind(.integer(start))) OR \(column) >= \(bind(.integer(end))))"
        case .less: range = "\(column) < \(bind(.integer(start)))"
        case .lessOrEqual: range = "\(column) < \(bind(.integer(end)))"
        case .greater: range = "\(column) >= \(bind(.integer(end)))"
        case .greaterOrEqual, .contains: range = "\(column) >= \(bind(.integer(start)))"
        }
        let years = ISODate.parsableRange
        return ("(\(range))", "(typeof(\(column)) = 'integer' AND \(column) BETWEEN \(years.lowerBound) AND \(years.upperBound))")
    }

    /// `magic = hero|villain|none|damaged`: the magic's type column, or while it is filled the
    /// generated type confirmed by the decoder itself; `damaged` asks the decoder.
    private mutating func magic(_ op: FilterOperator, _ value: String) -> String {
        let condition: String
        let stored = columns.magicColumn.map { "record." + $0 } ?? "NULL"
        switch value {
        case "none": condition = "\(stored) IS NULL"
        case "damaged": condition = "(\(stored) IS NOT NULL AND bl_magic_status(\(stored)) = 'damaged')"
        default:
            if let column = readyMagicColumn(path: "magic") {
                // The plain comparison, so that the column's index serves it.
                let type = bind(.text(value))
                return op == .equal ? "\(column) = \(type)" : "(\(column) IS NULL OR \(column) != \(type))"
            }
            condition = "(\(magicType(value)) AND \(magicConfirmation(value)))"
        }
        return op == .equal ? condition : "(NOT \(condition))"
    }

    private func text(_ v: FilterValue) -> String {
        switch v {
        case .text(let t): t
        case .number(let n): n == n.rounded() && abs(n) < 1e15 ? String(Int64(n)) : String(n)
        }
    }

    private func number(_ v: FilterValue) -> Double {
        if case .number(let n) = v { return n }
        return 0
    }
}

/// Case-insensitive, Unicode-aware containment (the `~` operator), shared by SQL and Swift.
public enum FilterText {
    /// Whether two names are the same, ignoring case (Unicode-aware): how names match
    /// everywhere (`list --owner`, `owner = …`, the browser's `/`).
    public static func sameName(_ a: String, _ b: String) -> Bool {
        a.compare(b, options: [.caseInsensitive]) == .orderedSame
    }

    /// Whether `haystack` holds what was typed as `needle` (see `TextSearch`: by scalars,
    /// ignoring case, and ignoring marks where the needle has none).
    public static func contains(_ haystack: String, _ needle: String) -> Bool {
        TextSearch(needle).matches(haystack)
    }
}
