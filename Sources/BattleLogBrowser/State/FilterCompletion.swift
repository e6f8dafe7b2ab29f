import BattleLogKit
import Foundation

/// Tab completion in the filter prompt, for both browsers: the word before the cursor completed
/// as a field name (or `and`, `or`, `not`), or, after `field op`, as a value that exists (a
/// Human's name, a gate, hero/villain, true/false), or as what may follow the words before it
/// (`is` → `null`, `not`). Pure: a `Vocabulary` comes in (the battle log's, from `Values`, or a
/// Core Data entity's), the new line goes out.
public struct FilterCompletion: Sendable {
    /// What a filter language offers to complete.
    public struct Vocabulary: Sendable {
        /// The field names a person types, then the keywords.
        public var words: [String]
        /// Other names of the fields, offered only when none of `words` fits (the Codable names).
        public var fallback: [String] = []
        /// The values that exist for a field (lowercased name) after a comparison operator.
        public var values: @Sendable (_ field: String) -> [String] = { _ in [] }
        /// The words that alone may follow the words before the cursor (nil: any of `words`).
        public var following: @Sendable (_ previous: [String]) -> [String]? = { _ in nil }

        public init(words: [String], fallback: [String] = [], values: @escaping @Sendable (String) -> [String] = { _ in [] },
                    following: @escaping @Sendable ([String]) -> [String]? = { _ in nil }) {
            self.words = words
            self.fallback = fallback
            self.values = values
            self.following = following
        }
    }

    /// Values that exist, by the field they complete.
    public struct Values: Sendable {
        public var humans: [String] = []
        /// The model's own query paths beyond the language's fields (`weather.wind`).
        public var queryPaths: [String] = []
        /// The values that exist of other fields and paths, by name (any case): the gates,
        /// formulas and collaborators used (`gate`, `gateName`), a path's fixed set
        /// (`weapon.rarity`: its `order`), the weapons' names.
        public var fieldValues: [String: [String]] = [:]
        public init(humans: [String] = [], queryPaths: [String] = [], fieldValues: [String: [String]] = [:]) {
            self.humans = humans
            self.queryPaths = queryPaths
            self.fieldValues = fieldValues
        }
    }

    /// What Tab did: the new line, and the candidates when more than one fits.
    public struct Result: Sendable, Equatable {
        public var line: InputLine
        public var candidates: [String]
    }

    public static let keywords = ["and", "or", "not"]

    /// The field names a person types (the short aliases of magic fields, not their Codable names,
    /// which complete only when nothing shorter fits).
    public static let fields = ["owner", "opponent", "kind", "result", "date", "duration", "magic",
                                "rolls.max", "rolls.min", "rolls.sum", "rolls.count", "gate", "power", "formula", "collaborator"]
    static let operators: Set<String> = ["=", "!=", "<", "<=", ">", ">=", "~"]

    /// The battle log's vocabulary: its fields and the model's query paths, the values that
    /// exist, and the Codable names of the magic's fields as the fallback.
    public static func vocabulary(_ values: Values) -> Vocabulary {
        Vocabulary(words: fields + values.queryPaths + keywords, fallback: FilterField.allNames,
                   values: { valueCandidates(field: $0, values: values) })
    }

    /// Completes the word before the cursor of `line` from the battle log's vocabulary.
    public static func complete(_ line: InputLine, values: Values) -> Result? { complete(line, vocabulary(values)) }

    /// Completes the word before the cursor of `line`; nil when nothing fits.
    public static func complete(_ line: InputLine, _ vocabulary: Vocabulary) -> Result? {
        let before = String(line.beforeCursor)
        let (start, word, quoted) = currentWord(before)
        let tokens = tokenize(String(before.prefix(start)))
        var candidates: [String]
        var isValue = false
        if tokens.count >= 2, operators.contains(tokens[tokens.count - 1]) {
            isValue = true
            candidates = vocabulary.values(tokens[tokens.count - 2].lowercased())
        } else if !quoted {
            let needle = word.lowercased(), previous = tokens.map { $0.lowercased() }
            if endsAComparison(previous) {
                // After a whole comparison only a connective may come.
                candidates = ["and", "or"]
            } else if let only = vocabulary.following(previous) {
                candidates = only
            } else {
                // At the start, or after a connective, a comparison begins: never `and` or `or`.
                candidates = vocabulary.words.filter { $0 != "and" && $0 != "or" }
                if !candidates.contains(where: { begins($0, with: needle) }) { candidates = vocabulary.fallback }
            }
        } else {
            return nil
        }
        let needle = word.lowercased()
        candidates = unique(candidates.filter { begins($0, with: needle) })
        if candidates.isEmpty { return nil }
        let replacement: String
        if candidates.count == 1 {
            let c = candidates[0]
            replacement = (isValue && (quoted || needsQuotes(c)) ? quote(c) : c) + " "
        } else {
            let common = commonPrefix(candidates)
            guard common.count > word.count || quoted else { return Result(line: line, candidates: candidates) }
            replacement = (quoted ? "\"" : "") + common
        }
        let prefix = String(before.prefix(start))
        let after = String(line.text.dropFirst(line.cursor))
        let text = prefix + replacement + after
        return Result(line: InputLine(text, cursor: prefix.count + replacement.count), candidates: candidates.count > 1 ? candidates : [])
    }

    /// Whether `tokens` (lowercased) end with a whole comparison: `field op value`,
    /// `rolls contains N`, `field is null` or `field is not null`.
    static func endsAComparison(_ tokens: [String]) -> Bool {
        let n = tokens.count
        if n >= 3 && (operators.contains(tokens[n - 2]) || tokens[n - 2] == "contains") { return true }
        return n >= 3 && tokens[n - 1] == "null" && (tokens[n - 2] == "is" || (n >= 4 && tokens[n - 2] == "not" && tokens[n - 3] == "is"))
    }

    /// Where the word under completion starts (in characters), the word (without an opening
    /// quote) and whether it is inside quotes.
    static func currentWord(_ before: String) -> (start: Int, word: String, quoted: Bool) {
        let chars = Array(before)
        // An unclosed quote makes the rest one value.
        var inQuote = false, quoteStart = 0
        for (i, c) in chars.enumerated() where c == "\"" {
            inQuote.toggle()
            if inQuote { quoteStart = i }
        }
        if inQuote { return (quoteStart, String(chars[(quoteStart + 1)...]), true) }
        var start = chars.count
        while start > 0, !" ()=!<>~\"".contains(chars[start - 1]) { start -= 1 }
        return (start, String(chars[start...]), false)
    }

    /// Rough tokens of the text before the word: words, quoted strings and operators.
    static func tokenize(_ text: String) -> [String] {
        var tokens: [String] = []
        var current = ""
        var inQuote = false
        func flush() { if !current.isEmpty { tokens.append(current); current = "" } }
        for c in text {
            if inQuote { current.append(c); if c == "\"" { inQuote = false; flush() }; continue }
            switch c {
            case "\"": flush(); current = "\""; inQuote = true
            case " ", "(", ")": flush()
            case "=", "!", "<", ">", "~":
                if let last = current.last, "=!<>~".contains(last) { current.append(c) } else { flush(); current = String(c) }
            default:
                if let last = current.last, "=!<>~".contains(last) { flush() }
                current.append(c)
            }
        }
        flush()
        return tokens
    }

    /// Whether `candidate` begins with what was typed, ignoring case, scalar by scalar in
    /// canonical decomposition: a name's first character may be a cluster still being typed
    /// (an emoji before its modifier and joiner, a Hebrew letter before its points) or typed
    /// decomposed (`e` then U+0301 for `é`).
    static func begins(_ candidate: String, with typed: String) -> Bool {
        let whole = candidate.lowercased().decomposedStringWithCanonicalMapping.unicodeScalars
        return whole.starts(with: typed.lowercased().decomposedStringWithCanonicalMapping.unicodeScalars)
    }

    static func valueCandidates(field: String, values: Values) -> [String] {
        switch field {
        case "owner", "opponent": values.humans
        case "kind": HumanKind.allCases.map(\.rawValue)
        case "result": FightResult.allCases.map(\.rawValue)
        case "magic": MagicCatalog.kinds.map { $0.typeName } + ["none", "damaged"]
        default: values.fieldValues.first { $0.key.lowercased() == field }?.value ?? []
        }
    }

    static func needsQuotes(_ value: String) -> Bool {
        value.isEmpty || value.contains { !($0.isLetter || $0.isNumber || $0 == "_" || $0 == "." || $0 == "-") }
    }

    static func quote(_ value: String) -> String {
        "\"" + value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    static func unique(_ list: [String]) -> [String] {
        var seen = Set<String>()
        return list.filter { seen.insert($0.lowercased()).inserted }
    }

    /// The longest prefix every candidate shares (case-insensitively), in the first one's case.
    static func commonPrefix(_ list: [String]) -> String {
        guard var prefix = list.first.map(Array.init) else { return "" }
        for other in list.dropFirst() {
            let o = Array(other)
            var n = 0
            while n < prefix.count, n < o.count, String(prefix[n]).lowercased() == String(o[n]).lowercased() { n += 1 }
            prefix = Array(prefix[0..<n])
        }
        return String(prefix)
    }
}
