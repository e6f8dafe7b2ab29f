import BattleLogKit
import BattleLogPresentation

/// `battlelog show ID`: one record with its magic box, dice and duration.
enum ShowCommand: Command {
    static let spec = CommandSpec(
        name: "show", summary: "Show one record.",
        options: [OptionSpec(.json, help: "the record as one JSON object (its timeline included)"),
                  OptionSpec(.timeline, help: "then the fight's actions, both sides merged in time order, with exact times")],
        positionals: ["ID"])

    static func run(_ a: ParsedArguments, globals: GlobalOptions, console: Console, environment: [String: String]) throws -> Int32 {
        let id = try recordID(a.positionals[0], spec: spec)
        let store = try openExistingStore(globals, console: console)
        let r = try store.record(id: id)
        if a.has(.json) {
            console.line(RecordJSON.encode(r))
            return ExitStatus.success
        }
        let labels = Labels.load(globals.language(environment: environment))
        for line in lines(r, labels: labels, width: console.columns) {
            console.line(line)
        }
        if a.has(.timeline) {
            console.line("")
            for line in try timelineLines(r, store: store, labels: labels, width: console.columns) { console.line(line) }
        }
        return ExitStatus.success
    }

    /// The fight of `r` as its two timelines tell it (escaped): a heading, then every action;
    /// or one line saying why there is none. On a terminal of `width` columns, as `lines` says.
    static func timelineLines(_ r: Record, store: BattleStore, labels: Labels, width: Int? = nil) throws -> [String] {
        switch try store.fight(of: r) {
        case .success(let (fight, other)): return timelineLines(r, fight: fight, other: other, labels: labels, width: width)
        case .failure(let why): return [why.text(labels)]
        }
    }

    /// The lines of a fight already read (`BattleStore.fight(of:)`). On a terminal of `width`
    /// columns the actions leave out their exact times when the rows would not fit with them
    /// (the clock reading stays), and a line still too long is cut with `…`; piped, all is whole.
    static func timelineLines(_ r: Record, fight: FightTimeline, other: Record, labels: Labels, width: Int? = nil) -> [String] {
        let names = [r.owner, other.owner].map { SafeText.escape(Record.nameText($0, labels)) }
        // The heading names the weapon each side struck with.
        let armed = names.indices.map { i in names[i] + (fight.sides[i].weapon.map { " (" + SafeText.escape($0) + ")" } ?? "") }
        let end = fight.end
        let heading = labels.fill("timeline.heading", r.fightText(labels), armed[0], armed[1], String(fight.actions.count),
                                  "\(end.clockDescription) {\(end.value)/\(end.timescale)}")
        func rows(exact: Bool) -> [String] {
            TimelineText.lines(fight, names: names, rolls: r.dice ?? [], labels: labels, exact: exact).map { "  " + $0 }
        }
        guard let width else { return [heading] + rows(exact: true) }
        var actions = rows(exact: true)
        if actions.contains(where: { DisplayWidth.of($0) > width }) { actions = rows(exact: false) }
        return ([heading] + actions).map { DisplayWidth.of($0) > width ? DisplayWidth.truncate($0, to: width) : $0 }
    }

    /// The text of `show` for one record (escaped): the plain fields, then each transformable
    /// attribute in model order, then the boxes and the damaged columns. On a terminal of
    /// `width` columns, the box fits it and a longer line is cut with `…`.
    static func lines(_ r: Record, labels: Labels, width: Int? = nil) -> [String] {
        var out: [String] = []
        out.append(labels.fill("showRecord", String(r.id), r.fightText(labels)))
        out.append("  \(labels["owner"]): \(r.humanLine("owner", r.owner, labels))")
        if let opponent = r.opponent {
            out.append("  \(labels["opponent"]): \(r.humanLine("opponent", opponent, labels))")
        } else {
            out.append("  \(labels["opponent"]): \(Record.noOpponent)")
        }
        out.append("  \(labels["date"]): \(r.dateLine(labels))")
        out.append("  \(labels["result"]): \(r.resultLine(labels))")
        // Each transformable attribute in model order, through its value type's presenter (the
        // one table the browser uses too): a line after its label, or a box under the lines.
        var boxes: [String] = []
        for (i, attribute) in r.schema.attributes.enumerated() {
            let presenter = ValuePresenters.presenter(of: r.schema, at: i)
            let stored = r.transformables[i]
            if let box = presenter.box {
                boxes += [""] + MagicBox.plain(box(stored, labels, width, 3))
                continue
            }
            let text = presenter.line(stored, labels: labels).map(\.text).joined(separator: "  ")
            out.append("  \(labels[attribute.labelKey]): \(text)")
        }
        for line in boxes { out.append(line) }
        for err in r.columnErrorsWithoutALine { out.append("  " + ValuePresenter.damagedColumn(err, labels: labels)) }
        guard let width else { return out }
        return out.map { DisplayWidth.of($0) > width ? DisplayWidth.truncate($0, to: width) : $0 }
    }

    static func recordID(_ text: String, spec: CommandSpec) throws(UsageError) -> Int64 {
        guard let id = Int64(text), id > 0 else {
            throw UsageError(.key("cli.recordID", SafeText.escape(text)), usage: spec.usage)
        }
        return id
    }
}
