/// A named, two-way conversion between a value SQLite has no type for and its stored form:
/// sorted-key JSON text. The counterpart of Core Data's `ValueTransformer` for a Transformable
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
    /// The format version a stored form declares, when its format has versions.
    func formatVersion(ofStored text: String) -> Int?
}

extension ValueTransformer {
    public func formatVersion(ofStored text: String) -> Int? { nil }
}

/// A type-erased view of a transformer, for the registry and for tools (inspect, doctor) that
/// handle every attribute alike.
public struct AnyValueTransformer: Sendable {
    public let name: String
    public let valueClassName: String
    private let decodeDescription: @Sendable (String) throws(TransformError) -> String
    private let version: @Sendable (String) -> Int?

    public init<T: ValueTransformer>(_ transformer: T, describe: @escaping @Sendable (T.Value) -> String) {
        name = T.name
        valueClassName = T.valueClassName
        decodeDescription = { (text: String) throws(TransformError) -> String in
            describe(try transformer.value(fromStored: text))
        }
        version = { transformer.formatVersion(ofStored: $0) }
    }

    /// Decodes `text` and describes the value, or throws why it cannot.
    public func describeStored(_ text: String) throws(TransformError) -> String { try decodeDescription(text) }
    public func formatVersion(ofStored text: String) -> Int? { version(text) }
}

/// Transformers by name. Register them before opening a store: a store whose model names a
/// transformer that is not registered refuses to open.
public struct TransformerRegistry: Sendable {
    private var transformers: [String: AnyValueTransformer] = [:]

    public init() {}

    /// The three transformers battlelog's model uses.
    public static let standard: TransformerRegistry = {
        var registry = TransformerRegistry()
        registry.register(AnyValueTransformer(MediaTimeTransformer()) { $0.description })
        registry.register(AnyValueTransformer(IntArrayTransformer()) { "[" + $0.map(String.init).joined(separator: ", ") + "]" })
        registry.register(AnyValueTransformer(MagicTransformer()) { magic in
            guard let magic else { return "none" }
            return magic.typeName + " " + magic.displayFields.map { "\($0.fieldName)=\($0.text)" }.joined(separator: " ")
        })
        return registry
    }()

    public mutating func register(_ transformer: AnyValueTransformer) {
        transformers[transformer.name] = transformer
    }

    public mutating func unregister(named name: String) {
        transformers[name] = nil
    }

    public func transformer(named name: String) -> AnyValueTransformer? { transformers[name] }
    public var names: [String] { transformers.keys.sorted() }
}
