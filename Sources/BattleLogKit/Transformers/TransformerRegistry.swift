/// Transformers by name. Register them before opening a store: a store whose model names a
/// transformer that is not registered refuses to open.
public struct TransformerRegistry: Sendable {
    private var transformers: [String: AnyValueTransformer] = [:]

    public init() {}

    public mutating func register(_ transformer: AnyValueTransformer) {
        transformers[transformer.name] = transformer
    }

    public mutating func unregister(named name: String) {
        transformers[name] = nil
    }

    public func transformer(named name: String) -> AnyValueTransformer? { transformers[name] }
    public var names: [String] { transformers.keys.sorted() }
}
