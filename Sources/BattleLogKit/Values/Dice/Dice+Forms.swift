import Foundation
import SQLiteDB

extension AnyValueTransformer {
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
}
