extension TimelineTransformer {
    /// A timeline in the JSON of every output (`show --json`, `list --json`, `export`): the stored
    /// form's keys, each action an object with named fields:
    /// `{"actions":[{"time":{"value":750,"timescale":600,"flags":1,"epoch":0},"kind":"strike",
    /// "damage":12,"die":0}],"timescale":600,"version":1}`, then `"weapon"` when it had one.
    /// `time` is the duration object of every output, on the timeline's clock.
    public static func writeExportJSON(_ timeline: Timeline, into w: inout JSONWriter) {
        w.beginObject()
        w.key("actions", first: true)
        w.beginArray()
        for (i, a) in timeline.actions.enumerated() {
            if i > 0 { w.comma() }
            w.beginObject()
            w.key("time", first: true)
            timeline.clockTime(of: a).writeJSON(into: &w)
            w.key("kind"); w.writeString(a.kind.rawValue)
            w.key("damage"); w.writeInteger(a.damage)
            w.key("die"); w.writeInteger(a.die)
            w.endObject()
        }
        w.endArray()
        w.key("timescale"); w.writeInteger(timeline.timescale)
        w.key("version"); w.writeInteger(version)
        if let weapon = timeline.weapon { w.key("weapon"); w.writeString(weapon) }
        w.endObject()
    }

    /// Reads a timeline's JSON as `writeExportJSON` writes it, or as exports before named fields
    /// wrote it (each action `[ticks, kind, damage, die]`, the stored form), held to the stored
    /// form's checks. An action's `time` must be a valid time on the timeline's own clock.
    public func value(fromExportJSON json: JSONValue) throws(TransformError) -> Timeline {
        guard case .object(var o) = json, case .array(let entries)? = o["actions"],
              entries.contains(where: { if case .object = $0 { true } else { false } }) else {
            return try value(fromJSON: json)
        }
        let scale: Int64? = if case .integer(let s)? = o["timescale"] { s } else { nil }
        let fields = ["time", "kind", "damage", "die"]
        var positional: [JSONValue] = []
        positional.reserveCapacity(entries.count)
        for (i, entry) in entries.enumerated() {
            guard case .object(let a) = entry else { throw .kind(TimelineError("action \(i) should be an object, found \(entry.typeName)")) }
            // Four lookups for a whole action (an import reads millions); what is wrong with
            // another is found after.
            guard a.count == fields.count, let timeJSON = a["time"], let kind = a["kind"], let damage = a["damage"], let die = a["die"] else {
                if let missing = fields.first(where: { a[$0] == nil }) { throw .kind(TimelineError("action \(i) has no \"\(missing)\"")) }
                let extra = a.keys.sorted().first(where: { !fields.contains($0) }) ?? ""
                throw .kind(TimelineError("action \(i) has an unknown key \"\(extra)\""))
            }
            guard case .string = kind else { throw .kind(TimelineError("action \(i): \"kind\" should be a string, found \(kind.typeName)")) }
            guard case .integer = damage else { throw .kind(TimelineError("action \(i): \"damage\" should be an integer, found \(damage.typeName)")) }
            guard case .integer = die else { throw .kind(TimelineError("action \(i): \"die\" should be an integer, found \(die.typeName)")) }
            let time: MediaTime
            do { time = try MediaTimeTransformer().value(fromJSON: timeJSON) }
            catch { throw .kind(TimelineError("action \(i): \"time\": \(error.description)")) }
            guard time.isNumeric, time.epoch == 0, scale == nil || Int64(time.timescale) == scale else {
                throw .kind(TimelineError("action \(i): \"time\" must be a valid time on the timeline's clock (timescale \(scale.map(String.init) ?? "?"))"))
            }
            positional.append(.array([.integer(time.value), kind, damage, die]))
        }
        o["actions"] = .array(positional)
        return try value(fromJSON: .object(o))
    }
}
