import AppStoreWriter
import Foundation
import SQLiteDB
import Testing
@testable import BattleLogKit
@testable import CoreDataKit

/// The Core Data browser's filter: compiled to SQL on the entity's table, and answered exactly as
/// the same expression evaluated here over `dump`'s objects.
@Suite struct EntityFilterTests {
    /// A comparison this test can evaluate by itself.
    indirect enum Expr: CustomStringConvertible {
        case and(Expr, Expr), or(Expr, Expr), not(Expr)
        /// `value` as typed (quoted, escaped); `text` the text it stands for.
        case compare(field: String, op: String, value: String, text: String = "")
        case isNull(field: String, negated: Bool)

        var description: String {
            switch self {
            case .and(let a, let b): "(\(a) and \(b))"
            case .or(let a, let b): "(\(a) or \(b))"
            case .not(let a): "not \(a)"
            case .compare(let f, let op, let v, _): "\(f) \(op) \(v)"
            case .isNull(let f, let n): "\(f) is \(n ? "not " : "")null"
            }
        }
    }

    enum Kind { case number, text, boolean, date, relationship }

    /// The fields of `entity` with the kinds the filter gives them.
    static func fields(_ entity: Entity) -> [(String, Kind)] {
        var out: [(String, Kind)] = [("pk", .number)]
        for a in entity.attributes where a.column != nil {
            switch a.type {
            case .integer16, .integer32, .integer64, .double, .float, .decimal: out.append((a.name, .number))
            case .string, .uri: out.append((a.name, .text))
            case .boolean: out.append((a.name, .boolean))
            case .date: out.append((a.name, .date))
            default: break
            }
        }
        for r in entity.relationships where !r.toMany { if case .foreignKey = r.storage { out.append((r.name, .relationship)) } }
        return out
    }

    /// A value of the field as the filter compares it, from dump's JSON: a Double, a String, a
    /// Bool or nil.
    static func value(_ object: [String: Any], _ field: String, _ kind: Kind) -> Any? {
        if field == "pk" { return (object["pk"] as! NSNumber).doubleValue }
        if kind == .relationship {
            guard let ref = (object["relationships"] as! [String: Any])[field] as? [String: Any] else { return nil }
            return (ref["pk"] as! NSNumber).doubleValue
        }
        let raw = (object["attributes"] as! [String: Any])[field]
        switch raw {
        case nil, is NSNull: return nil
        case let n as NSNumber where kind == .boolean: return n.boolValue
        case let n as NSNumber where kind == .text: return n.stringValue
        case let n as NSNumber: return n.doubleValue
        case let s as String: return s
        case let o as [String: Any]:
            guard let iso = o["$date"] as? String else { return nil }
            // 2024-05-10T18:14:11.669581Z: whole seconds by ISODate, the fraction apart.
            let whole = String(iso.prefix(19)) + "Z"
            let fraction = Double("0" + iso.dropFirst(19).dropLast()) ?? 0
            return Double(ISODate.parse(whole)!) + fraction - TaggedJSON.referenceDateOffset
        default: return nil
        }
    }

    static func evaluate(_ e: Expr, _ object: [String: Any], _ kinds: [String: Kind]) -> Bool {
        switch e {
        case .and(let a, let b): return evaluate(a, object, kinds) && evaluate(b, object, kinds)
        case .or(let a, let b): return evaluate(a, object, kinds) || evaluate(b, object, kinds)
        case .not(let a): return !evaluate(a, object, kinds)
        case .isNull(let f, let negated): return (value(object, f, kinds[f]!) == nil) != negated
        case .compare(let f, let op, let literal, let needle):
            guard let v = value(object, f, kinds[f]!) else { return false }
            func order<T: Comparable>(_ a: T, _ b: T) -> Bool {
                switch op {
                case "=": a == b
                case "!=": a != b
                case "<": a < b
                case "<=": a <= b
                case ">": a > b
                default: a >= b
                }
            }
            switch kinds[f]! {
            case .number, .relationship: return order(v as! Double, Double(literal)!)
            case .boolean: return order(v as! Bool ? 1 : 0, literal == "true" ? 1 : 0)
            case .text:
                let text = v as! String
                if op == "~" { return TextSearch(needle).matches(text) }
                // SQLite compares text by its UTF-8 bytes.
                return order(ByteOrder(text), ByteOrder(needle))
            case .date:
                let day = Double(ISODate.parse(literal)!) - TaggedJSON.referenceDateOffset
                let seconds = v as! Double
                switch op {
                case "=": return seconds >= day && seconds < day + 86_400
                case "!=": return seconds < day || seconds >= day + 86_400
                case "<": return seconds < day
                case "<=": return seconds < day + 86_400
                case ">": return seconds >= day + 86_400
                default: return seconds >= day
                }
            }
        }
    }

    struct ByteOrder: Comparable {
        let bytes: [UInt8]
        init(_ s: String) { bytes = Array(s.utf8) }
        static func < (a: ByteOrder, b: ByteOrder) -> Bool { a.bytes.lexicographicallyPrecedes(b.bytes) }
    }

    /// A random expression over `fields`, its values drawn from the objects (so that it matches some).
    static func randomExpression(_ fields: [(String, Kind)], objects: [[String: Any]], depth: Int,
                                 using g: inout SeededGenerator) -> Expr {
        if depth > 0, Int.random(in: 0..<3, using: &g) > 0 {
            switch Int.random(in: 0..<3, using: &g) {
            case 0: return .and(randomExpression(fields, objects: objects, depth: depth - 1, using: &g), randomExpression(fields, objects: objects, depth: depth - 1, using: &g))
            case 1: return .or(randomExpression(fields, objects: objects, depth: depth - 1, using: &g), randomExpression(fields, objects: objects, depth: depth - 1, using: &g))
            default: return .not(randomExpression(fields, objects: objects, depth: depth - 1, using: &g))
            }
        }
        let (field, kind) = fields[Int.random(in: 0..<fields.count, using: &g)]
        if Int.random(in: 0..<6, using: &g) == 0 { return .isNull(field: field, negated: Bool.random(using: &g)) }
        let sample = objects.isEmpty ? nil : value(objects[Int.random(in: 0..<objects.count, using: &g)], field, kind)
        let ops = ["=", "!=", "<", "<=", ">", ">="]
        switch kind {
        case .number:
            let n = (sample as? Double) ?? Double(Int.random(in: 0...50, using: &g))
            let literal = n == n.rounded() && abs(n) < 1e15 ? String(Int64(n)) : String(n)
            return .compare(field: field, op: ops.randomElement(using: &g)!, value: literal)
        case .relationship:
            let n = (sample as? Double) ?? 1
            return .compare(field: field, op: ["=", "!="].randomElement(using: &g)!, value: String(Int64(n)))
        case .boolean:
            return .compare(field: field, op: ["=", "!="].randomElement(using: &g)!, value: Bool.random(using: &g) ? "true" : "false")
        case .text:
            var text = (sample as? String) ?? "a"
            let op = (ops + ["~", "~"]).randomElement(using: &g)!
            if op == "~", !text.isEmpty {
                // A piece of a value, in another case.
                let chars = Array(text)
                let start = Int.random(in: 0..<chars.count, using: &g)
                text = String(chars[start..<min(chars.count, start + Int.random(in: 1...4, using: &g))]).uppercased()
            }
            let quoted = "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
                .replacingOccurrences(of: "\n", with: "\\n").replacingOccurrences(of: "\t", with: "\\t").replacingOccurrences(of: "\r", with: "\\r") + "\""
            return .compare(field: field, op: op, value: quoted, text: text)
        case .date:
            let seconds = (sample as? Double) ?? 700_000_000
            let day = ISODate.format(Int64((seconds + TaggedJSON.referenceDateOffset).rounded(.down)))
            return .compare(field: field, op: ops.randomElement(using: &g)!, value: String(day.prefix(10)))
        }
    }

    /// The pks the store's filtered list gives, page by page.
    static func listed(_ store: CoreDataStore, _ list: ObjectList) throws -> [Int64] {
        var out: [Int64] = []
        var key: Int64?
        while true {
            let page = try store.page(list, from: key, limit: 7)
            out += page.map(\.ref.pk)
            guard page.count == 7 else { return out }
            key = page.last!.ref.pk
        }
    }

    /// `dump --json`'s lines of `entity`, read back. (Foundation's JSONSerialization on Linux
    /// reads some doubles a unit in the last place off, so the text goes through Swift's own
    /// `Double(String)`, which is exact.)
    static func dumpLines(_ store: CoreDataStore, _ entity: Entity) throws -> [[String: Any]] {
        func any(_ v: JSONValue) -> Any {
            switch v {
            case .null: NSNull()
            case .bool(let b): NSNumber(value: b)
            case .integer(let i): NSNumber(value: i)
            case .number(let d): NSNumber(value: d)
            case .string(let s): s
            case .array(let a): a.map(any)
            case .object(let o): o.mapValues(any)
            }
        }
        var out: [[String: Any]] = []
        try store.forEachObject(entity: entity) { object in
            out.append(any(try JSONParser.parse(object.json())) as! [String: Any])
            return true
        }
        return out
    }

    static func differential(_ path: String, expressionsPerEntity: Int, seed: UInt64) throws -> Int {
        let store = try CoreDataStore(path: path)
        var g = SeededGenerator(seed: seed)
        var checked = 0
        for entity in store.model.entities {
            let objects = try dumpLines(store, entity)
            let fields = fields(entity)
            let kinds = Dictionary(fields, uniquingKeysWith: { a, _ in a })
            for _ in 0..<expressionsPerEntity {
                let e = randomExpression(fields, objects: objects, depth: 2, using: &g)
                let filter = try EntityFilter.compile(e.description, entity: entity)
                let got = try listed(store, store.list(entity, filter: filter))
                let expected = objects.filter { evaluate(e, $0, kinds) }.map { ($0["pk"] as! NSNumber).int64Value }.sorted()
                #expect(got == expected, "\(entity.name): \(e) in \((path as NSString).lastPathComponent)")
                #expect(try store.count(store.list(entity, filter: filter)) == expected.count)
                checked += 1
            }
        }
        return checked
    }

    @Test(arguments: Fixture.all)
    func randomFiltersAnswerAsDumpDoes(fixture: String) throws {
        #expect(try Self.differential(Fixture.path(fixture), expressionsPerEntity: 40, seed: 7) > 0)
    }

    @Test func randomFiltersOnAnAppStore() throws {
        let folder = TemporaryFolder()
        var b = AppStoreBuilder()
        b.humans = [.init(name: "Aria", kind: "hero"), .init(name: "Malgor", kind: "villain"), .init(name: "Ünal \"Q\"", kind: "hero")]
        b.records = (0..<60).map { i in
            AppStoreBuilder.Record(owner: i % 3, date: 700_000_000 + Double(i) * 40_000.5, result: .text(["win", "loss", "draw"][i % 3]))
        }
        try b.write(to: folder.file("app.sqlite"))
        #expect(try Self.differential(folder.file("app.sqlite"), expressionsPerEntity: 60, seed: 11) > 0)
    }

    @Test func aCSVCellKeepsItsTextExactlyAndTheToOnesFollow() throws {
        let object = CoreDataObject(entity: "Book", pk: 7, attributes: [("title", .string("a\u{1B}[2J\n,\"b\"")), ("price", .number(2.5)),
                                    ("cover", .object(["$class": .string("Cover"), "$fields": .object([:])]))],
                                    relationships: [("author", .object(["entity": .string("Author"), "pk": .integer(3)])), ("pages", .array([]))],
                                    stored: [:])
        let columns = ObjectCSV.Columns(attributes: ["title", "price", "cover"], toOne: ["author"])
        #expect(ObjectCSV.header(columns) == "entity,pk,title,price,cover,author")
        #expect(ObjectCSV.line(object, columns: columns) == "Book,7,\"a\u{1B}[2J\n,\"\"b\"\"\",2.5,\"{\"\"$class\"\":\"\"Cover\"\",\"\"$fields\"\":{}}\",3")
    }

    /// `list(_:filter:)`: the same list, an entity's or a relationship's targets, filtered anew.
    @Test func aListFilteredAnewKeepsWhatItLists() throws {
        let store = try CoreDataStore(path: Fixture.path("SampleModel2_V2.sqlite"))
        let page = try store.entity(named: "Page")
        let few = try #require(store.list(store.list(page), filter: try EntityFilter.compile("pk <= 3", entity: page)))
        let fewPks = try Self.listed(store, few)
        #expect(few.source == .entity("Page") && fewPks == [1, 2, 3])
        let again = try Self.listed(store, try #require(store.list(few, filter: nil)))
        #expect(again == (try Self.listed(store, store.list(page))))
        // A book's pages, filtered: still that book's, and only those matching.
        let book = try store.entity(named: "Book")
        let pages = try #require(book.relationships.first { $0.toMany && $0.target == "Page" })
        let owner = ObjectRef(entity: "Book", pk: 1)
        let all = try #require(store.list(pages, of: owner))
        let allPks = try Self.listed(store, all)
        let firstPk = try #require(allPks.first)
        let one = try #require(store.list(all, filter: try EntityFilter.compile("pk = \(firstPk)", entity: page)))
        let onePks = try Self.listed(store, one)
        #expect(one.source == all.source && onePks == [firstPk])
        // A list's identity names its rows: the same list, the same identity; another filter
        // or another owner, another.
        #expect(store.list(page).identity == store.list(page).identity && few.identity != store.list(page).identity)
        let other = try #require(store.list(pages, of: ObjectRef(entity: "Book", pk: 2)))
        #expect(all.identity != other.identity && one.identity != all.identity)
        #expect(try #require(store.list(few, filter: nil)).identity == store.list(page).identity)
    }

    /// `forEachObject(in:)` walks a filtered list page by page: every object once, in key order,
    /// read whole, across page boundaries.
    @Test func everyObjectOfAListIsWalkedOnceInKeyOrder() throws {
        let store = try CoreDataStore(path: Fixture.path("SampleModel2_V2.sqlite"))
        let page = try store.entity(named: "Page")
        for text in ["pk > 0", "pk >= 3 and pk <= 17", "pk > 1000000"] {
            let list = store.list(page, filter: try EntityFilter.compile(text, entity: page))
            var walked: [Int64] = []
            try store.forEachObject(in: list, pageSize: 7) { object in
                #expect(object.entity == "Page" && !object.attributes.isEmpty)
                walked.append(object.pk)
            }
            #expect(walked == (try Self.listed(store, list)), "\(text)")
        }
        #expect(try Self.listed(store, store.list(page)).count > 7, "the walk crosses pages")
    }

    /// A Decimal is kept by Core Data as a REAL that SQLite made of its text: book 1's price,
    /// saved as 3.3333333333, is the double 3.3333333332999993. It reads back, and compares,
    /// as SQLite's text of it (15 significant digits), which is what Core Data reads back.
    @Test func aDecimalReadsAndComparesAsTheDecimalThatWasSaved() throws {
        let store = try CoreDataStore(path: Fixture.path("SampleModel2_V2.sqlite"))
        let book = try store.entity(named: "Book")
        let one = try #require(try store.object(ObjectRef(entity: "Book", pk: 1)))
        let price = one.attributes.first { $0.0 == "price" }?.1
        #expect(price == .number(3.3333333333), "\(String(describing: price))")
        #expect(price.map { TaggedJSON.text($0) } == "3.3333333333")
        func pks(_ text: String) throws -> [Int64] { try Self.listed(store, store.list(book, filter: try EntityFilter.compile(text, entity: book))) }
        #expect(try pks("price = 3.3333333333") == [1, 3])
        #expect(try pks("price != 3.3333333333") == [2])
        #expect(try pks("price >= 3.3333333333 and price < 10.11") == [1, 3])
        #expect(try pks("price = 10.11") == [2])
        #expect(try pks("price is null") == [])
    }

    @Test func anInstantWithAFractionComparesToTheMicrosecond() throws {
        let store = try CoreDataStore(path: Fixture.path("SampleModel2_V2.sqlite"))
        let book = try store.entity(named: "Book")
        // Book 1 was published at 18:14:11.669581, Book 2 at 18:14:11.661061.
        func pks(_ text: String) throws -> [Int64] { try Self.listed(store, store.list(book, filter: try EntityFilter.compile(text, entity: book))) }
        #expect(try pks("publishedAt > 2024-05-10T18:14:11.665Z and pk <= 2") == [1])
        #expect(try pks("publishedAt < 2024-05-10T18:14:11.665Z and pk <= 2") == [2])
    }

    @Test func refusalsNameTheProblemAndItsColumn() throws {
        let store = try CoreDataStore(path: Fixture.path("SampleModel2_V2.sqlite"))
        let book = try store.entity(named: "Book")
        func problem(_ text: String) -> FilterError? {
            do { _ = try EntityFilter.compile(text, entity: book); return nil } catch { return error }
        }
        #expect(problem("nosuch = 1")?.message.contains("unknown field \"nosuch\": Book has pk, ") == true)
        #expect(problem("titel = \"x\"")?.message == "unknown field \"titel\"; did you mean title?")
        #expect(problem("price ~ 3")?.message == "'~' needs a text field; price is a number")
        #expect(problem("price > \"x\"")?.message == "expected a number")
        #expect(problem("frontCover = 1")?.message == "frontCover is Transformable: only 'is null' and 'is not null' test it")
        #expect(problem("author > 1")?.message == "author is a relationship: compare it with = or != to a pk, or test it with is null")
        #expect(problem("publishedAt = 2024-02-30")?.message.contains("no day 30") == true)
        #expect(problem("title is nul")?.message == "expected 'null' or 'not null' after 'is', found \"nul\"")
        #expect(problem("title = \"a\" and")?.column == 16)
        #expect(problem("publishedAt > 2024-05-10T18:14:11.5x") != nil)
        // Accepted: any case of a field's name, a date, an instant with its fraction, is null, a to-one's pk.
        #expect(problem("publishedAt > 2024-05-10T18:14:11.669581Z") == nil)
        #expect(problem("TITLE ~ \"author\" and publishedAt >= 2024-05-10 and frontCover is not null and author = 1") == nil)
    }
}
