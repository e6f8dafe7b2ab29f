extension GroupField {
    /// The filter expression that selects exactly the records of the group `key` (the drill-down
    /// of the browser's analysis view): `gate = "Gate 3"`, `date >= 2026-03-02 and date <
    /// 2026-03-09`, `duration >= 30 and duration < 40`, `magic = none`. Nil for a group the
    /// language cannot name (a record without an opponent, a damaged date).
    public func filterClause(_ key: GroupCount.Key) -> String? {
        func quoted(_ text: String) -> String {
            "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
                .replacingOccurrences(of: "\n", with: "\\n").replacingOccurrences(of: "\r", with: "\\r")
                .replacingOccurrences(of: "\t", with: "\\t") + "\""
        }
        func number(_ n: Double) -> String { n == n.rounded() && abs(n) < 1e15 ? String(Int64(n)) : "\(n)" }
        switch (self, key) {
        case (.owner, .human(let h)): return "owner = " + quoted(h.name)
        case (.opponent, .human(let h)): return "opponent = " + quoted(h.name)
        case (.kind, .text(let t)), (.result, .text(let t)): return "\(self == .kind ? "kind" : "result") = \(t)"
        case (.magic, .text(let t)): return "magic = \(t)"
        case (.magic, .absent): return "magic = none"
        case (.magic, .damaged): return "magic = damaged"
        case (.magicField(_, let name), .text(let t)): return "\(name) = " + quoted(t)
        case (.magicField(_, let name), .number(let n)): return "\(name) = " + number(n)
        case (.date(let bucket), .text(let t)):
            switch bucket {
            case .day: return "date = \(t)"
            case .week:
                guard let start = ISODate.parse(t) else { return nil }
                return "date >= \(t) and date < " + String(ISODate.format(start + 7 * 86_400).prefix(10))
            case .month:
                guard let start = ISODate.parse(t + "-01") else { return nil }
                // The first of the next month: 32 days on is always in it.
                let next = String(ISODate.format(start + 32 * 86_400).prefix(7)) + "-01"
                return "date >= \(t)-01 and date < \(next)"
            }
        case (.number(let path, _), .number(let n)): return "\(path) = " + number(n)
        // A model's text path (`weapon.rarity`): its value, quoted.
        case (.number(let path, nil), .text(let t)): return "\(path) = " + quoted(t)
        case (.number(let path, _), .bucket(let from, let to)): return "\(path) >= \(number(from)) and \(path) < \(number(to))"
        default: return nil
        }
    }
}
