/// A config file: a TOML 1.0 document (read by toml++, `TOMLDocument`) seen as settings, each
/// `table.key = value` with the line it is on. A document that is not TOML is one problem
/// naming its line and column, and no setting counts.
public struct ConfigFile: Sendable, Equatable {
    public enum Value: Sendable, Equatable, CustomStringConvertible {
        case string(String)
        case integer(Int64)
        case bool(Bool)
        case strings([String])
        case float(Double)
        /// A value no setting takes (a date, a table in an array, a mixed array): what it is.
        case other(String)

        public var description: String {
            switch self {
            case .string(let s): ConfigFile.quoted(s)
            case .integer(let i): String(i)
            case .bool(let b): b ? "true" : "false"
            case .strings(let list): "[" + list.map(ConfigFile.quoted).joined(separator: ", ") + "]"
            case .float(let d): d.isNaN ? "nan" : d.isInfinite ? (d > 0 ? "inf" : "-inf") : String(d)
            case .other(let what): what
            }
        }
    }

    /// One setting: `table.key` (or `key` before any table), its value and its line.
    public struct Entry: Sendable, Equatable {
        public let table: String
        public let key: String
        public let value: Value
        public let line: Int
        public var name: String { table.isEmpty ? key : table + "." + key }
    }

    /// Why the document is not TOML (with its column), or why a setting is refused.
    public struct Problem: Error, Sendable, Equatable, CustomStringConvertible {
        public let line: Int
        public let column: Int?
        public let message: String
        public var description: String { "line \(line)" + (column.map { ", column \($0)" } ?? "") + ": \(message)" }
        public init(line: Int, column: Int? = nil, message: String) {
            self.line = line
            self.column = column
            self.message = message
        }
    }

    public private(set) var entries: [Entry] = []
    public private(set) var problems: [Problem] = []

    public init(text: String) {
        switch TOMLDocument.taggedJSON(text, lines: true) {
        case .failure(let f):
            problems = [Problem(line: f.line, column: f.column, message: f.message)]
        case .success(let json):
            guard case .object(let root)? = try? JSONParser.parse(json, maxDepth: 10_000) else {
                problems = [Problem(line: 1, message: "the document could not be read")]
                return
            }
            add(root, path: [])
            entries.sort { ($0.line, $0.name) < ($1.line, $1.name) }
        }
    }

    /// The settings of a table: a value is a setting, a table's keys go on under its name.
    private mutating func add(_ table: [String: JSONValue], path: [String]) {
        for (key, node) in table {
            guard case .object(let o) = node else { continue }
            if case .string(let type)? = o["type"], let value = o["value"] {
                entries.append(Entry(table: path.joined(separator: "."), key: key, value: Self.leaf(type, value), line: Self.line(o)))
            } else if case .array(let items)? = o["$array"] {
                entries.append(Entry(table: path.joined(separator: "."), key: key, value: Self.array(items), line: Self.line(o)))
            } else {
                add(o, path: path + [key])
            }
        }
    }

    private static func line(_ o: [String: JSONValue]) -> Int {
        if case .integer(let n)? = o["line"] { return Int(n) }
        return 0
    }

    private static func leaf(_ type: String, _ value: JSONValue) -> Value {
        guard case .string(let text) = value else { return .other("a \(type)") }
        switch type {
        case "string": return .string(text)
        case "integer": return Int64(text).map(Value.integer) ?? .other("the integer \(text)")
        case "bool": return .bool(text == "true")
        case "float": return .float(text == "nan" ? .nan : text == "inf" ? .infinity : text == "-inf" ? -.infinity : Double(text) ?? .nan)
        default: return .other("the \(type.replacingOccurrences(of: "-", with: " ")) \(text)")
        }
    }

    private static func array(_ items: [JSONValue]) -> Value {
        var strings: [String] = []
        for item in items {
            guard case .object(let o) = item, case .string("string")? = o["type"], case .string(let s)? = o["value"] else {
                return .other("an array of other values than strings")
            }
            strings.append(s)
        }
        return .strings(strings)
    }

    /// `text` as a TOML basic string.
    public static func quoted(_ text: String) -> String {
        var out = "\""
        for s in text.unicodeScalars {
            switch s {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            default:
                if s.value < 0x20 || s.value == 0x7F { out += "\\u" + String(s.value, radix: 16).leftPadded(to: 4) } else { out.unicodeScalars.append(s) }
            }
        }
        return out + "\""
    }
}

extension ConfigFile.Value {
    /// The value as a message names it: whole when short, else its start and its length.
    public var summary: String {
        let whole = description
        guard whole.count > 60 else { return whole }
        return String(whole.prefix(40)) + "… (\(whole.count) characters)"
    }
}
