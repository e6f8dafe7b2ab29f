/// A Villain's magic: an evil gate opened with a power from 1 to 10.
public struct VillainMagic: MagicKind {
    public var powerOfEvilGate: Int
    public var gateName: String

    /// The range a gate's power must lie in.
    public static let powerRange = 1...10

    public init(powerOfEvilGate: Int, gateName: String) {
        self.powerOfEvilGate = powerOfEvilGate
        self.gateName = gateName
    }

    public static let typeName = "villain"
    public static let formatVersion = 1
    public static let side = HumanKind.villain
    public static let fieldNames = ["gateName", "powerOfEvilGate"]

    public init(fields: [String: JSONValue]) throws(MagicFieldError) {
        gateName = try fields.requiredString("gateName")
        powerOfEvilGate = try fields.requiredInteger("powerOfEvilGate", in: Self.powerRange)
    }

    public var storedFields: [(key: String, value: JSONValue)] {
        [("powerOfEvilGate", .integer(Int64(powerOfEvilGate))), ("gateName", .string(gateName))]
    }

    public var displayFields: [MagicField] {
        [MagicField(labelKey: "evilGate", fieldName: "gateName", text: gateName),
         MagicField(labelKey: "gatePower", fieldName: "powerOfEvilGate", text: String(powerOfEvilGate),
                    meter: (powerOfEvilGate, Self.powerRange))]
    }

    public static let filterFields = [
        MagicFilterField(name: "powerOfEvilGate", aliases: ["power"], type: .integer),
        MagicFilterField(name: "gateName", aliases: ["gate"], type: .text),
    ]

    public var summary: String { "\(gateName) \(powerOfEvilGate)/10" }
    public var statisticName: String { gateName }
}
