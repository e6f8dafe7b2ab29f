/// One transformable attribute of a record as stored: for `inspect` and the browser's inspect view.
public struct StoredValueInspection: Sendable, Equatable {
    public let attribute: String
    public let transformer: String
    /// The text exactly as stored (unescaped: escape before showing it); nil for NULL or non-text.
    public let storedText: String?
    /// How it is stored when it is not text: `NULL`, `a blob of 12 bytes`, `an integer (5)`;
    /// nil for text.
    public let nonText: String?
    /// The stored length in bytes (UTF-8 text only; 0 otherwise).
    public let length: Int
    /// The format version the stored form declares (magic only: 1, or 0 for the legacy form).
    public let version: Int?
    /// The decoded value, described.
    public let decoded: String?
    /// Why it could not be decoded.
    public let error: String?

    /// The inspection of every transformable attribute of `record`, in model order.
    public static func inspect(_ record: Record, store: BattleStore) throws(StoreError) -> [StoredValueInspection] {
        var result: [StoredValueInspection] = []
        for attribute in store.model.transformableAttributes {
            guard let transformer = store.registry.transformer(named: attribute.transformerName) else {
                throw .unregisteredTransformer(attribute: attribute.qualifiedName, transformer: attribute.transformerName)
            }
            let text: String?
            let failure: AttributeError?
            switch attribute.name {
            case "duration": text = record.duration.storedText; failure = record.duration.error
            case "randomNumbers": text = record.randomNumbers.storedText; failure = record.randomNumbers.error
            case "usingMagic": text = record.usingMagic.storedText; failure = record.usingMagic.error
            default: continue
            }
            var decoded: String?
            if failure == nil {
                if let text { decoded = try? transformer.describeStored(text) } else { decoded = "none" }
            }
            result.append(StoredValueInspection(
                attribute: attribute.name, transformer: transformer.name, storedText: text,
                nonText: text != nil ? nil : Self.storage(of: failure),
                length: text?.utf8.count ?? 0, version: text.flatMap { transformer.formatVersion(ofStored: $0) },
                decoded: decoded, error: failure?.reason.description))
        }
        return result
    }

    /// What a non-text stored value is, from its decoding failure (NULL when there is none).
    private static func storage(of failure: AttributeError?) -> String {
        if case .wrongStorageType(let what)? = failure?.reason { return what }
        return "NULL"
    }
}
