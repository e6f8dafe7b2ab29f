import Foundation
import Testing
@testable import BattleLogKit
import BattleLogFoundation

/// The transformers read their writers' own layout without a JSON tree (`CanonicalJSONReader`);
/// every text must decode, or fail with the same error, exactly as the JSON reading does.
@Suite struct CanonicalDecodingTests {
    /// The result of a decode as comparable text: the value, or the error.
    static func outcome<T>(_ decode: () throws(TransformError) -> T) -> String {
        do { return "value \(try decode())" } catch { return "error \(error)" }
    }

    /// The JSON reading alone, as the transformers do it without their fast path.
    static func parsed(_ text: String) throws(TransformError) -> JSONValue {
        do throws(JSONParseError) { return try JSONParser.parse(text) } catch { throw .notJSON(error) }
    }

    /// `text` changed in one place: a byte replaced, inserted or removed.
    static func mutated(_ text: String, _ g: inout SeededGenerator) -> String {
        var bytes = Array(text.utf8)
        let alphabet = Array("0123456789-+.eE,:[]{}\" \tabcdefghijklmnopqrstuvwxyz".utf8) + [0xC3, 0xA9, 0x00]
        let i = Int.random(in: 0..<max(1, bytes.count), using: &g)
        switch Int.random(in: 0..<3, using: &g) {
        case 0 where !bytes.isEmpty: bytes[i] = alphabet.randomElement(using: &g)!
        case 1: bytes.insert(alphabet.randomElement(using: &g)!, at: min(i, bytes.count))
        default: if !bytes.isEmpty { bytes.remove(at: i) }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    static func randomTimeline(_ g: inout SeededGenerator) -> Timeline {
        let scale = [Int32(1), 600, 44_100, 90_000, Int32.max].randomElement(using: &g)!
        var ticks: Int64 = 0
        let actions = (0..<Int.random(in: 0...30, using: &g)).map { _ in
            ticks += Int64.random(in: 0...100_000, using: &g)
            return Timeline.Action(time: MediaTime(value: ticks, timescale: scale), kind: Timeline.Kind.allCases.randomElement(using: &g)!,
                                   damage: Int.random(in: 0...1_000_000, using: &g), die: Int.random(in: 0...100, using: &g))
        }
        return Timeline(timescale: scale, actions: actions)
    }

    @Test func timelinesDecodeAsTheJSONReadingDoes() throws {
        var g = SeededGenerator(seed: 77)
        let t = TimelineTransformer()
        let generic = { (text: String) in Self.outcome { () throws(TransformError) -> Timeline in
            try t.value(fromJSON: Self.parsed(text))
        } }
        var fastHits = 0
        for _ in 0..<3_000 {
            let text = t.storedForm(of: Self.randomTimeline(&g))
            #expect(TimelineTransformer.value(fromCanonical: text) != nil, "the writer's own layout: \(text)")
            #expect(Self.outcome { () throws(TransformError) in try t.value(fromStored: text) } == generic(text))
            var edited = text
            for _ in 0..<Int.random(in: 1...3, using: &g) { edited = Self.mutated(edited, &g) }
            if TimelineTransformer.value(fromCanonical: edited) != nil { fastHits += 1 }
            #expect(Self.outcome { () throws(TransformError) in try t.value(fromStored: edited) } == generic(edited), "\(edited)")
        }
        // Edits that keep the layout (a digit changed) are read by the fast path too.
        #expect(fastHits > 100)
        // Values the checks refuse are named by the JSON reading, never accepted.
        for text in [#"{"actions":[[5,"strike",1,0],[4,"strike",1,0]],"timescale":600,"version":1}"#,
                     #"{"actions":[[5,"kick",1,0]],"timescale":600,"version":1}"#,
                     #"{"actions":[],"timescale":0,"version":1}"#, #"{"actions":[],"timescale":600,"version":2}"#,
                     #"{"actions":[[-1,"strike",1,0]],"timescale":600,"version":1}"#,
                     #"{"actions":[[1,"strike",1000001,0]],"timescale":600,"version":1}"#,
                     #"{"actions":[[-0,"strike",1,0]],"timescale":600,"version":1}"#,
                     #"{"actions":[[99999999999999999999,"strike",1,0]],"timescale":600,"version":1}"#] {
            #expect(TimelineTransformer.value(fromCanonical: text) == nil || generic(text).hasPrefix("value"), "\(text)")
            #expect(Self.outcome { () throws(TransformError) in try t.value(fromStored: text) } == generic(text), "\(text)")
        }
    }

    @Test func diceAndTimesDecodeAsTheJSONReadingDoes() throws {
        var g = SeededGenerator(seed: 78)
        let dice = IntArrayTransformer(), times = MediaTimeTransformer()
        let genericDice = { (text: String) in Self.outcome { () throws(TransformError) -> [Int] in
            try dice.value(fromJSON: Self.parsed(text))
        } }
        let genericTime = { (text: String) in Self.outcome { () throws(TransformError) -> MediaTime in
            try times.value(fromJSON: Self.parsed(text))
        } }
        let edges: [Int64] = [0, 1, -1, Int64.max, Int64.min, Int64(Int32.max), Int64(Int32.min), 600, 44_100]
        for _ in 0..<3_000 {
            let values = (0..<Int.random(in: 0...40, using: &g)).map { _ in Bool.random(using: &g) ? Int(edges.randomElement(using: &g)!) : Int.random(in: -200...200, using: &g) }
            let diceText = dice.storedForm(of: values)
            #expect(IntArrayTransformer.value(fromCanonical: diceText) == values)
            let t = MediaTime(value: edges.randomElement(using: &g)!, timescale: Int32(truncatingIfNeeded: edges.randomElement(using: &g)!),
                              flags: MediaTime.Flags(rawValue: UInt32.random(in: 0...31, using: &g)), epoch: Bool.random(using: &g) ? 0 : edges.randomElement(using: &g)!)
            let timeText = times.storedForm(of: t)
            #expect(MediaTimeTransformer.dictionary(fromCanonical: timeText) != nil, "\(timeText)")
            for text in [diceText, Self.mutated(diceText, &g), Self.mutated(Self.mutated(diceText, &g), &g)] {
                #expect(Self.outcome { () throws(TransformError) in try dice.value(fromStored: text) } == genericDice(text), "\(text)")
            }
            for text in [timeText, Self.mutated(timeText, &g), Self.mutated(Self.mutated(timeText, &g), &g)] {
                #expect(Self.outcome { () throws(TransformError) in try times.value(fromStored: text) } == genericTime(text), "\(text)")
            }
        }
    }
}
