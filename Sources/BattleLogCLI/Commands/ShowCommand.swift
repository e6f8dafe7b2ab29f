import BattleLogKit

/// `battlelog show ID`: one record with its magic box, dice and duration.
enum ShowCommand: Command {
    static let spec = CommandSpec(
        name: "show", summary: "Show one record.",
        options: [OptionSpec(.json, help: "the record as one JSON object")],
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
        let e = SafeText.escape
        console.line(labels.fill("showRecord", String(r.id), r.fightText))
        console.line("  \(labels["owner"]): \(e(r.owner.name)) (\(labels.kind(r.owner.kind)))")
        if let opponent = r.opponent {
            console.line("  \(labels["opponent"]): \(e(opponent.name)) (\(labels.kind(opponent.kind)))")
        } else {
            console.line("  \(labels["opponent"]): \(Record.noOpponent)")
        }
        console.line("  \(labels["date"]): \(r.isoDate)")
        console.line("  \(labels["result"]): \(r.result.map { labels[$0.rawValue] } ?? labels["damaged"])")
        // Each transformable attribute in model order: its value type's presentation when one is
        // registered (`RecordText.presenters`), else a line from its transformer's description.
        var boxes: [String] = []
        for (i, attribute) in r.schema.attributes.enumerated() {
            let label = labels[attribute.labelKey]
            let stored = r.transformables[i]
            if let present = RecordText.presenters[attribute.valueClassName] {
                switch present(stored, r, labels) {
                case .line(let text): console.line("  \(label): \(text)")
                case .box(let lines): boxes += [""] + lines
                }
                continue
            }
            switch stored.decoded {
            case .success(let value?): console.line("  \(label): \(e(r.schema.transformer(at: i).describe(value)))")
            case .success(nil): console.line("  \(label): -")
            case .failure(let err): console.line("  \(label): DAMAGED (\(e(err.reason.description)))")
            }
        }
        for line in boxes { console.line(line) }
        for err in r.columnErrors { console.line("! \(err.attribute): \(e(err.reason.description))") }
        return ExitStatus.success
    }

    static func recordID(_ text: String, spec: CommandSpec) throws(UsageError) -> Int64 {
        guard let id = Int64(text), id > 0 else {
            throw UsageError("ID must be a positive record id, got \"\(SafeText.escape(text))\"", usage: spec.usage)
        }
        return id
    }
}
