import BattleLogKit

extension Key {
    /// The key a config file names as the help writes it, in any case: `f`, `ctrl-f`, `Ctrl-F`,
    /// `Space`, `Up`, `PgDn`, `Home`, `Esc`, `Shift-Tab`, `F1`, or any one character (a Cyrillic
    /// `ф`, a Greek `λ`). Nil for anything else.
    public static func named(_ text: String) -> Key? {
        if text.count == 1, let c = text.first, !c.isWhitespace || c == " " {
            if let scalar = c.unicodeScalars.first, c.unicodeScalars.count == 1, scalar.value < 0x20 || scalar.value == 0x7F { return nil }
            return .character(c)
        }
        let lower = text.lowercased()
        if lower.hasPrefix("ctrl-"), lower.count == 6, let c = lower.last, c.isASCII, c.isLetter { return .control(c) }
        let named: [String: Key] = [
            "space": .character(" "), "up": .up, "down": .down, "left": .left, "right": .right,
            "pgup": .pageUp, "pageup": .pageUp, "pgdn": .pageDown, "pagedown": .pageDown, "home": .home, "end": .end,
            "enter": .enter, "esc": .escape, "escape": .escape, "backspace": .backspace, "del": .delete, "delete": .delete,
            "tab": .tab, "shift-tab": .backTab, "f1": .f1, "f2": .f2,
        ]
        return named[lower]
    }
}

/// The keys in effect: the key table with a config file's `[keys]` applied. Each action keeps
/// its stable name (`filter`, `playPause`); a key bound to two actions in one context is
/// refused, naming both, and those actions keep their keys.
public struct KeyMap: Sendable {
    public private(set) var bindings: [KeyBinding]

    /// The key table as shipped.
    public static let standard = KeyMap(bindings: KeyTable.bindings)

    /// One `[keys]` setting: the action's name, the keys as written, and where it was written.
    public struct Override: Sendable {
        public let action: String
        public let keys: [String]
        public let line: Int
        public init(action: String, keys: [String], line: Int) {
            self.action = action
            self.keys = keys
            self.line = line
        }
    }

    /// A setting refused, and why.
    public struct Problem: Sendable, Equatable, CustomStringConvertible {
        public let line: Int
        public let message: String
        public var description: String { "line \(line): \(message)" }
    }

    /// The map with `overrides` applied, and the ones refused.
    public static func applying(_ overrides: [Override]) -> (KeyMap, [Problem]) {
        var problems: [Problem] = []
        var accepted: [(Override, Action, [Key])] = []
        for o in overrides {
            guard let action = Action(rawValue: o.action) else {
                problems.append(Problem(line: o.line, message: "\(o.action): no action has this name (actions: \(Action.allCases.map(\.rawValue).joined(separator: ", ")))"))
                continue
            }
            var keys: [Key] = []
            var bad: String?
            for text in o.keys {
                guard let k = Key.named(text) else { bad = text; break }
                if !keys.contains(k) { keys.append(k) }
            }
            if let bad { problems.append(Problem(line: o.line, message: "\(o.action): \"\(bad)\" is not a key (write it as the help does: f, ctrl-f, Space, PgDn, F1)")); continue }
            if keys.isEmpty { problems.append(Problem(line: o.line, message: "\(o.action): give at least one key")); continue }
            accepted.append((o, action, keys))
        }
        // Refuse the overrides whose keys collide in a context, until none do.
        while true {
            let map = KeyMap(bindings: KeyTable.bindings.map { b in
                accepted.first { $0.1 == b.action }.map { KeyBinding(keys: $0.2, action: b.action, context: b.context) } ?? b
            })
            guard let clash = map.firstClash() else { return (map, problems) }
            let involved = accepted.filter { $0.1 == clash.0 || $0.1 == clash.1 }
            for (o, _, _) in involved {
                problems.append(Problem(line: o.line, message: "\(o.action): \(clash.key.label) would be bound to both \(clash.0.rawValue) and \(clash.1.rawValue) in the \(clash.context.rawValue); \(o.action) keeps its default keys"))
            }
            accepted.removeAll { a in involved.contains { $0.1 == a.1 } }
        }
    }

    /// The first key bound to two actions in one context.
    func firstClash() -> (Action, Action, key: Key, context: KeyContext)? {
        for context in KeyContext.allCases {
            var seen: [Key: Action] = [:]
            for b in bindings where b.context == context {
                for k in b.keys {
                    if let other = seen[k], other != b.action { return (other, b.action, k, context) }
                    seen[k] = b.action
                }
            }
        }
        return nil
    }

    /// The action bound to `key` in `context`; in the statistics view every other action of the
    /// browser's table, in a replay its few shared ones.
    public func action(for key: Key, in context: KeyContext = .browser) -> Action? {
        if let b = bindings.first(where: { $0.context == context && $0.keys.contains(key) }) { return b.action }
        guard let b = bindings.first(where: { $0.context == .browser && $0.keys.contains(key) }),
              KeyTable.fallsBack(context, to: b.action) else { return nil }
        return b.action
    }
}
