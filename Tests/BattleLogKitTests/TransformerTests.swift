import Foundation
import Testing
@testable import BattleLogKit

@Suite struct TransformerTests {
    let time = MediaTimeTransformer()
    let dice = IntArrayTransformer()
    let magic = MagicTransformer()

    @Test func mediaTimeRoundTripsEdgeValues() throws {
        let values: [MediaTime] = [.zero, .invalid, .positiveInfinity, .negativeInfinity, .indefinite,
                                   MediaTime(value: Int64.min, timescale: Int32.max, flags: [.valid, .hasBeenRounded], epoch: Int64.min),
                                   MediaTime(value: Int64.max, timescale: 1, epoch: Int64.max),
                                   MediaTime(value: 49380, timescale: 600)]
        for v in values {
            let stored = time.storedForm(of: v)
            let back = try time.value(fromStored: stored)
            #expect([back.value, Int64(back.timescale), Int64(back.flags.rawValue), back.epoch] ==
                    [v.value, Int64(v.timescale), Int64(v.flags.rawValue), v.epoch])
        }
        #expect(time.storedForm(of: MediaTime(value: 49380, timescale: 600)) == #"{"epoch":0,"flags":1,"timescale":600,"value":49380}"#)
    }

    @Test func mediaTimeDamage() {
        #expect(throws: TransformError.kind(MediaTime.DictionaryError.missingKey("epoch"))) {
            try time.value(fromStored: #"{"flags":1,"timescale":600,"value":1}"#)
        }
        #expect(throws: TransformError.kind(MediaTime.DictionaryError.outOfRange(key: "timescale", value: "3000000000"))) {
            try time.value(fromStored: #"{"epoch":0,"flags":1,"timescale":3000000000,"value":1}"#)
        }
        #expect(throws: TransformError.kind(MediaTime.DictionaryError.notAnInteger(key: "value"))) {
            try time.value(fromStored: #"{"epoch":0,"flags":1,"timescale":600,"value":"1"}"#)
        }
        #expect(throws: TransformError.wrongShape(expected: "an object", found: "an array")) { try time.value(fromStored: "[1]") }
        #expect(throws: (any Error).self) { try time.value(fromStored: "kCMTimeZero") }
        // Beyond Int64: not silently clamped.
        #expect(throws: (any Error).self) { try time.value(fromStored: #"{"epoch":0,"flags":1,"timescale":600,"value":99999999999999999999}"#) }
    }

    @Test func intArrayRoundTrips() throws {
        for v in [[], [0], [1, 100, 42], [Int.min, Int.max, -1], Array(1...1000)] {
            #expect(try dice.value(fromStored: dice.storedForm(of: v)) == v)
        }
        #expect(dice.storedForm(of: [12, 99, 3]) == "[12,99,3]")
        #expect(throws: TransformError.kind(DiceError(index: 1, found: "a string"))) { try dice.value(fromStored: #"[1,"2"]"#) }
        #expect(throws: TransformError.kind(DiceError(index: 0, found: "a number"))) { try dice.value(fromStored: "[1.5]") }
    }

    @Test func magicEnvelopes() throws {
        let hero = Magic.hero(cooperationFormulaName: "星辰契约 \"quoted\" \\ \n", collaboratorName: "Mira 🦊")
        let villain = Magic.villain(powerOfEvilGate: 7, gateName: "Abyssal Maw")
        for m in [hero, villain] {
            #expect(try magic.value(fromStored: magic.storedForm(of: m)) == m)
        }
        #expect(magic.storedForm(of: villain) == #"{"gateName":"Abyssal Maw","powerOfEvilGate":7,"type":"villain","version":1}"#)
        #expect(magic.storedForm(of: Magic.hero(cooperationFormulaName: "F", collaboratorName: "C")) ==
                #"{"collaboratorName":"C","cooperationFormulaName":"F","type":"hero","version":1}"#)
        #expect(magic.formatVersion(ofStored: magic.storedForm(of: villain)) == 1)
    }

    /// The direct writer must give exactly the bytes Foundation's Codable path gives.
    @Test func directWriterMatchesJSONEncoder() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let samples = ["", "plain", "quote \" backslash \\ slash /", "tab\tnl\ncr\r", "\u{0}\u{1}\u{1f}\u{7f}",
                       "\u{8}\u{c}", "星辰契约", "emoji 🦊👩‍👩‍👧", "\u{80}\u{9b}\u{2028}", "%_'; DROP TABLE record; --"]
        for s in samples {
            let legacy = HeroMagic(cooperationFormulaName: s, collaboratorName: s + "x")
            let codable = String(decoding: try encoder.encode(legacy), as: UTF8.self)
            var w = JSONWriter()
            w.write(.object(Dictionary(uniqueKeysWithValues: legacy.storedFields.map { ($0.key, $0.value) })))
            #expect(w.text == codable, "\(s.debugDescription)")
        }
        let v = VillainMagic(powerOfEvilGate: 10, gateName: "G")
        var w = JSONWriter()
        w.write(.object(Dictionary(uniqueKeysWithValues: v.storedFields.map { ($0.key, $0.value) })))
        #expect(w.text == String(decoding: try encoder.encode(v), as: UTF8.self))
        #expect(dice.storedForm(of: [1, -2, 3]) == String(decoding: try encoder.encode([1, -2, 3]), as: UTF8.self))
    }

    @Test func legacyUntaggedMagicIsRead() throws {
        let encoder = JSONEncoder()
        let heroText = String(decoding: try encoder.encode(HeroMagic(cooperationFormulaName: "Twin Flame", collaboratorName: "Aria")), as: UTF8.self)
        let villainText = String(decoding: try encoder.encode(VillainMagic(powerOfEvilGate: 3, gateName: "Gate")), as: UTF8.self)
        #expect(try magic.value(fromStored: heroText) == .hero(cooperationFormulaName: "Twin Flame", collaboratorName: "Aria"))
        #expect(try magic.value(fromStored: villainText) == .villain(powerOfEvilGate: 3, gateName: "Gate"))
        #expect(magic.formatVersion(ofStored: heroText) == 0)
    }

    @Test func magicDamageIsTyped() {
        let cases: [(String, TransformError)] = [
            (#"{"type":"dragon","version":1}"#, .kind(MagicError.unknownType("dragon"))),
            (#"{"type":"hero","version":2,"collaboratorName":"a","cooperationFormulaName":"b"}"#, .kind(MagicError.unknownVersion(type: "hero", version: 2))),
            (#"{"type":"hero","version":1,"collaboratorName":"a"}"#, .kind(MagicError.field(.missingField("cooperationFormulaName")))),
            (#"{"type":"villain","version":1,"gateName":"g","powerOfEvilGate":11}"#, .kind(MagicError.field(.outOfRange(field: "powerOfEvilGate", value: 11, range: 1...10)))),
            (#"{"type":"villain","version":1,"gateName":"g","powerOfEvilGate":0}"#, .kind(MagicError.field(.outOfRange(field: "powerOfEvilGate", value: 0, range: 1...10)))),
            (#"{"type":"villain","version":1,"gateName":"g","powerOfEvilGate":"7"}"#, .kind(MagicError.field(.wrongType(field: "powerOfEvilGate", expected: "an integer", found: "a string")))),
            (#"{"type":"villain","version":1,"gateName":5,"powerOfEvilGate":7}"#, .kind(MagicError.field(.wrongType(field: "gateName", expected: "a string", found: "an integer")))),
            (#"{"type":"villain","gateName":"g","powerOfEvilGate":7}"#, .kind(MagicError.field(.missingField("version")))),
            (#"{"foo":1}"#, .kind(MagicError.unrecognisedLegacyKeys(["foo"]))),
            ("[]", .wrongShape(expected: "an object", found: "an array")),
        ]
        for (text, expected) in cases {
            #expect(throws: expected, "\(text)") { try magic.value(fromStored: text) }
        }
        #expect(throws: (any Error).self) { try magic.value(fromStored: "{not json") }
        #expect(throws: (any Error).self) { try magic.value(fromStored: #"{"type":"hero","type":"villain"}"#) }
    }

    @Test func registryKnowsTheStandardTransformers() {
        #expect(TransformerRegistry.standard.names == ["IntArrayTransformer", "MagicTransformer", "MediaTimeTransformer", "TimelineTransformer", "WeaponTransformer"])
        let t = TransformerRegistry.standard.transformer(named: "MagicTransformer")
        #expect(throws: TransformError.kind(MagicError.unknownType("x"))) { try t?.describeStored(#"{"type":"x","version":1}"#) }
    }
}

@Suite struct JSONParserTests {
    @Test func acceptsAndRejects() throws {
        #expect(try JSONParser.parse(#" {"a":[1,-2.5e3,true,null,"\u00e9\ud83e\udd8a"]} "#) ==
                .object(["a": .array([.integer(1), .number(-2500), .bool(true), .null, .string("é🦊")])]))
        for bad in ["", "{", "[1,]", "01", "1.", "\"\\ud800\"", "\"a\u{1}\"", "nul", "[1] x", "{\"a\" 1}", "\"\\x\""] {
            #expect(throws: JSONParseError.self, "\(bad.debugDescription)") { try JSONParser.parse(bad) }
        }
        let deep = String(repeating: "[", count: 100) + String(repeating: "]", count: 100)
        #expect(throws: JSONParseError.self) { try JSONParser.parse(deep) }
        #expect(throws: JSONParseError.self) { try JSONParser.parse(bytes: [0x22, 0xff, 0x22]) }
    }
}
