/// `Magic?` <-> a self-describing envelope:
/// `{"collaboratorName":"Mira","cooperationFormulaName":"Starlight","type":"hero","version":1}`.
///
/// `nil` is stored as SQL NULL (never reaching this transformer). The legacy, untagged form that
/// `JSONEncoder` wrote for `HeroMagic` and `VillainMagic` (just their fields) is still read,
/// recognised by its keys; the kind is never guessed from the owner.
public struct MagicTransformer: ValueTransformer {
    public static let name = "MagicTransformer"
    public static let valueClassName = "Magic"

    public init() {}

    public func storedForm(of magic: Magic?) -> String {
        guard let magic else { return "null" }
        return storedBytes(of: magic).text
    }

    public func storedUTF8(of magic: Magic?) -> [UInt8] {
        guard let magic else { return Array("null".utf8) }
        return storedBytes(of: magic).bytes
    }

    /// The stored form of a magic as UTF-8 bytes (the writer's fast path).
    public func storedBytes(of magic: Magic) -> JSONWriter {
        var members = magic.value.storedFields
        members.append(("type", .string(magic.typeName)))
        members.append(("version", .integer(Int64(magic.formatVersion))))
        members.sort { $0.key < $1.key }
        var w = JSONWriter(capacity: 96)
        w.beginObject()
        for (i, member) in members.enumerated() {
            w.key(member.key, first: i == 0)
            w.write(member.value)
        }
        w.endObject()
        return w
    }

    public func value(fromStored text: String) throws(TransformError) -> Magic? {
        let json: JSONValue
        do { json = try JSONParser.parse(text) } catch { throw .notJSON(error) }
        return try value(fromJSON: json)
    }

    /// The magic a parsed stored form (or the `magic` of a record's JSON form) holds.
    public func value(fromJSON json: JSONValue) throws(TransformError) -> Magic? {
        if json == .null { return nil }
        guard case .object(var members) = json else { throw .wrongShape(expected: "an object", found: json.typeName) }
        guard let typeValue = members.removeValue(forKey: "type") else {
            guard let legacy = MagicCatalog.legacyKind(forKeys: members.keys) else {
                throw .kind(MagicError.unrecognisedLegacyKeys(members.keys.sorted()))
            }
            do { return Magic(try legacy.init(fields: members)) } catch { throw .kind(MagicError.field(error)) }
        }
        guard case .string(let typeName) = typeValue else {
            throw .kind(MagicError.field(.wrongType(field: "type", expected: "a string", found: typeValue.typeName)))
        }
        guard let kind = MagicCatalog.kind(named: typeName) else { throw .kind(MagicError.unknownType(typeName)) }
        guard let versionValue = members.removeValue(forKey: "version") else { throw .kind(MagicError.field(.missingField("version"))) }
        guard case .integer(let version) = versionValue else {
            throw .kind(MagicError.field(.wrongType(field: "version", expected: "an integer", found: versionValue.typeName)))
        }
        guard version == Int64(kind.formatVersion) else { throw .kind(MagicError.unknownVersion(type: typeName, version: version)) }
        do { return Magic(try kind.init(fields: members)) } catch { throw .kind(MagicError.field(error)) }
    }

    public static var hasFormatVersions: Bool { true }

    public func formatVersion(ofStored text: String) -> Int? {
        guard case .object(let members)? = try? JSONParser.parse(text) else { return nil }
        guard let v = members["version"] else { return members["type"] == nil ? 0 : nil }
        if case .integer(let i) = v { return Int(exactly: i) }
        return nil
    }
}
