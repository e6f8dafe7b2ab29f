import SQLiteDB

/// The model's transformable attributes resolved against a transformer registry: what a store
/// writes, what every record it reads carries (so that its JSON and CSV forms, `inspect` and
/// `show` need nothing else), and what an import checks a file against.
public final class RecordSchema: Sendable {
    let resolved: [ResolvedAttribute]
    private let indexByName: [String: Int]

    /// The model's attributes, in model order.
    public let attributes: [StoreModel.TransformableAttribute]
    /// The attributes' names, in model order.
    let names: [String]

    /// Resolves `model` against `registry`, refusing (naming the attribute) what the registry
    /// cannot serve.
    public init(model: StoreModel, registry: TransformerRegistry) throws(StoreError) {
        try model.validate(against: registry)
        resolved = ResolvedAttribute.resolve(model, registry)
        attributes = resolved.map(\.attribute)
        names = attributes.map(\.name)
        indexByName = Dictionary(resolved.enumerated().map { ($1.attribute.name, $0) }, uniquingKeysWith: { a, _ in a })
    }

    /// battlelog's bundled model with the standard transformers.
    public static func standard() throws(StoreError) -> RecordSchema {
        try RecordSchema(model: try StoreModel.bundledForStore(), registry: .standard)
    }

    /// The position of the attribute called `name`.
    public func index(of name: String) -> Int? { indexByName[name] }

    /// The position of the first attribute whose value type is `className` (`Timeline`).
    public func index(ofValueType className: String) -> Int? {
        attributes.firstIndex { $0.valueClassName == className }
    }

    /// The transformer of the attribute at `index`.
    public func transformer(at index: Int) -> AnyValueTransformer { resolved[index].transformer }
}

/// A transformable attribute of the model with the registered transformer that serves it and
/// the derivations of its query columns.
final class ResolvedAttribute: Sendable {
    let attribute: StoreModel.TransformableAttribute
    let transformer: AnyValueTransformer
    let derived: [(column: StoreModel.QueryColumn, derivation: AnyValueTransformer.Derivation)]
    /// The writer's path for this attribute's values (stored form and derived values).
    let write: AnyValueTransformer.ValueWriter
    /// What the writer reads of the attribute for every record, kept apart from it.
    let range: ClosedRange<Int64>?
    let isOptional: Bool
    let derivedCount: Int

    init(attribute: StoreModel.TransformableAttribute, transformer: AnyValueTransformer,
         derived: [(column: StoreModel.QueryColumn, derivation: AnyValueTransformer.Derivation)]) {
        self.attribute = attribute
        self.transformer = transformer
        self.derived = derived
        self.write = transformer.writer(derivations: derived.map(\.column.derivation))
        self.range = attribute.range
        self.isOptional = attribute.isOptional
        self.derivedCount = derived.count
    }

    /// Resolves every transformable attribute of `model` (validated against `registry` first).
    static func resolve(_ model: StoreModel, _ registry: TransformerRegistry) -> [ResolvedAttribute] {
        model.transformableAttributes.compactMap { a in
            guard let t = registry.transformer(named: a.transformerName) else { return nil }
            let derived = a.queryColumns.compactMap { c in t.derivation(named: c.derivation).map { (c, $0) } }
            return ResolvedAttribute(attribute: a, transformer: t, derived: derived)
        }
    }

    /// The derived values of a decoded value (NULL for each when the value is absent or damaged).
    func derivedValues(of value: (any Sendable)?) -> [SQLiteValue] {
        derived.map { d in value.map { d.derivation.value(of: $0) } ?? .null }
    }
}

