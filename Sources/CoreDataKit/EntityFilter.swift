import BattleLogFoundation
import SQLiteDB

/// The filter language over one Core Data entity's own fields, compiled to one parameterised
/// SQL condition on the entity's table.
///
/// ```
/// expr    := or;  or := and ("or" and)*;  and := not ("and" not)*;  not := "not" not | primary
/// primary := "(" expr ")" | FIELD OP VALUE | FIELD "is" ["not"] "null"
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
        var parser = Parser(input: text, entity: entity, alias: alias)
        parser.tokens = try FilterLexer(input: text).tokens()
        let condition = try parser.parseOr()
        guard case .end = parser.current else { throw parser.error("expectedAndOrEnd", [parser.current.display]) }
        return EntityFilter(text: text, condition: condition, parameters: parser.parameters)
    }

    static func foreignKeyColumn(_ r: Relationship) -> String? {
        if case .foreignKey(let column, _) = r.storage { return column }
        return nil
    }

    /// What a field names: a column and how its values compare.
    enum FieldKind { case number, text, boolean, date, relationship, opaque(String) }

    private struct Parser {
        let input: String
        let entity: Entity
        let alias: String
        var tokens: [(FilterToken, Int)] = []
        var position = 0
        var depth = 0
        var comparisons = 0
        var parameters: [SQLiteValue] = []

        init(input: String, entity: Entity, alias: String) {
            self.input = input
            self.entity = entity
            self.alias = alias
        }

        var current: FilterToken { tokens[position].0 }
        var column: Int { tokens[position].1 }
        mutating func advance() { if position < tokens.count - 1 { position += 1 } }
        func error(_ key: String, _ arguments: [String] = [], at: Int? = nil) -> FilterError {
            FilterError(key, arguments, column: at ?? column, input: input)
        }
        func isKeyword(_ word: String) -> Bool {
            if case .word(let w) = current { return w.lowercased() == word }
            return false
        }

        mutating func parseOr() throws(FilterError) -> String {
            var left = try parseAnd()
            while isKeyword("or") { advance(); left = "(\(left) OR \(try parseAnd()))" }
            return left
        }

        mutating func parseAnd() throws(FilterError) -> String {
            var left = try parseNot()
            while isKeyword("and") { advance(); left = "(\(left) AND \(try parseNot()))" }
            return left
        }

        mutating func parseNot() throws(FilterError) -> String {
            guard isKeyword("not") else { return try parsePrimary() }
            try enter()
            defer { depth -= 1 }
            advance()
            return "(NOT \(try parseNot()))"
        }

        mutating func enter() throws(FilterError) {
            depth += 1
            if depth > 16 { throw error("tooDeep", ["16"]) }
        }

        mutating func parsePrimary() throws(FilterError) -> String {
            if case .open = current {
                try enter()
                defer { depth -= 1 }
                advance()
                let inner = try parseOr()
                guard case .close = current else { throw error("expectedClose", [current.display]) }
                advance()
                return inner
            }
            comparisons += 1
            if comparisons > 256 { throw error("tooManyComparisons", ["256"]) }
            guard case .word(let name) = current else { throw error("expectedField", [current.display]) }
            let (sqlColumn, kind, fieldName) = try field(name)
            advance()
            if isKeyword("is") {
                advance()
                var negated = false
                if isKeyword("not") { negated = true; advance() }
                guard isKeyword("null") else { throw error("expectedNull", [current.display]) }
                advance()
                return "\(sqlColumn) IS \(negated ? "NOT " : "")NULL"
            }
            guard case .op(let symbol) = current else { throw error("expectedOperatorOrIs", [fieldName, current.display]) }
            advance()
            let valueColumn = column
            let valueToken = current
            if case .word(let w) = valueToken, ["and", "or", "not"].contains(w.lowercased()) {
                throw error("expectedValue", [symbol, current.display])
            }
            switch valueToken {
            case .word, .string, .number, .duration: break
            default: throw error("expectedValue", [symbol, current.display])
            }
            advance()
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
        mutating func bind(_ column: String, _ op: String, _ value: SQLiteValue) -> String {
            "coalesce(\(column) \(op) \(param(value)), 0)"
        }

        mutating func param(_ value: SQLiteValue) -> String {
            parameters.append(value)
            return "?"
        }

        /// The SQL column, the kind and the model's spelling of the field `name` (any case).
        func field(_ name: String) throws(FilterError) -> (String, FieldKind, String) {
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
                return (qualified(c), kind, a.name)
            }
            if let r = entity.relationships.first(where: { $0.name.lowercased() == lower && !$0.toMany }), let c = foreignKeyColumn(r) {
                return (qualified(c), .relationship, r.name)
            }
            let names = EntityFilter.fieldNames(entity).map(SafeText.escape).joined(separator: ", ")
            throw error("entityUnknownField", [SafeText.escape(name), SafeText.escape(entity.name), names])
        }

        func foreignKeyColumn(_ r: Relationship) -> String? { EntityFilter.foreignKeyColumn(r) }
    }
}
