import KeyedArchiving

/// One transformable attribute of a record as stored: for `inspect` and the browser's inspect view.
public struct StoredValueInspection: Sendable, Equatable {
    public let attribute: String
    public let transformer: String
    /// The text exactly as stored (unescaped: escape before showing it); nil for NULL or non-text.
    public let storedText: String?
    /// How it is stored when it is not text: `NULL`, `a blob of 12 bytes`, `an integer (5)`;
    /// nil for text.
    public let nonText: String?
    /// The stored length in bytes (UTF-8 text or a transformer's BLOB; 0 otherwise).
    public let length: Int
    /// A keyed archive's object table (a BLOB-storing transformer's value), or why it has none.
    public let archive: Result<ArchiveObjectTable, PropertyListError>?
    /// The format version the stored form declares (magic only: 1, or 0 for the legacy form).
    public let version: Int?
    /// Whether the attribute's stored forms declare a version (so that none found is unknown).
    public let hasVersions: Bool
    /// The decoded value, described.
    public let decoded: String?
    /// The decoded value in the JSON of `show --json` (terminal-safe): `null` when absent, nil
    /// when it could not be decoded.
    public let decodedJSON: String?
    /// Why it could not be decoded.
    public let error: String?

    /// The inspection of every transformable attribute of `record`, in model order.
    public static func inspect(_ record: Record) -> [StoredValueInspection] {
        record.schema.attributes.enumerated().map { i, attribute in
            let transformer = record.schema.transformer(at: i)
            let stored = record.transformables[i]
            let text = stored.storedText
            let archive = stored.storedBlob.map { bytes in Result { () throws(PropertyListError) in try ArchiveObjectTable(bytes: bytes) } }
            var decoded: String?
            var decodedJSON: String?
            if case .success(let value) = stored.decoded {
                decoded = value.map(transformer.describe) ?? "none"
                var w = JSONWriter(terminalSafe: true)
                if let value { transformer.writeJSON(value, into: &w) } else { w.writeNull() }
                decodedJSON = w.text
            }
            return StoredValueInspection(
                attribute: attribute.name, transformer: transformer.name, storedText: text,
                nonText: text != nil ? nil : stored.storedBlob.map { "a BLOB of \($0.count) bytes" } ?? Self.storage(of: stored.error),
                length: text?.utf8.count ?? stored.storedBlob?.count ?? 0, archive: archive, version: text.flatMap { transformer.formatVersion(ofStored: $0) },
                hasVersions: transformer.hasFormatVersions, decoded: decoded, decodedJSON: decodedJSON, error: stored.error?.reason.description)
        }
    }

    /// What a non-text stored value is, from its decoding failure (NULL when there is none).
    private static func storage(of failure: AttributeError?) -> String {
        if case .wrongStorageType(let what, _)? = failure?.reason { return what }
        return "NULL"
    }
}
