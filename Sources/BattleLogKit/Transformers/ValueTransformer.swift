/// A named, two-way conversion between a value SQLite has no type for and its stored form:
/// sorted-key JSON text, or a BLOB for a transformer that `storesBlob` (a keyed archive). The counterpart of Core Data's `ValueTransformer` for a Transformable
/// attribute, but typed, and reporting damage instead of inventing a value.
public protocol ValueTransformer<Value>: Sendable {
    associatedtype Value
    /// The name the model description refers to, e.g. `"MediaTimeTransformer"`.
    static var name: String { get }
    /// The value type's name, as the model description records it (`"MediaTime"`).
    static var valueClassName: String { get }
    /// Forward: the value's stored form.
    func storedForm(of value: Value) -> String
    /// Reverse: the value a stored form holds, or why it holds none.
    func value(fromStored text: String) throws(TransformError) -> Value
    /// Whether its stored forms declare a format version (`formatVersion` then says which).
    static var hasFormatVersions: Bool { get }
    /// The format version a stored form declares, when its format has versions.
    func formatVersion(ofStored text: String) -> Int?
    /// The stored form as UTF-8 bytes (the writer's path; a transformer may write them directly).
    func storedUTF8(of value: Value) -> [UInt8]
    /// Whether the stored form is a BLOB (`storedBlob`, `value(fromStoredBlob:)`) rather than text.
    static var storesBlob: Bool { get }
    /// Forward, for a transformer that stores a BLOB: its bytes.
    func storedBlob(of value: Value) -> [UInt8]
    /// Reverse, for a transformer that stores a BLOB.
    func value(fromStoredBlob bytes: [UInt8]) throws(TransformError) -> Value
}

extension ValueTransformer {
    public static var hasFormatVersions: Bool { false }
    public func formatVersion(ofStored text: String) -> Int? { nil }
    public func storedUTF8(of value: Value) -> [UInt8] { Array(storedForm(of: value).utf8) }
    public static var storesBlob: Bool { false }
    public func storedBlob(of value: Value) -> [UInt8] { storedUTF8(of: value) }
    public func value(fromStoredBlob bytes: [UInt8]) throws(TransformError) -> Value {
        throw .wrongStorageType("a blob of \(bytes.count) bytes")
    }
}
