import Foundation
import SQLiteDB

extension AnyValueTransformer {
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

extension MagicCatalog {
    /// The magic's fields as CSV columns: every field of every kind, by the short name the filter
    /// language gives it.
    public static let csvColumns: [(kind: String, field: String, column: String)] = kinds.flatMap { kind in
        kind.fieldNames.map { field in
            (kind.typeName, field, kind.filterFields.first { $0.name == field }?.aliases.first ?? field)
        }
    }
}
