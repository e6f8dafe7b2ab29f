/// The JSON form of a record, one object per line (`show --json`, `list --json`, `export`):
///
/// `{"id":17,"fight":9,"owner":{"id":3,"name":"Aria","kind":"hero"},"opponent":{...},
///   "date":"2026-11-29T14:00:00Z","result":"win", ...}`, then each transformable attribute of the
///   model under its export key, in its JSON form (`"duration":{"value":49380,"timescale":600,...}`,
///   the dice as an array, the magic as its tagged object).
///
/// A damaged attribute or column (the fight, a Human, the date, the result) is
/// `{"$damaged":"why"}` (naming the class or key of a refused archive), and the record gets
/// `"errors":[{"attribute":..,"message":..}]`; an absent one is `null`.
public enum RecordJSON {
    /// One record as one line of JSON, control characters escaped as `\uXXXX`.
    public static func encode(_ record: Record) -> String {
        var w = JSONWriter(capacity: 384, terminalSafe: true)
        w.beginObject()
        w.key("id", first: true); w.writeInteger(record.id)
        // A plain column that cannot be read is marked as a damaged attribute is, with its reason.
        func damaged(_ attribute: String) {
            let why = record.columnErrors.first { $0.attribute == attribute }?.reason.description ?? "unreadable"
            writeDamaged(why, into: &w)
        }
        w.key("fight")
        if let fight = record.fight { w.writeInteger(fight) } else { damaged("fight") }
        w.key("owner"); writeHuman(record.owner, into: &w)
        w.key("opponent")
        if let opponent = record.opponent { writeHuman(opponent, into: &w) } else { w.writeNull() }
        w.key("date")
        if record.date != nil { w.writeString(record.isoDate) } else { damaged("date") }
        w.key("result")
        if let r = record.result { w.writeString(r.rawValue) } else { damaged("result") }
        // Each transformable attribute under its export key, in model order: its JSON form,
        // null when absent, a marker that says why when damaged (and in "errors").
        for (i, attribute) in record.schema.attributes.enumerated() {
            w.key(attribute.exportKey)
            switch record.transformables[i].decoded {
            case .success(let value?): record.schema.transformer(at: i).writeJSON(value, into: &w)
            case .success(nil): w.writeNull()
            case .failure(let e): writeDamaged(e.reason.description, into: &w)
            }
        }
        let errors = record.errors
        if !errors.isEmpty {
            w.key("errors")
            w.beginArray()
            for (i, e) in errors.enumerated() {
                if i > 0 { w.comma() }
                w.beginObject()
                w.key("attribute", first: true); w.writeString(e.attribute)
                w.key("message"); w.writeString(e.reason.description)
                w.endObject()
            }
            w.endArray()
        }
        w.endObject()
        return w.text
    }

    /// `{"$damaged":"why"}`: a value that cannot be read, in place of it.
    static func writeDamaged(_ why: String, into w: inout JSONWriter) {
        w.beginObject()
        w.key("$damaged", first: true); w.writeString(why)
        w.endObject()
    }

    /// A Human as `{"id":3,"name":"Aria","kind":"hero"}`, or `{"$damaged":"why"}` when the
    /// record's column names no Human.
    static func writeHuman(_ h: Human, into w: inout JSONWriter) {
        if h.isUnknown, let why = h.damage { writeDamaged(why, into: &w); return }
        w.beginObject()
        w.key("id", first: true); w.writeInteger(h.id)
        w.key("name"); w.writeString(h.name)
        w.key("kind")
        if let kind = h.kind { w.writeString(kind.rawValue) } else { w.writeNull() }
        w.endObject()
    }

    // MARK: - Reading (import)

    /// A record read back from its JSON form, with the Humans it names.
    public typealias Imported = ImportedRecord

    /// Why a line cannot be imported.
    public struct LineError: Error, Equatable, Sendable, CustomStringConvertible {
        public let message: String
        public var description: String { message }
    }

    /// Reads one exported line, its transformable values as `schema` declares them. A damaged
    /// record (with `errors`) cannot be imported.
    public static func decode(_ line: String, schema: RecordSchema) throws(LineError) -> Imported {
        let json: JSONValue
        do { json = try JSONParser.parse(line) } catch { throw LineError(message: error.description) }
        guard case .object(let o) = json else { throw LineError(message: "expected an object, found \(json.typeName)") }
        if o["errors"] != nil { throw LineError(message: "the record is marked damaged (\"errors\")") }
        // A key left out is said missing; one of the wrong type, what it must be and what it is.
        func present(_ key: String, in obj: [String: JSONValue], _ path: String? = nil) throws(LineError) -> JSONValue {
            guard let v = obj[key] else { throw LineError(message: "\"\(path ?? key)\" is missing") }
            return v
        }
        func int(_ key: String, in obj: [String: JSONValue], _ path: String? = nil) throws(LineError) -> Int64 {
            let v = try present(key, in: obj, path)
            guard case .integer(let i) = v else { throw LineError(message: "\"\(path ?? key)\" must be an integer, found \(v.typeName)") }
            return i
        }
        func string(_ key: String, in obj: [String: JSONValue], _ path: String? = nil) throws(LineError) -> String {
            let v = try present(key, in: obj, path)
            guard case .string(let t) = v else { throw LineError(message: "\"\(path ?? key)\" must be a string, found \(v.typeName)") }
            return t
        }
        func human(_ key: String) throws(LineError) -> Human {
            let v = try present(key, in: o)
            guard case .object(let h) = v else { throw LineError(message: "\"\(key)\" must be an object, found \(v.typeName)") }
            let kindText = try string("kind", in: h, key + ".kind")
            guard let kind = HumanKind(rawValue: kindText) else { throw LineError(message: "\"\(key).kind\" must be hero or villain") }
            let humanID = try int("id", in: h, key + ".id")
            guard humanID > 0 else { throw LineError(message: "\"\(key).id\" must be a positive integer, found \(humanID)") }
            return Human(id: humanID, name: try string("name", in: h, key + ".name"), kind: kind)
        }
        let id = try int("id", in: o)
        guard id > 0 else { throw LineError(message: "\"id\" must be a positive integer, found \(id)") }
        let fight = try int("fight", in: o)
        guard fight > 0 else { throw LineError(message: "\"fight\" must be a positive integer, found \(fight)") }
        let owner = try human("owner")
        let opponent = o["opponent"] == .null ? nil : try human("opponent")
        guard let date = ISODate.parse(try string("date", in: o)) else {
            throw LineError(message: "\"date\" is not a date YYYY-MM-DDTHH:MM:SSZ from 0001 to 9999")
        }
        guard let result = FightResult(rawValue: try string("result", in: o)) else { throw LineError(message: "\"result\" must be win, loss or draw") }
        var values = AttributeValues()
        for (i, attribute) in schema.attributes.enumerated() {
            let key = attribute.exportKey
            // An optional value's key may be left out (an export written before the attribute
            // existed, such as one without "weapon"): absent, as null.
            guard let json = o[key] ?? (attribute.isOptional ? .null : nil) else { throw LineError(message: "\"\(key)\" is missing") }
            let value: (any Sendable)?
            do { value = try schema.transformer(at: i).value(fromJSON: json, range: attribute.range) }
            catch { throw LineError(message: "\"\(key)\": \(error.description)") }
            if let value { values[attribute.name] = value }
            else if !attribute.isOptional { throw LineError(message: "\"\(key)\" is null; every record has one") }
        }
        if owner.id == opponent?.id { throw LineError(message: "\"owner\" and \"opponent\" are the same Human (\(owner.id))") }
        let draft = RecordDraft(fight: fight, ownerID: owner.id, opponentID: opponent?.id, date: date, result: result, values: values)
        return Imported(id: id, owner: owner, opponent: opponent, draft: draft)
    }
}
