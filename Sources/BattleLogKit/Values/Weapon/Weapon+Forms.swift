import KeyedArchiving
import SQLiteDB

extension Weapon {
    /// The JSON form of a record's weapon, in this key order:
    /// `{"name":..,"rarity":..,"power":..,"enchantments":[..],"forgedAt":"2025-03-14T09:26:53Z"}`.
    public func writeJSON(into w: inout JSONWriter) {
        w.beginObject()
        w.key("name", first: true); w.writeString(name)
        w.key("rarity"); w.writeString(rarity.rawValue)
        w.key("power"); w.write(.number(power))
        w.key("enchantments"); w.write(.array(enchantments.map(JSONValue.string)))
        w.key("forgedAt"); w.writeString(WeaponDate.text(forgedAt))
        w.endObject()
    }

    /// The weapon of a record's JSON form (what `writeJSON` writes), or why it is none.
    public init(json: JSONValue) throws(TransformError) {
        guard case .object(let d) = json else { throw .wrongShape(expected: "an object", found: json.typeName) }
        func member(_ key: String) throws(TransformError) -> JSONValue {
            guard let v = d[key] else { throw .kind(WeaponError("the weapon has no \"\(key)\"")) }
            return v
        }
        func wrong(_ key: String, _ expected: String, _ found: JSONValue) -> TransformError {
            .kind(WeaponError("the weapon's \"\(key)\" should be \(expected), found \(found.typeName)"))
        }
        let extra = Set(d.keys).subtracting(["name", "rarity", "power", "enchantments", "forgedAt"])
        if let key = extra.sorted().first { throw .wrongShape(expected: "a weapon's five keys", found: "the key \"\(key)\"") }
        guard case .string(let name) = try member("name") else { throw wrong("name", "a string", try member("name")) }
        guard case .string(let rarityText) = try member("rarity") else { throw wrong("rarity", "a string", try member("rarity")) }
        guard let rarity = Rarity(rawValue: rarityText) else {
            throw .kind(WeaponError("the weapon's \"rarity\" should be common, rare, epic or legendary, found \"\(rarityText)\""))
        }
        let power: Double
        switch try member("power") {
        case .integer(let i): power = Double(i)
        case .number(let n): power = n
        case let other: throw wrong("power", "a number", other)
        }
        guard case .array(let list) = try member("enchantments") else { throw wrong("enchantments", "an array", try member("enchantments")) }
        var enchantments: [String] = []
        for (i, e) in list.enumerated() {
            guard case .string(let s) = e else { throw wrong("enchantments[\(i)]", "a string", e) }
            enchantments.append(s)
        }
        guard case .string(let dateText) = try member("forgedAt") else { throw wrong("forgedAt", "an ISO 8601 date", try member("forgedAt")) }
        guard let forgedAt = WeaponDate.parse(dateText) else {
            throw .kind(WeaponError("the weapon's \"forgedAt\" should be an ISO 8601 date (2025-03-14T09:26:53Z), found \"\(dateText)\""))
        }
        self.init(name: name, rarity: rarity, power: power, enchantments: enchantments, forgedAt: forgedAt)
    }

    /// The text of `enchantments` its query column holds (`~` finds one by any part): one a line.
    var enchantmentsText: String { enchantments.joined(separator: "\n") }
}

extension AnyValueTransformer {
    /// `Weapon?`: stored as a keyed archive (a BLOB); in JSON an object of its five keys; in CSV
    /// one column a key (`weapon_name`, ..., enchantments as a JSON array, exact); derives `name`, `rarity`,
    /// `power`, `enchantments` (one a line) and `forgedAt` (seconds since 1970, rounded down).
    public static let weapon = AnyValueTransformer(WeaponTransformer(), forms: ValueForms<Weapon>(
        describe: { w in
            "\(w.name) (\(w.rarity.rawValue), power \(w.power), forged \(WeaponDate.text(w.forgedAt)))"
                + (w.enchantments.isEmpty ? "" : ", enchanted with " + w.enchantments.joined(separator: ", "))
        },
        csvHeaders: { c in ["name", "rarity", "power", "enchantments", "forged_at"].map { c + "_" + $0 } },
        csvCells: { w in
            guard let w else { return ["", "", "", "", ""] }
            return [w.name, w.rarity.rawValue, JSONValue.number(w.power).jsonText,
                    JSONValue.array(w.enchantments.map(JSONValue.string)).jsonText, WeaponDate.text(w.forgedAt)]
        },
        writeJSON: { w, json in w.writeJSON(into: &json) },
        readJSON: { (json: JSONValue) throws(TransformError) -> Weapon in
            let w = try Weapon(json: json)
            guard Weapon.powerRange.contains(w.power) else {
                throw .kind(WeaponError("the weapon's \"power\" should be a number from 0 to 1000, found \(JSONValue.number(w.power).jsonText)"))
            }
            guard WeaponDate.isWritable(w.forgedAt) else { throw .kind(WeaponError("the weapon's \"forgedAt\" is outside years 1 to 9999")) }
            return w
        },
        derivations: [
            "name": ("TEXT", { w in .text(w.name) }),
            "rarity": ("TEXT", { w in .text(w.rarity.rawValue) }),
            "power": ("REAL", { w in .real(w.power) }),
            "enchantments": ("TEXT", { w in .text(w.enchantmentsText) }),
            "forgedAt": ("INTEGER", { w in .integer(Int64((w.forgedAtSince1970).rounded(.down))) }),
        ]))
}
