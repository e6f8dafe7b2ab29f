/// A Hero's magic: a cooperation formula worked with a collaborator.
public struct HeroMagic: MagicKind {
    public var cooperationFormulaName: String
    public var collaboratorName: String

    public init(cooperationFormulaName: String, collaboratorName: String) {
        self.cooperationFormulaName = cooperationFormulaName
        self.collaboratorName = collaboratorName
    }

    public static let typeName = "hero"
    public static let formatVersion = 1
    public static let side = HumanKind.hero
    public static let fieldNames = ["collaboratorName", "cooperationFormulaName"]

    public init(fields: [String: JSONValue]) throws(MagicFieldError) {
        collaboratorName = try fields.requiredString("collaboratorName")
        cooperationFormulaName = try fields.requiredString("cooperationFormulaName")
    }

    public var storedFields: [(key: String, value: JSONValue)] {
        [("cooperationFormulaName", .string(cooperationFormulaName)), ("collaboratorName", .string(collaboratorName))]
    }

    public var displayFields: [MagicField] {
        [MagicField(labelKey: "collaborator", fieldName: "collaboratorName", text: collaboratorName),
         MagicField(labelKey: "cooperationFormula", fieldName: "cooperationFormulaName", text: cooperationFormulaName)]
    }

    public static let filterFields = [
        MagicFilterField(name: "cooperationFormulaName", aliases: ["formula"], type: .text),
        MagicFilterField(name: "collaboratorName", aliases: ["collaborator"], type: .text),
    ]

    public var summary: String { "\(cooperationFormulaName) + \(collaboratorName)" }
    public var statisticName: String { cooperationFormulaName }
}
