import BattleLogFoundation
import BattleLogKit
import BattleLogPresentation
import Foundation

/// `battlelog stats`: per Human results and win rate, totals, magic usage, dice distribution.
enum StatsCommand: Command {
    static let spec = CommandSpec(
        name: "stats", summary: "Wins, losses, draws and win rate per Human; magic usage; dice; or grouped by any field.",
        options: [OptionSpec(.json, help: "one JSON object"),
                  OptionSpec(.by, value: "FIELD", help: "one row per group of FIELD (or a table of two: --by gate,result): owner, opponent, kind, result, magic, gate, formula, collaborator, power, date:day|week|month, duration:30s, rolls.max:10, a model's query path"),
                  OptionSpec(.where, value: "EXPR", help: "with --by: only records matching a filter expression"),
                  OptionSpec(.sort, value: "count|value|winrate|duration", help: "with --by: the order of the groups (default: value for dates and numbers, else count)"),
                  OptionSpec(.vs, values: ["A", "B"], help: "head to head: the fights of Humans A and B against each other (A's side)")],
        positionals: [])

    static func run(_ a: ParsedArguments, globals: GlobalOptions, console: Console, environment: [String: String]) throws -> Int32 {
        if a.value(.by) == nil, let stray = [OptionKey.where, .sort].first(where: { a.value($0) != nil }) {
            throw UsageError(.key("cli.goesWithBy", "--" + stray.rawValue), usage: spec.usage)
        }
        let order = try a.choice(.sort, as: GroupOrder.self, spec: spec)
        if a.valueLists[.vs] != nil && a.value(.by) != nil { throw UsageError(.key("cli.vsOrBy"), usage: spec.usage) }
        let store = try openExistingStore(globals, console: console)
        if let names = a.valueLists[.vs] {
            return try headToHead(names, a, store: store, globals: globals, console: console, environment: environment)
        }
        if let by = a.value(.by) {
            return try grouped(by: by, order: order, a, store: store, globals: globals, console: console, environment: environment)
        }
        let stats = try BattleStats.fromSummaries(store)
        if a.has(.json) {
            console.line(json(stats, diceUniformity: try store.diceUniformity(recordDice: stats.dice, records: stats.records)))
            return ExitStatus.success
        }
        let labels = Labels.load(globals.language(environment: environment))
        // Piped, every name is whole; on a terminal cut at 30 columns, or to what the figures leave.
        let widest = max(5, stats.humans.map { DisplayWidth.of(SafeText.escape($0.human.name)) }.max() ?? 5)
        let kindWidth = max(7, stats.humans.map { DisplayWidth.of(labels.kind($0.human.kind)) + 1 }.max() ?? 7)
        let figures = 2 + kindWidth + 6 + 2 + 6 + 2 + 6 + 2 + 8
        let nameWidth = console.columns.map { min(widest, max(8, min(30, $0 - figures))) } ?? widest
        func right(_ key: String, _ width: Int) -> String { DisplayWidth.pad(labels[key], to: width, alignRight: true) }
        console.line(DisplayWidth.pad(labels["col.human"], to: nameWidth) + "  " + DisplayWidth.pad(labels["col.kind"], to: kindWidth)
                     + right("col.wins", 6) + "  " + right("col.losses", 6) + "  " + right("col.draws", 6) + "  " + right("col.winRate", 8))
        for line in stats.humans {
            let t = line.tally
            console.line(DisplayWidth.pad(DisplayWidth.truncate(SafeText.escape(line.human.name), to: nameWidth), to: nameWidth) + "  "
                         + DisplayWidth.pad(labels.kind(line.human.kind), to: kindWidth)
                         + String(format: "%6d  %6d  %6d  %7.1f%%", t.wins, t.losses, t.draws, t.winRate * 100))
        }
        console.line("")
        console.line(labels.fill("statsTotals", String(stats.records), String(stats.fights)))
        for (type, title) in [("hero", labels["statsFormulas"]), ("villain", labels["statsGates"])] {
            console.line("")
            console.line(title)
            for u in stats.usage(ofType: type) {
                console.line("  " + DisplayWidth.pad(SafeText.escape(u.name), to: 24) + String(format: "%8d", u.uses))
            }
        }
        console.line("")
        console.paragraph(labels["statsDice"])
        for decade in 0..<10 {
            let lo = decade * 10 + 1, hi = decade * 10 + 10
            let n = (lo...hi).map { stats.dice[$0] ?? 0 }.saturatingSum()
            console.line(String(format: "  %3d-%-3d %10d", lo, hi, n))
        }
        if let chi = try store.diceUniformity(recordDice: stats.dice, records: stats.records) {
            console.paragraph(labels.fill("statsDiceChi", String(format: "%.1f", chi.statistic), String(chi.degreesOfFreedom),
                                     String(format: "%.3g", chi.pValue),
                                     labels[!chi.isReliable ? "diceTooFew" : chi.pValue < 0.01 ? "diceUneven" : "diceEven"]))
        }
        return ExitStatus.success
    }

    /// `stats --by FIELD [--where EXPR] [--sort ORDER] [--json]`.
    static func grouped(by text: String, order asked: GroupOrder?, _ a: ParsedArguments, store: BattleStore, globals: GlobalOptions,
                        console: Console, environment: [String: String]) throws -> Int32 {
        let labels = Labels.load(globals.language(environment: environment))
        let names = text.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        guard (1...2).contains(names.count) else { throw UsageError(.key("cli.byOneOrTwo"), usage: spec.usage) }
        var fields: [GroupField] = []
        for name in names {
            do { fields.append(try GroupField.parse(name, extraPaths: store.queryColumns.extraPaths, kinds: store.queryColumns.extraPathKinds)) }
            catch { throw UsageError(.localized { "--by: " + error.text($0) }, usage: spec.usage) }
        }
        if fields.count == 2 && fields[0] == fields[1] { throw UsageError(.key("cli.byTwoDifferent"), usage: spec.usage) }
        let filter = try a.filter(.where, store: store, labels: labels)
        // Unasked, the first field's natural order (a date or a number ascending, else by count).
        let order = asked ?? .natural(for: fields[0])
        if fields.count == 2 {
            let pairs = try store.pairCounts(by: fields[0], fields[1], where: filter)
            let records = pairs.map(\.figures.count).saturatingSum()
            if a.has(.json) {
                console.line(pairsJSON(pairs, fields: fields, by: text, filter: a.value(.where), order: order, records: records, labels: labels))
                return ExitStatus.success
            }
            // The corner names the axes: the first field down, the second across.
            let corner = SafeText.escape(names[0].trimmingCharacters(in: .whitespaces)) + " ↓ " + SafeText.escape(names[1].trimmingCharacters(in: .whitespaces)) + " →"
            for line in PairTable.lines(pairs, first: fields[0], second: fields[1], order: order, labels: labels, width: console.columns ?? 100, corner: corner) {
                console.line(line)
            }
            console.line("")
            console.line(Self.summary(records: records, groups: pairs.count, labels: labels))
            return ExitStatus.success
        }
        let field = fields[0]
        let groups = order.sorted(try store.groupCounts(by: field, where: filter))
        let records = groups.map(\.count).saturatingSum()
        if a.has(.json) {
            console.line(groupsJSON(groups, field: field, by: text, filter: a.value(.where), records: records, labels: labels))
            return ExitStatus.success
        }
        for line in GroupTable.lines(groups, field: field, labels: labels, width: console.columns ?? 100, wholeNames: console.columns == nil) { console.line(line) }
        console.line("")
        console.line(Self.summary(records: records, groups: groups.count, labels: labels))
        return ExitStatus.success
    }

    /// The groups as one JSON object: the field, the filter, the records counted, and each group
    /// with its value (`null` with `"absent": true` or `"damaged": true` for those groups; a
    /// bucket's `from` and `to`), count, wins, losses, draws, win rate and mean duration in seconds.
    static func groupsJSON(_ groups: [GroupCount], field: GroupField, by: String, filter: String?, records: Int, labels: Labels) -> String {
        var w = JSONWriter(terminalSafe: true)
        w.beginObject()
        w.key("by", first: true); w.writeString(by)
        w.key("where"); if let filter { w.writeString(filter) } else { w.writeRaw("null") }
        w.key("records"); w.writeInteger(records)
        w.key("groups"); w.beginArray()
        // Hundreds of thousands of groups (a fraction's exact values) are written on both cores.
        let parts = ParallelRanges.map(groups.count) { range in
            var part = JSONWriter(capacity: 160 * range.count, terminalSafe: true)
            for i in range {
                if i > 0 { part.comma() }
                part.beginObject()
                writeKey(groups[i].key, field: field, labels: labels, into: &part, first: true)
                writeFigures(groups[i], into: &part)
                part.endObject()
            }
            return part.bytes
        }
        for part in parts { w.writeRawBytes(part) }
        w.endArray()
        w.endObject()
        return w.text
    }

    /// `stats --vs A B [--json]`.
    static func headToHead(_ names: [String], _ a: ParsedArguments, store: BattleStore, globals: GlobalOptions,
                           console: Console, environment: [String: String]) throws -> Int32 {
        let labels = Labels.load(globals.language(environment: environment))
        let humans = try names.map { name in
            guard let h = store.human(named: name) else { throw CommandFailure(.verbatim(StoreError.noSuchHuman(MessageText.cut(name)).text(labels))) }
            return h
        }
        guard humans[0].id != humans[1].id else { throw UsageError(.key("vs.same"), usage: spec.usage) }
        let h2h = try store.headToHead(humans[0], humans[1])
        if a.has(.json) {
            console.line(headToHeadJSON(h2h))
            return ExitStatus.success
        }
        let e = SafeText.escape
        let (first, second) = (e(h2h.first.name), e(h2h.second.name))
        let t = h2h.tally
        guard t.count > 0 else {
            console.paragraph(labels.fill("vs.none", first, second))
            return ExitStatus.success
        }
        console.paragraph(labels.fill("vs.heading", first, labels.kind(h2h.first.kind), second, labels.kind(h2h.second.kind), GroupedNumber.text(t.count)))
        console.paragraph(labels.fill("vs.tally", first, GroupedNumber.text(t.wins), GroupedNumber.text(t.losses), GroupedNumber.text(t.draws),
                                      String(format: "%.1f%%", t.winRate * 100)), indent: "  ")
        console.line("")
        console.paragraph(labels.fill("vs.byMonth", first))
        for line in GroupTable.lines(h2h.byMonth, field: .date(.month), labels: labels, width: (console.columns ?? 102) - 2, wholeNames: console.columns == nil) { console.line("  " + line) }
        for (who, against, groups, owner) in [(first, second, h2h.firstMagic, h2h.first), (second, first, h2h.secondMagic, h2h.second)] {
            console.line("")
            console.paragraph(labels.fill("vs.magic", who, against))
            let field = HeadToHead.magicField(of: owner) ?? .magic
            for line in GroupTable.lines(groups, field: field, labels: labels, width: (console.columns ?? 102) - 2, wholeNames: console.columns == nil) { console.line("  " + line) }
        }
        console.line("")
        console.line(labels["vs.recent"])
        // Aligned: the fight ids, the results and the durations each as wide as their widest.
        let fights = h2h.recent.map { $0.fightText(labels) }, results = h2h.recent.map { r in r.result.map { labels[$0.rawValue] } ?? ValuePresenter.damagedCell(labels) }
        let times = h2h.recent.map { $0.fightDuration?.clockDescription ?? ValuePresenter.damagedCell(labels) }
        func pad(_ list: [String], right: Bool = false) -> [String] {
            let w = list.map(DisplayWidth.of).max() ?? 0
            return list.map { DisplayWidth.pad($0, to: w, alignRight: right) }
        }
        let dates = pad(h2h.recent.map { r in r.date == nil ? r.dateText(labels) : String(r.isoDate.prefix(16)).replacingOccurrences(of: "T", with: " ") })
        for (i, (f, (result, time))) in zip(pad(fights, right: true), zip(pad(results), pad(times, right: true))).enumerated() {
            console.line("  " + labels.fill("vs.fight", f, dates[i], result, time, String(h2h.recent[i].id)))
        }
        return ExitStatus.success
    }

    /// `stats --vs A B --json`: both Humans, the tally from A's side, A's months, each side's
    /// magic, and the newest fights.
    static func headToHeadJSON(_ h: HeadToHead) -> String {
        var w = JSONWriter(terminalSafe: true)
        func human(_ x: Human) {
            w.beginObject()
            w.key("id", first: true); w.writeInteger(x.id)
            w.key("name"); w.writeString(x.name)
            w.key("kind"); w.writeString(x.kindText)
            w.endObject()
        }
        func groups(_ list: [GroupCount]) {
            w.beginArray()
            for (i, g) in list.enumerated() {
                if i > 0 { w.comma() }
                w.beginObject()
                w.key("value", first: true)
                if case .text(let t) = g.key { w.writeString(t) } else { w.writeRaw("null") }
                writeFigures(g, into: &w)
                w.endObject()
            }
            w.endArray()
        }
        w.beginObject()
        w.key("first", first: true); human(h.first)
        w.key("second"); human(h.second)
        w.key("fights"); w.writeInteger(h.tally.count)
        writeFigures(h.tally, into: &w)
        w.key("byMonth"); groups(h.byMonth)
        w.key("firstMagic"); groups(h.firstMagic)
        w.key("secondMagic"); groups(h.secondMagic)
        w.key("recent"); w.beginArray()
        for (i, r) in h.recent.enumerated() {
            if i > 0 { w.comma() }
            w.beginObject()
            w.key("id", first: true); w.writeInteger(r.id)
            w.key("fight"); if let f = r.fight { w.writeInteger(f) } else { w.writeRaw("null") }
            w.key("date"); if r.date != nil { w.writeString(r.isoDate) } else { w.writeNull() }
            w.key("result"); if let x = r.result { w.writeString(x.rawValue) } else { w.writeRaw("null") }
            w.key("duration"); if let d = r.fightDuration { d.writeJSON(into: &w) } else { w.writeNull() }
            w.endObject()
        }
        w.endArray()
        w.endObject()
        return w.text
    }

    /// A group's value in JSON: the fields `value` (null for absent and damaged groups; a
    /// bucket's start), `from`/`to`, `id`, `absent`/`damaged` and `label`.
    static func writeKey(_ key: GroupCount.Key, field: GroupField, labels: Labels, into w: inout JSONWriter, first: Bool) {
        // A span of time (`duration`, `timeline.firstHit`) is the duration object of every output.
        let isTime = if case .number(let path, _) = field { GroupTable.isTime(path) } else { false }
        func writeNumber(_ n: Double, exact: Bool = false) {
            // An exact value to the nanosecond (two firstHit values 0.3 ms apart stay two), a
            // bucket's bounds to the millisecond.
            if isTime { MediaTime.jsonSeconds(n, timescale: exact ? 1_000_000_000 : 1000).writeJSON(into: &w) }
            else { w.writeRaw(GroupTable.jsonNumber(n)) }
        }
        w.key("value", first: first)
        switch key {
        case .text(let t): w.writeString(t)
        case .human(let h): w.writeString(h.name)
        case .number(let n): writeNumber(n, exact: true)
        case .bucket(let from, _): writeNumber(from)
        case .absent, .damaged: w.writeRaw("null")
        }
        if case .bucket(let from, let to) = key {
            w.key("from"); writeNumber(from)
            w.key("to"); writeNumber(to)
        }
        if case .human(let h) = key { w.key("id"); w.writeInteger(h.id) }
        if key == .absent { w.key("absent"); w.writeRaw("true") }
        if key == .damaged { w.key("damaged"); w.writeRaw("true") }
        w.key("label"); w.writeString(GroupTable.label(key, field: field, labels: labels))
    }

    /// A group's figures in JSON.
    static func writeFigures(_ g: GroupCount, into w: inout JSONWriter) {
        w.key("count"); w.writeInteger(g.count)
        w.key("wins"); w.writeInteger(g.wins)
        w.key("losses"); w.writeInteger(g.losses)
        w.key("draws"); w.writeInteger(g.draws)
        w.key("winRate"); w.writeRaw(PrintfNumber.fixed(g.winRate, places: 4))
        w.key("meanDuration"); if let mean = g.meanDuration { MediaTime.jsonSeconds(mean).writeJSON(into: &w) } else { w.writeNull() }
    }

    /// `--by A,B` as JSON: the rows' and columns' values in order, and each cell that has
    /// records, by its row's and column's index, with its figures.
    static func pairsJSON(_ pairs: [PairCount], fields: [GroupField], by: String, filter: String?, order: GroupOrder,
                          records: Int, labels: Labels) -> String {
        let (rows, columns) = PairTable.axes(pairs, order: order)
        var w = JSONWriter(terminalSafe: true)
        w.beginObject()
        w.key("by", first: true); w.writeString(by)
        w.key("where"); if let filter { w.writeString(filter) } else { w.writeRaw("null") }
        w.key("records"); w.writeInteger(records)
        for (name, keys, field) in [("rows", rows, fields[0]), ("columns", columns, fields[1])] {
            w.key(name); w.beginArray()
            for (i, k) in keys.enumerated() {
                if i > 0 { w.comma() }
                w.beginObject(); writeKey(k, field: field, labels: labels, into: &w, first: true); w.endObject()
            }
            w.endArray()
        }
        let rowIndex = Dictionary(uniqueKeysWithValues: rows.enumerated().map { ($1, $0) })
        let columnIndex = Dictionary(uniqueKeysWithValues: columns.enumerated().map { ($1, $0) })
        w.key("cells"); w.beginArray()
        // Each cell's place looked up once, not at every comparison of the sort.
        let sorted = pairs.map { (row: rowIndex[$0.row]!, column: columnIndex[$0.column]!, pair: $0) }
            .sorted { ($0.row, $0.column) < ($1.row, $1.column) }
        for (i, (row, column, p)) in sorted.enumerated() {
            if i > 0 { w.comma() }
            w.beginObject()
            w.key("row", first: true); w.writeInteger(row)
            w.key("column"); w.writeInteger(column)
            writeFigures(p.figures, into: &w)
            w.endObject()
        }
        w.endArray()
        w.endObject()
        return w.text
    }

    static func json(_ s: BattleStats, diceUniformity: ChiSquare?) -> String {
        var w = JSONWriter(terminalSafe: true)
        w.beginObject()
        w.key("records", first: true); w.writeInteger(s.records)
        w.key("fights"); w.writeInteger(s.fights)
        w.key("humans"); w.beginArray()
        for (i, h) in s.humans.enumerated() {
            if i > 0 { w.comma() }
            w.beginObject()
            w.key("id", first: true); w.writeInteger(h.human.id)
            w.key("name"); w.writeString(h.human.name)
            w.key("kind"); w.writeString(h.human.kindText)
            w.key("wins"); w.writeInteger(h.tally.wins)
            w.key("losses"); w.writeInteger(h.tally.losses)
            w.key("draws"); w.writeInteger(h.tally.draws)
            w.key("winRate"); w.writeRaw(PrintfNumber.fixed(h.tally.winRate, places: 4))
            w.endObject()
        }
        w.endArray()
        w.key("magic"); w.beginArray()
        for (i, u) in s.magicUsage.enumerated() {
            if i > 0 { w.comma() }
            w.beginObject()
            w.key("type", first: true); w.writeString(u.type)
            w.key("name"); w.writeString(u.name)
            w.key("uses"); w.writeInteger(u.uses)
            w.endObject()
        }
        w.endArray()
        w.key("diceUniformity")
        if let chi = diceUniformity {
            w.beginObject()
            w.key("chiSquare", first: true); w.writeRaw(String(format: "%.4f", chi.statistic))
            w.key("degreesOfFreedom"); w.writeInteger(chi.degreesOfFreedom)
            w.key("pValue"); w.writeRaw(String(format: "%.6g", chi.pValue))
            w.key("expectedPerFace"); w.writeRaw(String(format: "%.4g", chi.expectedPerCategory))
            w.key("reliable"); w.writeBool(chi.isReliable)
            w.endObject()
        } else {
            w.writeRaw("null")
        }
        w.key("dice"); w.beginArray()
        for (i, face) in s.dice.keys.sorted().enumerated() {
            if i > 0 { w.comma() }
            w.beginObject()
            w.key("face", first: true); w.writeInteger(face)
            w.key("count"); w.writeInteger(s.dice[face]!)
            w.endObject()
        }
        w.endArray()
        w.endObject()
        return w.text
    }

    /// `1 record in 1 group`, `4,000 records in 2 groups`.
    static func summary(records: Int, groups: Int, labels: Labels) -> String {
        labels.fill("statsBy.summary",
                    labels.fill(records == 1 ? "statsBy.record" : "statsBy.records", GroupedNumber.text(records)),
                    labels.fill(groups == 1 ? "statsBy.group" : "statsBy.groups", GroupedNumber.text(groups)))
    }
}
