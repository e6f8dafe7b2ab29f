import Foundation
import SQLiteDB

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
