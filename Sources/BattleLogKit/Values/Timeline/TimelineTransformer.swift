/// `Timeline` <-> its stored form, version 1, sorted-key JSON:
/// `{"actions":[[750,"strike",12,0],[4200,"critical",38,2]],"timescale":600,"version":1}`.
/// Each action is `[ticks, kind, damage, die]`: its time in ticks of the side's clock
/// (`timescale` per second), its kind (`strike`, `magic`, `dodge`, `critical`, `final`), the
/// damage it dealt and the index of the die that decided it. `"weapon"`, after `"version"`,
/// names the weapon the side struck with, when it had one.
public struct TimelineTransformer: ValueTransformer {
    public static let name = "TimelineTransformer"
    public static let valueClassName = "Timeline"
    public static let hasFormatVersions = true
    /// The one version this program writes and reads.
    public static let version: Int64 = 1

    public init() {}

    public func storedForm(of timeline: Timeline) -> String { storedBytes(of: timeline).text }

    public func storedUTF8(of timeline: Timeline) -> [UInt8] { storedBytes(of: timeline).bytes }

    /// The stored form as UTF-8 bytes (the writer's fast path).
    public func storedBytes(of timeline: Timeline) -> JSONWriter {
        var w = JSONWriter(capacity: 48 + timeline.actions.count * 24)
        w.beginObject()
        w.key("actions", first: true)
        w.beginArray()
        for (i, a) in timeline.actions.enumerated() {
            if i > 0 { w.comma() }
            w.beginArray()
            w.writeInteger(timeline.clockTime(of: a).value); w.comma()
            w.writeString(a.kind.rawValue); w.comma()
            w.writeInteger(Int64(a.damage)); w.comma()
            w.writeInteger(Int64(a.die))
            w.endArray()
        }
        w.endArray()
        w.key("timescale"); w.writeInteger(Int64(timeline.timescale))
        w.key("version"); w.writeInteger(Self.version)
        if let weapon = timeline.weapon { w.key("weapon"); w.writeString(weapon) }
        w.endObject()
        return w
    }

    public func value(fromStored text: String) throws(TransformError) -> Timeline {
        if let timeline = Self.value(fromCanonical: text) { return timeline }
        let json: JSONValue
        do { json = try JSONParser.parse(text) } catch { throw .notJSON(error) }
        return try value(fromJSON: json)
    }

    /// The timeline of a stored form in exactly the layout `storedBytes` writes, read without
    /// a JSON tree and held to the same checks; nil for any other text or any value the checks
    /// refuse (`value(fromJSON:)` then reads it and names what is wrong).
    static func value(fromCanonical text: String) -> Timeline? {
        CanonicalJSONReader.read(text) { r -> Timeline? in
            guard r.take("{\"actions\":[") else { return nil }
            var parts: [(ticks: Int64, kind: Timeline.Kind, damage: Int64, die: Int64)] = []
            parts.reserveCapacity(32)
            if !r.peek(UInt8(ascii: "]")) {
                repeat {
                    guard r.take("["), let ticks = r.integer(), r.take(","),
                          let kind = r.plainString().flatMap(Timeline.Kind.init(rawValue:)), r.take(","),
                          let damage = r.integer(), r.take(","), let die = r.integer(), r.take("]") else { return nil }
                    parts.append((ticks, kind, damage, die))
                } while r.take(",")
            }
            guard r.take("],\"timescale\":"), let scale = r.integer(), r.take(",\"version\":1"),
                  (1...Int64(Int32.max)).contains(scale) else { return nil }
            var weapon: String?
            if r.take(",\"weapon\":") {
                guard let name = r.plainString() else { return nil }
                weapon = name
            }
            guard r.take("}") else { return nil }
            var previous: Int64 = 0
            var actions: [Timeline.Action] = []
            actions.reserveCapacity(parts.count)
            for p in parts {
                guard p.ticks >= previous, (0...1_000_000).contains(p.damage), (0...Int64(Int32.max)).contains(p.die) else { return nil }
                previous = p.ticks
                actions.append(Timeline.Action(time: MediaTime(value: p.ticks, timescale: Int32(scale)), kind: p.kind,
                                               damage: Int(p.damage), die: Int(p.die)))
            }
            return Timeline(timescale: Int32(scale), actions: actions, weapon: weapon)
        }
    }

    public func formatVersion(ofStored text: String) -> Int? {
        guard case .object(let o)? = try? JSONParser.parse(text), case .integer(let v)? = o["version"] else { return nil }
        return Int(v)
    }

    /// The timeline of a parsed stored form: every part checked, times in order.
    public func value(fromJSON json: JSONValue) throws(TransformError) -> Timeline {
        guard case .object(let o) = json else { throw .wrongShape(expected: "a timeline object", found: json.typeName) }
        guard case .integer(let version)? = o["version"] else { throw .kind(TimelineError("no integer \"version\"")) }
        guard version == Self.version else { throw .kind(TimelineError("unknown version \(version)")) }
        guard case .integer(let scale)? = o["timescale"], (1...Int64(Int32.max)).contains(scale) else {
            throw .kind(TimelineError("\"timescale\" must be an integer from 1 to \(Int32.max)"))
        }
        guard case .array(let entries)? = o["actions"] else { throw .kind(TimelineError("no \"actions\" array")) }
        var actions: [Timeline.Action] = []
        actions.reserveCapacity(entries.count)
        var previous: Int64 = 0
        for (i, entry) in entries.enumerated() {
            guard case .array(let parts) = entry, parts.count == 4,
                  case .integer(let ticks) = parts[0], case .string(let kindName) = parts[1],
                  case .integer(let damage) = parts[2], case .integer(let die) = parts[3] else {
                throw .kind(TimelineError("action \(i) is not [ticks, kind, damage, die]"))
            }
            guard let kind = Timeline.Kind(rawValue: kindName) else { throw .kind(TimelineError("action \(i): unknown kind \"\(kindName)\"")) }
            guard ticks >= previous else { throw .kind(TimelineError("action \(i) comes before the one above it (\(ticks) < \(previous) ticks)")) }
            guard (0...1_000_000).contains(damage) else { throw .kind(TimelineError("action \(i): damage \(damage) is outside 0...1000000")) }
            guard (0...Int64(Int32.max)).contains(die) else { throw .kind(TimelineError("action \(i): die \(die) is not an index")) }
            previous = ticks
            actions.append(Timeline.Action(time: MediaTime(value: ticks, timescale: Int32(scale)), kind: kind,
                                           damage: Int(damage), die: Int(die)))
        }
        var weapon: String?
        switch o["weapon"] {
        case nil, .null?: break
        case .string(let name)?: weapon = name
        case let other?: throw .kind(TimelineError("\"weapon\" should be a string, found \(other.typeName)"))
        }
        return Timeline(timescale: Int32(scale), actions: actions, weapon: weapon)
    }
}
