/// Why a weapon's JSON form (an import line) is refused: a key missing or of the wrong type, a
/// value out of range (`the weapon's "power" should be a number from 0 to 1000, found 2000`).
public struct WeaponError: ValueKindError {
    public let reason: String

    public init(_ reason: String) { self.reason = reason }

    public var description: String { reason }
}
