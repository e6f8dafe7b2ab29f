import AppStoreWriter
import Foundation
import SQLiteDB
import Testing
@testable import BattleLogBrowser
import BattleLogKit
import BattleLogPresentation
@testable import CoreDataKit

/// The Core Data store browser on the four real stores and on hostile ones: golden screens, the
/// keys of a session, and the store left byte for byte as it was.
@Suite(.serialized) struct CoreDataBrowserTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("CoreDataKitTests/Fixtures").path
    static let sizes = [(24, 80), (40, 120)]

    static func open(_ path: String, rows: Int = 24, columns: Int = 80, language: String = "en") throws -> (StoreBrowserModel, CellGrid) {
        let store = try CoreDataStore(path: path)
        let model = StoreBrowserModel(store: store, labels: .load(language), storePath: path, rows: rows, columns: columns)
        return (model, CellGrid(rows: rows, columns: columns))
    }

    /// Renders once every count the screen shows has arrived (they are counted in the background).
    static func settledRender(_ m: StoreBrowserModel, _ grid: CellGrid) {
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            let treeKnown = m.tree.allSatisfy { row in
                if let e = row.entity { return m.count(of: e) != nil }
                if let t = row.historyTable { return m.source.count(ofTable: t) != nil }
                return true
            }
            if treeKnown && (m.level == nil || m.listCount != nil) { break }
            usleep(2_000)
        }
        m.tick()
        StoreBrowserView.render(m, on: grid)
    }

    /// For each fixture: an object with a decoded Transformable, and a relationship to follow
    /// from an object (a to-many, so that the breadcrumb has three parts).
    static let cases: [(file: String, entity: String, pk: Int64, follow: (entity: String, pk: Int64, relationship: String))] = [
        ("SampleModel_V1.sqlite", "SportCar", 21, ("Person", 9, "cars")),
        ("SampleModel2_V2.sqlite", "Book", 1, ("Book", 2, "pages")),
        ("Accounts3.sqlite", "AccountProperty", 1, ("Account", 4, "enabledDataclasses")),
        ("kik.sqlite", "KikMessage", 1, ("KikChat", 1, "messages")),
    ]

    /// A guessed to-one whose target entity is unknown says so, not that its row is missing
    /// (kik's `lastmessagechat → ? 1` was called dangling, though KikChat 1 exists). Its column
    /// is renamed here to a name no entity's ends (`conversation`): kik's own are all found.
    @Test(arguments: ["en", "zh"])
    func aGuessedToOneWithAnUnknownTargetIsNotCalledDangling(language: String) throws {
        let path = NSTemporaryDirectory() + "battlelog-unknown-target-\(language)-\(getpid()).sqlite"
        try? FileManager.default.removeItem(atPath: path)
        defer { try? FileManager.default.removeItem(atPath: path) }
        try FileManager.default.copyItem(atPath: Self.fixtures + "/kik.sqlite", toPath: path)
        try Database(path: path, mode: .readWrite).execute("ALTER TABLE ZKIKMESSAGE RENAME COLUMN ZLASTMESSAGECHAT TO ZCONVERSATION")
        let (m, _) = try Self.open(path, rows: 40, columns: 120, language: language)
        try Self.select(m, entity: "KikMessage", pk: 1)
        let lines = try #require(m.lists.detail?.lines)
        let guessed = try #require(lines.first { $0.label == "conversation" })
        #expect(!guessed.value.contains(m.labels["cd.dangling"]) && guessed.value.contains(m.labels["cd.unknownTarget"]), "\(guessed.value)")
        #expect(guessed.style != .damaged)
        if case .say(let why)? = guessed.action { #expect(why.contains(m.labels["cd.unknownTarget"])) } else { Issue.record("\(String(describing: guessed.action))") }
    }

    static func select(_ m: StoreBrowserModel, entity: String, pk: Int64) throws {
        let row = try #require(m.tree.firstIndex { $0.entity?.name == entity })
        m.selectRosterRow(row)
        m.chrome.focus = .records
        try m.submit(.init(kind: .goTo, text: String(pk)))
        #expect(m.selectedObject?.ref.pk == pk, "\(entity) \(pk)")
    }

    static func follow(_ m: StoreBrowserModel, _ relationship: String) throws {
        m.chrome.focus = .detail
        let line = try #require(m.lists.detail?.lines.firstIndex { $0.label == relationship && $0.action != nil }, "\(relationship)")
        m.lists.detailCursor.index = line
        m.handle(.enter)
    }

    @Test(arguments: ["en", "zh"])
    func goldenScreensOfTheFourRealStores(language: String) throws {
        for c in Self.cases {
            let name = c.file.replacingOccurrences(of: ".sqlite", with: "")
            for (rows, cols) in Self.sizes {
                let (m, grid) = try Self.open(Self.fixtures + "/" + c.file, rows: rows, columns: cols, language: language)
                Self.settledRender(m, grid)
                try expectGolden(grid, "coredata-\(name)-tree-\(language)-\(cols)x\(rows)")

                try Self.select(m, entity: c.entity, pk: c.pk)
                m.chrome.focus = .detail
                Self.settledRender(m, grid)
                try expectGolden(grid, "coredata-\(name)-object-\(language)-\(cols)x\(rows)")

                try Self.select(m, entity: c.follow.entity, pk: c.follow.pk)
                try Self.follow(m, c.follow.relationship)
                #expect(m.lists.levels.count == 2)
                #expect(m.lists.breadcrumb.hasPrefix("\(c.follow.entity) \(c.follow.pk) › \(c.follow.relationship) › "), "\(m.lists.breadcrumb)")
                Self.settledRender(m, grid)
                try expectGolden(grid, "coredata-\(name)-follow-\(language)-\(cols)x\(rows)")
                #expect(grid.text.contains("\(c.follow.entity) \(c.follow.pk) › \(c.follow.relationship)"))
            }
        }
    }

    /// The objects pane is a table as the records pane is (one `TableView`): `]` scrolls to the
    /// columns past its right edge, `}` widens, `H` hides, `=` brings them back, and each entity's
    /// list keeps its own layout.
    /// An entity's columns come in one order at every width: a narrow pane shows fewer of them,
    /// never others first (a narrow pane used to move a to-one before a date that did not fit).
    @Test func theColumnsKeepTheirOrderAtEveryWidth() throws {
        for (file, entity) in [("SampleModel2_V2.sqlite", "Book"), ("kik.sqlite", "KikAttachment"), ("SampleModel_V1.sqlite", "Car")] {
            let (m, _) = try Self.open(Self.fixtures + "/" + file)
            try Self.select(m, entity: entity, pk: 1)
            let widest = m.lists.columns(width: 1_000).map(\.id)
            for width in stride(from: 30, through: 200, by: 7) {
                #expect(m.lists.columns(width: width).map(\.id) == widest, "\(file) \(entity) at \(width)")
            }
        }
    }

    @Test(arguments: ["en", "zh"]) func theObjectColumnsScrollWidenHideAndEachEntityKeepsItsOwn(language: String) throws {
        let (m, grid) = try Self.open(Self.fixtures + "/SampleModel2_V2.sqlite", language: language)
        try Self.select(m, entity: "Book", pk: 1)
        func header() -> String {
            Self.settledRender(m, grid)
            return grid.line(m.layout.records.top + 1)
        }
        let r = m.layout.records
        let first = header()
        #expect(first.contains("title") && !first.contains("price"), "\(first)")
        #expect(CoreDataBrowserTests.cell(grid, r.top + 1, r.right - 1) == "›", "more columns lie to the right: \(first)")
        // ] past the pane's edge: the list scrolls sideways, the current title stands out.
        for _ in 0..<4 { m.handle(.character("]")) }
        let scrolled = header()
        #expect(scrolled.contains("price") && CoreDataBrowserTests.cell(grid, r.top + 1, r.left) == "‹", "\(scrolled)")
        #expect(m.lists.columnLayout.current == 4 && m.lists.columnLayout.isChanged)
        // H hides the current column and says so; } widens the next current one.
        let hidden = m.lists.columns(width: r.width - 2)[4].title
        m.handle(.character("H"))
        #expect(m.chrome.status == m.labels.fill("columns.hidden", hidden))
        #expect(!m.lists.columns(width: r.width - 2).map(\.title).contains(hidden))
        let width = m.lists.columns(width: r.width - 2)[4].width
        m.handle(.character("}"))
        #expect(m.lists.columns(width: r.width - 2)[4].width == width + 2)
        // Another entity has its own layout; back to Book, Book's is as it was left.
        try Self.select(m, entity: "Page", pk: 1)
        #expect(m.lists.columnLayout == ColumnLayout())
        try Self.select(m, entity: "Book", pk: 1)
        #expect(m.lists.columnLayout.hidden == [hidden])
        // = brings every column back.
        m.handle(.character("="))
        #expect(m.lists.columnLayout == ColumnLayout() && m.chrome.status == m.labels["columns.reset"])
        #expect(header() == first)
    }

    static func cell(_ grid: CellGrid, _ row: Int, _ column: Int) -> String { grid.cells[row * grid.columns + column].text }

    /// One presenter of Core Data's values: `coredata dump`'s text shows each attribute exactly
    /// as the browser's detail does (dates, UUIDs, archives, nulls, in both languages).
    @Test(arguments: ["en", "zh"]) func theDumpTextAndTheDetailShowEachValueAlike(language: String) throws {
        for c in Self.cases {
            let (m, _) = try Self.open(Self.fixtures + "/" + c.file, language: language)
            try Self.select(m, entity: c.entity, pk: c.pk)
            let detail = try #require(m.lists.detail)
            let ref = try #require(m.selectedObject?.ref)
            let object = try #require(try m.store.object(ref))
            let dump = CoreDataInfo.text(object, labels: .load(language))
            var compared = 0
            for line in detail.lines where line.depth == 0 && line.attribute != nil && line.box == nil && !line.label.isEmpty {
                let shown = try #require(dump.first { $0.hasPrefix("  " + line.label + " ") }, "\(c.file) \(line.label)")
                #expect(shown.drop(while: { $0 == " " }).dropFirst(line.label.count).drop(while: { $0 == " " }) == Substring(line.value),
                        "\(c.file) \(line.label): \(shown) against \(line.value)")
                compared += 1
            }
            #expect(compared == object.attributes.count, "\(c.file)")
        }
    }

    @Test func aTransformableFoldsAndUnfoldsAndItsClassTitlesIt() throws {
        let (m, grid) = try Self.open(Self.fixtures + "/SampleModel2_V2.sqlite", rows: 40, columns: 120)
        try Self.select(m, entity: "Book", pk: 1)
        m.chrome.focus = .detail
        let cover = try #require(m.lists.detail?.lines.firstIndex { $0.label == "frontCover" })
        #expect(m.lists.detail?.lines[cover].value == "CoreDataPlus_Tests.Cover")
        #expect(m.lists.detail?.lines[cover + 1].label == "text")
        m.lists.detailCursor.index = cover
        m.handle(.character(" "))
        #expect(m.lists.detail?.lines[cover + 1].label != "text", "folded")
        StoreBrowserView.render(m, on: grid)
        #expect(grid.text.contains("▸ frontCover"))
        m.handle(.enter)
        #expect(m.lists.detail?.lines[cover + 1].label == "text", "unfolded")
        // A date with its fraction, in UTC; a UUID.
        #expect(m.lists.detail?.lines.contains { $0.value == "2024-05-10 18:14:11.669581 UTC" } == true)
        #expect(m.lists.detail?.lines.contains { $0.value == "173EF017-8551-4A76-AD07-19D8830FDC80" } == true)
    }

    @Test func followingAToOneAndComingBack() throws {
        let (m, _) = try Self.open(Self.fixtures + "/SampleModel_V1.sqlite")
        try Self.select(m, entity: "Car", pk: 3)
        let owner = try #require(m.lists.detail?.lines.first { $0.label == "owner" })
        guard case .own(.follow(let target))? = owner.action else { Issue.record("owner: \(owner)"); return }
        try Self.follow(m, "owner")
        let ownerLine = try #require(m.lists.levels.first?.detailCursor.index)
        #expect(m.selectedObject?.ref == target)
        #expect(m.lists.breadcrumb == "Car 3 › owner › Person \(target.pk)")
        m.handle(.backspace)
        #expect(m.lists.levels.count == 1)
        #expect(m.selectedObject?.ref.pk == 3)
        #expect(m.chrome.focus == .detail)
        #expect(m.lists.detailCursor.index == ownerLine && m.lists.detail?.lines[m.lists.detailCursor.index].label == "owner", "back where it was")
        // i on the to-one: its stored foreign key.
        m.handle(.character("i"))
        #expect(m.overlay?.opener == .inspect)
        #expect(m.shownOverlay?.lines.first?.0 == "owner (ZOWNER)  INTEGER  \(target.pk)")
    }

    /// Enter on binary data reads it whole: its text when the bytes are UTF-8 text (Mastodon
    /// keeps JSON there), else every byte in hex; it repeated the line's summary.
    @Test func enterOnBinaryDataReadsItWhole() throws {
        let (m, _) = try Self.open(Self.fixtures + "/wild/iLEAPP-ios17-Mastodon-shared.sqlite", rows: 40, columns: 120)
        try Self.select(m, entity: "MastodonUser", pk: 8)
        m.chrome.focus = .detail
        let line = try #require(m.lists.detail?.lines.firstIndex { $0.label == "emojis" })
        #expect(m.lists.detail?.lines[line].value.contains("bytes") == true)
        m.lists.detailCursor.index = line
        m.handle(.enter)
        let text = (m.shownOverlay?.lines ?? []).map(\.0).joined()
        #expect(m.overlay?.opener == .open && text.hasPrefix("[{\"") && !text.contains("bytes:"), "\(text.prefix(120))")
        // Bytes that are not text: each one in hex.
        let hex = StackedListsView.whole(.object(["$data": .string("AP8Q")]), labels: m.labels)
        #expect(hex?.hasPrefix("  0000  00 ff 10") == true, "\(hex ?? "nil")")
    }

    /// A column is as wide as its title or its widest cell, not its type's width stretched: a
    /// trial saw Person's `firstName` (8 at most) padded to 47 and the UUID pushed off the pane,
    /// and `ExpensiveSpor…` beside 17 blank columns of `FIAT`.
    @Test func columnsAreAsWideAsWhatTheyHold() throws {
        for (entity, pk) in [("Person", Int64(1)), ("Car", 14)] {
            let (m, _) = try Self.open(Self.fixtures + "/SampleModel_V1.sqlite", rows: 40, columns: 120)
            try Self.select(m, entity: entity, pk: pk)
            let rows = try #require(m.lists.level?.window.rows)
            let columns = m.lists.columns(width: m.layout.records.width - 2)
            var used = 0
            for c in columns where c.id != "pk" {
                let widest = max(DisplayWidth.of(c.title), rows.map { DisplayWidth.of(c.cell($0).text) }.max() ?? 0)
                guard used + c.width <= m.layout.records.width - 2 else { break }
                #expect(c.width <= max(widest, 6), "\(entity).\(c.id): \(c.width) wide for \(widest)")
                if c.id == "entity" || c.id == "maker" { #expect(c.width >= widest, "\(entity).\(c.id) cut") }
                used += c.width + 1
            }
        }
        // A number is not cut where it fits: Book's price at 100 columns (`3.3333333…`).
        let (m, _) = try Self.open(Self.fixtures + "/SampleModel2_V2.sqlite", rows: 40, columns: 100)
        try Self.select(m, entity: "Book", pk: 1)
        let rows = try #require(m.lists.level?.window.rows)
        let price = try #require(m.lists.columns(width: m.layout.records.width - 2).first { $0.id == "price" })
        #expect(price.width >= rows.map { DisplayWidth.of(price.cell($0).text) }.max() ?? 0, "price \(price.width) wide")
    }

    /// `i` on a transient attribute says it is stored nowhere; it showed every attribute's bytes.
    @Test func bytesOfATransientAttributeSayItIsNotStored() throws {
        let (m, _) = try Self.open(Self.fixtures + "/SampleModel_V1.sqlite")
        try Self.select(m, entity: "Person", pk: 1)
        m.chrome.focus = .detail
        m.lists.detailCursor.index = try #require(m.lists.detail?.lines.firstIndex { $0.label == "isDriving" })
        m.handle(.character("i"))
        #expect(m.overlay == nil)
        #expect(m.chrome.status == "isDriving: " + m.labels["cd.transient"])
        // An attribute with a column: its own bytes alone.
        let stored = try #require(m.lists.detail?.lines.firstIndex { $0.attribute != nil && $0.depth == 0 })
        let name = try #require(m.lists.detail?.lines[stored].label)
        m.lists.detailCursor.index = stored
        m.handle(.character("i"))
        #expect(m.shownOverlay?.lines.first?.0.hasPrefix(name + "  ") == true && m.shownOverlay?.lines.contains(where: { $0.0.isEmpty }) == false,
                "\(m.shownOverlay?.lines.map(\.0) ?? [])")
    }

    @Test func enterOnAValueShowsItWholeAndALongPathLosesWholeSteps() throws {
        let (m, grid) = try Self.open(Self.fixtures + "/SampleModel2_V2.sqlite", rows: 24, columns: 80)
        try Self.select(m, entity: "Book", pk: 3)
        m.chrome.focus = .detail
        m.lists.detailCursor.index = try #require(m.lists.detail?.lines.firstIndex { $0.label == "title" })
        m.handle(.enter)
        #expect(m.overlay?.opener == .open)
        StoreBrowserView.render(m, on: grid)
        #expect(grid.text.contains("title graphic novel - author 1"))
        m.handle(.enter)
        #expect(m.overlay == nil)
        #expect(DisplayWidth.truncateSteps("Account 1 › customProperties › AccountProperty 3", to: 44) == "… › customProperties › AccountProperty 3")
        // Short of room, the last step alone rather than `… › …`.
        #expect(DisplayWidth.truncateSteps("Account 1 › customProperties › AccountProperty 3", to: 20) == "AccountProperty 3")
        #expect(DisplayWidth.truncateSteps("Account 1 › customProperties › AccountProperty 3", to: 10) == "AccountPr…")
    }

    @Test func aSessionOfKeysLeavesTheStoreByteForByteAsItWas() throws {
        let folder = NSTemporaryDirectory() + "battlelog-cd-browse-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // A store in WAL mode with a non-empty -wal beside it, as an app leaves one.
        var b = AppStoreBuilder()
        b.records = (0..<300).map { i in AppStoreBuilder.Record(owner: i % 2, date: 700_000_000 + Double(i), result: .text(i % 2 == 0 ? "win" : "loss")) }
        let path = folder + "/app.sqlite"
        try b.write(to: path, journal: "WAL")
        let app = try AppInAnotherProcess(store: path, committing: "UPDATE ZHUMAN SET ZNAME = 'Aria II' WHERE Z_PK = 1;")
        func snapshot() -> [String: Data] {
            var out: [String: Data] = [:]
            for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] { out[name] = FileManager.default.contents(atPath: folder + "/" + name) }
            return out
        }
        let before = snapshot()
        #expect(before["app.sqlite-wal"].map { !$0.isEmpty } == true)
        let (m, grid) = try Self.open(path, rows: 24, columns: 80)
        let keys: [Key] = [.down, .down, .up, .enter, .pageDown, .pageDown, .end, .home, .enter, .down, .down, .enter, .backspace,
                           .character("f"), .character("p"), .character("k"), .character(" "), .character(">"), .character(" "),
                           .character("9"), .enter, .character("i"), .escape, .character("m"), .pageDown, .escape, .character("/"),
                           .character("a"), .enter, .character("n"), .character("y"), .character("Y"), .tab, .tab, .character("z"),
                           .character("z"), .character(":"), .character("5"), .enter, .resize, .character("?"), .escape]
        for k in keys { m.handle(k); StoreBrowserView.render(m, on: grid) }
        // The WAL's commit is read: the browser sees the renamed Hero.
        #expect(m.store.model.entity(named: "Hero") != nil)
        let hero = try m.store.object(ObjectRef(entity: "Hero", pk: 1))
        #expect(hero?.attributes.first { $0.name == "name" }?.value == .string("Aria II"))
        m.stopBackgroundWork()
        #expect(snapshot() == before, "the store, its -wal and -shm are byte-identical, and nothing was made beside them")
        _ = app
    }

    /// Stores no app writes: a truncated archive, a parent cycle, a reference to a missing row,
    /// a Z_ENT no entity has, and names with control characters. None may crash or reach the
    /// terminal raw.
    @Test func hostileStoresAreShownNeverACrash() throws {
        let folder = NSTemporaryDirectory() + "battlelog-cd-hostile-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/hostile.sqlite"
        var b = AppStoreBuilder()
        b.modelCache = false  // the model is read off the tables, names and all
        b.humans = [.init(name: "Evil\u{1B}[2J\u{07}", kind: "villain"), .init(name: "Aria", kind: "hero")]
        b.records = (0..<5).map { i in AppStoreBuilder.Record(owner: i % 2, date: 700_000_000 + Double(i), result: .text("win")) }
        try b.write(to: path)
        let db = try Database(path: path)
        try db.execute(script: """
            UPDATE ZRECORD SET ZRANDOMNUMBERS = substr(ZRANDOMNUMBERS, 1, 20) WHERE Z_PK = 1;
            UPDATE ZRECORD SET ZOWNER = 999 WHERE Z_PK = 2;
            UPDATE ZRECORD SET Z_ENT = 42 WHERE Z_PK = 3;
            UPDATE Z_PRIMARYKEY SET Z_SUPER = 3 WHERE Z_NAME = 'Human';
            ALTER TABLE ZRECORD ADD COLUMN "ZBAD\u{1B}]0;pwned\u{07}" VARCHAR;
            UPDATE ZRECORD SET "ZBAD\u{1B}]0;pwned\u{07}" = 'x' || char(27) || '[31m' WHERE Z_PK = 4;
            """)
        for (rows, cols) in Self.sizes {
            let (m, grid) = try Self.open(path, rows: rows, columns: cols)
            for i in m.tree.indices {
                m.selectRosterRow(i)
                m.chrome.focus = .records
                for _ in 0..<6 {
                    m.chrome.focus = .detail
                    for line in (m.lists.detail?.lines ?? []).indices { m.lists.detailCursor.index = line; m.handle(.enter); if m.lists.levels.count > 1 { m.handle(.backspace) } }
                    m.handle(.character("i")); StoreBrowserView.render(m, on: grid); m.handle(.escape)
                    m.chrome.focus = .records
                    m.handle(.down)
                    StoreBrowserView.render(m, on: grid)
                    #expect(!grid.text.unicodeScalars.contains { ($0.value < 0x20 && $0.value != 0x0A) || $0.value == 0x7F }, "no control character is drawn")
                }
            }
            m.handle(.character("m"))
            StoreBrowserView.render(m, on: grid)
            #expect(!grid.text.unicodeScalars.contains { ($0.value < 0x20 && $0.value != 0x0A) || $0.value == 0x7F })
            m.stopBackgroundWork()
        }
        // The dangling owner is said as such.
        let (m, _) = try Self.open(path)
        let record = try #require(m.tree.firstIndex { $0.entity?.name == "Record" })
        m.selectRosterRow(record)
        m.chrome.focus = .records
        try m.submit(.init(kind: .goTo, text: String(2)))
        let owner = try #require(m.lists.detail?.lines.first { $0.label == "owner" })
        #expect(owner.value.contains("dangling"))
        m.chrome.focus = .detail
        m.lists.detailCursor.index = try #require(m.lists.detail?.lines.firstIndex { $0.label == "owner" })
        m.handle(.enter)
        #expect(m.lists.levels.count == 1)
        #expect(m.chrome.status?.contains("dangling") == true)
        m.stopBackgroundWork()
    }

    @Test func theFilterPromptAnswersAndRefusesWithACaret() throws {
        let (m, grid) = try Self.open(Self.fixtures + "/SampleModel_V1.sqlite", rows: 24, columns: 80)
        let car = try #require(m.tree.firstIndex { $0.entity?.name == "Car" })
        m.selectRosterRow(car)
        m.chrome.focus = .records
        m.handle(.character("f"))
        for c in "pk <= 3 and pk > 1" { m.handle(.character(c)) }
        m.handle(.enter)
        #expect(m.chrome.prompt == nil)
        #expect(m.level?.window.rows.map(\.key) == [2, 3])
        m.handle(.character("f"))
        m.handle(.control("u"))
        for c in "nosuch = 1" { m.handle(.character(c)) }
        m.handle(.enter)
        #expect(m.chrome.prompt?.errorColumn == 1)
        StoreBrowserView.render(m, on: grid)
        #expect(grid.text.contains("unknown field \"nosuch\""))
        m.handle(.escape)
        // Back leaves the filter.
        m.handle(.backspace)
        #expect(m.level?.query.list?.filter == nil)
        #expect(m.level?.window.rows.first?.key == 1)
    }

    /// The counting thread held its counter, which held the thread: neither was ever freed, nor
    /// the second connection (the cdbrowse fuzz harness found it as a leak).
    @Test func aClosedBrowserFreesItsCounterAndItsConnection() throws {
        weak var counter: AnyObject?
        do {
            let (m, grid) = try Self.open(Self.fixtures + "/SampleModel2_V2.sqlite")
            Self.settledRender(m, grid)
            counter = m.source.counter
            m.stopBackgroundWork()
        }
        usleep(50_000)
        #expect(counter == nil)
    }

    @Test func typedTextOfEveryScriptReachesTheSearchOneScalarAKey() throws {
        let (m, grid) = try Self.open(Self.fixtures + "/SampleModel2_V2.sqlite", rows: 24, columns: 80)
        m.handle(.character("/"))
        // Thai with its marks, decomposed é, pointed Hebrew, an emoji with a modifier and a joiner.
        let text = "ที่ e\u{301} שָׁלוֹם 👩🏽‍💻"
        for scalar in text.unicodeScalars { m.handle(.character(Character(scalar))) }
        #expect(m.chrome.prompt?.text == text)
        StoreBrowserView.render(m, on: grid)
        m.handle(.escape)
        #expect(m.chrome.prompt == nil)
    }

    /// The Core Data browser's `/` is the record browser's (one `SearchState`): Ctrl-T makes it a
    /// regular expression, Ctrl-R turns it up the list, the status counts the matches, `n` and
    /// `N` go on either way, and an expression that does not compile keeps its prompt.
    @Test(arguments: ["en", "zh"]) func searchTakesARegexAndEitherWayAndCountsTheMatches(language: String) throws {
        let (m, _) = try Self.open(Self.fixtures + "/SampleModel_V1.sqlite", language: language)
        #expect(m.chrome.focus == .roster)
        let names = m.tree.map { $0.entity?.name ?? "" }
        let matches = names.indices.filter { ["Car", "Person"].contains(names[$0]) }
        try #require(matches.count == 2)
        let origin = m.treeCursor.index
        m.handle(.character("/"))
        m.handle(.control("t"))
        m.type("^(Car|Person)$")
        let first = matches.first { $0 >= origin } ?? matches[0]
        #expect(m.treeCursor.index == first)
        m.handle(.enter)
        let of = m.labels["of"]
        #expect(m.chrome.status == "/re:^(Car|Person)$: \(matches.firstIndex(of: first)! + 1) \(of) 2")
        m.handle(.character("n"))
        let second = matches.first { $0 != first }!
        #expect(m.treeCursor.index == second && m.chrome.status?.hasPrefix("/re:^(Car|Person)$: \(matches.firstIndex(of: second)! + 1) \(of) 2") == true)
        m.handle(.character("N"))
        #expect(m.treeCursor.index == first)
        // Up the list (Ctrl-R): the label says so, and n goes up.
        m.handle(.character("/"))
        m.handle(.control("r"))
        m.type("Person")
        #expect(m.treeCursor.index == matches[1] || names[m.treeCursor.index] == "Person")
        m.handle(.enter)
        #expect(m.chrome.search.label == "?re:" && m.chrome.status?.hasPrefix("?re:Person") == true)
        // An expression that does not compile: said, and Enter keeps the prompt.
        let before = m.treeCursor.index
        m.handle(.character("/"))
        m.type("(")
        #expect(m.treeCursor.index == before && m.chrome.status != nil)
        m.handle(.enter)
        #expect(m.chrome.prompt?.kind == .search && m.chrome.prompt?.error != nil)
        m.handle(.escape)
        #expect(m.chrome.prompt == nil && m.treeCursor.index == before)
        // Esc gives back the search there was before `/`, as less and vim do: n repeats it.
        #expect(m.chrome.search.text == "Person" && m.chrome.search.label == "?re:")
        m.handle(.character("n"))
        #expect(names[m.treeCursor.index] == "Person" && m.chrome.status?.hasPrefix("?re:Person: 1 \(of) 1") == true, "\(m.chrome.status ?? "")")
        // With no search before it, Esc leaves none.
        let (fresh, _) = try Self.open(Self.fixtures + "/SampleModel_V1.sqlite", language: language)
        fresh.handle(.character("/")); fresh.type("Car"); fresh.handle(.escape)
        fresh.handle(.character("n"))
        #expect(fresh.chrome.search.text == nil && fresh.chrome.status == fresh.labels["noSearch"])
        // In the objects, `^` anchors to a cell, not to the row's first one.
        try Self.select(m, entity: "Person", pk: 1)
        let name = try #require(m.selectedObject?.object?.attributes.first { if case .string(let t) = $0.value { !t.isEmpty } else { false } })
        guard case .string(let text) = name.value else { return }
        m.handle(.character("g"))
        m.handle(.character("/")); m.handle(.control("u"))
        m.type("^" + NSRegularExpression.escapedPattern(for: String(text.prefix(3))))
        m.handle(.enter)
        #expect(m.chrome.status?.hasPrefix(m.labels["noMatch"]) == false, "\(m.chrome.status ?? "")")
    }

    /// In a long list a match gives no count of the loaded rows alone, and no note that would
    /// seem to say the rest was not read; a search that read the whole list (nothing matches)
    /// says nothing of them either.
    @Test(arguments: ["en", "zh"]) func searchInALongListSaysItLooksAtTheLoadedRows(language: String) throws {
        let (m, _) = try Self.open(Self.fixtures + "/SampleModel2_V2.sqlite", language: language)
        try Self.select(m, entity: "Page", pk: 1)
        let window = try #require(m.level?.window)
        #expect(!window.atEnd && m.listCount.map { $0 > window.rows.count } != false)
        let loaded = " · " + m.labels["searchLoaded"]
        m.handle(.character("/")); m.type("Page"); m.handle(.enter)
        #expect(m.chrome.status == "/Page", "\(m.chrome.status ?? "")")
        // Typed, no match in the loaded rows (the rest is read on Enter): said of them.
        m.handle(.character("/")); m.handle(.control("u")); m.type("zzqq")
        #expect(m.chrome.prompt?.error?.hasSuffix(loaded) == true || m.chrome.status?.hasSuffix(loaded) == true,
                "\(m.chrome.prompt?.error ?? "") \(m.chrome.status ?? "")")
        m.handle(.enter)
        #expect(m.chrome.status == m.chrome.search.noMatch("zzqq", labels: m.labels))
        // The entity tree is held whole: no such note.
        m.chrome.focus = .roster
        m.handle(.character("/")); m.type("Page"); m.handle(.enter)
        #expect(m.chrome.status?.contains(m.labels["searchLoaded"]) == false, "\(m.chrome.status ?? "")")
    }

    /// The Core Data browser's help is filtered as the record browser's is (one `helpBindings`),
    /// and a filter that matches no key says so.
    @Test(arguments: ["en", "zh"]) func helpNarrowsByItsFilterAndSaysWhenNothingMatches(language: String) throws {
        let (m, _) = try Self.open(Self.fixtures + "/SampleModel_V1.sqlite", language: language)
        m.handle(.character("?"))
        #expect(m.overlay?.opener == .help)
        // Enter and Space read the help; they never act on the pane under it.
        let focus = m.chrome.focus
        m.handle(.enter); m.handle(.character(" "))
        #expect(m.overlay?.opener == .help && m.chrome.focus == focus)
        let all = (m.shownOverlay?.lines ?? []).count
        m.handle(.character("/")); m.type("column"); m.handle(.enter)
        let narrowed = (m.shownOverlay?.lines ?? [])
        #expect(narrowed.count < all && narrowed.contains { $0.0 == "[" }, "\(narrowed)")
        m.handle(.character("/")); m.handle(.control("u")); m.type("zzqq"); m.handle(.enter)
        #expect((m.shownOverlay?.lines ?? []).map(\.0) == [m.labels.fill("helpNoMatch", "zzqq")])
    }

    /// Tab in the Core Data filter prompt completes as the battle log's does (one
    /// `FilterCompletion`, the entity's vocabulary): a field, in any case; `true`/`false` after a
    /// boolean's `=`; `null` and `not` after `is`; several candidates listed; nothing after a
    /// text field's `=`.
    @Test func theFilterPromptCompletesFromTheEntitysVocabulary() throws {
        let (m, _) = try Self.open(Self.fixtures + "/SampleModel2_V2.sqlite")
        try Self.select(m, entity: "Book", pk: 1)
        func tab(_ typed: String) -> BrowserModel.Prompt? {
            m.handle(.character("f")); m.handle(.control("u"))
            for scalar in typed.unicodeScalars { m.handle(.character(Character(scalar))) }
            m.handle(.tab)
            defer { m.handle(.escape) }
            return m.chrome.prompt
        }
        #expect(tab("PAGESc")?.text == "pagesCount ")
        let both = tab("isBlackAndWhite = ")
        #expect(both?.text == "isBlackAndWhite = " && both?.candidates == ["true", "false"])
        #expect(tab("isBlackAndWhite = t")?.text == "isBlackAndWhite = true ")
        #expect(tab("title is ")?.candidates == ["null", "not"])
        #expect(tab("title is not n")?.text == "title is not null ")
        #expect(tab("title = ")?.candidates == [])
        let fields = EntityFilter.fieldNames(m.store.model.merged(try #require(m.level?.query.list?.entity)))
        // At the start a comparison begins: `not`, never `and` or `or`.
        #expect(tab("")?.candidates == fields + ["not"])
    }
}

