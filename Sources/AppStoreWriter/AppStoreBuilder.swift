import CoreDataKit
import Foundation
import KeyedArchiving
import SQLiteDB

/// For tests and the benchmark, not the product. Writes Core Data stores "as the battle-log app would": the Z-table layout of the real fixtures
/// (Z_PRIMARYKEY, Z_METADATA with a binary plist, Z_MODELCACHE with the archived model, raw
/// deflated), and every Transformable archived by Foundation's own `NSKeyedArchiver`.
public struct AppStoreBuilder {
    public struct Human {
        public var name: String
        public var kind: String
        public init(name: String, kind: String) { self.name = name; self.kind = kind }
    }
    public struct Record {
        public var owner: Int               // index into humans
        public var date: Double             // seconds since 2001
        public var result: SQLiteValue      // as the app stored its enum
        public var rolls: [Int]?
        /// The magic's JSON, archived as NSData (nil: no magic).
        public var magicJSON: String?
        /// Bytes stored as they are instead of an archive.
        public var rawMagic: [UInt8]?
        public var duration: (value: Int64, timescale: Int32)?
        /// The weapon's keyed archive, stored as it is (nil: bare-handed), when the model has one.
        public var weaponArchive: [UInt8]?

        public init(owner: Int, date: Double, result: SQLiteValue, rolls: [Int]? = [12, 99, 3],
                    magicJSON: String? = #"{"type":"hero","version":1,"cooperationFormulaName":"Twin Flame","collaboratorName":"Kai"}"#,
                    rawMagic: [UInt8]? = nil, duration: (value: Int64, timescale: Int32)? = (49_380, 600)) {
            self.owner = owner; self.date = date; self.result = result; self.rolls = rolls
            self.magicJSON = magicJSON; self.rawMagic = rawMagic; self.duration = duration
        }
    }

    public var humans: [Human] = [Human(name: "Aria", kind: "hero"), Human(name: "Malgor", kind: "villain")]
    public var records: [Record] = []
    /// Hero and Villain as sub-entities of Human (else one Human entity with a kind attribute).
    public var subEntities = true
    /// Write Z_MODELCACHE (else a reader must guess the model from the tables).
    public var modelCache = true
    /// The model has a CMTime duration attribute.
    public var durationAttribute = true
    /// The model has a `weapon`: a Transformable of the custom class `Weapon` through a secure
    /// unarchiving transformer (`WeaponTransformer`), its archive in `ZWEAPON`.
    public var weaponAttribute = false

    public init() {}

    public func write(to path: String, journal: String = "DELETE") throws {
        let db = try Database(path: path)
        try db.execute(script: "PRAGMA journal_mode = \(journal)")
        try db.execute(script: """
            CREATE TABLE Z_PRIMARYKEY (Z_ENT INTEGER PRIMARY KEY, Z_NAME VARCHAR, Z_SUPER INTEGER, Z_MAX INTEGER);
            CREATE TABLE Z_METADATA (Z_VERSION INTEGER PRIMARY KEY, Z_UUID VARCHAR(255), Z_PLIST BLOB);
            CREATE TABLE Z_MODELCACHE (Z_CONTENT BLOB);
            CREATE TABLE ZHUMAN ( Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZNAME VARCHAR\(subEntities ? "" : ", ZKIND VARCHAR") );
            CREATE TABLE ZRECORD ( Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZOWNER INTEGER,\(subEntities ? " Z1_OWNER INTEGER," : "") ZDATE TIMESTAMP, ZRESULT VARCHAR, ZRANDOMNUMBERS BLOB, ZUSINGMAGIC BLOB\(durationAttribute ? ", ZDURATION BLOB" : "")\(weaponAttribute ? ", ZWEAPON BLOB" : "") );
            CREATE INDEX ZRECORD_ZOWNER_INDEX ON ZRECORD (ZOWNER);
            CREATE INDEX ZHUMAN_Z_ENT_INDEX ON ZHUMAN (Z_ENT);
            """)
        let recordEnt = subEntities ? 4 : 2
        try db.transaction {
            let pk = try db.prepare("INSERT INTO Z_PRIMARYKEY VALUES (?, ?, ?, ?)")
            try pk.execute([1, "Human", 0, humans.count])
            if subEntities {
                try pk.execute([2, "Hero", 1, 0])
                try pk.execute([3, "Villain", 1, 0])
            }
            try pk.execute([recordEnt, "Record", 0, records.count])
            let metadata: [String: Any] = [
                "NSStoreType": "SQLite", "NSStoreUUID": "0D3C2B1A-0000-4000-8000-000000000001",
                "NSPersistenceFrameworkVersion": 1338,
                "NSStoreModelVersionHashes": ["Human": Data([1, 2, 3]), "Record": Data([4, 5, 6])],
            ]
            let plist = try PropertyListSerialization.data(fromPropertyList: metadata, format: .binary, options: 0)
            try db.execute("INSERT INTO Z_METADATA VALUES (1, '0D3C2B1A-0000-4000-8000-000000000001', ?)", [SQLiteValue.blob([UInt8](plist))])
            if modelCache {
                try db.execute("INSERT INTO Z_MODELCACHE VALUES (?)", [SQLiteValue.blob(try RawDeflate.deflate(modelArchive()))])
            }
            let human = try db.prepare("INSERT INTO ZHUMAN VALUES (?, ?, 1, ?\(subEntities ? "" : ", ?"))")
            for (i, h) in humans.enumerated() {
                if subEntities { try human.execute([i + 1, h.kind == "hero" ? 2 : 3, h.name]) }
                else { try human.execute([i + 1, 1, h.name, h.kind]) }
            }
            let insert = try db.prepare("INSERT INTO ZRECORD VALUES (?, ?, 1, ?,\(subEntities ? " ?," : "") ?, ?, ?, ?\(durationAttribute ? ", ?" : "")\(weaponAttribute ? ", ?" : ""))")
            // Archives of equal values are equal: archive each distinct value once.
            var archives: [String: [UInt8]] = [:]
            func cached(_ key: String, _ make: () throws -> [UInt8]) rethrows -> [UInt8] {
                if let a = archives[key] { return a }
                let a = try make()
                archives[key] = a
                return a
            }
            for (i, r) in records.enumerated() {
                var values: [SQLiteValue] = [.integer(Int64(i + 1)), .integer(Int64(recordEnt)), .integer(Int64(r.owner + 1))]
                if subEntities { values.append(.integer(humans[r.owner].kind == "hero" ? 2 : 3)) }
                values += [.real(r.date), r.result]
                values.append(try r.rolls.map { rolls in
                    .blob(try cached("r\(rolls)") { try Self.archive(NSArray(array: rolls.map { NSNumber(value: $0) })) })
                } ?? .null)
                if let raw = r.rawMagic { values.append(.blob(raw)) }
                else { values.append(try r.magicJSON.map { json in .blob(try cached("m" + json) { try Self.archive(Data(json.utf8) as NSData) }) } ?? .null) }
                if durationAttribute {
                    values.append(try r.duration.map { d in
                        // CMTimeCopyAsDictionary's keys and number types.
                        .blob(try cached("d\(d.value)/\(d.timescale)") {
                            try Self.archive(["value": NSNumber(value: d.value), "timescale": NSNumber(value: d.timescale),
                                              "flags": NSNumber(value: UInt32(1)), "epoch": NSNumber(value: Int64(0))] as NSDictionary)
                        })
                    } ?? .null)
                }
                if weaponAttribute { values.append(r.weaponArchive.map(SQLiteValue.blob) ?? .null) }
                try insert.execute(values)
            }
        }
    }

    public static func archive(_ object: Any) throws -> [UInt8] {
        [UInt8](try NSKeyedArchiver.archivedData(withRootObject: object, requiringSecureCoding: false))
    }

    /// The app's NSManagedObjectModel as Core Data archives it (the keys our reader uses and the
    /// real fixtures show), built from stand-in classes archived under Core Data's class names.
    public func modelArchive() throws -> [UInt8] {
        let human = ArchivedEntity(name: "Human")
        let record = ArchivedEntity(name: "Record")
        var entities = [human, record]
        // Sub-entities list their inherited properties too, as Core Data archives them.
        let owner = ArchivedRelationship(name: "owner", destination: human, maxCount: 1, inverse: "records")
        let records = ArchivedRelationship(name: "records", destination: record, maxCount: 0, inverse: "owner")
        human.properties = [ArchivedAttribute(name: "name", type: 700, valueClass: "NSString"), records]
        if subEntities {
            let hero = ArchivedEntity(name: "Hero"), villain = ArchivedEntity(name: "Villain")
            hero.parent = human; villain.parent = human
            hero.properties = human.properties; villain.properties = human.properties
            entities += [hero, villain]
        } else {
            human.properties.append(ArchivedAttribute(name: "kind", type: 700, valueClass: "NSString"))
        }
        record.properties = [
            owner,
            ArchivedAttribute(name: "date", type: 900, valueClass: "NSDate"),
            ArchivedAttribute(name: "result", type: 700, valueClass: "NSString"),
            ArchivedAttribute(name: "randomNumbers", type: 1800, transformer: "NSSecureUnarchiveFromData", valueClass: "NSArray"),
            ArchivedAttribute(name: "usingMagic", type: 1800, valueClass: "NSData"),
        ]
        if durationAttribute {
            record.properties.append(ArchivedAttribute(name: "duration", type: 1800, transformer: "CMTimeValueTransformer", valueClass: "NSDictionary"))
        }
        if weaponAttribute {
            record.properties.append(ArchivedAttribute(name: "weapon", type: 1800, transformer: "WeaponTransformer", valueClass: "Weapon"))
        }
        let archived = try Self.archive(ArchivedModel(entities: entities))
        // swift-corelibs-foundation archives a Swift class under its module-qualified name and
        // ignores setClassName: rename the four classes in the archive's table to Core Data's.
        let names = ["AppStoreWriter.ArchivedModel": "NSManagedObjectModel", "AppStoreWriter.ArchivedEntity": "NSEntityDescription",
                     "AppStoreWriter.ArchivedAttribute": "NSAttributeDescription",
                     "AppStoreWriter.ArchivedRelationship": "NSRelationshipDescription"]
        let plist = try BinaryPropertyListReader.read(archived)
        let objects = plist.objects.map { o -> PropertyList.Object in
            if case .string(let s) = o { return .string(names[s] ?? s) }
            return o
        }
        return BinaryPropertyListWriter.write(objects, top: plist.top)
    }
}

final class ArchivedModel: NSObject, NSCoding {
    let entities: [ArchivedEntity]
    init(entities: [ArchivedEntity]) { self.entities = entities }
    required init?(coder: NSCoder) { nil }
    func encode(with coder: NSCoder) {
        coder.encode(NSDictionary(objects: entities, forKeys: entities.map { NSString(string: $0.name) }), forKey: "NSEntities")
    }
}

final class ArchivedEntity: NSObject, NSCoding {
    let name: String
    var parent: ArchivedEntity?
    var properties: [NSObject] = []
    init(name: String) { self.name = name }
    required init?(coder: NSCoder) { nil }
    func encode(with coder: NSCoder) {
        coder.encode(NSString(string: name), forKey: "NSEntityName")
        coder.encode(NSString(string: name), forKey: "NSClassNameForEntity")
        if let parent { coder.encode(parent, forKey: "NSSuperentity") }
        let names = properties.map { NSString(string: ($0 as? ArchivedAttribute)?.name ?? ($0 as! ArchivedRelationship).name) }
        coder.encode(NSDictionary(objects: properties, forKeys: names), forKey: "NSProperties")
    }
}

final class ArchivedAttribute: NSObject, NSCoding {
    let name: String, type: Int, transformer: String?, valueClass: String?
    init(name: String, type: Int, transformer: String? = nil, valueClass: String? = nil) {
        self.name = name; self.type = type; self.transformer = transformer; self.valueClass = valueClass
    }
    required init?(coder: NSCoder) { nil }
    func encode(with coder: NSCoder) {
        coder.encode(NSString(string: name), forKey: "NSPropertyName")
        coder.encode(type, forKey: "NSAttributeType")
        if let transformer { coder.encode(NSString(string: transformer), forKey: "NSValueTransformerName") }
        if let valueClass { coder.encode(NSString(string: valueClass), forKey: "NSAttributeValueClassName") }
    }
}

final class ArchivedRelationship: NSObject, NSCoding {
    let name: String, destination: ArchivedEntity, maxCount: Int, inverse: String
    init(name: String, destination: ArchivedEntity, maxCount: Int, inverse: String) {
        self.name = name; self.destination = destination; self.maxCount = maxCount; self.inverse = inverse
    }
    required init?(coder: NSCoder) { nil }
    func encode(with coder: NSCoder) {
        coder.encode(NSString(string: name), forKey: "NSPropertyName")
        coder.encode(destination, forKey: "NSDestinationEntity")
        coder.encode(maxCount, forKey: "NSMaxCount")
        coder.encode(NSString(string: inverse), forKey: "_NSInverseRelationshipName")
    }
}
