import KeyedArchiving

/// A weapon's stored form: the binary property list Foundation's `NSKeyedArchiver` writes for an
/// NSSecureCoding class named `Weapon` that encodes `name` and `rarity` (strings), `power`
/// (`encode(_: Double, forKey:)`, a real), `enchantments` (an NSArray of strings) and `forgedAt`
/// (an NSDate). Read back as `NSSecureUnarchiveFromDataTransformer` would with the allow-list
/// Weapon, NSString, NSNumber, NSArray and NSDate: any other class is refused by its name, and
/// nothing is instantiated.
public enum WeaponArchive {
    /// The class the archive's root must be.
    public static let className = "Weapon"
    /// The classes an archive may name.
    public static let allowedClasses: Set<String> = [className, "NSString", "NSNumber", "NSArray", "NSDate"]
    /// The deepest nesting accepted.
    public static let maxDepth = 32

    /// The archive of `weapon`.
    public static func bytes(of weapon: Weapon) -> [UInt8] {
        var b = KeyedArchiveBuilder()
        let name = b.string(weapon.name)
        let rarity = b.string(weapon.rarity.rawValue)
        var elements: [KeyedArchiveBuilder.UID] = []
        for e in weapon.enchantments { elements.append(b.string(e)) }
        let enchantments = b.array(elements)
        let forgedAt = b.date(sinceReferenceDate: weapon.forgedAt)
        let root = b.instance([className, "NSObject"], fields: [
            ("name", .object(name)), ("rarity", .object(rarity)), ("power", .real(weapon.power)),
            ("enchantments", .object(enchantments)), ("forgedAt", .object(forgedAt)),
        ])
        return b.bytes(root: root)
    }

    /// The weapon an archive holds, or why it holds none (naming the class or the key).
    public static func weapon(from bytes: [UInt8]) throws(KeyedArchiveError) -> Weapon {
        let root = try SecureUnarchiver(allowedClasses: allowedClasses, maxDepth: maxDepth).decodeRoot(bytes)
        guard case .instance(let cls, let fields) = root, cls == className else {
            throw .wrongType(key: "root", expected: "an instance of \(className)", found: root.kind)
        }
        func field(_ key: String) throws(KeyedArchiveError) -> ArchivedValue {
            guard let v = fields[key], v != .null else { throw .missingKey(key, className: className) }
            return v
        }
        func text(_ key: String) throws(KeyedArchiveError) -> String {
            let v = try field(key)
            guard case .string(let s) = v else { throw .wrongType(key: key, expected: "a string", found: v.kind) }
            return s
        }
        let rarityText = try text("rarity")
        guard let rarity = Weapon.Rarity(rawValue: rarityText) else {
            throw .wrongType(key: "rarity", expected: "common, rare, epic or legendary", found: "\"\(rarityText)\"")
        }
        let powerValue = try field("power")
        guard case .real(let power) = powerValue else { throw .wrongType(key: "power", expected: "a real", found: powerValue.kind) }
        guard Weapon.powerRange.contains(power) else {
            throw .wrongType(key: "power", expected: "a number from 0 to 1000", found: String(power))
        }
        let listValue = try field("enchantments")
        guard case .array(let list) = listValue else { throw .wrongType(key: "enchantments", expected: "an NSArray", found: listValue.kind) }
        var enchantments: [String] = []
        for (i, e) in list.enumerated() {
            guard case .string(let s) = e else { throw .wrongType(key: "enchantments[\(i)]", expected: "a string", found: e.kind) }
            enchantments.append(s)
        }
        let dateValue = try field("forgedAt")
        guard case .date(let forgedAt) = dateValue else { throw .wrongType(key: "forgedAt", expected: "an NSDate", found: dateValue.kind) }
        guard WeaponDate.isWritable(forgedAt) else {
            throw .wrongType(key: "forgedAt", expected: "a date from year 1 to 9999", found: String(forgedAt))
        }
        return Weapon(name: try text("name"), rarity: rarity, power: power, enchantments: enchantments, forgedAt: forgedAt)
    }
}
