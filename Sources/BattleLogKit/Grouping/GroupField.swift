/// What `stats --by` groups records by: a filter field that has values to group, with a bucket
/// for dates (`date:week`) and numbers (`duration:30s`, `rolls.max:10`).
public enum GroupField: Sendable, Equatable {
    case owner, opponent, kind, result, magic
    /// A field of one kind of magic (`gate`, `formula`, `collaborator`, `power`).
    case magicField(type: String, name: String)
    case date(DateBucket)
    /// A number the model derives (`duration`, `rolls.max`, `timeline.crits`), by its exact value
    /// or in buckets `width` wide; or a text it derives (`weapon.rarity`), by its value.
    case number(path: String, width: Double?)

    /// The bucket of `--by duration` when none is given, in seconds.
    public static let defaultDurationBucket = 10.0

    /// How dates are bucketed (UTC).
    public enum DateBucket: String, Sendable, CaseIterable { case day, week, month }

    /// Reads `text` (`gate`, `date:week`, `duration:30s`, `rolls.max:10`); the model's own query
    /// paths (`extraPaths`) are fields too.
    /// `kinds` tells the model's text paths (grouped by value, no bucket) and date paths (not
    /// grouped: `date` is the record's own) from its numbers.
    public static func parse(_ text: String, extraPaths: [String], kinds: [String: QueryPathKind] = [:]) throws(GroupFieldError) -> GroupField {
        let parts = text.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        let name = parts[0].trimmingCharacters(in: .whitespaces).lowercased()
        let bucket = parts.count == 2 ? parts[1].trimmingCharacters(in: .whitespaces).lowercased() : nil
        let groupable = groupableNames(extraPaths: extraPaths, kinds: kinds)
        let path = extraPaths.first { $0.lowercased() == name }
        if let path, kinds[path] == .text {
            guard bucket == nil else { throw GroupFieldError(text: text, reason: .noBuckets) }
            return .number(path: path, width: nil)
        }
        let field: FilterField? = path.flatMap { [nil, .number, .seconds].contains(kinds[$0]) ? FilterField.queryPath($0) : nil } ?? FilterField.named(name)
        let isTime = field == .duration || path.map { kinds[$0] == .seconds } == true
        guard let field else { throw GroupFieldError(text: text, reason: .unknownField(groupable: groupable)) }
        switch field {
        case .date:
            guard let bucket else { return .date(.day) }
            guard let b = DateBucket(rawValue: bucket) else { throw GroupFieldError(text: text, reason: .badDateBucket) }
            return .date(b)
        case .duration, .rollsMax, .rollsMin, .rollsSum, .rollsCount, .queryPath:
            let path = field.derivedPath!
            // A duration by its exact value is a group per record: without a bucket, 10 s ones.
            guard let bucket else { return .number(path: path, width: field == .duration ? Self.defaultDurationBucket : nil) }
            // Up to 10^15: past it a bucket's end is not a number that prints (1e308 + 1e308).
            guard let width = Self.width(bucket, isDuration: isTime), width > 0, width <= Self.largestBucket else {
                throw GroupFieldError(text: text, reason: .badNumberBucket(duration: isTime))
            }
            return .number(path: path, width: width)
        default:
            guard bucket == nil else { throw GroupFieldError(text: text, reason: .noBuckets) }
            switch field {
            case .owner: return .owner
            case .opponent: return .opponent
            case .kind: return .kind
            case .result: return .result
            case .magic: return .magic
            case .magicField(let type, let name):
                // A number of magic (a gate's power) groups by its value.
                guard FilterField.magicSpec(type: type, name: name) != nil else { break }
                return .magicField(type: type, name: name)
            default: break
            }
            throw GroupFieldError(text: text, reason: .unknownField(groupable: groupable))
        }
    }

    /// The widest bucket: whole numbers are exact in a double up to 2^53, and a bucket's ends
    /// (`n · width`, `(n + 1) · width`) stay printable numbers.
    static let largestBucket = 1e15

    /// A bucket's width: a number, or for durations `30s`, `2m`, `1h`, `1:30`.
    static func width(_ text: String, isDuration: Bool) -> Double? {
        if let n = Double(text), !text.isEmpty, text.first != "+" { return n }
        guard isDuration else { return nil }
        if let t = MediaTime(clockText: text) { return t.seconds }
        let units: [(Character, Double)] = [("s", 1), ("m", 60), ("h", 3600)]
        guard let last = text.last, let unit = units.first(where: { $0.0 == last }), let n = Double(text.dropLast()), text.first != "+" else { return nil }
        return n * unit.1
    }

    /// Every name `--by` accepts, for the error message.
    public static func groupableNames(extraPaths: [String], kinds: [String: QueryPathKind] = [:]) -> [String] {
        var names = ["owner", "opponent", "kind", "result", "magic", "date:day|week|month", "duration[:30s]",
                     "rolls.max[:N]", "rolls.min[:N]", "rolls.sum[:N]", "rolls.count[:N]"]
        for kind in MagicCatalog.kinds { for f in kind.filterFields { names.append(f.aliases.first ?? f.name) } }
        return names + extraPaths.compactMap { p in
            switch kinds[p] ?? .number {
            case .number: p + "[:N]"
            case .seconds: p + "[:30s]"
            case .text: p
            case .date, .list: nil
            }
        }
    }

    /// The filter field whose value this field reads (for the magic fields and the numbers).
    var filterField: FilterField {
        switch self {
        case .owner: .owner
        case .opponent: .opponent
        case .kind: .kind
        case .result: .result
        case .magic: .magic
        case .magicField(let type, let name): .magicField(type: type, name: name)
        case .date: .date
        case .number(let path, _): FilterField.named(path) ?? .queryPath(path)
        }
    }

    /// A number field's bucket width, nil for the others and for exact values.
    var bucketWidth: Double? {
        if case .number(_, let w) = self { return w }
        return nil
    }
}

/// Why a `--by` field is refused.
public struct GroupFieldError: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Reason: Equatable, Sendable {
        case unknownField(groupable: [String])
        case badDateBucket
        case badNumberBucket(duration: Bool)
        case noBuckets
    }
    public let text: String
    public let reason: Reason

    public var description: String {
        let shown = "\"\(SafeText.escape(text))\""
        switch reason {
        case .unknownField(let names): return "\(shown) is not a field to group by; fields: \(names.joined(separator: ", "))"
        case .badDateBucket: return "\(shown): dates group by day, week or month (date:week)"
        case .badNumberBucket(let duration):
            return duration ? "\(shown): a duration's bucket is a positive length up to 10^15 seconds (duration:30s, duration:2m, duration:1:30)"
                            : "\(shown): a number's bucket is a positive width up to 10^15 (rolls.max:10)"
        case .noBuckets: return "\(shown): only dates, durations and the model's numbers (rolls.max, timeline.crits, ...) take a bucket; this field groups by its value"
        }
    }
}
