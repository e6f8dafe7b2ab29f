extension StoreModel {
    /// battlelog's own model, refused as the store refuses a model (`StoreError.invalidModel`).
    static func bundledForStore() throws(StoreError) -> StoreModel {
        do { return try bundled() } catch { throw StoreError(error) }
    }

    /// Checks that the registry can serve every attribute: its transformer is registered, it
    /// produces the declared type, and it offers the derivations and the range check the model
    /// asks for. The error names the attribute.
    public func validate(against registry: TransformerRegistry) throws(StoreError) {
        for attribute in transformableAttributes {
            guard let transformer = registry.transformer(named: attribute.transformerName) else {
                throw .unregisteredTransformer(attribute: attribute.qualifiedName, transformer: attribute.transformerName)
            }
            guard transformer.valueClassName == attribute.valueClassName else {
                throw .invalidModel("\(attribute.qualifiedName): \(attribute.transformerName) produces \(transformer.valueClassName), not \(attribute.valueClassName)")
            }
            if attribute.range != nil && !transformer.checksRange {
                throw .invalidModel("\(attribute.qualifiedName): \(attribute.transformerName) cannot check a range")
            }
            for column in attribute.queryColumns where transformer.derivation(named: column.derivation) == nil {
                let offered = transformer.derivationNames.joined(separator: ", ")
                throw .invalidModel("\(attribute.qualifiedName): \(attribute.transformerName) offers no derivation \"\(column.derivation)\" for \(column.path) (it offers: \(offered.isEmpty ? "none" : offered))")
            }
        }
    }
}
