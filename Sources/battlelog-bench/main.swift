// battlelog-bench: release-built benchmark. Prints figures and ratios; asserts nothing.
//
//   swift run -c release battlelog-bench [--fights N] [--dir DIR]
//
// 1. Stores N simulated fights (2N records) through BattleLogKit, and inserts the same rows
//    through the raw SQLite C API (CBaseline) with the same schema and indexes; prints both
//    times, the ratio, and peak memory.
// 2. On the 2N-record database: `list --owner X --limit 50` and `show ID`.
// 3. The browser (in a fresh process): first frame, key latencies, memory.
//
//   battlelog-bench filter-memory FILE FILTER
//
// Filters FILE in the browser and waits for every match: the count, the time, peak memory.
//
//   battlelog-bench write-app-store PATH RECORDS
//
// Writes a Core Data store of the battle-log app with RECORDS records (for timing
// `coredata dump` and `import --coredata` on the release binary: see BENCHMARKS.md).
import AppStoreWriter
import BattleLogBrowser
import BattleLogCLI
import BattleLogFoundation
import BattleLogKit
import BattleLogPresentation
import CBaseline
import CoreDataKit
import Foundation

/// Writes a line to stdout at once (no buffering: the child process's lines must come in order).
func say(_ line: String) { FileHandle.standardOutput.write(Data((line + "\n").utf8)) }
func now() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }
/// The calling thread's CPU time (user and system), in seconds: a key's own work, without the
/// time the machine gave to other processes.
func threadCPUTime() -> Double {
    var t = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
    return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
}
func peakRSSMegabytes() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Double(usage.ru_maxrss) / 1024
}
func currentRSSMegabytes() -> Double {
    guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
    for line in text.split(separator: "\n") where line.hasPrefix("VmRSS:") {
        return Double(line.split(separator: " ").dropFirst().first ?? "0").map { $0 / 1024 } ?? 0
    }
    return 0
}
func percentile(_ values: [Double], _ p: Double) -> Double {
    let sorted = values.sorted()
    return sorted[min(sorted.count - 1, Int((Double(sorted.count - 1) * p).rounded()))]
}
func ms(_ seconds: Double) -> String { String(format: "%.3f ms", seconds * 1000) }
func removeDatabase(_ path: String) {
    for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
}

let args = CommandLine.arguments
/// The README's filter examples.
let readmeFilters = ["magic = villain and power >= 8 and result = loss", "collaborator ~ \"mira\" or formula = \"星辰契约\"",
                     "duration > 1:00 and rolls contains 100", "not (kind = hero) and date >= 2026-01-03 and timeline.crits >= 2"]

// MARK: - A large Core Data store of the app

if args.count == 4 && args[1] == "write-app-store", let count = Int(args[3]) {
    var builder = AppStoreBuilder()
    builder.humans = (0..<50).map { AppStoreBuilder.Human(name: "Fighter \($0)", kind: $0 % 2 == 0 ? "hero" : "villain") }
    var generator = SeededGenerator(seed: 42)
    let results = ["win", "loss", "draw"]
    let villainMagic = (0..<20).map { #"{"type":"villain","version":1,"powerOfEvilGate":\#($0 % 10 + 1),"gateName":"Gate \#($0)"}"# }
    let heroMagic = (0..<20).map { #"{"type":"hero","version":1,"cooperationFormulaName":"Formula \#($0)","collaboratorName":"Ally \#($0 % 7)"}"# }
    // A thousand different dice throws, so that the writer archives each once.
    let throwsPool = (0..<1000).map { _ in (0..<Int.random(in: 1...6, using: &generator)).map { _ in Int.random(in: 1...100, using: &generator) } }
    builder.records = (0..<count).map { i in
        AppStoreBuilder.Record(
            owner: i % 50, date: 700_000_000 + Double(i) * 37.25, result: .text(results[Int.random(in: 0..<3, using: &generator)]),
            rolls: throwsPool[Int.random(in: 0..<1000, using: &generator)],
            magicJSON: i % 3 == 0 ? nil : (i % 50 % 2 == 0 ? heroMagic : villainMagic)[i % 20], duration: (Int64(Int.random(in: 1...1000, using: &generator)) * 600, 600))
    }
    let t0 = now()
    removeDatabase(args[2])
    try builder.write(to: args[2])
    say(String(format: "wrote %d records to %@ in %.1f s", count, args[2], now() - t0))
    exit(0)
}

// MARK: - The Core Data browser on a large app store

// battlelog-bench browse-app-store PATH: first frame, key p99 while paging and following
// relationships, peak memory (run it in a fresh process: the peak is the process's).
if args.count == 3 && args[1] == "browse-app-store" {
    let path = args[2]
    let t0 = now()
    let store = try CoreDataStore(path: path)
    let model = StoreBrowserModel(store: store, labels: .load("en"), storePath: path, rows: 40, columns: 120)
    let grid = CellGrid(rows: 40, columns: 120)
    StoreBrowserView.render(model, on: grid)
    let firstFrame = now() - t0
    say("first frame: \(ms(firstFrame))  (open, model cache, tree, first page, detail, drawn)")
    let tc = now()
    while model.tree.contains(where: { $0.entity.map { model.count(of: $0) == nil } ?? false }) && now() - tc < 60 { usleep(1000) }
    say("every entity counted (in the background) \(ms(now() - t0)) after the start")
    func timed(_ label: String, _ keys: [Key], repeat n: Int) {
        var samples: [Double] = []
        for _ in 0..<n {
            for k in keys {
                let t = now()
                model.handle(k)
                model.tick()
                StoreBrowserView.render(model, on: grid)
                samples.append(now() - t)
            }
        }
        say(String(format: "%@: %d keys, p50 %.3f ms, p99 %.3f ms, max %.3f ms", label, samples.count,
                   percentile(samples, 0.5) * 1000, percentile(samples, 0.99) * 1000, (samples.max() ?? 0) * 1000))
    }
    // To Record (the last entity), its objects.
    model.handle(.end); model.handle(.enter)
    timed("paging (j)", [.down], repeat: 3000)
    timed("paging (PgDn)", [.pageDown], repeat: 1000)
    timed("paging (PgUp)", [.pageUp], repeat: 1000)
    timed("End and Home", [.end, .home], repeat: 100)
    // Sort the records by a field: the first page, every key, keys while it sorts, Esc.
    func sortBy(_ text: String) {
        model.handle(.character("S")); model.handle(.control("u"))
        for c in text { model.handle(.character(c)) }
        let t = now()
        model.handle(.enter)
        var first: Double?
        var keys: [Double] = []
        var flip = false
        while model.isSorting && now() - t < 120 {
            model.tick()
            if first == nil, model.selectedObject != nil { first = now() - t }
            if first != nil {
                let k = now()
                model.handle(flip ? .up : .down); flip.toggle()
                model.tick()
                StoreBrowserView.render(model, on: grid)
                keys.append(now() - k)
            }
            usleep(5_000)
        }
        model.tick()
        if first == nil { first = now() - t }
        say(String(format: "sort by %@: first page %@, every key %@; j/k while sorting: %d keys, p99 %.3f ms", text, ms(first!), ms(now() - t),
                   keys.count, percentile(keys.isEmpty ? [0] : keys, 0.99) * 1000))
        timed("  paging the sorted list (j, PgDn)", [.down, .pageDown], repeat: 300)
        timed("  End and Home", [.end, .home], repeat: 50)
    }
    sortBy("date")
    sortBy("date:desc")
    sortBy("owner")
    // Esc while sorting: the sort given up.
    model.handle(.character("S")); model.handle(.control("u"))
    for c in "date" { model.handle(.character(c)) }
    model.handle(.enter)
    usleep(100_000)
    let te = now()
    model.handle(.escape)
    say("Esc while sorting: \(ms(now() - te)), sorting: \(model.isSorting)")
    sortBy("")
    // Follow owner from a record's detail and come back, again and again, a record further each time.
    model.handle(.enter)
    timed("follow owner, back, next record", [.end, .enter, .backspace, .backTab, .down, .tab], repeat: 300)
    // The owner, then its to-many records (20,000 of them): the list opens in pages.
    model.handle(.end); model.handle(.enter); model.handle(.tab); model.handle(.end)
    let tf = now()
    model.handle(.enter)
    say("open a to-many of 20,000: \(ms(now() - tf)), now at \(model.breadcrumb)")
    timed("in the owner's record list", [.down, .pageDown], repeat: 300)
    let t1 = now()
    while model.listCount == nil && now() - t1 < 60 { usleep(1000) }
    say("counts in the background: \(model.listCount.map(String.init) ?? "?") objects in \(ms(now() - t1)) after the last key")
    say(String(format: "peak memory: %.1f MB", peakRSSMegabytes()))
    model.stopBackgroundWork()
    exit(0)
}

// MARK: - The analysis view on a large log

// battlelog-bench analysis PATH: for each field of the analysis view, how long its first groups
// take to be on screen, and the keys' p99 while it counts (j/k moving in the view, drawn).
if args.count == 3 && args[1] == "analysis" {
    let path = args[2]
    let store = try BattleStore(path: path, readOnly: true)
    let model = try BrowserModel(store: store, labels: .load("en"), databasePath: path, rows: 40, columns: 120)
    let grid = CellGrid(rows: 40, columns: 120)
    model.handle(.character("t"))
    var keys: [Double] = [], arrivals: [Double] = [], after: [Double] = []
    for _ in model.analysisFieldNames {
        model.handle(.tab)
        let name = model.analysisFieldName ?? "?"
        let t0 = now()
        var i = 0
        while model.analysisGroups == nil && now() - t0 < 120 {
            let t = now()
            model.handle(i % 2 == 0 ? .down : .up)
            model.tick()
            BrowserView.render(model, on: grid)
            // The frame that takes the answer (sorts and draws the groups) is counted apart.
            (model.analysisGroups == nil ? { keys.append(now() - t) } : { arrivals.append(now() - t) })()
            i += 1
            usleep(20_000)
        }
        say(String(format: "%-22@ first groups on screen after %7.0f ms  (%d groups; that frame %.1f ms)", name as NSString,
                   (now() - t0) * 1000, model.analysisGroups?.count ?? -1, (arrivals.last ?? 0) * 1000))
        // Then moving through the groups on screen.
        for k in 0..<40 {
            let t = now()
            model.handle(k < 30 ? .down : .up)
            model.tick()
            BrowserView.render(model, on: grid)
            after.append(now() - t)
        }
    }
    say(String(format: "keys while counting: %d, p50 %.3f ms, p99 %.3f ms", keys.count, percentile(keys, 0.5) * 1000, percentile(keys, 0.99) * 1000))
    say(String(format: "the frame that shows the groups: p50 %.3f ms, max %.3f ms", percentile(arrivals, 0.5) * 1000, (arrivals.max() ?? 0) * 1000))
    say(String(format: "keys in the groups on screen: %d, p50 %.3f ms, p99 %.3f ms", after.count, percentile(after, 0.5) * 1000, percentile(after, 0.99) * 1000))
    model.stopBackgroundWork()
    exit(0)
}

// MARK: - Browser figures (run in a fresh process by the main benchmark)

// battlelog-bench filter-memory FILE FILTER: the browser (in this fresh process) filters FILE
// by FILTER and waits for every match; prints how many, how long, and the peak memory (the
// matches' ids are what grows with them).
if args.count >= 4 && args[1] == "filter-memory" {
    let path = args[2], text = args[3]
    let store = try BattleStore(path: path)
    let model = try BrowserModel(store: store, labels: .load("en"), databasePath: path, rows: 40, columns: 120)
    let before = peakRSSMegabytes()
    model.handle(.character("f"))
    text.forEach { model.handle(.character($0)) }
    let start = now()
    model.handle(.enter)
    while !(model.filterProgress?.finished ?? true) { usleep(1_000); model.tick() }
    let seconds = now() - start
    model.tick()
    say(String(format: "filter-memory: %@: %@ matches in %.2f s; peak memory %.1f MB (%.1f MB before the filter)", text as NSString,
               GroupedNumber.text(model.filterProgress?.count ?? 0) as NSString, seconds, peakRSSMegabytes(), before))
    model.stopBackgroundWork()
    exit(0)
}

if args.count >= 3 && args[1] == "browser" {
    let path = args[2]
    let t0 = now()
    let store = try BattleStore(path: path)
    let model = try BrowserModel(store: store, labels: .load("en"), databasePath: path, rows: 40, columns: 120)
    let grid = CellGrid(rows: 40, columns: 120)
    BrowserView.render(model, on: grid)
    let firstFrame = now() - t0
    say(String(format: "browser: first full frame %.1f ms (open store, roster, first page, draw 120x40)", firstFrame * 1000))

    /// `pause`: seconds between keys, not timed (a person's pace, which leaves background
    /// readers their time).
    func measure(_ name: String, _ rounds: Int, pause: Double = 0, setUp: () -> Void = {}, _ keys: [Key]) {
        var times: [Double] = [], cpu: [Double] = []
        for _ in 0..<rounds {
            setUp()
            for key in keys {
                let start = now(), startCPU = threadCPUTime()
                model.handle(key)
                BrowserView.render(model, on: grid)
                times.append(now() - start)
                cpu.append(threadCPUTime() - startCPU)
                if pause > 0 { usleep(useconds_t(pause * 1_000_000)) }
            }
        }
        say(String(format: "browser: %-28@ median %.3f ms  p99 %.3f ms  (n=%d; thread CPU p99 %.3f ms)", name as NSString,
                     percentile(times, 0.5) * 1000, percentile(times, 0.99) * 1000, times.count, percentile(cpu, 0.99) * 1000))
    }
    // The Human with the most records.
    let tallies = try store.tallies()
    let busiest = model.roster.humans.indices.max { (tallies[model.roster.humans[$0].id]?.total ?? 0) < (tallies[model.roster.humans[$1].id]?.total ?? 0) }!
    for _ in 0..<busiest { model.handle(.down) }
    model.handle(.tab)
    say("browser: Human \(model.selectedHuman!.name) with \(model.recordList.total) records")
    measure("move down (j)", 2000, [.down])
    measure("move up (k)", 2000, [.up])
    measure("page down (PgDn)", 500, [.pageDown])
    // On past the pages the keys above read: a page key every 50 ms, as a person presses it.
    measure("PgDn, a key per 50 ms", 200, pause: 0.05, [.pageDown])
    measure("page up (PgUp)", 500, [.pageUp])
    measure("jump to end (G) / start (g)", 100, [.character("G"), .character("g")])
    measure("switch Human (roster j/k)", 100, setUp: { model.handle(.escape) }, [.down, .up])
    model.handle(.tab)
    measure("open stats view (t, t)", 100, [.character("t"), .character("t")])
    measure("zoom and back (z, z)", 200, [.character("z"), .character("z")])
    measure("grow and shrink a pane (+, -)", 200, [.character("+"), .character("-")])
    // Go to a record anywhere: each key of ":", the id and Enter.
    let maxID = Int64(try store.recordCount())
    var goToGenerator = SeededGenerator(seed: 9)
    measure("go to a record (:ID Enter)", 200, setUp: {}, [.character(":")] + String(Int64.random(in: 1...maxID, using: &goToGenerator)).map { Key.character($0) } + [.enter])
    // In a long list the position follows the record from a background count: how long after
    // Enter the title shows it (the screen drawn when it does).
    var counted: [Double] = []
    for _ in 0..<50 {
        model.handle(.character(":"))
        String(Int64.random(in: 1...maxID, using: &goToGenerator)).forEach { model.handle(.character($0)) }
        let start = now()
        model.handle(.enter)
        while model.isCountingPosition { usleep(200); model.tick() }
        BrowserView.render(model, on: grid)
        counted.append(now() - start)
    }
    say(String(format: "browser: %-28@ median %.3f ms  p99 %.3f ms  (n=%d)", "go to: position counted" as NSString,
                 percentile(counted, 0.5) * 1000, percentile(counted, 0.99) * 1000, counted.count))
    // Search as you type in the records pane (a gate or formula of the log, then Esc back).
    model.handle(.tab)
    measure("search as you type in records (/ Abys Esc)", 100, [.character("/"), .character("A"), .character("b"), .character("y"), .character("s"), .escape])
    measure("search next (n) in records", 200, setUp: { model.handle(.character("/")); "Maw".forEach { model.handle(.character($0)) }; model.handle(.enter) }, [.character("n")])
    // The roster with the Human page: a large Human's page is read in the background.
    model.handle(.escape); model.handle(.escape)
    measure("roster with Human page (j, k)", 200, [.down, .up])
    measure("filter prompt: Tab completion (f gate=\"A Tab)", 100, setUp: { model.handle(.escape) },
            [.character("f")] + "gate = \"A".map { Key.character($0) } + [.tab, .escape])
    // A filter typed at the prompt: from Enter to its first page on screen (the matches are
    // found on the scanner's connection; the screen takes them at the next tick).
    // Twice: the first filter also opens the scanner's connection.
    for text in readmeFilters + readmeFilters {
        model.handle(.character("f"))
        model.handle(.control("u"))
        text.forEach { model.handle(.character($0)) }
        let start = now()
        model.handle(.enter)
        while model.filterProgress.map({ $0.count == 0 && !$0.finished }) ?? false { usleep(100) }
        model.tick()
        BrowserView.render(model, on: grid)
        let shown = now() - start
        say(String(format: "browser: filter %@: first page on screen %.1f ms (%@)", text as NSString, shown * 1000,
                   model.filterProgress.map { $0.count == 0 ? "no match" : "\($0.count)\($0.finished ? "" : "+") so far" }! as NSString))
    }
    say(String(format: "browser: memory %.1f MB resident now, %.1f MB peak", currentRSSMegabytes(), peakRSSMegabytes()))
    exit(0)
}

// MARK: - Store throughput against the C baseline

var fights = 1_000_000
var dir = NSTemporaryDirectory() + "battlelog-bench"
if let i = args.firstIndex(of: "--fights"), i + 1 < args.count, let n = Int(args[i + 1]) { fights = n }
if let i = args.firstIndex(of: "--dir"), i + 1 < args.count { dir = args[i + 1] }
try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
let oursPath = dir + "/ours.sqlite", cPath = dir + "/baseline.sqlite"
// --reuse: keep an existing ours.sqlite and skip the store comparison (for the read figures).
let reuse = args.contains("--reuse") && FileManager.default.fileExists(atPath: oursPath)
// --c-only: the C baseline alone, into the schema of the ours.sqlite already in --dir (which a
// `battlelog simulate` wrote); prints its time and stops (Scripts/bench-writes runs it).
let cOnly = args.contains("--c-only")
if !reuse {
    if !cOnly { removeDatabase(oursPath) }
    removeDatabase(cPath)
}
let batch = 10_000
let seed: UInt64 = 1

let roster = FightSimulator.roster(seed: seed, heroes: 12, villains: 12)
if !reuse {
say("battlelog-bench: \(fights) fights = \(fights * 2) records, batches of \(batch) fights, SQLite \(BattleStore.sqliteLibraryVersion)")

let tOurs0 = now()
// The rate of each million records, to see whether writing slows as the file grows.
var millionTimes: [Double] = []
if !cOnly {
    let store = try BattleStore(path: oursPath)
    var lastMark = tOurs0
    try SimulationRun(fights: fights, seed: seed, heroes: 12, villains: 12, batchSize: batch).run(on: store, progress: { p in
        if p.saved * 2 / 1_000_000 > millionTimes.count {
            let t = now()
            millionTimes.append(t - lastMark)
            lastMark = t
        }
    })
}
let tOurs = now() - tOurs0
if millionTimes.count >= 2 {
    let rates = millionTimes.map { 1_000_000 / $0 }
    say("ours, each million records: " + rates.map { String(format: "%.0f/s", $0) }.joined(separator: " "))
    say(String(format: "ours, the last million's rate / the first's = %.2f (goal: at least 0.80)", rates.last! / rates.first!))
}
let oursPeak = peakRSSMegabytes()
if !cOnly { say(String(format: "ours:     %.2f s  (%.0f records/s; simulate + encode + insert)  peak memory %.1f MB", tOurs, Double(fights * 2) / tOurs, oursPeak)) }

// The same rows, generated the same way, inserted through the raw C API. Only the insert is timed.
// Bound in this order: 13 integers, 3 reals, 12 texts, 1 blob (see `bl_baseline_insert`).
let baselineInsert = "INSERT INTO record(fight, owner_id, opponent_id, date, rolls_max, rolls_min, rolls_sum, rolls_count, "
    + "timeline_actions, timeline_crits, timeline_biggest_hit, using_magic_power, weapon_forged_at, "
    + "duration_seconds, timeline_first_hit, weapon_power, "
    + "result, duration, random_numbers, using_magic, timeline, using_magic_type, using_magic_gate, using_magic_formula, "
    + "using_magic_collaborator, weapon_name, weapon_rarity, weapon_enchantments, weapon) "
    + "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
/// Inserts the same rows as ours through the raw C API into `path`, built by `schema`: the
/// insert time and the time its rows took to generate (not counted).
func cBaseline(path: String, schema: String) -> (insert: Double, prepare: Double) {
    guard let c = bl_baseline_open(path, schema, baselineInsert) else { fatalError("baseline: cannot open \(path)") }
    for (i, h) in roster.enumerated() {
        let name = h.name.replacingOccurrences(of: "'", with: "''")
        _ = bl_baseline_exec(c, "INSERT INTO human(id, name, kind) VALUES (\(i + 1), '\(name)', '\(h.kindText)')")
    }
    let stored = roster.enumerated().map { Human(id: Int64($0.offset + 1), name: $0.element.name, kind: $0.element.kind ?? .hero) }
    var simulator = FightSimulator(seed: seed, heroes: stored.filter { $0.kind == HumanKind.hero }, villains: stored.filter { $0.kind == HumanKind.villain },
                                   startClock: FightSimulator.epochStart, firstFight: 1)
    let durationT = MediaTimeTransformer(), diceT = IntArrayTransformer(), magicT = MagicTransformer(), timelineT = TimelineTransformer()
    var tC = 0.0, tPrepare = 0.0
    var done = 0
    while done < fights {
        let n = min(batch, fights - done)
        let p0 = now()
        let drafts = simulator.nextBatch(n)
        var ints: [Int64] = [], reals: [Double] = []
        ints.reserveCapacity(drafts.count * 13)
        reals.reserveCapacity(drafts.count * 3)
        var strings: [UnsafeMutablePointer<CChar>?] = []
        strings.reserveCapacity(drafts.count * 12)
        var blobs: [UnsafeMutablePointer<UInt8>?] = [], blobLengths: [Int32] = []
        for d in drafts {
            let dice = d.randomNumbers ?? [], duration = d.duration ?? .invalid
            let timeline = d.values["timeline"] as? Timeline
            ints += [d.fight, d.ownerID, d.opponentID ?? 0, d.date,
                     Int64(dice.max() ?? 0), Int64(dice.min() ?? 0), Int64(dice.reduce(0, +)), Int64(dice.count),
                     timeline.map { Int64($0.actions.count) } ?? .min, timeline.map { Int64($0.crits) } ?? .min,
                     timeline.map { Int64($0.biggestHit) } ?? .min,
                     (d.usingMagic?.value as? VillainMagic).map { Int64($0.powerOfEvilGate) } ?? .min]
            let weapon = d.values["weapon"] as? Weapon
            ints.append(weapon.map { Int64($0.forgedAtSince1970.rounded(.down)) } ?? .min)
            reals += [duration.seconds, timeline?.firstHit?.time.seconds ?? .nan, weapon?.power ?? .nan]
            strings.append(strdup(d.result.rawValue))
            strings.append(strdup(durationT.storedForm(of: duration)))
            strings.append(strdup(diceT.storedForm(of: dice)))
            strings.append(d.usingMagic.map { strdup(magicT.storedForm(of: $0)) } ?? nil)
            strings.append(timeline.map { strdup(timelineT.storedForm(of: $0)) } ?? nil)
            let hero = d.usingMagic?.value as? HeroMagic, villain = d.usingMagic?.value as? VillainMagic
            strings.append(d.usingMagic.map { strdup($0.typeName) } ?? nil)
            strings.append(villain.map { strdup($0.gateName) } ?? nil)
            strings.append(hero.map { strdup($0.cooperationFormulaName) } ?? nil)
            strings.append(hero.map { strdup($0.collaboratorName) } ?? nil)
            strings.append(weapon.map { strdup($0.name) } ?? nil)
            strings.append(weapon.map { strdup($0.rarity.rawValue) } ?? nil)
            strings.append(weapon.map { strdup($0.enchantments.joined(separator: "\n")) } ?? nil)
            if let weapon {
                let archive = WeaponArchive.bytes(of: weapon)
                let copy = UnsafeMutablePointer<UInt8>.allocate(capacity: max(1, archive.count))
                copy.initialize(from: archive, count: archive.count)
                blobs.append(copy)
                blobLengths.append(Int32(archive.count))
            } else {
                blobs.append(nil)
                blobLengths.append(0)
            }
        }
        tPrepare += now() - p0
        let c0 = now()
        let rc = strings.withUnsafeBufferPointer { sp in
            sp.withMemoryRebound(to: UnsafePointer<CChar>?.self) { cp in
                blobs.withUnsafeBufferPointer { bp in
                    bp.withMemoryRebound(to: UnsafePointer<UInt8>?.self) { bcp in
                        bl_baseline_insert(c, Int32(drafts.count), ints, 13, reals, 3, cp.baseAddress, 12, bcp.baseAddress, blobLengths, 1)
                    }
                }
            }
        }
        tC += now() - c0
        precondition(rc == 0, "baseline insert failed")
        for s in strings { free(s) }
        for b in blobs { b?.deallocate() }
        done += n
    }
    bl_baseline_close(c)
    return (tC, tPrepare)
}
if args.contains("--no-baseline") {
    say("C API:    skipped (--no-baseline; the ratio is measured at 300,000 fights)")
} else {
// The same schema as ours, as the store made it (the migrations and the model's columns).
let oursSchema = try BattleStore(path: oursPath).schemaSQL()
let (tC, tPrepare) = cBaseline(path: cPath, schema: oursSchema)
say(String(format: "C API:    %.2f s  (%.0f records/s; insert only; generating its rows took another %.2f s, not counted)", tC, Double(fights * 2) / tC, tPrepare))
if cOnly { removeDatabase(cPath); exit(0) }
// The same rows into a lean schema: the same tables, only the four indexes every list needs
// (a Human's records, every record by date, the fights, the cascade).
let leanPath = dir + "/lean.sqlite"
removeDatabase(leanPath)
let lean = oursSchema.split(separator: "\n", omittingEmptySubsequences: false).filter { line in
    if line.hasPrefix("DROP INDEX ") { return false }
    guard line.hasPrefix("CREATE INDEX ") else { return true }
    return ["record_owner_date", "record_opponent", "record_fight", "record_date"].contains { line.hasPrefix("CREATE INDEX \($0) ") }
}.joined(separator: "\n")
let (tLean, _) = cBaseline(path: leanPath, schema: lean)
removeDatabase(leanPath)
say(String(format: "C lean:   %.2f s  (%.0f records/s; the four indexes every list needs, insert only)", tLean, Double(fights * 2) / tLean))
say(String(format: "ratio:    ours / C lean = %.2fx", tOurs / tLean))
say(String(format: "ratio:    ours / C = %.2fx  (goal: under 1.15x)", tOurs / tC))
say(String(format: "memory:   ours peaked at %.1f MB (goal: under 100 MB)", oursPeak))
}
}

// MARK: - list and show on the big database

let sink = Locked(0)
let quiet = Console(out: { text in sink.withLock { $0 += text.utf8.count } }, err: { text in sink.withLock { $0 += text.utf8.count } })
let owner = roster[0].name
func timeCommand(_ arguments: [String], rounds: Int) -> [Double] {
    (0..<rounds).map { _ in
        let t0 = now()
        let status = BattlelogCLI.run(["--db", oursPath] + arguments, console: quiet, environment: [:])
        precondition(status == 0, "\(arguments) failed")
        return now() - t0
    }
}
_ = try BattleStore(path: oursPath)  // migrate first (a reused database may be older): not timed
let listTimes = timeCommand(["list", "--owner", owner, "--limit", "50"], rounds: 50)
let showID = String(fights)  // a record in the middle of the table
let showTimes = timeCommand(["show", showID], rounds: 50)
say(String(format: "list --owner %@ --limit 50: median %@, p99 %@ (whole command: open, query, format)", owner, ms(percentile(listTimes, 0.5)), ms(percentile(listTimes, 0.99))))
say(String(format: "show %@: median %@, p99 %@", showID, ms(percentile(showTimes, 0.5)), ms(percentile(showTimes, 0.99))))
let statsTimes = timeCommand(["stats"], rounds: 20)
say(String(format: "stats: median %@, p99 %@ (whole command; goal: under 50 ms)", ms(percentile(statsTimes, 0.5)), ms(percentile(statsTimes, 0.99))))

// MARK: - Filters on the big database

do {
    let store = try BattleStore(path: oursPath)
    let total = try store.recordCount()
    say("filters on \(total) records (first page of 50, newest first; the first page in a fresh store, then the median of 7; the full count):")
    // The README's examples, then the slow filter of issue 12, then the indexed magic fields.
    for expression in readmeFilters + ["duration > 1:40 and rolls.max < 30",
                       "power >= 9", "power = 10", "magic = villain", "gate = \"Abyssal Maw\"", "collaborator ~ \"mira\"",
                       "rolls contains 100", "rolls.min > 95", "duration > 1:40",
                       // The weapon's paths (its archive's query columns) beside the magic's.
                       "weapon.rarity = legendary", "weapon.rarity = legendary and result = loss", "weapon.enchantments ~ frost"] {
        let fresh = try BattleStore(path: oursPath, readOnly: true)
        let filter = try FilterCompiler.compile(expression, roster: fresh.humans, columns: fresh.queryColumns)
        let t0 = now()
        var count = try fresh.page(RecordQuery(filter: filter), limit: 50).count
        let first = now() - t0
        var times: [Double] = []
        for _ in 0..<7 {
            let t0 = now()
            count = try fresh.page(RecordQuery(filter: filter), limit: 50).count
            times.append(now() - t0)
        }
        let c0 = now()
        let matches = try fresh.count(RecordQuery(filter: filter))
        let countTime = now() - c0
        let plan = try fresh.queryPlan(RecordQuery(filter: filter)).joined(separator: "; ")
        say(String(format: "  %-58@ %3d rows  first %@  median %@  count %@ in %@  (plan: %@)", expression as NSString, count,
                   ms(first), ms(percentile(times, 0.5)), GroupedNumber.text(matches), ms(countTime), plan))
    }
}

// MARK: - The browser, in a fresh process so that its memory is its own

let child = Process()
child.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
child.arguments = ["browser", oursPath]
try child.run()
child.waitUntilExit()
