import KeyedArchiving

/// `Weapon?` <-> its keyed archive, a BLOB (`WeaponArchive`): the secure-unarchiving
/// transformer of the model's `weapon` attribute. `nil` (a bare-handed fight) is stored as SQL
/// NULL and never reaches it.
public struct WeaponTransformer: ValueTransformer {
    public static let name = "WeaponTransformer"
    public static let valueClassName = "Weapon"
    public static var storesBlob: Bool { true }

    public init() {}

    public func storedBlob(of weapon: Weapon?) -> [UInt8] {
        weapon.map(WeaponArchive.bytes(of:)) ?? []
    }

    public func value(fromStoredBlob bytes: [UInt8]) throws(TransformError) -> Weapon? {
        do { return try WeaponArchive.weapon(from: bytes) } catch { throw .archive(error) }
    }

    /// A weapon is never text: text in its column is damage.
    public func storedForm(of weapon: Weapon?) -> String { "" }

    public func value(fromStored text: String) throws(TransformError) -> Weapon? {
        throw .wrongStorageType("text (\(text.utf8.count) bytes)", expected: "a keyed archive (BLOB)")
    }
}
