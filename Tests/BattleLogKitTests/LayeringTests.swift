import Foundation
import Testing

/// The house's layering as its sources say it (issue 42): what each module may import, what a
/// library's public API may show, and how many escapes from strict concurrency there are.
@Suite struct LayeringTests {
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources").path

    /// Every Swift file under `Sources/<module>`, with its text.
    static func files(_ module: String) -> [(path: String, text: String)] {
        let root = sources + "/" + module
        let paths = (FileManager.default.enumerator(atPath: root)?.allObjects as? [String] ?? []).filter { $0.hasSuffix(".swift") }
        return paths.sorted().compactMap { p in (try? String(contentsOfFile: root + "/" + p, encoding: .utf8)).map { (module + "/" + p, $0) } }
    }

    /// The browser, the presentation and the command line reach SQLite only through the Kit's
    /// and CoreDataKit's own types: none imports the SQLite module.
    @Test func onlyTheStoresImportSQLite() {
        for module in ["BattleLogBrowser", "BattleLogPresentation", "BattleLogCLI"] {
            let files = Self.files(module)
            #expect(!files.isEmpty, "\(module)")
            for f in files where f.text.split(separator: "\n").contains(where: { $0.trimmingCharacters(in: .whitespaces) == "import SQLiteDB" }) {
                Issue.record("\(f.path) imports SQLiteDB")
            }
        }
    }

    /// The Kit's folders call one way: no two call each other, however far round (the store
    /// reads through the filter, the export through the store, never back), the store never
    /// reaches into the analysis or the simulator, which read through it (the groups' vocabulary
    /// is `Grouping`, the summaries the writer keeps are the store's), and the values never into
    /// the simulator or the model's replay. A folder "uses" another when its code (not a comment
    /// or a string) names a type declared there, or calls a function declared there.
    @Test func theKitsFoldersCallOneWay() {
        let kit = Self.files("BattleLogKit").map { f in
            (path: f.path, text: f.text.replacing(/\"\"\"[\s\S]*?\"\"\"/, with: "\"\"")
                .replacing(/(?m)\/\/.*$/, with: "").replacing(/"(?:[^"\\\n]|\\.)*"/, with: "\"\""))
        }
        func folder(_ path: String) -> String { path.split(separator: "/").dropFirst().first.map(String.init) ?? "" }
        // Types (at any depth: a type nested in an extension is declared where its file is) and
        // functions (named `f(`), each by the folders that declare it; a name more than one
        // folder declares tells nothing. (`GroupSQL`, nested in a `BattleStore` extension in
        // Analysis, was called from Store unseen by a check of top-level types.)
        let type = /(?m)^\s*(?:public |internal |final |fileprivate |private )*(?:struct|enum|class|protocol|typealias|actor) (\w+)/
        let function = /(?m)^\s*(?:public |internal |static |fileprivate |private |mutating |@\w+ )*func (\w+)/
        var folders: [String: Set<String>] = [:]
        for f in kit {
            for m in f.text.matches(of: type) { folders[String(m.1), default: []].insert(folder(f.path)) }
            for m in f.text.matches(of: function) { folders[String(m.1) + "(", default: []].insert(folder(f.path)) }
        }
        let declaredIn = folders.compactMapValues { $0.count == 1 ? $0.first : nil }
        // Each file's words, and the functions it calls unqualified (`.sorted(` is some type's
        // own; an enum's `case name(`, a local `let name` and Swift's own `max(` are not uses).
        let swiftFunctions: Set = ["max", "min", "abs", "zip", "stride", "print", "precondition", "preconditionFailure",
                                   "fatalError", "assert", "sequence", "type", "swap", "repeatElement"]
        // (Not `\b`: Swift's default word boundaries keep `RecordCSV.header` one word.)
        let words = kit.map { f in Set(f.text.matches(of: /[A-Za-z_]\w*/).map { String($0.0) }) }
        let calls = kit.map { f -> Set<String> in
            let local = Set(f.text.matches(of: /(?:let|var|case) (\w+)/).map { String($0.1) })
            return Set(f.text.matches(of: /(?:^|[^.\w])(\w+)\(/).map { String($0.1) }).subtracting(local).subtracting(swiftFunctions)
        }
        func uses(_ from: String, _ to: String) -> [String] {
            let names = declaredIn.filter { $0.value == to }.keys
            return kit.indices.filter { folder(kit[$0].path) == from }.flatMap { i in
                names.filter { n in n.hasSuffix("(") ? calls[i].contains(String(n.dropLast())) : words[i].contains(n) }
                    .sorted().map { "\(kit[i].path) uses \($0)" }
            }
        }
        #expect(!declaredIn.isEmpty)
        for (from, to) in [("Store", "Analysis"), ("Store", "Simulator"), ("Values", "Simulator"), ("Model", "Values")] {
            #expect(uses(from, to).isEmpty, "\(from) → \(to): \(uses(from, to))")
        }
        // The other way round is how they are meant to call.
        #expect(!uses("Analysis", "Store").isEmpty && !uses("Simulator", "Store").isEmpty)
        // No cycle among the folders, of any length: each one's uses, walked depth first.
        let names = Set(kit.map { folder($0.path) }).filter { !$0.isEmpty }
        var edges: [String: [String]] = [:]
        for from in names { for to in names where to != from && !uses(from, to).isEmpty { edges[from, default: []].append(to) } }
        #expect(edges["Store"]?.contains("Filter") == true && edges["Export"]?.contains("Store") == true)
        func cycle(from start: String, path: [String]) -> [String]? {
            for next in edges[start] ?? [] {
                if let i = path.firstIndex(of: next) { return Array(path[i...]) + [next] }
                if let found = cycle(from: next, path: path + [next]) { return found }
            }
            return nil
        }
        for name in names.sorted() {
            if let found = cycle(from: name, path: [name]) {
                let steps = zip(found, found.dropFirst()).map { "\($0) → \($1): \(uses($0, $1).prefix(3))" }
                Issue.record("a cycle: \(found.joined(separator: " → ")); \(steps)")
                break
            }
        }
    }

    /// CoreDataKit, a library for other programs, shows none of SQLiteDB's types in its public
    /// API (they would make its users depend on battlelog's SQLite module).
    @Test func coreDataKitsPublicAPIShowsNoSQLiteType() {
        for f in Self.files("CoreDataKit") {
            for line in f.text.split(separator: "\n") where line.contains("public ") && !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") {
                #expect(!line.contains("SQLiteValue") && !line.contains("SQLiteError") && !line.contains("Database"),
                        "\(f.path): \(line)")
            }
        }
    }

    /// At most eight escapes from strict concurrency, each with a line saying why it is safe.
    @Test func atMostEightEscapesEachExplained() throws {
        let all = try FileManager.default.contentsOfDirectory(atPath: Self.sources).flatMap { Self.files($0) }
        var escapes: [String] = []
        for f in all {
            let lines = f.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            for (i, line) in lines.enumerated() {
                let code = line.trimmingCharacters(in: .whitespaces)
                guard !code.hasPrefix("//"), code.contains("@unchecked Sendable") || code.contains("nonisolated(unsafe)") else { continue }
                escapes.append("\(f.path):\(i + 1)")
                let before = lines[max(0, i - 6)..<i].map { $0.trimmingCharacters(in: .whitespaces) }
                #expect(before.contains { $0.hasPrefix("//") } || line.contains("//"), "\(f.path):\(i + 1) has no line saying why")
            }
        }
        #expect(!escapes.isEmpty && escapes.count <= 8, "\(escapes.count): \(escapes)")
    }
}
