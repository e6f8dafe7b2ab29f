// libFuzzer harness: the weapon's secure unarchiver (WeaponArchive.weapon(from:)) and the
// archive's object table. Any bytes give a weapon or a typed KeyedArchiveError; a weapon
// re-archives to bytes that read back the same; the JSON form reads back the same weapon.
public func fuzzWeapon(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    _ = try? ArchiveObjectTable(bytes: bytes)
    _ = try? SecureUnarchiver(allowedClasses: ["Weapon", "NSString", "NSNumber", "NSArray", "NSDate", "NSDictionary"]).decodeRoot(bytes)
    let weapon: Weapon
    do { weapon = try WeaponArchive.weapon(from: bytes) } catch { return 0 }
    let again: Weapon
    do { again = try WeaponArchive.weapon(from: WeaponArchive.bytes(of: weapon)) } catch {
        fail("re-archived weapon did not read back: \(error)")
    }
    require(again == weapon || (again.power.isNaN && weapon.power.isNaN), "weapon did not round-trip")
    var w = JSONWriter()
    weapon.writeJSON(into: &w)
    guard let json = try? JSONParser.parse(w.text), let fromJSON = try? Weapon(json: json) else {
        fail("weapon's JSON did not read back: \(w.text)")
    }
    var w2 = JSONWriter()
    fromJSON.writeJSON(into: &w2)
    require(w2.text == w.text, "weapon's JSON is not stable: \(w.text) then \(w2.text)")
    return 0
}
