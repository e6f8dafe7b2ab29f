import SQLiteDB

/// The group summaries' rows of one batch, gathered as the writer writes it, from the very
/// values it binds: the plain columns, each magic's envelope fields and the derived values. No
/// record is read back: on the writer's thread that reading (the magic's JSON above all) cost a
/// fifth of simulate's time.
///
/// Each record's keys are the ones the grouping query reads from the row (`GroupSummaries.cell`
/// over the same value and status); `GroupSummaryTests` checks the two ways against each other
/// on every field. A value carried as it was (raw, damaged) is SQL's to read: a batch with one is
/// not exact, and its summaries are read back from its rows instead.
struct GroupSummaryDelta: Sendable {
    /// The summaries' names (`GroupSummaries.fields`), and their figures by stored key.
    let names: [String]
    private(set) var cells: [[GroupSummaries.Cell: GroupFigures]]
    private(set) var records = 0
    /// False once a record carried a raw value.
    private(set) var isExact = true
    private let plan: Plan

    /// Where each summary's value comes from.
    private enum Source: Sendable {
        case owner, opponent, result, magic, date
        case magicField(type: String, name: String, valueType: MagicFilterField.ValueType)
        /// The derived value `derived` of attribute `attribute`.
        case number(attribute: Int, derived: Int, required: Bool)
        /// A path the model has no derivation for: NULL, as the grouping query reads it.
        case none
    }

    private struct Plan: Sendable {
        var attributeCount = 0
        /// Each summary's finest grouping (how `GroupSummaries.cell` keys it) and its source.
        var fields: [GroupField] = []
        var sources: [Source] = []
        var magicAt: Int?
        var durationAt: (attribute: Int, derived: Int)?
    }

    init(attributes: [ResolvedAttribute]) {
        var plan = Plan()
        plan.attributeCount = attributes.count
        plan.magicAt = attributes.firstIndex { $0.attribute.labelKey == "magic" && $0.attribute.valueClassName == "Magic" }
        var derivedAt: [String: (attribute: Int, derived: Int, required: Bool)] = [:]
        for (i, a) in attributes.enumerated() {
            for (k, d) in a.derived.enumerated() { derivedAt[d.column.path] = (i, k, !a.isOptional) }
        }
        plan.durationAt = FilterField.duration.derivedPath.flatMap { derivedAt[$0] }.map { ($0.attribute, $0.derived) }
        let fields = GroupSummaries.fields(paths: derivedAt.keys.sorted())
        names = fields.map(\.name)
        plan.fields = fields.map(\.field)
        for field in plan.fields {
            switch field {
            case .owner, .kind: plan.sources.append(.owner)
            case .opponent: plan.sources.append(.opponent)
            case .result: plan.sources.append(.result)
            case .magic: plan.sources.append(plan.magicAt == nil ? .none : .magic)
            case .date: plan.sources.append(.date)
            case .magicField(let type, let name):
                let spec = FilterField.magicSpec(type: type, name: name)
                plan.sources.append(spec.map { .magicField(type: type, name: name, valueType: $0.type) } ?? .none)
            case .number(let path, _):
                plan.sources.append(derivedAt[path].map { .number(attribute: $0.attribute, derived: $0.derived, required: $0.required) } ?? .none)
            }
        }
        self.plan = plan
        cells = Array(repeating: [:], count: plan.sources.count)
    }

    /// One attribute's input as the writer binds it: the value with its derived values, none,
    /// or a stored form carried raw.
    enum Input {
        case value(any Sendable, derived: ArraySlice<SQLiteValue>)
        case absent
        case raw
    }

    /// Adds one record.
    mutating func add(owner: Int64, opponent: Int64?, date: SQLiteValue, result: FightResult, _ input: (Int) -> Input) {
        records += 1
        guard isExact else { return }
        // Each attribute's input read once (several summaries read the same attribute's numbers).
        let inputs = (0..<plan.attributeCount).map(input)
        var duration: Double?
        if let at = plan.durationAt, case .value(_, let derived) = inputs[at.attribute] {
            switch derived[derived.startIndex + at.derived] {
            case .integer(let i): duration = Double(i)
            case .real(let d): duration = d
            default: break
            }
        }
        let one = GroupFigures.oneRecord(result: result, duration: duration)
        var magic: Magic?
        if let at = plan.magicAt {
            switch inputs[at] {
            case .value(let v, _): magic = v as? Magic
            case .absent: break
            case .raw: isExact = false; return
            }
        }
        // The magic's fields, read once for all the summaries of its fields.
        let magicType = magic?.typeName
        let magicFields = magic?.value.storedFields
        for (s, source) in plan.sources.enumerated() {
            let value: SQLiteValue, status: GroupStatus?
            switch source {
            case .owner: value = .integer(owner); status = nil
            case .opponent: value = opponent.map(SQLiteValue.integer) ?? .null; status = opponent == nil ? .absent : nil
            case .result: value = .text(result.rawValue); status = nil
            case .date:
                value = date
                if case .integer = date { status = nil } else { status = .damaged }
            case .magic:
                value = magicType.map { .text($0) } ?? .null; status = magic == nil ? .absent : nil
            case .magicField(let type, let name, let valueType):
                let field = magicType == type ? magicFields?.first { $0.key == name }?.value : nil
                switch (field, valueType) {
                case (.string(let t)?, .text): value = .text(t)
                case (.integer(let i)?, .integer): value = .integer(i)
                default: value = .null
                }
                status = value == .null ? .absent : nil
            case .number(let attribute, let k, let required):
                switch inputs[attribute] {
                case .value(_, let derived):
                    // A value the number does not apply to (no hit, no first hit) has none.
                    value = derived[derived.startIndex + k]; status = value == .null ? .absent : nil
                case .absent: value = .null; status = required ? .damaged : .absent
                case .raw: isExact = false; return
                }
            case .none: value = .null; status = .absent
            }
            cells[s][GroupSummaries.cell(plan.fields[s], value: value, status: status), default: GroupFigures()].add(one)
        }
    }

    /// The same summaries with nothing gathered yet.
    func emptied() -> GroupSummaryDelta {
        var empty = self
        empty.cells = Array(repeating: [:], count: cells.count)
        empty.records = 0
        empty.isExact = true
        return empty
    }

    mutating func merge(_ other: GroupSummaryDelta) {
        records += other.records
        isExact = isExact && other.isExact
        guard isExact else { return }
        for s in cells.indices { cells[s].addFigures(of: other.cells[s]) }
    }
}
