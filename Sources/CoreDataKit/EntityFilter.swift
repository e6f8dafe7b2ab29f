import BattleLogFoundation
import SQLiteDB

/// The filter language over one Core Data entity's own fields, compiled to one parameterised
/// SQL condition on the entity's table. The grammar (`and`, `or`, `not`, parentheses, limits,
/// errors) is `FilterGrammar`, the battle log's too; this is the vocabulary:
///
/// ```
/// comparison := FIELD OP VALUE | FIELD "is" ["not"] "null"
/// ```
/// FIELD is an attribute with a column, a to-one relationship (compared with the target's pk)
/// or `pk`. A comparison never matches a null: `is null` finds those, and `not` is the exact
/// complement of what it negates. Dates are days (`2024-05-10`, the whole day) or instants
/// (`2024-05-10T18:14:11Z`) in UTC; text compares as stored, `~` finds text inside text
/// whatever its case.
public struct EntityFilter: Sendable, Equatable {
    /// The expression as typed.
    public let text: String
    /// The SQL condition, its columns qualified with `alias` (`t."ZMAKER" = ?`).
    public let condition: String
    let parameters: [SQLiteValue]

    /// The names a filter over `entity` may use, in the model's order (`pk` first).
    public static func fieldNames(_ entity: Entity) -> [String] {
        ["pk"] + entity.attributes.filter { $0.column != nil }.map(\.name)
            + entity.relationships.filter { !$0.toMany && Self.foreignKeyColumn($0) != nil }.map(\.name)
    }

    /// Parses and compiles `text` for `entity`; columns are written `alias."COLUMN"`.
    public static func compile(_ text: String, entity: Entity, alias: String = "t") throws(FilterError) -> EntityFilter {
        let vocabulary = Vocabulary(entity: entity, alias: alias)
        let condition = try FilterGrammar.parse(text, FilterGrammar.Builder(
            and: { "(\($0) AND \($1))" }, or: { "(\($0) OR \($1))" }, not: { "(NOT \($0))" }) {
            (cursor: inout FilterCursor) throws(FilterError) -> String in try vocabulary.comparison(&cursor)
        })
        return EntityFilter(text: text, condition: condition, parameters: vocabulary.parameters)
    }

    static func foreignKeyColumn(_ r: Relationship) -> String? {
        if case .foreignKey(let column, _) = r.storage { return column }
        return nil
    }

    /// What a field names: a column and how its values compare.
    enum FieldKind { case number, text, boolean, date, relationship, opaque(String) }

    /// The comparisons of one entity's fields; the parameters they bind, in order.
    private final class Vocabulary {
        let entity: Entity
        let alias: String
        var parameters: [SQLiteValue] = []

        init(entity: Entity, alias: String) {
            self.entity = entity
            self.alias = alias
        }

        /// One comparison at the cursor, as SQL.
        func comparison(_ cursor: inout FilterCursor) throws(FilterError) -> String {
            func error(_ key: String, _ arguments: [String] = [], at: Int? = nil) -> FilterError { cursor.error(key, arguments, at: at) }
            guard case .word(let name) = cursor.current else { throw error("expectedField", [cursor.current.display]) }
            let (sqlColumn, kind, fieldName) = try field(name, at: cursor)
            cursor.advance()
            if cursor.isKeyword("is") {
                cursor.advance()
                var negated = false
                if cursor.isKeyword("not") { negated = true; cursor.advance() }
                guard cursor.isKeyword("null") else { throw error("expectedNull", [cursor.current.display]) }
                cursor.advance()
                return "\(sqlColumn) IS \(negated ? "NOT " : "")NULL"
            }
            guard case .op(let symbol) = cursor.current else { throw error("expectedOperatorOrIs", [fieldName, cursor.current.display]) }
            cursor.advance()
            let valueColumn = cursor.column
            let valueToken = cursor.current
            if case .word(let w) = valueToken, ["and", "or", "not"].contains(w.lowercased()) {
                throw error("expectedValue", [symbol, cursor.current.display])
            }
            switch valueToken {
            case .word, .string, .number, .duration: break
            default: throw error("expectedValue", [symbol, cursor.current.display])
            }
            cursor.advance()
            func fail(_ key: String, _ arguments: [String] = []) -> FilterError { error(key, arguments, at: valueColumn) }
            let comparison = symbol == "~" ? nil : symbol
            switch kind {
            case .opaque(let type):
                throw fail("onlyNullTest", [fieldName, type])
            case .relationship:
                guard symbol == "=" || symbol == "!=", case .number(let n) = valueToken, let pk = Int64(n) else {
                    throw fail("relationshipValues", [fieldName])
                }
                return bind(sqlColumn, symbol, .integer(pk))
            case .boolean:
                guard symbol == "=" || symbol == "!=" else { throw fail("booleanValues", [fieldName]) }
                let word: String
                switch valueToken {
                case .word(let w), .string(let w), .number(let w): word = w.lowercased()
                default: word = ""
                }
                guard let truth = ["true": true, "yes": true, "1": true, "false": false, "no": false, "0": false][word] else {
                    throw fail("booleanValues", [fieldName])
                }
                return bind(sqlColumn, symbol, .integer(truth ? 1 : 0))
            case .number:
                guard let comparison else { throw fail("containsNeedsText", [fieldName]) }
                guard case .number(let n) = valueToken else { throw fail("expectedNumber") }
                if let i = Int64(n) { return bind(sqlColumn, comparison, .integer(i)) }
                return bind(sqlColumn, comparison, .real(Double(n) ?? 0))
            case .date:
                guard let comparison else { throw fail("containsNeedsTextField", [fieldName, "a date"]) }
                let text: String
                switch valueToken {
                case .word(let w), .string(let w): text = w
                default: throw fail("expectedDate")
                }
                guard let unix = Self.instant(text) else {
                    if let problem = ISODate.problem(text) { throw fail(problem.key, problem.arguments) }
                    throw fail("expectedDate")
                }
                // Seconds since 2001, as Core Data stores them; a day is the whole day.
                let start = unix - TaggedJSON.referenceDateOffset
                guard !text.contains("T") else { return bind(sqlColumn, comparison, .real(start)) }
                let end = start + 86_400
                switch comparison {
                case "=": return "coalesce(\(sqlColumn) >= \(param(.real(start))) AND \(sqlColumn) < \(param(.real(end))), 0)"
                case "!=": return "coalesce(\(sqlColumn) < \(param(.real(start))) OR \(sqlColumn) >= \(param(.real(end))), 0)"
                case "<": return bind(sqlColumn, "<", .real(start))
                case "<=": return bind(sqlColumn, "<", .real(end))
                case ">": return bind(sqlColumn, ">=", .real(end))
                default: return bind(sqlColumn, ">=", .real(start))
                }
            case .text:
                let text: String
                switch valueToken {
                case .word(let w), .string(let w), .number(let w): text = w
                case .duration: throw fail("expectedValue", [symbol, valueToken.display])
                default: text = ""
                }
                guard comparison != nil else {
                    return "coalesce(cd_contains(\(sqlColumn), \(param(.text(text)))), 0)"
                }
                return bind(sqlColumn, symbol, .text(text))
            }
        }

        /// A day or an instant in UTC as seconds since 1970, with a fraction of a second when
        /// it has one (`2024-05-10T18:14:11.669581Z`).
        static func instant(_ text: String) -> Double? {
            if let whole = ISODate.parse(text) { return Double(whole) }
            guard let dot = text.firstIndex(of: "."), text.hasSuffix("Z") else { return nil }
            let digits = text[text.index(after: dot)..<text.index(before: text.endIndex)]
            guard !digits.isEmpty, digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber),
                  let whole = ISODate.parse(String(text[..<dot]) + "Z"), let fraction = Double("0." + digits) else { return nil }
            return Double(whole) + fraction
        }

        /// `col op ?`, false (never null) when the column is null.
        func bind(_ column: String, _ op: String, _ value: SQLiteValue) -> String {
            "coalesce(\(column) \(op) \(param(value)), 0)"
        }

        func param(_ value: SQLiteValue) -> String {
            parameters.append(value)
            return "?"
        }

        /// The SQL column, the kind and the model's spelling of the field `name` (any case).
        func field(_ name: String, at cursor: FilterCursor) throws(FilterError) -> (String, FieldKind, String) {
            let lower = name.lowercased()
            func qualified(_ c: String) -> String { alias + "." + CoreDataStore.quote(c) }
            if lower == "pk" { return (qualified("Z_PK"), .number, "pk") }
            if let a = entity.attributes.first(where: { $0.name.lowercased() == lower && $0.column != nil }), let c = a.column {
                let kind: FieldKind = switch a.type {
                case .integer16, .integer32, .integer64, .decimal, .double, .float: .number
                case .string, .uri: .text
                case .boolean: .boolean
                case .date: .date
                case .undefined where a.guessed: .text
                default: .opaque(a.type.name)
                }
                // A Decimal compares as SQLite's text of its REAL, as it reads (`CoreDataObject.decimal`).
                let column = a.type == .decimal
                    ? "(CASE WHEN typeof(\(qualified(c))) = 'real' THEN CAST(CAST(\(qualified(c)) AS TEXT) AS REAL) ELSE \(qualified(c)) END)"
                    : qualified(c)
                return (column, kind, a.name)
            }
            if let r = entity.relationships.first(where: { $0.name.lowercased() == lower && !$0.toMany }), let c = foreignKeyColumn(r) {
                return (qualified(c), .relationship, r.name)
            }
            let fields = EntityFilter.fieldNames(entity)
            // A near miss is named; else every field.
            if let near = NearestWord.nearest(to: name, among: fields, within: 2) { throw cursor.error("didYouMean", [SafeText.escape(name), SafeText.escape(near)]) }
            throw cursor.error("entityUnknownField", [SafeText.escape(name), SafeText.escape(entity.name), fields.map(SafeText.escape).joined(separator: ", ")])
        }

        func foreignKeyColumn(_ r: Relationship) -> String? { EntityFilter.foreignKeyColumn(r) }
    }
}
