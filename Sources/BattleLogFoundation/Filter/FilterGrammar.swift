/// The filter language's one grammar, shared by its vocabularies (a battle log's records, a
/// Core Data entity's objects): each says what one comparison is, the grammar does the rest.
///
/// ```
/// expr    := or
/// or      := and ("or" and)*
/// and     := not ("and" not)*
/// not     := "not" not | primary
/// primary := "(" expr ")" | comparison      (the vocabulary's)
/// ```
/// Keywords are case-insensitive. Errors say what was expected and at which column. The size of
/// an expression is bounded (`maxComparisons`, `maxDepth`): what it compiles to must stay within
/// SQLite's parser stack and expression depth, and a limit is the user's to see, with a caret,
/// rather than an SQLite error blaming the database.
package enum FilterGrammar {
    /// The most comparisons one expression may hold.
    package static let maxComparisons = 256
    /// The deepest nesting of parentheses and `not`s.
    package static let maxDepth = 16

    /// What a vocabulary builds: the joins of the grammar, and one comparison read at the cursor
    /// (a field, an operator, a value; the cursor left after it).
    package struct Builder<Expression> {
        package var and: (Expression, Expression) -> Expression
        package var or: (Expression, Expression) -> Expression
        package var not: (Expression) -> Expression
        package var comparison: (inout FilterCursor) throws(FilterError) -> Expression

        package init(and: @escaping (Expression, Expression) -> Expression, or: @escaping (Expression, Expression) -> Expression,
                     not: @escaping (Expression) -> Expression,
                     comparison: @escaping (inout FilterCursor) throws(FilterError) -> Expression) {
            self.and = and
            self.or = or
            self.not = not
            self.comparison = comparison
        }
    }

    /// Parses `input` whole; an empty expression is an error (callers treat empty as "no filter").
    package static func parse<Expression>(_ input: String, _ builder: Builder<Expression>) throws(FilterError) -> Expression {
        var parser = Parser(cursor: FilterCursor(input: input, tokens: try FilterLexer(input: input).tokens()), builder: builder)
        let expression = try parser.parseOr()
        guard case .end = parser.cursor.current else { throw parser.cursor.error("expectedAndOrEnd", [parser.cursor.current.display]) }
        return expression
    }

    private struct Parser<Expression> {
        var cursor: FilterCursor
        let builder: Builder<Expression>
        var depth = 0
        var comparisons = 0

        mutating func parseOr() throws(FilterError) -> Expression {
            var left = try parseAnd()
            while cursor.isKeyword("or") {
                cursor.advance()
                left = builder.or(left, try parseAnd())
            }
            return left
        }

        mutating func parseAnd() throws(FilterError) -> Expression {
            var left = try parseNot()
            while cursor.isKeyword("and") {
                cursor.advance()
                left = builder.and(left, try parseNot())
            }
            return left
        }

        mutating func parseNot() throws(FilterError) -> Expression {
            guard cursor.isKeyword("not") else { return try parsePrimary() }
            try enter()
            defer { depth -= 1 }
            cursor.advance()
            return builder.not(try parseNot())
        }

        /// One level deeper (a parenthesis or a `not`), refused past `maxDepth`.
        mutating func enter() throws(FilterError) {
            depth += 1
            if depth > FilterGrammar.maxDepth { throw cursor.error("tooDeep", [String(FilterGrammar.maxDepth)]) }
        }

        mutating func parsePrimary() throws(FilterError) -> Expression {
            if case .open = cursor.current {
                try enter()
                defer { depth -= 1 }
                cursor.advance()
                let inner = try parseOr()
                guard case .close = cursor.current else { throw cursor.error("expectedClose", [cursor.current.display]) }
                cursor.advance()
                return inner
            }
            comparisons += 1
            if comparisons > FilterGrammar.maxComparisons {
                throw cursor.error("tooManyComparisons", [String(FilterGrammar.maxComparisons)])
            }
            return try builder.comparison(&cursor)
        }
    }
}

/// Where a parse is in an expression's tokens: what a vocabulary reads a comparison with.
package struct FilterCursor {
    /// The expression as typed (for errors' carets).
    package let input: String
    private let tokens: [(FilterToken, Int)]
    private var position = 0

    init(input: String, tokens: [(FilterToken, Int)]) {
        self.input = input
        self.tokens = tokens
    }

    /// The token at the cursor (`.end` past the last).
    package var current: FilterToken { tokens[position].0 }
    /// Its 1-based character column.
    package var column: Int { tokens[position].1 }
    package mutating func advance() { if position < tokens.count - 1 { position += 1 } }

    /// Whether the token at the cursor is the keyword `word` (any case).
    package func isKeyword(_ word: String) -> Bool {
        if case .word(let w) = current { return w.lowercased() == word }
        return false
    }

    /// The error `key` at the cursor's column, or at `column`.
    package func error(_ key: String, _ arguments: [String] = [], at column: Int? = nil) -> FilterError {
        FilterError(key, arguments, column: column ?? self.column, input: input)
    }
}
