import AppStoreWriter
import Foundation
import KeyedArchiving
import Testing
@testable import BattleLogKit
@testable import CoreDataKit

/// Keyed archives written by Foundation's own `NSKeyedArchiver` (not ours), decoded by ours.
@Suite struct KeyedArchiveTests {
    func decode(_ object: Any) throws -> String {
        let data = try NSKeyedArchiver.archivedData(withRootObject: object, requiringSecureCoding: false)
        return TaggedJSON.text(KeyedArchive.decodeRoot([UInt8](data)))
    }

    @Test func foundationValuesDecodeToTheirJSONForms() throws {
        #expect(try decode("héllo 你好") == #""héllo 你好""#)
        #expect(try decode(NSNumber(value: 42)) == "42")
        #expect(try decode(NSNumber(value: -7.25)) == "-7.25")
        #expect(try decode(NSNumber(value: true)) == "true")
        #expect(try decode(NSDate(timeIntervalSinceReferenceDate: 621_977_059.123456)) == #"{"$date":"2020-09-16T19:24:19.123456Z"}"#)
        #expect(try decode(Data([1, 2, 255]) as NSData) == #"{"$data":"AQL/"}"#)
        #expect(try decode(NSUUID(uuidString: "173ef017-8551-4a76-ad07-19d8830fdc80")!) == #"{"$uuid":"173EF017-8551-4A76-AD07-19D8830FDC80"}"#)
        #expect(try decode(NSURL(string: "https://example.com/a?b=1")!) == #"{"$url":"https://example.com/a?b=1"}"#)
        #expect(try decode(NSNull()) == "null")
        #expect(try decode(NSArray(array: [NSNumber(value: 1), "x", NSNull()])) == #"[1,"x",null]"#)
        #expect(try decode(NSOrderedSet(array: ["b", "a"])) == #"["b","a"]"#)
        #expect(try decode(NSSet(array: ["b", "a", "c"])) == #"{"$set":["a","b","c"]}"#)
        #expect(try decode(["k": NSNumber(value: 1), "nested": ["list": [NSNumber(value: 2)]]] as NSDictionary)
                == #"{"k":1,"nested":{"list":[2]}}"#)
        #expect(try decode([NSNumber(value: 1): "one"] as NSDictionary) == #"{"$dict":[[1,"one"]]}"#)
    }

    @Test func magicJSONInsideArchivedDataDecodesToItsBytes() throws {
        let json = Data(#"{"gateName":"Abyss","powerOfEvilGate":7}"#.utf8)
        let decoded = KeyedArchive.decodeRoot([UInt8](try NSKeyedArchiver.archivedData(withRootObject: json as NSData, requiringSecureCoding: false)))
        guard case .object(let o) = decoded, case .string(let b64)? = o["$data"] else { Issue.record("\(decoded)"); return }
        #expect(Data(base64Encoded: b64) == json)
    }

    @Test func anInstanceOfAnUnknownClassShowsItsFields() {
        // $objects: 0 $null, 1 the instance, 2 "text", 3 "hello", 4 class, 5..: keys and UIDs.
        let bytes = HostileArchive.wrap([
            .string("$null"),
            .dictionary([(5, 7), (6, 8)]),                       // { $class: uid 4, text: uid 3 }
            .string("text"), .string("hello"),
            .dictionary([(9, 10)]),                              // { $classname: "App.Cover" }
            .string("$class"), .string("text"), .uid(4), .uid(3),
            .string("$classname"), .string("App.Cover"),
        ])
        #expect(TaggedJSON.text(KeyedArchive.decodeRoot(bytes)) == #"{"$class":"App.Cover","$fields":{"text":"hello"}}"#)
    }

    @Test func aCycleIsCutWithAReference() {
        // An NSArray whose only member is itself.
        let bytes = HostileArchive.wrap([
            .string("$null"),
            .dictionary([(4, 6), (5, 7)]),                       // { $class: uid 2, NS.objects: [uid 1] }
            .dictionary([(8, 9)]),                               // class NSArray
            .string("unused"),
            .string("$class"), .string("NS.objects"), .uid(2), .array([10]),
            .string("$classname"), .string("NSArray"), .uid(1),
        ])
        #expect(TaggedJSON.text(KeyedArchive.decodeRoot(bytes)) == #"[{"$ref":1}]"#)
    }

    @Test func anExpansionBombIsRefused() {
        // 40 levels, each an NSArray holding the level below twice: 2^40 values if followed.
        var objects: [PropertyList.Object] = [.string("$null"), .string("$class"), .string("NS.objects"),
                                                .string("$classname"), .string("NSArray")]
        objects.append(.dictionary([(3, 4)]))                    // 5: class
        objects.append(.uid(5))                            // 6
        objects.append(.string("leaf"))                    // 7
        var below = 7
        for _ in 0..<40 {
            objects.append(.uid(UInt64(below)))            // uid of the level below
            let uidIndex = objects.count - 1
            objects.append(.array([uidIndex, uidIndex]))
            objects.append(.dictionary([(1, 6), (2, objects.count - 1)]))
            below = objects.count - 1
        }
        let bytes = HostileArchive.wrap(objects, root: UInt64(below))
        let decoded = KeyedArchive.decodeRoot(bytes)
        guard case .object(let o) = decoded, case .string(let why)? = o["$error"] else { Issue.record("\(decoded)"); return }
        #expect(why.contains("expands beyond"))
        #expect(o["$hex"] != nil)
    }

    @Test func deepNestingIsRefused() {
        var objects: [PropertyList.Object] = [.string("$null"), .string("leaf")]
        for _ in 0..<300 { objects.append(.array([objects.count - 1])) }   // plain arrays, each holding the one before
        let decoded = KeyedArchive.decodeRoot(HostileArchive.wrap(objects, root: UInt64(objects.count - 1)))
        guard case .object(let o) = decoded, case .string(let why)? = o["$error"] else { Issue.record("\(decoded)"); return }
        #expect(why.contains("deeper"))
    }

    @Test func everyPrefixOfARealArchiveGivesAValueOrAReason() throws {
        let object: NSDictionary = ["a": NSArray(array: ["x", NSNumber(value: 3)]), "d": NSDate(timeIntervalSinceReferenceDate: 0)]
        let bytes = [UInt8](try NSKeyedArchiver.archivedData(withRootObject: object, requiringSecureCoding: false))
        #expect(TaggedJSON.text(KeyedArchive.decodeRoot(bytes)) == #"{"a":["x",3],"d":{"$date":"2001-01-01T00:00:00.000000Z"}}"#)
        for n in 0..<bytes.count {
            let decoded = KeyedArchive.decodeRoot(Array(bytes[0..<n]))
            guard case .object(let o) = decoded, o["$error"] != nil, case .string(let hex)? = o["$hex"] else {
                Issue.record("prefix \(n) gave \(decoded)"); continue
            }
            #expect(hex.count == 2 * min(n, 64))
        }
    }

    @Test func malformedListsAreReasonsNotCrashes() {
        let cases: [(String, [UInt8])] = [
            ("a reference past the table", BinaryPropertyListWriter.write([.array([5])])),
            ("a declared count larger than the file", BinaryPropertyListWriter.write([.string("x")], declaredCount: 1 << 40)),
            ("a top object out of range", BinaryPropertyListWriter.write([.string("x")], top: 9)),
            ("an unknown marker", BinaryPropertyListWriter.write([.null], raw: [0: [0x7F]])),
            ("a string longer than the file", BinaryPropertyListWriter.write([.null], raw: [0: [0x5F, 0x13, 0x7F, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF]])),
            ("a UID out of $objects", HostileArchive.wrap([.string("$null")], root: 99)),
            ("not a plist at all", Array("{\"json\": true}".utf8)),
            ("empty", []),
        ]
        for (name, bytes) in cases {
            let decoded = KeyedArchive.decodeRoot(bytes)
            guard case .object(let o) = decoded, o["$error"] != nil else { Issue.record("\(name): \(decoded)"); continue }
        }
    }

    @Test func aNonArchiveTransformableIsAnErrorWithItsBytes() {
        let v = CoreDataStore.transformable(Array(#"{"gateName":"x"}"#.utf8))
        #expect(TaggedJSON.text(v) == #"{"$error":"not a keyed archive (no bplist00 header)","$hex":"7b22676174654e616d65223a2278227d"}"#)
    }

    @Test func aModelThatExpandsWithoutEndIsRefused() throws {
        // 4 MB of zeros deflate to a few KB; with a 1 MB limit the inflater stops.
        let zeros = [UInt8](repeating: 0, count: 4 << 20)
        let compressed = try RawDeflate.deflate(zeros)
        #expect(compressed.count < 10_000)
        #expect(try RawInflate.inflate(compressed) == zeros)
        #expect(throws: PropertyListError.self) { try RawInflate.inflate(compressed, limit: 1 << 20) }
        #expect(throws: PropertyListError.self) { try RawInflate.inflate(Array(compressed.prefix(compressed.count / 2))) }
        #expect(throws: PropertyListError.self) { try RawInflate.inflate([0xFF, 0xFF, 0xFF]) }
    }
}
