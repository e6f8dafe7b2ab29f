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
    /// Whether the attribute's stored forms declare a version (so that none found is unknown).
    public let hasVersions: Bool
    /// The decoded value, described.
    public let decoded: String?
    /// Why it could not be decoded.
    public let error: String?

    /// The inspection of every transformable attribute of `record`, in model order.
    public static func inspect(_ record: Record) -> [StoredValueInspection] {
        record.schema.attributes.enumerated().map { i, attribute in
            let transformer = record.schema.transformer(at: i)
            let stored = record.transformables[i]
            let text = stored.storedText
            var decoded: String?
            if case .success(let value) = stored.decoded { decoded = value.map(transformer.describe) ?? "none" }
            return StoredValueInspection(
                attribute: attribute.name, transformer: transformer.name, storedText: text,
                nonText: text != nil ? nil : Self.storage(of: stored.error),
                length: text?.utf8.count ?? 0, version: text.flatMap { transformer.formatVersion(ofStored: $0) },
                hasVersions: transformer.hasFormatVersions, decoded: decoded, error: stored.error?.reason.description)
        }
    }

    /// What a non-text stored value is, from its decoding failure (NULL when there is none).
    private static func storage(of failure: AttributeError?) -> String {
        if case .wrongStorageType(let what)? = failure?.reason { return what }
        return "NULL"
    }
}
