/// Two lists of lines aligned as a side-by-side diff shows them: the longest common
/// subsequence stands on shared rows; between two shared lines, what each side has alone is
/// paired row by row, and the longer side's rest faces blanks.
enum LineAlignment {
    /// Rows of (index in `a`, index in `b`), nil where that side has no line.
    static func pairs(_ a: [String], _ b: [String]) -> [(Int?, Int?)] {
        // lcs[i][j]: the longest common subsequence of a[i...] and b[j...].
        var lcs = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in stride(from: a.count - 1, through: 0, by: -1) {
            for j in stride(from: b.count - 1, through: 0, by: -1) {
                lcs[i][j] = a[i] == b[j] ? lcs[i + 1][j + 1] + 1 : max(lcs[i + 1][j], lcs[i][j + 1])
            }
        }
        var rows: [(Int?, Int?)] = []
        var i = 0, j = 0
        var onlyA: [Int] = [], onlyB: [Int] = []
        func flush() {
            for k in 0..<max(onlyA.count, onlyB.count) {
                rows.append((k < onlyA.count ? onlyA[k] : nil, k < onlyB.count ? onlyB[k] : nil))
            }
            onlyA = []; onlyB = []
        }
        while i < a.count || j < b.count {
            if i < a.count, j < b.count, a[i] == b[j] {
                flush()
                rows.append((i, j)); i += 1; j += 1
            } else if j == b.count || (i < a.count && lcs[i + 1][j] >= lcs[i][j + 1]) {
                onlyA.append(i); i += 1
            } else {
                onlyB.append(j); j += 1
            }
        }
        flush()
        return rows
    }
}
