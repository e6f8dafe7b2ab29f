/// Every option of every command, by name: commands declare and read options through these
/// keys, so a mistyped option name is a compile error, not an option that never matches.
public enum OptionKey: String, Sendable, CaseIterable {
    case after, batch, bom, by, check, coredata, create, entity, fights, format, heroes, json, kind, limit, markdown, model, owner, repair, result
    case resultMap = "result-map"
    case excelSafe = "excel-safe"
    case seed, since, sort, speed, timeline, villains, vs
    case `where`
    // The global options (GlobalOptions.specs).
    case db, lang
    case noColor = "no-color"
}

/// One option a command accepts: `--name VALUE` or the flag `--name`.
public struct OptionSpec: Sendable {
    public let key: OptionKey
    /// The placeholder of the option's value, nil for a flag.
    public let valueName: String?
    public let help: String
    /// The values the option takes, when it takes only these (`en`, `zh`).
    public let choices: [String]?
    /// How many arguments follow the option (`--vs A B`: 2); 0 for a flag.
    public let valueCount: Int

    /// The name as typed after `--`.
    public var name: String { key.rawValue }

    public init(_ key: OptionKey, value valueName: String? = nil, choices: [String]? = nil, help: String) {
        self.key = key
        self.valueName = valueName ?? choices?.joined(separator: "|")
        self.choices = choices
        self.help = help
        valueCount = self.valueName == nil ? 0 : 1
    }

    /// An option followed by as many values as `valueNames` names (`--vs A B`).
    public init(_ key: OptionKey, values valueNames: [String], help: String) {
        self.key = key
        valueName = valueNames.joined(separator: " ")
        choices = nil
        self.help = help
        valueCount = valueNames.count
    }

    /// `--name VALUE` or `--name`, as usage lines write it.
    public var synopsis: String { "--\(name)" + (valueName.map { " " + $0 } ?? "") }

    /// The option's lines in a `--help` listing: its synopsis, then its help (a help that
    /// holds line breaks goes on under itself).
    func helpLines() -> [String] {
        let left = "  " + synopsis
        let pieces = help.split(separator: "\n", omittingEmptySubsequences: false)
        var lines = [left.padding(toLength: max(left.count + 2, 24), withPad: " ", startingAt: 0) + pieces[0]]
        for piece in pieces.dropFirst() { lines.append(String(repeating: " ", count: max(left.count + 2, 24)) + piece) }
        return lines
    }
}

/// A command's declaration: its name, what it does, its options and positional arguments.
/// `--help` text and parsing both come from it.
public struct CommandSpec: Sendable {
    public let name: String
    public let summary: String
    public let options: [OptionSpec]
    /// Positional argument names, all required (e.g. `["ID"]`).
    public let positionals: [String]

    public var usage: String {
        var parts = ["battlelog [--db PATH]", name]
        parts += positionals
        parts += options.map { "[\($0.synopsis)]" }
        return parts.joined(separator: " ")
    }

    public var help: String {
        var lines = ["usage: \(usage)", "", summary]
        if !options.isEmpty {
            lines.append("")
            lines.append("options:")
            for o in options { lines += o.helpLines() }
        }
        return lines.joined(separator: "\n")
    }
}

/// The parsed arguments of one command.
public struct ParsedArguments: Sendable {
    public var values: [OptionKey: String] = [:]
    /// The values of an option that takes several (`--vs A B`).
    public var valueLists: [OptionKey: [String]] = [:]
    public var flags: Set<OptionKey> = []
    public var positionals: [String] = []

    public func has(_ flag: OptionKey) -> Bool { flags.contains(flag) }
    public func value(_ key: OptionKey) -> String? { values[key] }

    /// The option `name` as an integer from `minimum` to `maximum`, or nil when absent.
    public func integer(_ key: OptionKey, minimum: Int = 1, maximum: Int = Int.max, spec: CommandSpec) throws(UsageError) -> Int? {
        guard let text = values[key] else { return nil }
        let name = key.rawValue
        guard let n = Int(text.replacingOccurrences(of: "_", with: "")) else {
            throw UsageError(.key("cli.expectsNumber", "--" + name, SafeText.escape(text)), usage: spec.usage)
        }
        guard n >= minimum else { throw UsageError(.key("cli.atLeast", "--" + name, String(minimum), String(n)), usage: spec.usage) }
        guard n <= maximum else {
            throw UsageError(.key("cli.atMost", "--" + name, GroupedNumber.text(maximum), GroupedNumber.text(n)), usage: spec.usage)
        }
        return n
    }

    /// The option `name` as a compiled filter expression over `roster`, or nil when absent; a
    /// problem is said in the language of `labels`.
    public func filter(_ key: OptionKey, store: BattleStore, labels: Labels) throws(UsageError) -> CompiledFilter? {
        guard let text = values[key], !text.trimmingCharacters(in: .whitespaces).isEmpty else { return nil }
        let name = key.rawValue
        do { return try FilterCompiler.compile(text, roster: store.humans, columns: store.queryColumns) }
        // One line: the expression quoted (escaped) and the problem with its column.
        catch { throw UsageError(.verbatim("--\(name) \"\(error.excerpt())\": \(error.text(labels))")) }
    }

    /// The option `key` read as a sort (`power:desc`), or nil when absent.
    public func sort(_ key: OptionKey, store: BattleStore, spec: CommandSpec) throws(UsageError) -> RecordSort? {
        guard let text = values[key] else { return nil }
        do { return try store.sort(text) } catch { throw UsageError(.localized { l in "--\(key.rawValue): " + error.text(l) }, usage: spec.usage) }
    }

    /// The option `name` as one of `choices`, or nil when absent.
    public func choice<T: RawRepresentable>(_ key: OptionKey, as: T.Type, spec: CommandSpec) throws(UsageError) -> T?
    where T.RawValue == String, T: CaseIterable {
        guard let text = values[key] else { return nil }
        let name = key.rawValue
        guard let v = T(rawValue: text) else {
            let all = T.allCases.map(\.rawValue).joined(separator: "|")
            throw UsageError(.key("cli.mustBe", "--" + name, all, SafeText.escape(text)), usage: spec.usage)
        }
        return v
    }
}

extension CommandSpec {
    /// Parses `arguments` (after the command name) against this declaration.
    public func parse(_ arguments: [String]) throws(UsageError) -> ParsedArguments {
        var parsed = ParsedArguments()
        var i = 0
        var onlyPositionals = false
        while i < arguments.count {
            let arg = arguments[i]
            i += 1
            if !onlyPositionals && arg == "--" { onlyPositionals = true; continue }
            if !onlyPositionals && arg.hasPrefix("--") {
                var name = String(arg.dropFirst(2))
                var inlineValue: String?
                if let eq = name.firstIndex(of: "=") {
                    inlineValue = String(name[name.index(after: eq)...])
                    name = String(name[..<eq])
                }
                guard let option = options.first(where: { $0.name == name }) else {
                    throw UsageError(.key("cli.unknownOption", "--" + SafeText.escape(name), self.name), usage: usage)
                }
                if option.valueCount > 1 {
                    guard inlineValue == nil, arguments.count - i >= option.valueCount else {
                        throw UsageError(.key("cli.needsValues", "--" + name, String(option.valueCount), option.valueName!), usage: usage)
                    }
                    parsed.valueLists[option.key] = Array(arguments[i..<(i + option.valueCount)])
                    parsed.values[option.key] = arguments[i]
                    i += option.valueCount
                } else if option.valueName != nil {
                    if let inlineValue { parsed.values[option.key] = inlineValue; continue }
                    guard i < arguments.count else {
                        throw UsageError(.key("cli.needsValue", "--" + name, option.valueName!), usage: usage)
                    }
                    parsed.values[option.key] = arguments[i]
                    i += 1
                } else {
                    guard inlineValue == nil else { throw UsageError(.key("cli.takesNoValue", "--" + name), usage: usage) }
                    parsed.flags.insert(option.key)
                }
                continue
            }
            if !onlyPositionals && arg.hasPrefix("-") && arg.count > 1 && Int(arg) == nil {
                throw UsageError(.key("cli.unknownOption", SafeText.escape(arg), name), usage: usage)
            }
            parsed.positionals.append(arg)
        }
        if parsed.positionals.count < positionals.count {
            throw UsageError(.key("cli.needsPositional", name, positionals[parsed.positionals.count]), usage: usage)
        }
        if parsed.positionals.count > positionals.count {
            throw UsageError(.key("cli.unexpectedArgument", SafeText.escape(parsed.positionals[positionals.count]), name), usage: usage)
        }
        return parsed
    }
}

import BattleLogKit
import BattleLogPresentation
import Foundation
