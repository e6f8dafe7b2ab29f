import AppStoreWriter
import Foundation
import KeyedArchiving
import Testing
@testable import BattleLogKit

/// The custom class as Foundation would have it: `Weapon: NSObject, NSSecureCoding`, encoding
/// the five keys the stored form holds.
final class FoundationWeapon: NSObject, NSSecureCoding {
    static var supportsSecureCoding: Bool { true }
    let name: String, rarity: String, power: Double, enchantments: [String], forgedAt: Date

    init(_ w: Weapon) {
        name = w.name; rarity = w.rarity.rawValue; power = w.power; enchantments = w.enchantments
        forgedAt = Date(timeIntervalSinceReferenceDate: w.forgedAt)
    }

    func encode(with coder: NSCoder) {
        coder.encode(name as NSString, forKey: "name")
        coder.encode(rarity as NSString, forKey: "rarity")
        coder.encode(power, forKey: "power")
        coder.encode(enchantments.map { $0 as NSString } as NSArray, forKey: "enchantments")
        coder.encode(forgedAt as NSDate, forKey: "forgedAt")
    }

    init?(coder: NSCoder) {
        guard let name = coder.decodeObject(of: NSString.self, forKey: "name"),
              let rarity = coder.decodeObject(of: NSString.self, forKey: "rarity"),
              let list = coder.decodeObject(of: [NSArray.self, NSString.self], forKey: "enchantments") as? NSArray,
              let forgedAt = coder.decodeObject(of: NSDate.self, forKey: "forgedAt") else { return nil }
        self.name = name as String
        self.rarity = rarity as String
        self.power = coder.decodeDouble(forKey: "power")
        self.enchantments = list.compactMap { ($0 as? NSString).map { $0 as String } }
        self.forgedAt = forgedAt as Date
    }

    var weapon: Weapon? {
        Weapon.Rarity(rawValue: rarity).map {
            Weapon(name: name, rarity: $0, power: power, enchantments: enchantments, forgedAt: forgedAt.timeIntervalSinceReferenceDate)
        }
    }
}

@Suite struct WeaponArchiveTests {
    /// Values at the edges: every script, empty and long lists, powers and dates at their ends.
    static let weapons: [Weapon] = [
        Weapon(name: "Frostbrand", rarity: .epic, power: 7.25, enchantments: ["frost", "keen"], forgedAt: 1000),
        Weapon(name: "", rarity: .common, power: 0, enchantments: [], forgedAt: 0),
        Weapon(name: "E\u{301}toile נֶשֶׁק त्रिशूल ดาบเพลิง 🧙🏽‍♀️ 雷切", rarity: .legendary, power: 1000,
               enchantments: ["寒冰", "धार", "ฟ้าผ่า", "a\"b\\c", "$(touch x)", "\u{1B}[31m"], forgedAt: 757_382_400.25),
        Weapon(name: String(repeating: "x", count: 70_000), rarity: .rare, power: 999.999,
               enchantments: (0..<300).map { "e\($0)" }, forgedAt: -63_113_904_000),  // year 1
        Weapon(name: "tiny", rarity: .rare, power: 5e-324, enchantments: [""], forgedAt: 252_423_993_599),  // 9999-12-31
    ]

    @Test func whatBattlelogWritesItReadsBack() throws {
        for w in Self.weapons {
            #expect(try WeaponArchive.weapon(from: WeaponArchive.bytes(of: w)) == w)
        }
    }

    @Test func foundationDecodesWhatBattlelogWrote() throws {
        NSKeyedUnarchiver.setClass(FoundationWeapon.self, forClassName: "Weapon")
        for w in Self.weapons {
            let data = Data(WeaponArchive.bytes(of: w))
            let decoded = try #require(try NSKeyedUnarchiver.unarchivedObject(ofClass: FoundationWeapon.self, from: data))
            #expect(decoded.weapon == w)
        }
    }

    @Test func battlelogReadsWhatFoundationWrote() throws {
        for w in Self.weapons {
            let foundation = [UInt8](try NSKeyedArchiver.archivedData(withRootObject: FoundationWeapon(w), requiringSecureCoding: true))
            // swift-corelibs-foundation archives a Swift class under its module-qualified name and
            // ignores setClassName: as it is, the archive names a class outside the allow-list.
            #expect(throws: KeyedArchiveError.classNotAllowed("BattleLogKitTests.FoundationWeapon")) {
                try WeaponArchive.weapon(from: foundation)
            }
            // Under the name Apple's Foundation gives it (setClassName), it reads exactly.
            let renamed = Self.renamingClass(foundation, from: "BattleLogKitTests.FoundationWeapon", to: "Weapon")
            #expect(try WeaponArchive.weapon(from: renamed) == w)
            // And both archives hold the same object graph.
            let reader = SecureUnarchiver(allowedClasses: WeaponArchive.allowedClasses)
            #expect(try reader.decodeRoot(renamed) == reader.decodeRoot(WeaponArchive.bytes(of: w)))
        }
    }

    @Test func pythonsPlistlibReadsTheStructure() throws {
        let folder = TemporaryFolder()
        let path = folder.file("weapon.plist")
        let w = Self.weapons[2]
        FileManager.default.createFile(atPath: path, contents: Data(WeaponArchive.bytes(of: w)))
        let script = """
            import json, plistlib, sys
            d = plistlib.load(open(sys.argv[1], 'rb'))
            o = d['$objects']
            root = o[d['$top']['root'].data]
            cls = o[root['$class'].data]
            out = {'archiver': d['$archiver'], 'version': d['$version'], 'null': o[0],
                   'classname': cls['$classname'], 'classes': cls['$classes'],
                   'name': o[root['name'].data], 'rarity': o[root['rarity'].data], 'power': root['power'],
                   'enchantments': [o[u.data] for u in o[root['enchantments'].data]['NS.objects']],
                   'enchantmentsClass': o[o[root['enchantments'].data]['$class'].data]['$classname'],
                   'time': o[root['forgedAt'].data]['NS.time'],
                   'dateClass': o[o[root['forgedAt'].data]['$class'].data]['$classname']}
            print(json.dumps(out, ensure_ascii=False))
            """
        let python = Process()
        python.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        python.arguments = ["python3", "-c", script, path]
        let out = Pipe()
        python.standardOutput = out
        try python.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        python.waitUntilExit()
        #expect(python.terminationStatus == 0)
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(json["archiver"] as? String == "NSKeyedArchiver" && json["version"] as? Int == 100_000 && json["null"] as? String == "$null")
        #expect(json["classname"] as? String == "Weapon" && json["classes"] as? [String] == ["Weapon", "NSObject"])
        #expect(json["name"] as? String == w.name && json["rarity"] as? String == "legendary" && json["power"] as? Double == w.power)
        #expect(json["enchantments"] as? [String] == w.enchantments && json["enchantmentsClass"] as? String == "NSArray")
        #expect(json["time"] as? Double == w.forgedAt && json["dateClass"] as? String == "NSDate")
    }

    // MARK: Hostile archives: refused by name, nothing built

    /// `$objects` of a weapon archive written by hand: 0 $null, 1 the root, 2 its class, then
    /// `fields` (the root's keys to indices in this list, or inline values), then `extra`.
    static func archive(rootClass: String = "Weapon", fields: [(String, PropertyList.Object)],
                        extra: [PropertyList.Object] = []) -> [UInt8] {
        // Key strings and inline values go after $objects' members, which the UIDs index.
        var members: [PropertyList.Object] = [.string("$null"), .null, .null]
        members += extra
        var table = members
        func put(_ o: PropertyList.Object) -> Int { table.append(o); return table.count - 1 }
        let classNames = put(.array([put(.string(rootClass)), put(.string("NSObject"))]))
        table[2] = .dictionary([(key: put(.string("$classname")), value: put(.string(rootClass))),
                                (key: put(.string("$classes")), value: classNames)])
        var pairs = [(key: put(.string("$class")), value: put(.uid(2)))]
        for (k, v) in fields { pairs.append((key: put(.string(k)), value: put(v))) }
        table[1] = .dictionary(pairs)
        return wrapped(table, memberCount: members.count)
    }

    /// `table`'s first `memberCount` objects as `$objects`, root UID 1.
    static func wrapped(_ table: [PropertyList.Object], memberCount: Int) -> [UInt8] {
        var t = table
        func put(_ o: PropertyList.Object) -> Int { t.append(o); return t.count - 1 }
        let objects = put(.array(Array(0..<memberCount)))
        let top = put(.dictionary([(key: put(.string("root")), value: put(.uid(1)))]))
        let archive = put(.dictionary([(key: put(.string("$archiver")), value: put(.string("NSKeyedArchiver"))),
                                       (key: put(.string("$version")), value: put(.integer(100_000))),
                                       (key: put(.string("$objects")), value: objects), (key: put(.string("$top")), value: top)]))
        return BinaryPropertyListWriter.write(t, top: archive)
    }

    static let goodFields: [(String, PropertyList.Object)] = [
        ("name", .uid(3)), ("rarity", .uid(4)), ("power", .real(2.5)), ("enchantments", .uid(5)), ("forgedAt", .uid(7)),
    ]
    /// 3 "Blade", 4 "rare", 5 NSArray [6], 6 "keen", 7 NSDate, 8 NSArray's class, 9 NSDate's class.
    static func goodExtra(arrayClass: String = "NSArray", element: PropertyList.Object = .uid(6),
                          date: PropertyList.Object = .real(100)) -> [PropertyList.Object] {
        // Dictionaries here refer to key strings appended by `archive` after these: built with
        // indices fixed below, so the keys are listed as members too (10...).
        [.string("Blade"), .string("rare"),
         .dictionary([(key: 10, value: 12), (key: 11, value: 13)]),           // 5: {NS.objects: [..], $class: uid 8}
         .string("keen"),
         .dictionary([(key: 14, value: 15), (key: 11, value: 16)]),           // 7: {NS.time: .., $class: uid 9}
         .dictionary([(key: 17, value: 18)]),                                  // 8: {$classname: arrayClass}
         .dictionary([(key: 17, value: 19)]),                                  // 9: {$classname: "NSDate"}
         .string("NS.objects"), .string("$class"), .array([20]), .uid(8),     // 10, 11, 12, 13
         .string("NS.time"), date, .uid(9), .string("$classname"),            // 14, 15, 16, 17
         .string(arrayClass), .string("NSDate"), element]                      // 18, 19, 20
    }

    @Test func aWellFormedHandWrittenArchiveReads() throws {
        let w = try WeaponArchive.weapon(from: Self.archive(fields: Self.goodFields, extra: Self.goodExtra()))
        #expect(w == Weapon(name: "Blade", rarity: .rare, power: 2.5, enchantments: ["keen"], forgedAt: 100))
    }

    @Test func eachHostileArchiveIsATypedErrorNamingTheClassOrTheKey() {
        var fields = Self.goodFields
        func with(_ key: String, _ value: PropertyList.Object) -> [(String, PropertyList.Object)] {
            fields = Self.goodFields
            if let i = fields.firstIndex(where: { $0.0 == key }) { fields[i].1 = value } else { fields.append((key, value)) }
            return fields
        }
        let cases: [(String, [UInt8], KeyedArchiveError)] = [
            ("a root of another class", Self.archive(rootClass: "EvilPayload", fields: Self.goodFields, extra: Self.goodExtra()),
             .classNotAllowed("EvilPayload")),
            ("a class inside it outside the list", Self.archive(fields: Self.goodFields, extra: Self.goodExtra(arrayClass: "NSURL")),
             .classNotAllowed("NSURL")),
            ("an array that holds itself", Self.archive(fields: Self.goodFields, extra: Self.goodExtra(element: .uid(5))),
             .cycle(key: "enchantments[]")),
            ("a reference past $objects", Self.archive(fields: with("name", .uid(900)), extra: Self.goodExtra()),
             .uidOutOfRange(key: "name", uid: 900, count: 21)),
            ("power as a string", Self.archive(fields: with("power", .uid(3)), extra: Self.goodExtra()),
             .wrongType(key: "power", expected: "a real", found: "a string")),
            ("power not a number", Self.archive(fields: with("power", .real(.nan)), extra: Self.goodExtra()),
             .wrongType(key: "power", expected: "a number from 0 to 1000", found: "nan")),
            ("power below 0", Self.archive(fields: with("power", .real(-0.5)), extra: Self.goodExtra()),
             .wrongType(key: "power", expected: "a number from 0 to 1000", found: "-0.5")),
            ("power past 1000", Self.archive(fields: with("power", .real(1e300)), extra: Self.goodExtra()),
             .wrongType(key: "power", expected: "a number from 0 to 1000", found: "1e+300")),
            ("a rarity outside the four", Self.archive(fields: with("rarity", .uid(6)), extra: Self.goodExtra()),
             .wrongType(key: "rarity", expected: "common, rare, epic or legendary", found: "\"keen\"")),
            ("an enchantment that is a number", Self.archive(fields: Self.goodFields, extra: Self.goodExtra(element: .integer(7))),
             .wrongType(key: "enchantments[0]", expected: "a string", found: "an integer")),
            ("a date that is text", Self.archive(fields: Self.goodFields, extra: Self.goodExtra(date: .string("today"))),
             .wrongType(key: "NS.time", expected: "a number", found: "a string")),
            ("a date past year 9999", Self.archive(fields: Self.goodFields, extra: Self.goodExtra(date: .real(1e18))),
             .wrongType(key: "forgedAt", expected: "a date from year 1 to 9999", found: "1e+18")),
            ("no name", Self.archive(fields: Self.goodFields.filter { $0.0 != "name" }, extra: Self.goodExtra()),
             .missingKey("name", className: "Weapon")),
        ]
        for (what, bytes, expected) in cases {
            #expect(throws: expected, "\(what)") { try WeaponArchive.weapon(from: bytes) }
        }
    }

    @Test func nestingDeeperThan32IsRefused() {
        // enchantments: an NSArray holding an NSArray ... 40 deep.
        var extra = Self.goodExtra()
        var inner = 6  // "keen"
        // Each level: its element list, the UID in it, and the NSArray instance (table index =
        // position in `extra` + 3, after $null, the root and its class).
        for _ in 0..<40 {
            let p0 = extra.count
            extra.append(.array([p0 + 4]))
            extra.append(.uid(UInt64(inner)))
            extra.append(.dictionary([(key: 10, value: p0 + 3), (key: 11, value: 13)]))
            inner = p0 + 5
        }
        // The root's enchantments is the outermost array.
        var fields = Self.goodFields
        fields[3].1 = .uid(UInt64(inner))
        let bytes = Self.archive(fields: fields, extra: extra)
        #expect { try WeaponArchive.weapon(from: bytes) } throws: { e in
            guard case .tooDeep(_, let limit) = e as? KeyedArchiveError else { return false }
            return limit == 32
        }
    }

    @Test func aCountLargerThanTheArchiveAndEveryPrefixAreErrorsNotCrashes() {
        let bytes = WeaponArchive.bytes(of: Self.weapons[2])
        // The trailer's object count raised past the bytes.
        var lying = bytes
        for k in 0..<8 { lying[lying.count - 24 + k] = k == 0 ? 0x7F : 0xFF }
        #expect { try WeaponArchive.weapon(from: lying) } throws: { e in
            guard case .malformed(let why) = e as? KeyedArchiveError else { return false }
            return why.contains("declares")
        }
        for n in 0..<bytes.count {
            #expect(throws: KeyedArchiveError.self) { try WeaponArchive.weapon(from: Array(bytes[0..<n])) }
        }
    }

    /// Found by the weapon fuzz harness: a plain array in `$objects` that holds itself sent the
    /// object table's text into endless recursion (a stack overflow).
    @Test func anArrayThatHoldsItselfIsShownOneLevelDeep() throws {
        let bytes = HostileArchive.wrap([.string("$null"), .array([1, 1])], root: 1)
        let table = try ArchiveObjectTable(bytes: bytes)
        #expect(table.rows[1].what == "[[2 items], [2 items]]")
        #expect(throws: KeyedArchiveError.self) { try WeaponArchive.weapon(from: bytes) }
    }

    /// Renames one string of a binary plist (a class name), leaving the rest as it was.
    static func renamingClass(_ bytes: [UInt8], from: String, to: String) -> [UInt8] {
        guard let plist = try? BinaryPropertyListReader.read(bytes) else { return bytes }
        let objects = plist.objects.map { o -> PropertyList.Object in
            if case .string(let s) = o, s == from { return .string(to) }
            return o
        }
        return BinaryPropertyListWriter.write(objects, top: plist.top)
    }
}
