extension MediaTime {
    /// Writes the time as the one duration object of every JSON output (a record's `duration`,
    /// a timeline action's `time`, the means and buckets of `stats --json`):
    /// `{"value":28385,"timescale":600,"flags":1,"epoch":0}`, CMTime's four fields, exact.
    /// Its seconds are `value / timescale`; `docs/schemas/common.schema.json` names it `duration`.
    public func writeJSON(into w: inout JSONWriter) {
        w.beginObject()
        w.key("value", first: true); w.writeInteger(value)
        w.key("timescale"); w.writeInteger(timescale)
        w.key("flags"); w.writeInteger(flags.rawValue)
        w.key("epoch"); w.writeInteger(epoch)
        w.endObject()
    }

    /// A number of seconds (a mean, a bucket's bound) as a duration object, by default to the
    /// millisecond, the precision `stats` computes and prints them to.
    public static func jsonSeconds(_ seconds: Double, timescale: Int32 = 1000) -> MediaTime {
        MediaTime(seconds: seconds, preferredTimescale: timescale)
    }
}
