/// A filter expression that cannot be parsed or compiled: what was expected, and where.
///
/// Each kind of problem has a key and its arguments; `message` is the English text. The label
/// tables hold the same messages as `filterError.<key>` templates (`{0}`, `{1}` for the
/// arguments), so that the browser says them in its language.
public struct FilterError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Which problem: the label key is `filterError.` + this.
    public let key: String
    /// The template's arguments: names, values, tokens as the user typed them.
    public let arguments: [String]
    /// The 1-based column (in characters) where the problem is.
    public let column: Int
    /// The whole expression.
    public let input: String

    public init(_ key: String, _ arguments: [String] = [], column: Int, input: String) {
        self.key = key
        self.arguments = arguments
        self.column = column
        self.input = input
    }

    /// The English templates, by key (the same text as `filterError.<key>` in `en.json`).
    public static let englishTemplates: [String: String] = [
        "bangWithoutEquals": "expected '=' after '!'",
        "unfinishedEscape": "unfinished escape",
        "badUnicodeEscape": "expected \\u{hex}",
        "unknownEscape": "unknown escape \\{0}",
        "unterminatedString": "unterminated string: expected a closing {0}",
        "notADuration": "not a duration: {0}",
        "notANumber": "not a number: {0}",
        "unexpectedCharacter": "unexpected character '{0}'",
        "expectedAndOrEnd": "expected 'and', 'or' or the end of the expression, found {0}",
        "tooDeep": "the expression nests deeper than {0} levels of parentheses and 'not'",
        "tooManyComparisons": "the expression has more than {0} comparisons",
        "expectedClose": "expected ')', found {0}",
        "expectedContains": "expected 'contains' after 'rolls' (or use rolls.max, rolls.min, rolls.sum, rolls.count)",
        "expectedWholeNumber": "expected a whole number after 'rolls contains', found {0}",
        "unknownField": "unknown field \"{0}\": expected one of {1}",
        "didYouMean": "unknown field \"{0}\"; did you mean {1}?",
        "expectedOperator": "expected an operator (=, !=, <, <=, >, >=, ~) after {0}, found {1}",
        "expectedValue": "expected a value after {0}, found {1}",
        "expectedField": "expected a field name, 'not' or '(', found {0}",
        "containsNeedsText": "'~' needs a text field; {0} is a number",
        "expectedDuration": "expected a duration (seconds, 1:30 or 90s)",
        "expectedNumber": "expected a number",
        "numberTooLarge": "{0} is past ±9,007,199,254,740,992, the largest number compared exactly",
        "kindValues": "kind is compared with = or != to hero or villain",
        "resultValues": "result is compared with = or != to win, loss or draw",
        "magicValues": "magic is compared with = or != to {0}",
        "dateContains": "'~' needs a text field; {0} is a date",
        "expectedDate": "expected a date YYYY-MM-DD or YYYY-MM-DDTHH:MM:SSZ",
        "clockPartOver59": "not a duration: {0} (after a ':', minutes and seconds go from 0 to 59)",
        "dateNoSuchDay": "no day {0} in {1}: that month has {2} days",
        "dateNoSuchMonth": "no month {0}: months go from 01 to 12",
        "dateNoYearZero": "no year 0000: years go from 0001 to 9999",
        "dateNoSuchTime": "no time {0}: hours go from 00 to 23, minutes and seconds from 00 to 59",
        "entityUnknownField": "unknown field \"{0}\": {1} has {2}",
        "expectedOperatorOrIs": "expected an operator (=, !=, <, <=, >, >=, ~) or 'is null' after {0}, found {1}",
        "expectedNull": "expected 'null' or 'not null' after 'is', found {0}",
        "relationshipValues": "{0} is a relationship: compare it with = or != to a pk, or test it with is null",
        "onlyNullTest": "{0} is {1}: only 'is null' and 'is not null' test it",
        "booleanValues": "{0} is a boolean: compare it with = or != to true or false",
        "containsNeedsTextField": "'~' needs a text field; {0} is {1}",
    ]

    /// The token arguments that are words rather than what the user typed.
    public static let theEnd = "the end of the expression"

    /// The problem in English.
    public var message: String { Template.fill(Self.englishTemplates[key] ?? key, arguments) }

    /// `message (at column N)`.
    public var description: String { "\(message) (at column \(column))" }
}
