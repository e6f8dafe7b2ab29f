import BattleLogFoundation

/// The battle log's vocabulary of the filter language (the grammar is `FilterGrammar`, shared
/// with a Core Data entity's `EntityFilter`):
///
/// ```
/// comparison := "rolls" "contains" NUMBER | FIELD OP VALUE
/// OP         := = | != | < | <= | > | >= | ~
/// VALUE      := "quoted" | 'quoted' | NUMBER | DURATION | word
/// ```
/// FIELD is one of the language's own fields (`owner`, `power`, `duration`, ...) or a query path
/// a store's model adds (`weapon.rarity`). Comparisons that cannot mean anything are refused
/// where they are typed (`power ~ 3`, `result = maybe`).
public enum FilterParser {
    /// The most comparisons one expression may hold.
    public static var maxComparisons: Int { FilterGrammar.maxComparisons }
    /// The deepest nesting of parentheses and `not`s.
    public static var maxDepth: Int { FilterGrammar.maxDepth }

    /// Parses `input`; an empty expression is an error (callers treat empty as "no filter").
    /// `queryPaths` are the numeric paths a store's model adds (`weather.wind`).
    /// `kinds` says which of them are text or dates (numbers otherwise).
    public static func parse(_ input: String, queryPaths: [String] = [], kinds: [String: QueryPathKind] = [:]) throws(FilterError) -> FilterExpression {
        try FilterGrammar.parse(input, FilterGrammar.Builder(and: FilterExpression.and, or: FilterExpression.or, not: FilterExpression.not) {
            (cursor: inout FilterCursor) throws(FilterError) -> FilterExpression in
            try comparison(&cursor, queryPaths: queryPaths, kinds: kinds)
        })
    }

    /// One comparison at the cursor.
    private static func comparison(_ cursor: inout FilterCursor, queryPaths: [String], kinds: [String: QueryPathKind]) throws(FilterError) -> FilterExpression {
        guard case .word(let name) = cursor.current else { throw cursor.error("expectedField", [cursor.current.display]) }
        if name.lowercased() == "rolls" {
            cursor.advance()
            guard cursor.isKeyword("contains") else { throw cursor.error("expectedContains") }
            cursor.advance()
            guard case .number(let n) = cursor.current, let v = Int64(n) else { throw cursor.error("expectedWholeNumber", [cursor.current.display]) }
            cursor.advance()
            return .rollsContain(v)
        }
        guard let field = FilterField.named(name)
                ?? queryPaths.first(where: { $0.lowercased() == name.lowercased() }).map({ FilterField.path($0, kinds[$0] ?? .number) }) else {
            let names = FilterField.allNames + queryPaths
            // A near miss is named; else every field.
            if let near = NearestWord.nearest(to: name, among: names, within: 2) { throw cursor.error("didYouMean", [SafeText.escape(name), near]) }
            throw cursor.error("unknownField", [SafeText.escape(name), names.joined(separator: ", ")])
        }
        cursor.advance()
        guard case .op(let symbol) = cursor.current, let op = FilterOperator(rawValue: symbol) else {
            throw cursor.error("expectedOperator", [name, cursor.current.display])
        }
        cursor.advance()
        let valueColumn = cursor.column
        let value: FilterValue
        switch cursor.current {
        case .string(let s): value = .text(s)
        case .word(let w) where !["and", "or", "not"].contains(w.lowercased()): value = .text(w)
        case .number(let n):
            guard field.isNumeric || field.isDate else { value = .text(n); break }
            // Past 2^53 a number is no longer exact: refused, not rounded into a match.
            guard let d = Double(n), abs(d) <= 9_007_199_254_740_992 else { throw cursor.error("numberTooLarge", [n]) }
            value = .number(d)
        case .duration(let d): value = .number(d)
        default: throw cursor.error("expectedValue", [symbol, cursor.current.display])
        }
        cursor.advance()
        try check(field, named: name, op, value, column: valueColumn, input: cursor.input)
        return .comparison(field, op, value)
    }

    /// Rejects comparisons that cannot mean anything (`power ~ 3`, `result = maybe`, `power > "x"`).
    /// `name` is the field as typed (`power`, `rolls.max`), for the message.
    private static func check(_ field: FilterField, named name: String, _ op: FilterOperator, _ value: FilterValue,
                              column: Int, input: String) throws(FilterError) {
        func fail(_ key: String, _ arguments: [String] = []) -> FilterError { FilterError(key, arguments, column: column, input: input) }
        if field.isNumeric {
            if op == .contains { throw fail("containsNeedsText", [SafeText.escape(name)]) }
            guard case .number = value else {
                if field == .duration { throw fail("expectedDuration") }
                throw fail("expectedNumber")
            }
        }
        switch field {
        case .kind:
            guard op == .equal || op == .notEqual, case .text(let t) = value, HumanKind(rawValue: t.lowercased()) != nil else {
                throw fail("kindValues")
            }
        case .result:
            guard op == .equal || op == .notEqual, case .text(let t) = value, FightResult(rawValue: t.lowercased()) != nil else {
                throw fail("resultValues")
            }
        case .magic:
            let allowed = MagicCatalog.kinds.map { $0.typeName } + ["none", "damaged"]
            guard op == .equal || op == .notEqual, case .text(let t) = value, allowed.contains(t.lowercased()) else {
                throw fail("magicValues", [allowed.joined(separator: ", ")])
            }
        case .date, .datePath:
            guard op != .contains else { throw fail("dateContains", [SafeText.escape(name)]) }
            if case .text(let t) = value, ISODate.parse(t) == nil {
                // A day or a time that does not exist is named as such, not as a wrong form.
                if let problem = ISODate.problem(t) { throw fail(problem.key, problem.arguments) }
                throw fail("expectedDate")
            }
            if case .number = value { throw fail("expectedDate") }
        default: break
        }
    }
}
