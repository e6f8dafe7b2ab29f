import Foundation
import SQLiteDB

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
                guard let member = d[key] else { throw .kind(MediaTime.DictionaryError.missingKey(key)) }
                guard case .integer(let i) = member else { throw .kind(MediaTime.DictionaryError.notAnInteger(key: key)) }
                dictionary[key] = i
            }
            do { return try MediaTime(dictionary: dictionary) }
            catch let e as MediaTime.DictionaryError { throw .kind(e) }
            catch { throw .wrongShape(expected: "a time", found: "\(error)") }
        },
        derivations: [
            "seconds": ("REAL", { t in t.kind == .numeric ? .real(t.seconds) : .null }),
        ]))
}
