import AppStoreWriter
import Foundation
import KeyedArchiving
import SQLiteDB
import Testing
@testable import BattleLogKit
@testable import CoreDataKit

/// The app's model with a `weapon`: a custom class stored as an NSSecureCoding keyed archive
/// (Core Data's Transformable through a secure unarchiving transformer).
@Suite struct CoreDataWeaponTests {
    static let blade = Weapon(name: "Épée du Soir 雷切", rarity: .legendary, power: 8.5, enchantments: ["frost", "धार"],
                              forgedAt: 700_000_000)

    /// A store written as the app writes it: one record per kind of archive.
    func appStore(_ folder: TemporaryFolder) throws -> String {
        var b = AppStoreBuilder()
        b.weaponAttribute = true
        // Foundation's own archive of the class (renamed as Apple's setClassName names it).
        let foundation = [UInt8](try NSKeyedArchiver.archivedData(withRootObject: ArchivedWeapon(Self.blade), requiringSecureCoding: true))
        let plist = try BinaryPropertyListReader.read(foundation)
        let renamed = BinaryPropertyListWriter.write(plist.objects.map { o in
            if case .string(let s) = o, s.hasSuffix(".ArchivedWeapon") { return .string("Weapon") }
            return o
        }, top: plist.top)
        var records: [AppStoreBuilder.Record] = (0..<4).map { .init(owner: $0 % 2, date: 810_000_000 + Double($0) * 60, result: .text("win")) }
        records[0].weaponArchive = WeaponArchive.bytes(of: Self.blade)
        records[1].weaponArchive = renamed
        records[2].weaponArchive = nil
        // An archive naming a class outside the allow-list: the app would have refused it too.
        records[3].weaponArchive = BinaryPropertyListWriter.write(plist.objects.map { o in
            if case .string(let s) = o, s.hasSuffix(".ArchivedWeapon") { return .string("NSURL") }
            return o
        }, top: plist.top)
        b.records = records
        let path = folder.file("app.sqlite")
        try b.write(to: path)
        return path
    }

    @Test func theAppsWeaponsImportExactlyAndARefusedOneStaysDamaged() throws {
        let folder = TemporaryFolder()
        let app = try appStore(folder)
        let db = folder.file("battle.sqlite")
        let run = cli(["import", "--coredata", app], db: db)
        #expect(run.status == 0, "\(run.err)")
        let all = try records(BattleStore(path: db))
        #expect(all.count == 4)
        let weapons = all.map { $0.attribute(named: "weapon") }
        #expect(weapons[0]?.value as? Weapon == Self.blade)
        #expect(weapons[1]?.value as? Weapon == Self.blade)
        #expect(weapons[2]?.decoded.map { $0 == nil } == .success(true))
        #expect(weapons[3]?.error?.reason == .archive(.classNotAllowed("NSURL")), "\(String(describing: weapons[3]?.error))")
        // The refused archive is kept as it was, byte for byte: reported, never replaced.
        #expect(weapons[3]?.storedBlob != nil)
    }

    @Test func theStoreReaderShowsTheArchiveAsItsClassAndFields() throws {
        let folder = TemporaryFolder()
        let app = try appStore(folder)
        let dump = cli(["coredata", "dump", app, "--json"], db: folder.file("unused.sqlite"))
        #expect(dump.status == 0, "\(dump.err)")
        #expect(dump.out.contains(#""$class":"Weapon""#) && dump.out.contains("Épée du Soir 雷切"), "\(dump.out)")
        let info = cli(["coredata", "info", app], db: folder.file("unused.sqlite"))
        #expect(info.out.contains("weapon"), "\(info.out)")
    }
}

/// The app's custom class, as Foundation archives it (a top-level class: Foundation on Linux
/// names a class by its module-qualified name, and refuses a nested one).
final class ArchivedWeapon: NSObject, NSSecureCoding {
    static var supportsSecureCoding: Bool { true }
    let w: Weapon
    init(_ w: Weapon) { self.w = w }
    required init?(coder: NSCoder) { nil }
    func encode(with c: NSCoder) {
        c.encode(w.name as NSString, forKey: "name")
        c.encode(w.rarity.rawValue as NSString, forKey: "rarity")
        c.encode(w.power, forKey: "power")
        c.encode(w.enchantments.map { $0 as NSString } as NSArray, forKey: "enchantments")
        c.encode(Date(timeIntervalSinceReferenceDate: w.forgedAt) as NSDate, forKey: "forgedAt")
    }
}
