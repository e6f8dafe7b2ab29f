/// Parses the filter language:
///
/// ```
/// expr       := or
/// or         := and ("or" and)*
/// and        := not ("and" not)*
/// not        := "not" not | primary
/// primary    := "(" expr ")" | "rolls" "contains" NUMBER | FIELD OP VALUE
/// OP         := = | != | < | <= | > | >= | ~
/// VALUE      := "quoted" | 'quoted' | NUMBER | DURATION | word
/// ```
/// Keywords are case-insensitive. Errors say what was expected and at which column.
///
/// The size of an expression is bounded (`maxComparisons`, `maxDepth`): the compiled SQL must
/// stay within SQLite's parser stack and expression depth, and a limit is the user's to see,
/// with a caret, rather than an SQLite error blaming the database.
public struct FilterParser {
    /// The most comparisons one expression may hold.
    public static let maxComparisons = 256
    /// The deepest nesting of parentheses and `not`s.
    public static let maxDepth = 16

    private let input: String
    private var tokens: [(FilterToken, Int)] = []
    private var position = 0
    private var depth = 0
    private var comparisons = 0

    /// Parses `input`; an empty expression is an error (callers treat empty as "no filter").
    /// `queryPaths` are the numeric paths a store's model adds (`weather.wind`).
    /// `kinds` says which of them are text or dates (numbers otherwise).
    public static func parse(_ input: String, queryPaths: [String] = [], kinds: [String: QueryPathKind] = [:]) throws(FilterError) -> FilterExpression {
        var parser = FilterParser(input: input)
        parser.queryPaths = queryPaths
        parser.kinds = kinds
        parser.tokens = try FilterLexer(input: input).tokens()
        let expression = try parser.parseOr()
        guard case .end = parser.current else {
            throw parser.error("expectedAndOrEnd", [parser.current.display])
        }
        return expression
    }

    private var queryPaths: [String] = []
    private var kinds: [String: QueryPathKind] = [:]

    private init(input: String) { self.input = input }

    private var current: FilterToken { tokens[position].0 }
    private var column: Int { tokens[position].1 }
    private mutating func advance() { if position < tokens.count - 1 { position += 1 } }
    private func error(_ key: String, _ arguments: [String] = []) -> FilterError { FilterError(key, arguments, column: column, input: input) }

    private func isKeyword(_ word: String) -> Bool {
        if case .word(let w) = current { return w.lowercased() == word }
        return false
    }

    private mutating func parseOr() throws(FilterError) -> FilterExpression {
        var left = try parseAnd()
        while isKeyword("or") {
            advance()
            left = .or(left, try parseAnd())
        }
        return left
    }

    private mutating func parseAnd() throws(FilterError) -> FilterExpression {
        var left = try parseNot()
        while isKeyword("and") {
            advance()
            left = .and(left, try parseNot())
        }
        return left
    }

    private mutating func parseNot() throws(FilterError) -> FilterExpression {
        if isKeyword("not") {
            try enter()
            advance()
            defer { depth -= 1 }
            return .not(try parseNot())
        }
        return try parsePrimary()
    }

    /// One level deeper (a parenthesis or a `not`), refused past `maxDepth`.
    private mutating func enter() throws(FilterError) {
        depth += 1
        if depth > Self.maxDepth {
            throw error("tooDeep", [String(Self.maxDepth)])
        }
    }

    private mutating func parsePrimary() throws(FilterError) -> FilterExpression {
        if case .open = current {} else {
            comparisons += 1
            if comparisons > Self.maxComparisons {
                throw error("tooManyComparisons", [String(Self.maxComparisons)])
            }
        }
        switch current {
        case .open:
            try enter()
            defer { depth -= 1 }
            advance()
            let inner = try parseOr()
            guard case .close = current else { throw error("expectedClose", [current.display]) }
            advance()
            return inner
        case .word(let name):
            if name.lowercased() == "rolls" {
                advance()
                guard isKeyword("contains") else { throw error("expectedContains") }
                advance()
                guard case .number(let n) = current, let v = Int64(n) else { throw error("expectedWholeNumber", [current.display]) }
                advance()
                return .rollsContain(v)
            }
            guard let field = FilterField.named(name)
                    ?? queryPaths.first(where: { $0.lowercased() == name.lowercased() }).map({ FilterField.path($0, kinds[$0] ?? .number) }) else {
                throw error("unknownField", [SafeText.escape(name), (FilterField.allNames + queryPaths).joined(separator: ", ")])
            }
            advance()
            guard case .op(let symbol) = current, let op = FilterOperator(rawValue: symbol) else {
                throw error("expectedOperator", [name, current.display])
            }
            advance()
            let valueColumn = column
            let value: FilterValue
            switch current {
            case .string(let s): value = .text(s)
            case .word(let w) where !["and", "or", "not"].contains(w.lowercased()): value = .text(w)
            case .number(let n):
                guard field.isNumeric || field.isDate else { value = .text(n); break }
                // Past 2^53 a number is no longer exact: refused, not rounded into a match.
                guard let d = Double(n), abs(d) <= 9_007_199_254_740_992 else { throw error("numberTooLarge", [n]) }
                value = .number(d)
            case .duration(let d): value = .number(d)
            default: throw error("expectedValue", [symbol, current.display])
            }
            advance()
            try Self.check(field, named: name, op, value, column: valueColumn, input: input)
            return .comparison(field, op, value)
        default:
            throw error("expectedField", [current.display])
        }
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
