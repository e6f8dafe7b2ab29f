import Foundation
import SQLiteDB

extension TransformerRegistry {
    /// The transformers battlelog's model uses, with their JSON and CSV forms and the
    /// derivations the model's query columns name.
    public static let standard: TransformerRegistry = {
        var registry = TransformerRegistry()
        registry.register(.mediaTime)
        registry.register(.intArray)
        registry.register(.magic)
        registry.register(.timeline)
        registry.register(.weapon)
        return registry
    }()
}

extension AnyValueTransformer {
    /// `MediaTime`: in JSON `{"value":..,"timescale":..,"flags":..,"epoch":..}`; in CSV its
    /// seconds (`<column>_seconds`, six decimals); derives `seconds` (NULL unless numeric).
    public static let mediaTime = AnyValueTransformer(MediaTimeTransformer(), forms: ValueForms<MediaTime>(
        describe: { $0.description },
        csvHeaders: { [$0 + "_seconds"] },
        csvCells: { t in [t.map { String(format: "%.6f", $0.seconds) } ?? ""] },
        writeJSON: { t, w in t.writeJSON(into: &w) },
        readJSON: { (json: JSONValue) throws(TransformError) -> MediaTime in
            guard case .object(let d) = json else { throw .wrongShape(expected: "an object", found: json.typeName) }
            var dictionary: [String: Int64] = [:]
            for key in ["value", "timescale", "flags", "epoch"] {
                guard let member = d[key] else { throw .mediaTime(.missingKey(key)) }
                guard case .integer(let i) = member else { throw .mediaTime(.notAnInteger(key: key)) }
                dictionary[key] = i
            }
            do { return try MediaTime(dictionary: dictionary) }
            catch let e as MediaTime.DictionaryError { throw .mediaTime(e) }
            catch { throw .wrongShape(expected: "a time", found: "\(error)") }
        },
        derivations: [
            "seconds": ("REAL", { t in t.kind == .numeric ? .real(t.seconds) : .null }),
        ]))

    /// `[Int]`: in JSON an array, in CSV the numbers space-separated; a model's `range` bounds
    /// every element; derives `max`, `min`, `sum` and `count` (max and min NULL when empty).
    public static let intArray = AnyValueTransformer(IntArrayTransformer(), forms: ValueForms<[Int]>(
        describe: { "[" + $0.map(String.init).joined(separator: ", ") + "]" },
        csvCells: { v in [v.map { $0.map(String.init).joined(separator: " ") } ?? ""] },
        writeJSON: { v, w in w.writeIntegerArray(v) },
        readJSON: { (json: JSONValue) throws(TransformError) -> [Int] in try IntArrayTransformer().value(fromJSON: json) },
        checkRange: { (values: [Int], range: ClosedRange<Int64>) throws(TransformError) -> Void in
            if let i = values.firstIndex(where: { !range.contains(Int64($0)) }) {
                throw .outOfRange(index: i, value: Int64(values[i]), range: range)
            }
        },
        derivations: [
            "max": ("INTEGER", { v in v.max().map { .integer(Int64($0)) } ?? .null }),
            "min": ("INTEGER", { v in v.min().map { .integer(Int64($0)) } ?? .null }),
            "sum": ("INTEGER", { v in
                var total: Int64 = 0
                for x in v {
                    let (s, overflow) = total.addingReportingOverflow(Int64(x))
                    if overflow { return .null }
                    total = s
                }
                return .integer(total)
            }),
            "count": ("INTEGER", { v in .integer(Int64(v.count)) }),
            // The faces rolled as bits, 1 to 63 and 64 to 126 (face f is bit f - 1 of the first,
            // f - 64 of the second), so that `rolls contains N` is a bit test the grouping index
            // answers; NULL when a face is outside 1...126.
            "facesLow": ("INTEGER", { v in DiceFaces.mask(v, faces: 1...63) }),
            "facesHigh": ("INTEGER", { v in DiceFaces.mask(v, faces: 64...126) }),
        ]))

    /// `Magic?`: in JSON `{"type":..,"version":..,<fields>}`; in CSV its type and one column per
    /// field of every kind (`collaborator`, `formula`, `gate`, `power`); derives its `type` and
    /// each field the filter language tests (see `Magic.derivations`).
    public static let magic = AnyValueTransformer(MagicTransformer(), forms: ValueForms<Magic>(
        describe: { magic in magic.typeName + " " + magic.displayFields.map { "\($0.fieldName)=\($0.text)" }.joined(separator: " ") },
        csvHeaders: { _ in ["magic_type"] + MagicCatalog.csvColumns.map(\.column) },
        csvCells: { magic in
            let stored = magic.map { Dictionary($0.value.storedFields.map { ($0.key, $0.value) }, uniquingKeysWith: { a, _ in a }) } ?? [:]
            return [magic?.typeName ?? "none"] + MagicCatalog.csvColumns.map { c -> String in
                guard magic?.typeName == c.kind, let v = stored[c.field] else { return "" }
                switch v {
                case .string(let s): return s
                case .integer(let i): return String(i)
                default: return v.jsonText
                }
            }
        },
        writeJSON: { m, w in
            w.beginObject()
            w.key("type", first: true); w.writeString(m.typeName)
            w.key("version"); w.writeInteger(m.formatVersion)
            for field in m.value.storedFields {
                w.key(field.key)
                w.write(field.value)
            }
            w.endObject()
        },
        readJSON: { (json: JSONValue) throws(TransformError) -> Magic in
            guard let magic = try MagicTransformer().value(fromJSON: json) else { throw .missingValue }
            return magic
        },
        derivations: Magic.derivations))
}

extension AnyValueTransformer {
    /// `Timeline`: in JSON its export form (`TimelineTransformer.writeExportJSON`: each action an
    /// object with named fields); in CSV its derived figures (`<column>_actions`,
    /// `_crits`, `_first_hit` in seconds, `_biggest_hit`); derives `actions`, `crits`, `firstHit`
    /// (seconds, NULL when nothing hit) and `biggestHit`.
    public static let timeline = AnyValueTransformer(TimelineTransformer(), forms: ValueForms<Timeline>(
        describe: { t in
            "\(t.actions.count) actions at timescale \(t.timescale), \(t.crits) critical, biggest hit \(t.biggestHit)"
                + (t.firstHit.map { ", first hit at \($0.time.clockDescription)" } ?? "")
        },
        csvHeaders: { c in [c + "_actions", c + "_crits", c + "_first_hit", c + "_biggest_hit"] },
        csvCells: { t in
            guard let t else { return ["", "", "", ""] }
            return [String(t.actions.count), String(t.crits), t.firstHit.map { String(format: "%.6f", $0.time.seconds) } ?? "",
                    String(t.biggestHit)]
        },
        writeJSON: { t, w in TimelineTransformer.writeExportJSON(t, into: &w) },
        readJSON: { (json: JSONValue) throws(TransformError) -> Timeline in try TimelineTransformer().value(fromExportJSON: json) },
        derivations: [
            "actions": ("INTEGER", { t in .integer(Int64(t.actions.count)) }),
            "crits": ("INTEGER", { t in .integer(Int64(t.crits)) }),
            "firstHit": ("REAL", { t in t.firstHit.map { .real($0.time.seconds) } ?? .null }),
            "biggestHit": ("INTEGER", { t in .integer(Int64(t.biggestHit)) }),
        ]))
}

extension MagicCatalog {
    /// The magic's fields as CSV columns: every field of every kind, by the short name the filter
    /// language gives it.
    public static let csvColumns: [(kind: String, field: String, column: String)] = kinds.flatMap { kind in
        kind.fieldNames.map { field in
            (kind.typeName, field, kind.filterFields.first { $0.name == field }?.aliases.first ?? field)
        }
    }
}
