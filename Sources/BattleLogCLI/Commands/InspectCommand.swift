import BattleLogKit
import BattleLogPresentation
import KeyedArchiving

/// `battlelog inspect ID`: each transformable attribute's transformer, stored text, version and value.
enum InspectCommand: Command {
    static let spec = CommandSpec(
        name: "inspect", summary: "Show how a record's transformable values are stored.",
        options: [OptionSpec(.json, help: "one JSON object")],
        positionals: ["ID"])

    static func run(_ a: ParsedArguments, globals: GlobalOptions, console: Console, environment: [String: String]) throws -> Int32 {
        let id = try ShowCommand.recordID(a.positionals[0], spec: spec)
        let store = try openExistingStore(globals, console: console)
        let entries = StoredValueInspection.inspect(try store.record(id: id))
        if a.has(.json) {
            var w = JSONWriter(terminalSafe: true)
            w.beginObject()
            w.key("id", first: true); w.writeInteger(id)
            w.key("attributes"); w.beginArray()
            for (i, e) in entries.enumerated() {
                if i > 0 { w.comma() }
                w.beginObject()
                w.key("attribute", first: true); w.writeString(e.attribute)
                w.key("transformer"); w.writeString(e.transformer)
                w.key("stored"); if let s = e.storedText { w.writeString(s) } else { w.writeNull() }
                if let nonText = e.nonText { w.key("storage"); w.writeString(nonText) }
                w.key("length"); w.writeInteger(e.length)
                w.key("version"); if let v = e.version { w.writeInteger(v) } else { w.writeNull() }
                // The value as `show --json` gives it, and the line the text output shows; a
                // damaged one has neither, and says why.
                if let error = e.error {
                    w.key("value"); w.writeNull()
                    w.key("error"); w.writeString(error)
                } else {
                    w.key("value"); w.writeRaw(e.decodedJSON ?? "null")
                    w.key("text"); w.writeString(e.decoded ?? "")
                }
                if case .success(let table)? = e.archive { w.key("archive"); Self.writeJSON(table, into: &w) }
                w.endObject()
            }
            w.endArray(); w.endObject()
            console.line(w.text)
            return ExitStatus.success
        }
        let labels = Labels.load(globals.language(environment: environment))
        console.line(labels.fill("inspect.record", String(id)))
        for e in entries {
            console.line("")
            console.line(labels.fill("inspect.attribute", e.attribute, e.transformer))
            console.line(labels.fill("inspect.stored", e.storedText.map { SafeText.escape($0) } ?? e.nonText ?? "NULL"))
            if e.storedText != nil { console.line(labels.fill("inspect.length", String(e.length))) }
            let unknown = e.hasVersions && e.storedText != nil ? labels["inspect.unknownVersion"] : "-"
            console.line(labels.fill("inspect.version", e.version.map(String.init) ?? unknown))
            if let err = e.error { console.line(labels.fill("inspect.error", SafeText.escape(err))) }
            else { console.line(labels.fill("inspect.value", SafeText.escape(e.decoded ?? ""))) }
            // A keyed archive's objects (bytes that are no archive at all: the error says so).
            if case .success(let table)? = e.archive { for line in ArchiveTableText.lines(table, labels: labels) { console.line(line) } }
        }
        return ExitStatus.success
    }

    /// `{"top":{"root":"→ 8"},"objects":[{"index":0,"what":"$null","keys":[{"key":"name","value":"→ 1"},...]}]}`.
    static func writeJSON(_ table: ArchiveObjectTable, into w: inout JSONWriter) {
        w.beginObject()
        w.key("top", first: true); w.beginObject()
        for (i, t) in table.top.enumerated() { w.key(t.key, first: i == 0); w.writeString(t.uid) }
        w.endObject()
        w.key("objects"); w.beginArray()
        for (i, row) in table.rows.enumerated() {
            if i > 0 { w.comma() }
            w.beginObject()
            w.key("index", first: true); w.writeInteger(row.index)
            w.key("what"); w.writeString(row.what)
            w.key("keys"); w.beginArray()
            for (k, f) in row.fields.enumerated() {
                if k > 0 { w.comma() }
                w.beginObject()
                w.key("key", first: true); w.writeString(f.key)
                w.key("value"); w.writeString(f.value)
                w.endObject()
            }
            w.endArray()
            w.endObject()
        }
        w.endArray()
        w.endObject()
    }
}
