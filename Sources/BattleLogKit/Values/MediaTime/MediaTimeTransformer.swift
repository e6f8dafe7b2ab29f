/// `MediaTime` <-> its dictionary form as JSON: `{"epoch":0,"flags":1,"timescale":600,"value":49380}`.
public struct MediaTimeTransformer: ValueTransformer {
    public static let name = "MediaTimeTransformer"
    public static let valueClassName = "MediaTime"

    public init() {}

    public func storedForm(of time: MediaTime) -> String { storedBytes(of: time).text }

    public func storedUTF8(of time: MediaTime) -> [UInt8] { storedBytes(of: time).bytes }

    /// The stored form as UTF-8 bytes (the writer's fast path).
    public func storedBytes(of time: MediaTime) -> JSONWriter {
        var w = JSONWriter(capacity: 64)
        w.beginObject()
        w.key("epoch", first: true); w.writeInteger(time.epoch)
        w.key("flags"); w.writeInteger(time.flags.rawValue)
        w.key("timescale"); w.writeInteger(time.timescale)
        w.key("value"); w.writeInteger(time.value)
        w.endObject()
        return w
    }

    public func value(fromStored text: String) throws(TransformError) -> MediaTime {
        if let dictionary = Self.dictionary(fromCanonical: text) {
            do { return try MediaTime(dictionary: dictionary) } catch { throw .kind(error) }
        }
        let json: JSONValue
        do { json = try JSONParser.parse(text) } catch { throw .notJSON(error) }
        return try value(fromJSON: json)
    }

    /// The time of a parsed stored form: the four integers of its dictionary, checked.
    public func value(fromJSON json: JSONValue) throws(TransformError) -> MediaTime {
        guard case .object(let members) = json else { throw .wrongShape(expected: "an object", found: json.typeName) }
        var dictionary: [String: Int64] = [:]
        for key in [MediaTime.DictionaryKey.value, MediaTime.DictionaryKey.timescale,
                    MediaTime.DictionaryKey.flags, MediaTime.DictionaryKey.epoch] {
            guard let member = members[key] else { throw .kind(MediaTime.DictionaryError.missingKey(key)) }
            switch member {
            case .integer(let i): dictionary[key] = i
            case .number(let d): throw .kind(MediaTime.DictionaryError.outOfRange(key: key, value: String(d)))
            default: throw .kind(MediaTime.DictionaryError.notAnInteger(key: key))
            }
        }
        do { return try MediaTime(dictionary: dictionary) } catch { throw .kind(error) }
    }

    /// The four integers of a stored form in exactly the layout `storedBytes` writes, read
    /// without a JSON tree; nil for any other text (the JSON reading then names what is wrong).
    static func dictionary(fromCanonical text: String) -> [String: Int64]? {
        CanonicalJSONReader.read(text) { r -> [String: Int64]? in
            guard r.take("{\"epoch\":"), let epoch = r.integer(), r.take(",\"flags\":"), let flags = r.integer(),
                  r.take(",\"timescale\":"), let timescale = r.integer(), r.take(",\"value\":"), let value = r.integer(),
                  r.take("}") else { return nil }
            return [MediaTime.DictionaryKey.epoch: epoch, MediaTime.DictionaryKey.flags: flags,
                    MediaTime.DictionaryKey.timescale: timescale, MediaTime.DictionaryKey.value: value]
        }
    }
}
