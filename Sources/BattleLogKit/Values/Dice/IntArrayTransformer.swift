/// `[Int]` <-> a JSON array of integers: `[12,99,3]`.
public struct IntArrayTransformer: ValueTransformer {
    public static let name = "IntArrayTransformer"
    public static let valueClassName = "[Int]"

    public init() {}

    public func storedForm(of values: [Int]) -> String { storedBytes(of: values).text }

    public func storedUTF8(of values: [Int]) -> [UInt8] { storedBytes(of: values).bytes }

    /// The stored form as UTF-8 bytes (the writer's fast path).
    public func storedBytes(of values: [Int]) -> JSONWriter {
        var w = JSONWriter(capacity: values.count * 4 + 2)
        w.writeIntegerArray(values)
        return w
    }

    public func value(fromStored text: String) throws(TransformError) -> [Int] {
        if let values = Self.value(fromCanonical: text) { return values }
        let json: JSONValue
        do { json = try JSONParser.parse(text) } catch { throw .notJSON(error) }
        return try value(fromJSON: json)
    }

    /// The integers of a stored form in exactly the layout the writer uses (`[3,97,12]`), read
    /// without a JSON tree; nil for any other text (`value(fromJSON:)` then reads it).
    static func value(fromCanonical text: String) -> [Int]? {
        CanonicalJSONReader.read(text) { r -> [Int]? in
            guard r.take("[") else { return nil }
            var values: [Int] = []
            values.reserveCapacity(64)
            if !r.peek(UInt8(ascii: "]")) {
                repeat {
                    guard let v = r.integer() else { return nil }
                    values.append(Int(v))
                } while r.take(",")
            }
            return r.take("]") ? values : nil
        }
    }

    /// The integers of a parsed stored form.
    public func value(fromJSON json: JSONValue) throws(TransformError) -> [Int] {
        guard case .array(let elements) = json else { throw .wrongShape(expected: "an array", found: json.typeName) }
        var result: [Int] = []
        result.reserveCapacity(elements.count)
        for (i, element) in elements.enumerated() {
            guard case .integer(let v) = element else { throw .kind(DiceError(index: i, found: element.typeName)) }
            result.append(Int(v))
        }
        return result
    }
}
