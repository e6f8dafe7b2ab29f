/// A parsed filter expression.
public indirect enum FilterExpression: Sendable, Equatable {
    case and(FilterExpression, FilterExpression)
    case or(FilterExpression, FilterExpression)
    case not(FilterExpression)
    case comparison(FilterField, FilterOperator, FilterValue)
    /// `rolls contains N`
    case rollsContain(Int64)
}

/// A comparison in a filter expression; `~` is "contains", case-insensitive.
public enum FilterOperator: String, Sendable, CaseIterable {
    case equal = "=", notEqual = "!=", less = "<", lessOrEqual = "<=", greater = ">", greaterOrEqual = ">=", contains = "~"
}

/// The right-hand side of a comparison: quoted or bare text, or a number (durations in seconds).
public enum FilterValue: Sendable, Equatable {
    case text(String)
    case number(Double)
}

/// What a comparison tests.
public enum FilterField: Sendable, Equatable {
    case owner, opponent, kind, result, date, duration, magic
    case rollsMax, rollsMin, rollsSum, rollsCount
    /// A field of one kind of magic (its envelope type and Codable field name).
    case magicField(type: String, name: String)
    /// A derived query path a model declares beyond battlelog's own (`weather.wind`): a number.
    case queryPath(String)
    /// A model's query path of text (`weapon.rarity`): `=`, `!=`, `~`.
    case textPath(String)
    /// A model's query path of a date (`weapon.forgedAt`), compared as `date` is.
    case datePath(String)

    /// The field a model's query path of `kind` is.
    static func path(_ path: String, _ kind: QueryPathKind) -> FilterField {
        switch kind {
        case .number, .seconds: .queryPath(path)
        case .text, .list: .textPath(path)
        case .date: .datePath(path)
        }
    }

    /// The names the language accepts, for error messages.
    public static var allNames: [String] {
        var names = ["owner", "opponent", "kind", "result", "date", "duration", "magic", "rolls.max", "rolls.min", "rolls.sum", "rolls.count"]
        for kind in MagicCatalog.kinds { for f in kind.filterFields { names.append(f.name); names += f.aliases } }
        return names
    }

    /// The field called `name` (case-insensitive), or nil.
    static func named(_ name: String) -> FilterField? {
        switch name.lowercased() {
        case "owner": return .owner
        case "opponent": return .opponent
        case "kind": return .kind
        case "result": return .result
        case "date": return .date
        case "magic": return .magic
        default:
            if let derived = [FilterField.duration, .rollsMax, .rollsMin, .rollsSum, .rollsCount]
                .first(where: { $0.derivedPath == name.lowercased() }) {
                return derived
            }
            for kind in MagicCatalog.kinds {
                for f in kind.filterFields where f.name.lowercased() == name.lowercased() || f.aliases.contains(name.lowercased()) {
                    return .magicField(type: kind.typeName, name: f.name)
                }
            }
            return nil
        }
    }

    /// The derived query path the field reads (`rolls.max`), for the numeric fields a model
    /// derives; nil for the others.
    var derivedPath: String? {
        switch self {
        case .duration: "duration"
        case .rollsMax: "rolls.max"
        case .rollsMin: "rolls.min"
        case .rollsSum: "rolls.sum"
        case .rollsCount: "rolls.count"
        case .queryPath(let path), .textPath(let path), .datePath(let path): path
        default: nil
        }
    }

    /// Whether values are dates (`date`, a model's date path).
    var isDate: Bool {
        switch self {
        case .date, .datePath: true
        default: false
        }
    }

    var isNumeric: Bool {
        switch self {
        case .duration, .rollsMax, .rollsMin, .rollsSum, .rollsCount, .queryPath: true
        case .magicField(let type, let name): Self.magicSpec(type: type, name: name)?.type == .integer
        default: false
        }
    }

    static func magicSpec(type: String, name: String) -> MagicFilterField? {
        MagicCatalog.kind(named: type)?.filterFields.first { $0.name == name }
    }
}
