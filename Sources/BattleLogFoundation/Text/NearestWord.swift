/// The word a mistyped one most likely meant, by edit distance (insertions, deletions,
/// substitutions and swaps of two neighbours each count one), compared without case.
public enum NearestWord {
    /// The candidate nearest `typed`, when it is at most `within` edits away (and at most half
    /// of what was typed: `id` is no near miss of `kind`) and no other is as near.
    public static func nearest(to typed: String, among candidates: [String], within: Int) -> String? {
        let scored = candidates.map { ($0, distance(Array(typed.lowercased()), Array($0.lowercased()))) }
        let allowed = min(within, max(1, typed.count / 2))
        guard let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= allowed,
              scored.filter({ $0.1 == best.1 }).count == 1 else { return nil }
        return best.0
    }

    /// The optimal string alignment distance between `a` and `b`.
    static func distance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        var d = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { d[i][0] = i }
        for j in 0...b.count { d[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1) }
            }
        }
        return d[a.count][b.count]
    }
}
