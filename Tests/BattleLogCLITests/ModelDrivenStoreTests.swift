import Foundation
import Testing
@testable import BattleLogCLI
@testable import BattleLogBrowser
import BattleLogKit
import BattleLogPresentation
import SQLiteDB

/// A value type and its transformer that exist only in this test target: registering them and
/// naming them in a model is all it takes for the store to keep, export, import, inspect and
/// show a new attribute (issue 12).
struct Weather: Sendable, Equatable {
    var sky: String
    var windKPH: Int
}

struct WeatherTransformer: BattleLogKit.ValueTransformer {
    static let name = "WeatherTransformer"
    static let valueClassName = "Weather"
    func storedForm(of w: Weather) -> String {
        var j = JSONWriter()
        j.beginObject()
        j.key("sky", first: true); j.writeString(w.sky)
        j.key("wind"); j.writeInteger(w.windKPH)
        j.endObject()
        return j.text
    }
    func value(fromStored text: String) throws(TransformError) -> Weather {
        let json: JSONValue
        do { json = try JSONParser.parse(text) } catch { throw .notJSON(error) }
        guard case .object(let o) = json, case .string(let sky)? = o["sky"], case .integer(let wind)? = o["wind"] else {
            throw .wrongShape(expected: "{\"sky\", \"wind\"}", found: json.typeName)
        }
        return Weather(sky: sky, windKPH: Int(wind))
    }
}

extension AnyValueTransformer {
    static let weather = AnyValueTransformer(WeatherTransformer(), forms: ValueForms<Weather>(
        describe: { "\($0.sky), wind \($0.windKPH) km/h" },
        csvHeaders: { [$0 + "_sky", $0 + "_wind"] },
        csvCells: { w in [w?.sky ?? "", w.map { String($0.windKPH) } ?? ""] },
        derivations: ["wind": ("INTEGER", { .integer(Int64($0.windKPH)) })]))
}

/// battlelog's model with one more attribute, `Record.weather`.
func weatherModel(optional: Bool = false, transformer: String = "WeatherTransformer", className: String = "Weather",
                  derive: String = "wind") throws -> StoreModel {
    let bundled = try String(contentsOfFile: ResourcesPath.model, encoding: .utf8)
    let entry = """
        {"name": "weather", "column": "weather", "type": "transformable", "optional": \(optional),
         "valueTransformerName": "\(transformer)", "customClassName": "\(className)",
         "queryColumns": [{"path": "weather.wind", "column": "weather_wind", "derive": "\(derive)", "indexed": true}]},
        {"name": "usingMagic"
        """
    return try StoreModel(json: bundled.replacingOccurrences(of: "{\"name\": \"usingMagic\"", with: entry))
}

enum ResourcesPath {
    static let model = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Resources/model/BattleLog.model.json").path
}

@Suite struct ModelDrivenStoreTests {
    func weatherRegistry() -> TransformerRegistry {
        var registry = TransformerRegistry.standard
        registry.register(.weather)
        return registry
    }

    @Test func aNewAttributeIsStoredExportedImportedInspectedAndShown() throws {
        let dir = TempDir()
        let store = try BattleStore(path: dir.file("w.sqlite"), registry: weatherRegistry(), model: weatherModel())
        let humans = try store.insertHumans([Human(name: "Aria", kind: .hero), Human(name: "Malgor", kind: .villain)])
        var drafts: [RecordDraft] = []
        for f in 0..<3 {
            for (owner, opponent) in [(humans[0], humans[1]), (humans[1], humans[0])] {
                var d = RecordDraft(fight: Int64(f + 1), ownerID: owner.id, opponentID: opponent.id, date: 1_700_000_000 + Int64(f),
                                    result: owner.kind == .hero ? .win : .loss, duration: MediaTime(value: 600, timescale: 600),
                                    randomNumbers: [f + 1], usingMagic: nil)
                d.values["weather"] = Weather(sky: "rain", windKPH: 10 * (f + 1))
                drafts.append(d)
            }
        }
        try store.insert(drafts)
        // Stored in its own column, through its transformer, with its derived column.
        let r = try store.record(id: 3)
        #expect(r.attribute(named: "weather")?.value as? Weather == Weather(sky: "rain", windKPH: 20))
        #expect(r.attribute(named: "weather")?.storedText == #"{"sky":"rain","wind":20}"#)
        #expect(!r.isDamaged)
        // Queried through its derived, indexed column.
        let columns = store.queryColumns
        #expect(columns.source(path: "weather.wind")?.column == "weather_wind" && columns.source(path: "weather.wind")?.isReady == true)
        let windy = try FilterCompiler.compile("weather.wind >= 20 and weather.wind < 30", roster: store.humans, columns: columns)
        #expect(try store.page(RecordQuery(filter: windy), limit: 10).map(\.id) == [4, 3])
        #expect(try store.countPlan(RecordQuery(filter: windy)).joined().contains("record_weather_wind"))
        // Exported and imported: the same records in another store of the same model.
        let line = RecordJSON.encode(r)
        #expect(line.contains(#""weather":{"sky":"rain","wind":20}"#), "\(line)")
        let other = try BattleStore(path: dir.file("copy.sqlite"), registry: weatherRegistry(), model: weatherModel())
        var all: [Record] = []
        try store.forEachRecord { all.append($0) }
        try other.importRecords(try all.map { try RecordJSON.decode(RecordJSON.encode($0), schema: other.schema) })
        #expect(try other.record(id: 3).attribute(named: "weather")?.value as? Weather == Weather(sky: "rain", windKPH: 20))
        #expect(RecordJSON.encode(try other.record(id: 3)) == line)
        // A line without it is refused, naming it.
        let without = line.replacingOccurrences(of: #","weather":{"sky":"rain","wind":20}"#, with: "")
        #expect { try RecordJSON.decode(without, schema: other.schema) } throws: { ($0 as? RecordJSON.LineError)?.message == "\"weather\" is missing" }
        // A key left out is said missing, not of the wrong type (a trial's `{"bad":1}` was told
        // `"id" must be an integer`); one deeper is named by its path.
        for (line, message) in [(#"{"bad":1}"#, "\"id\" is missing"), (#"{"id":true}"#, "\"id\" must be an integer, found a boolean"),
                                (#"{"id":1,"fight":1,"owner":{"kind":"hero","name":"A"}}"#, "\"owner.id\" is missing")] {
            #expect(throws: RecordJSON.LineError.self) { try RecordJSON.decode(line, schema: other.schema) }
            do { _ = try RecordJSON.decode(line, schema: other.schema) } catch { #expect(error.message == message, "\(line)") }
        }
        // CSV columns, inspect, show.
        #expect(RecordCSV.header(store.schema).contains("random_numbers,weather_sky,weather_wind,magic_type"))
        #expect(RecordCSV.line(r).contains(",rain,20,"), "\(RecordCSV.line(r))")
        let inspected = StoredValueInspection.inspect(r)
        #expect(inspected.map(\.attribute) == ["duration", "randomNumbers", "weather", "usingMagic", "timeline", "weapon"])
        #expect(inspected[2].transformer == "WeatherTransformer" && inspected[2].decoded == "rain, wind 20 km/h")
        let shown = ShowCommand.lines(r, labels: Labels.load("en"))
        #expect(shown.contains("  weather: rain, wind 20 km/h"), "\(shown)")
        // ... and in the browser's detail pane, a row of its own among the others.
        let detail = DetailView.content(r, labels: Labels.load("en"), width: 60).map { $0.map(\.text).joined() }
        #expect(detail.contains { $0.hasPrefix("weather ") && $0.contains("rain, wind 20 km/h") }, "\(detail)")
        #expect(detail.contains { $0.hasPrefix("Dice ") } && detail.contains { $0.contains("Magic used") })
        // Damage stays data: a stored value that does not decode is reported, its column kept.
        try store.executeRaw("UPDATE record SET weather = '{\"sky\":1}' WHERE id = 1")
        let damaged = try store.record(id: 1)
        #expect(damaged.errors.map(\.attribute) == ["weather"])
        #expect(damaged.attribute(named: "weather")?.storedText == #"{"sky":1}"#)
        #expect(ShowCommand.lines(damaged, labels: Labels.load("en")).contains { $0.hasPrefix("  weather: ⚠ DAMAGED (expected") })
    }

    @Test func aModelTheRegistryCannotServeIsRefusedAtOpenNamingTheAttribute() throws {
        let dir = TempDir()
        let path = dir.file("refused.sqlite")
        // The transformer is not registered.
        #expect(throws: StoreError.unregisteredTransformer(attribute: "Record.weather", transformer: "WeatherTransformer")) {
            try BattleStore(path: path, model: weatherModel())
        }
        // It produces another type than the model says.
        #expect(throws: StoreError.invalidModel("Record.weather: WeatherTransformer produces Weather, not Climate")) {
            try BattleStore(path: path, registry: weatherRegistry(), model: weatherModel(className: "Climate"))
        }
        // It offers no such derivation.
        #expect(throws: StoreError.invalidModel("Record.weather: WeatherTransformer offers no derivation \"gust\" for weather.wind (it offers: wind)")) {
            try BattleStore(path: path, registry: weatherRegistry(), model: weatherModel(derive: "gust"))
        }
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test func aRequiredValueMissingFromADraftIsRefused() throws {
        let dir = TempDir()
        let store = try BattleStore(path: dir.file("w.sqlite"), registry: weatherRegistry(), model: weatherModel())
        let humans = try store.insertHumans([Human(name: "Aria", kind: .hero), Human(name: "Malgor", kind: .villain)])
        let draft = RecordDraft(fight: 1, ownerID: humans[0].id, opponentID: humans[1].id, date: 0, result: .win,
                                duration: .zero, randomNumbers: [1], usingMagic: nil)
        #expect(throws: StoreError.missingValue(attribute: "Record.weather")) { try store.insert([draft]) }
        var wrong = draft
        wrong.values["weather"] = 12
        #expect(throws: StoreError.wrongValueType(attribute: "Record.weather", expected: "Weather", found: "Int")) { try store.insert([wrong]) }
        #expect(try store.recordCount() == 0)
    }

    @Test func anExistingDatabaseGetsANewAttributesColumnsAtItsFirstWritableOpen() throws {
        let dir = TempDir()
        let path = dir.file("grow.sqlite")
        _ = cli(["simulate", "--fights", "5", "--seed", "3"], db: path)
        let store = try BattleStore(path: path, registry: weatherRegistry(), model: weatherModel(optional: true))
        // Records written before have no weather: absent (optional), their derived column NULL.
        let r = try store.record(id: 1)
        #expect(!r.isDamaged)
        #expect(r.attribute(named: "weather")?.decoded.map { $0 == nil } == .success(true))
        #expect(try store.diagnostics.derivedColumnProblems().isEmpty)
    }

    @Test func doctorReportsAQueryColumnThatDisagreesAndRepairRecomputesIt() throws {
        let dir = TempDir()
        let path = dir.file("tampered.sqlite")
        _ = cli(["simulate", "--fights", "20", "--seed", "4"], db: path)
        let db = try Database(path: path)
        try db.execute(script: "UPDATE record SET rolls_max = 0 WHERE id = 7")
        let check = cli(["doctor"], db: path)
        #expect(check.status == 1)
        #expect(check.out.contains("query column: record 7: rolls_max is an integer (0), its randomNumbers gives an integer ("), "\(check.out)")
        #expect(check.out.contains("summaries: ok"))
        let repair = cli(["doctor", "--repair"], db: path)
        #expect(repair.status == 0 && repair.out.contains("query columns: recomputed from the stored values (repaired)"), "\(repair.out)")
        let again = cli(["doctor"], db: path)
        #expect(again.status == 0 && again.out.contains("query columns: ok"), "\(again.out)")
    }
}

/// One presenter per value type, shared by every surface (issue 19): a second attribute of type
/// `Magic` and a new required one with a presenter of its own, declared in this test target only.
@Suite struct SharedPresenterTests {
    /// battlelog's model with `weather` (required) and `counterMagic` (a second, optional Magic).
    static func model() throws -> StoreModel {
        let bundled = try String(contentsOfFile: ResourcesPath.model, encoding: .utf8)
        let entries = """
            {"name": "weather", "column": "weather", "type": "transformable", "listed": true,
             "valueTransformerName": "WeatherTransformer", "customClassName": "Weather"},
            {"name": "counterMagic", "column": "counter_magic", "type": "transformable", "optional": true, "listed": true,
             "valueTransformerName": "MagicTransformer", "customClassName": "Magic"},
            {"name": "usingMagic"
            """
        return try StoreModel(json: bundled.replacingOccurrences(of: "{\"name\": \"usingMagic\"", with: entries))
    }

    @Test func eachAttributeIsShownFromItsOwnValueThroughTheOneTable() throws {
        var registry = TransformerRegistry.standard
        registry.register(.weather)
        let dir = TempDir()
        let store = try BattleStore(path: dir.file("p.sqlite"), registry: registry, model: Self.model())
        let humans = try store.insertHumans([Human(name: "Aria", kind: .hero), Human(name: "Malgor", kind: .villain)])
        var d = RecordDraft(fight: 1, ownerID: humans[0].id, opponentID: nil, date: 1_700_000_000, result: .win,
                            duration: MediaTime(value: 600, timescale: 600), randomNumbers: [4, 2],
                            usingMagic: Magic(HeroMagic(cooperationFormulaName: "Starlight Accord", collaboratorName: "Mira")))
        d.values["weather"] = Weather(sky: "thunderhead", windKPH: 40)
        d.values["counterMagic"] = Magic(VillainMagic(powerOfEvilGate: 7, gateName: "Obsidian Door"))
        try store.insert([d])
        let r = try store.record(id: 1)
        // show: each magic box from its own value (before, both boxes were usingMagic's).
        let shown = ShowCommand.lines(r, labels: Labels.load("en")).joined(separator: "\n")
        #expect(shown.contains("Mira") && shown.contains("Obsidian Door"), "\(shown)")
        #expect(shown.components(separatedBy: "Magic used").count == 3)
        #expect(shown.contains("  weather: thunderhead, wind 40 km/h"))
        // The detail pane: the same.
        let detail = DetailView.content(r, labels: Labels.load("en"), width: 70).map { $0.map(\.text).joined() }.joined(separator: "\n")
        #expect(detail.contains("Mira") && detail.contains("Obsidian Door"), "\(detail)")
        #expect(detail.contains("thunderhead, wind 40 km/h"))
        // list: a column for each listed attribute, text before the fixed-width time, each cell
        // from its own value; short cells when the terminal is narrow.
        let table = RecordTable.render([r], labels: Labels.load("en")).split(separator: "\n")
        #expect(table[0].hasSuffix("OPPONENT  WEATHER      COUNTERMAGIC                 MAGIC                          DURATION"), "\(table)")
        #expect(table[1].hasSuffix("—         thunderhead  villain: Obsidian Door 7/10  hero: Starlight Accord + Mira  0:01.000"), "\(table)")
        #expect(RecordTable.render([r], labels: Labels.load("en"), width: 120).contains("thunderhead  Obsidian Door 7/10  Starlight Accord + Mira  0:01.000"))
        // The records pane: the same columns, in the same order.
        let model = try BrowserModel(store: store, labels: Labels.load("en"), databasePath: "p.sqlite", rows: 24, columns: 240)
        let grid = CellGrid(rows: 24, columns: 240)
        BrowserView.render(model, on: grid)
        let header = (0..<24).map(grid.line).first { $0.contains("weather") } ?? ""
        #expect(header.contains(#/weather +counterMagic +Magic +Duration/#), "\(header)")
        #expect((0..<24).map(grid.line).contains { $0.contains(#/thunderhead +Obsidian Door 7… +Starlight Accord … +0:01.000/#) },
                "\((0..<24).map(grid.line).joined(separator: "\n"))")
        // inspect: every attribute.
        #expect(StoredValueInspection.inspect(r).map(\.attribute) == ["duration", "randomNumbers", "weather", "counterMagic", "usingMagic", "timeline", "weapon"])
        // `/` finds the text of both magics and the weather, as their presenters say.
        for text in ["obsidian", "mira", "thunder"] { #expect(BrowserModel.record(r, matches: try SearchPattern(text, regex: false)), "\(text)") }
        #expect(!BrowserModel.record(r, matches: try SearchPattern("nowhere", regex: false)))
        // A producer that does not give the required attribute is refused, never a silent NULL.
        #expect(throws: StoreError.missingValue(attribute: "Record.weather")) {
            try SimulationRun(fights: 3, seed: 1, heroes: 2, villains: 2, batchSize: 10).run(on: store)
        }
        #expect(try store.recordCount() == 1)
    }
}

@Suite struct SummaryDeclarationTests {
    /// The summaries come from the model: an attribute declares which it feeds; a summary on a
    /// value type it cannot read, or kept twice, is refused at open, naming the attribute.
    @Test func summariesAreDeclaredInTheModelAndCheckedAtOpen() throws {
        let bundled = try String(contentsOfFile: ResourcesPath.model, encoding: .utf8)
        #expect(try StoreModel(json: bundled).transformableAttributes.compactMap(\.summary) == [.diceCount, .magicUsage])
        let onTime = bundled.replacingOccurrences(of: "\"label\": \"duration\",", with: "\"label\": \"duration\", \"summary\": \"diceCount\",")
        #expect(throws: ModelError.invalidModel("Record.duration: the diceCount summary reads [Int] values, not MediaTime")) {
            try StoreModel(json: onTime)
        }
        let unknown = bundled.replacingOccurrences(of: "\"summary\": \"diceCount\"", with: "\"summary\": \"rollCount\"")
        #expect(throws: ModelError.invalidModel("Record.randomNumbers: \"summary\" must be magicUsage or diceCount, not \"rollCount\"")) {
            try StoreModel(json: unknown)
        }
        // Without the declaration the writer keeps no dice counts, and the rebuild agrees.
        let none = bundled.replacingOccurrences(of: "\"summary\": \"diceCount\",", with: "")
        let dir = TempDir()
        let store = try BattleStore(path: dir.file("s.sqlite"), model: try StoreModel(json: none))
        try SimulationRun(fights: 20, seed: 3, heroes: 2, villains: 2, batchSize: 10).run(on: store)
        #expect(try BattleStats.fromSummaries(store).dice.isEmpty)
        #expect(try !BattleStats.fromSummaries(store).magicUsage.isEmpty)
    }
}

/// The weather's presenter: its own line and what `/` searches in it.
extension Weather: PresentedValue {
    static var presenter: ValuePresenter {
        ValuePresenter(
            line: { value, _, _ in [.init((value as? Weather).map { "\($0.sky), wind \($0.windKPH) km/h" } ?? "", .reading)] },
            cell: { value, _, _ in (value as? Weather)?.sky ?? "" },
            searchableText: { value in (value as? Weather).map { [$0.sky] } ?? [] })
    }
}
