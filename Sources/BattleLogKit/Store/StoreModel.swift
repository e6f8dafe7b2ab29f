import BattleLogResources

/// The store's model description (`Resources/model/BattleLog.model.json`): entities, their
/// attributes, and for each transformable attribute the name of its value transformer, as Core
/// Data's model editor records it.
public struct StoreModel: Sendable, Equatable {
    /// A transformable attribute: where it is stored and which transformer reads it.
    public struct TransformableAttribute: Sendable, Equatable {
        public let entity: String
        public let name: String
        public let column: String
        public let transformerName: String
        /// `Entity.attribute`, the way errors name it.
        public var qualifiedName: String { "\(entity).\(name)" }
    }

    public let name: String
    public let transformableAttributes: [TransformableAttribute]

    /// The model shipped in `Resources/`.
    public static func bundled() throws(StoreError) -> StoreModel {
        guard let text = ResourceFiles.text(folder: "model", name: "BattleLog.model.json") else {
            let places = ResourceFiles.searchedFolders.map(\.path).joined(separator: " or ")
            throw .invalidModel("model/BattleLog.model.json not found in \(places)")
        }
        return try StoreModel(json: text)
    }

    /// Reads a model description.
    public init(json text: String) throws(StoreError) {
        let json: JSONValue
        do { json = try JSONParser.parse(text) } catch { throw .invalidModel(error.description) }
        guard case .object(let root) = json, case .string(let name)? = root["name"],
              case .array(let entities)? = root["entities"] else {
            throw .invalidModel("expected {\"name\", \"entities\"}")
        }
        var attributes: [TransformableAttribute] = []
        for entity in entities {
            guard case .object(let e) = entity, case .string(let entityName)? = e["name"],
                  case .array(let attrs)? = e["attributes"] else { throw .invalidModel("an entity lacks a name or attributes") }
            for attr in attrs {
                guard case .object(let a) = attr, case .string(let attrName)? = a["name"],
                      case .string(let type)? = a["type"] else { throw .invalidModel("an attribute of \(entityName) lacks a name or type") }
                guard type == "transformable" else { continue }
                guard case .string(let transformer)? = a["valueTransformerName"], case .string(let column)? = a["column"] else {
                    throw .invalidModel("\(entityName).\(attrName) is transformable but names no valueTransformerName or column")
                }
                attributes.append(TransformableAttribute(entity: entityName, name: attrName, column: column, transformerName: transformer))
            }
        }
        self.name = name
        self.transformableAttributes = attributes
    }

    /// Checks that every transformer the model names is registered.
    public func validate(against registry: TransformerRegistry) throws(StoreError) {
        for attribute in transformableAttributes where registry.transformer(named: attribute.transformerName) == nil {
            throw .unregisteredTransformer(attribute: attribute.qualifiedName, transformer: attribute.transformerName)
        }
    }

    /// The attribute called `name` (e.g. `usingMagic`).
    public func attribute(named name: String) -> TransformableAttribute? {
        transformableAttributes.first { $0.name == name }
    }
}
