import Foundation
import Testing
@testable import BattleLogBrowser
import BattleLogKit
import BattleLogPresentation

/// A monotonic clock a test moves by hand.
final class ManualClock {
    var now: UInt64 = 5_000_000_000
    func advance(milliseconds: Int64) { now += UInt64(milliseconds) * 1_000_000 }
}

/// The browser's replay (`r`): its screens, keys, clock and live refresh.
@Suite(.serialized) struct ReplayViewTests {
    /// A browser at `rows`x`columns` with the replay open on the selected Human's newest record
    /// that has at least `actions` actions, and the manual clock it plays by.
    static func openReplay(_ s: SimulatedStore, rows: Int = 24, columns: Int = 80, language: String = "en",
                           actions: Int = 12) throws -> (BrowserModel, CellGrid, ManualClock) {
        let (m, grid) = try makeBrowser(s, rows: rows, columns: columns, language: language)
        let clock = ManualClock()
        m.monotonicNow = { clock.now }
        m.handle(.enter)
        while m.selectedRecord.flatMap({ $0.timeline?.actions.count }).map({ $0 < actions / 2 }) ?? true { m.handle(.down) }
        m.handle(.character("r"))
        let replay = try #require(m.replay, "r opened no replay: \(m.chrome.status ?? "")")
        #expect(replay.player.fight.actions.count >= actions / 2)
        return (m, grid, clock)
    }

    /// Every cell's text and style, for comparing two screens exactly.
    static func cells(_ grid: CellGrid) -> [Cell] { grid.cells }

    @Test(arguments: ["en", "zh"])
    func goldenScreens(language: String) throws {
        let s = try SimulatedStore(fights: 200)
        for (rows, cols) in GoldenScreenTests.sizes {
            let (m, grid, clock) = try Self.openReplay(s, rows: rows, columns: cols, language: language)
            BrowserView.render(m, on: grid)
            try expectGolden(grid, "replay-start-\(language)-\(cols)x\(rows)")
            #expect(grid.text.contains("0:00.000 / "))
            // Playing at 2x for 6 s of real time: 12 s into the fight.
            m.handle(.character("]"))
            m.handle(.character(" "))
            clock.advance(milliseconds: 6_000)
            m.tick()
            BrowserView.render(m, on: grid)
            try expectGolden(grid, "replay-playing-\(language)-\(cols)x\(rows)")
            #expect(grid.text.contains("▶ 0:12.0 / "))
            #expect(grid.text.contains("2x"))
            m.handle(.end)
            BrowserView.render(m, on: grid)
            try expectGolden(grid, "replay-end-\(language)-\(cols)x\(rows)")
            let end = try #require(m.replay?.player.fight.end)
            #expect(grid.text.contains("■ \(end.clockDescription) / \(end.clockDescription)"))
        }
    }

    /// Each fighter's name and weapon are whole when they fit beside a bar of 20 cells (a
    /// trial saw `Gjalla…` beside a 46-cell bar at 80 columns).
    @Test(arguments: ["en", "zh"]) func aFightersWeaponIsWholeBesideTheBar(language: String) throws {
        let s = try SimulatedStore(fights: 200)
        let (m, grid, _) = try Self.openReplay(s, language: language)
        BrowserView.render(m, on: grid)
        let replay = try #require(m.replay)
        let owners = [replay.record.owner, replay.other.owner]
        for side in 0..<2 {
            let armed = owners[side].name + (replay.player.fight.sides[side].weapon.map { " · " + $0 } ?? "")
            #expect(grid.line(2 + side).contains(armed), "\(grid.line(2 + side))")
        }
    }

    /// Playing to an instant and seeking to it (`:`) draw the same screen, paused and playing,
    /// at instants all through real fights.
    @Test func seekingAndPlayingToAnInstantDrawTheSameScreen() throws {
        let s = try SimulatedStore(fights: 60)
        var generator = SeededGenerator(seed: 21)
        var compared = 0
        for _ in 0..<40 {
            let (played, playedGrid, clock) = try Self.openReplay(s)
            let fight = try #require(played.replay?.player.fight)
            // An instant on a 5 ms grid, which the replay's clock (1/88,200 s) reaches exactly.
            let steps = Int64(fight.end.seconds * 200)
            let t = MediaTime(value: Int64.random(in: 0...steps, using: &generator), timescale: 200)
            played.handle(.character(" "))
            // Played in uneven steps of real time, as a terminal's wake-ups come.
            // Rounded, not truncated: 3230/200 s is 16149.999… ms as a double.
            var left = Int64((t.seconds * 1000).rounded())
            while left > 0 {
                let step = min(left, Int64.random(in: 1...700, using: &generator))
                clock.advance(milliseconds: step)
                played.tick()
                left -= step
            }
            let (sought, soughtGrid, _) = try Self.openReplay(s)
            sought.handle(.character(":"))
            sought.type(t.clockDescription)
            sought.handle(.enter)
            #expect(sought.chrome.prompt == nil)
            if MediaTime.compare(t, fight.end) < 0 {
                // Both playing at t.
                sought.handle(.character(" "))
                BrowserView.render(played, on: playedGrid)
                BrowserView.render(sought, on: soughtGrid)
                #expect(Self.cells(playedGrid) == Self.cells(soughtGrid), "playing at \(t.clockDescription):\n\(playedGrid.text)\n\(soughtGrid.text)")
                played.handle(.character(" "))
                sought.handle(.character(" "))
            }
            BrowserView.render(played, on: playedGrid)
            BrowserView.render(sought, on: soughtGrid)
            #expect(played.replay?.player.time == t)
            #expect(Self.cells(playedGrid) == Self.cells(soughtGrid), "paused at \(t.clockDescription):\n\(playedGrid.text)\n\(soughtGrid.text)")
            compared += 1
        }
        #expect(compared == 40)
    }

    /// The loop sleeps until the next action falls due or the clock's reading changes: every
    /// wake-up changes what is shown, every action is shown within a millisecond of its time,
    /// and a paused replay waits as long as the idle browser.
    @Test func playingWakesOnlyWhenTheScreenChanges() throws {
        let s = try SimulatedStore(fights: 60)
        let (m, grid, clock) = try Self.openReplay(s)
        #expect(m.eventTimeout == BrowserModel.idleTick)
        let fight = try #require(m.replay?.player.fight)
        m.handle(.character(" "))
        BrowserView.render(m, on: grid)
        var last = grid.text
        var wakes = 0, unchanged = 0
        var shownAt: [Int: UInt64] = [:]
        let start = clock.now
        while m.replay?.isPlaying == true {
            let wait = m.eventTimeout
            #expect(wait >= 1 && wait <= 101)
            clock.advance(milliseconds: Int64(wait))
            m.tick()
            BrowserView.render(m, on: grid)
            wakes += 1
            if grid.text == last { unchanged += 1 }
            last = grid.text
            let done = m.replay?.player.state.actionsDone ?? 0
            if done > 0, shownAt[done - 1] == nil { shownAt[done - 1] = clock.now - start }
            #expect(wakes < 100_000)
        }
        #expect(unchanged == 0, "\(unchanged) of \(wakes) wake-ups changed nothing")
        // Tenths at 1x: about ten a second, and one more for each action at most.
        #expect(wakes <= Int(fight.end.seconds * 10) + fight.actions.count + 1)
        for (i, a) in fight.actions.enumerated() {
            let due = UInt64((a.action.time.seconds * 1e9).rounded(.up))
            let shown = try #require(shownAt[i] ?? (i < fight.actions.count - 1 ? nil : clock.now - start), "action \(i) never shown")
            #expect(shown >= due && shown <= due + 1_000_000, "action \(i) due at \(due) ns, shown at \(shown) ns")
        }
        #expect(m.eventTimeout == BrowserModel.idleTick)
        #expect(grid.text.contains("■ \(fight.end.clockDescription) / "))
    }

    @Test func keysStepSeekChangeSpeedAndClose() throws {
        let s = try SimulatedStore(fights: 60)
        let (m, grid, _) = try Self.openReplay(s)
        let fight = try #require(m.replay?.player.fight)
        for _ in 0..<8 { m.handle(.character("]")) }
        #expect(m.replay?.player.speedText == "16x")
        for _ in 0..<12 { m.handle(.character("[")) }
        #expect(m.replay?.player.speedText == "1/16x")
        m.handle(.right)
        m.handle(.right)
        #expect(m.replay?.player.time == fight.actions[1].action.time)
        #expect(m.replay?.player.state.actionsDone == 2)
        m.handle(.left)
        #expect(m.replay?.player.time == fight.actions[0].action.time)
        m.handle(.end)
        #expect(m.replay?.player.time == fight.end)
        m.handle(.home)
        #expect(m.replay?.player.time == .zero)
        // A time that is not one keeps the prompt open, saying what is wrong.
        m.handle(.character(":"))
        m.type("1:75")
        m.handle(.enter)
        #expect(m.chrome.prompt?.kind == .seek)
        BrowserView.render(m, on: grid)
        #expect(grid.text.contains("not a time: \"1:75\""))
        m.handle(.escape)
        #expect(m.chrome.prompt == nil && m.replay != nil)
        // Beyond the end is the end.
        m.handle(.character(":"))
        m.type("9:00")
        m.handle(.enter)
        #expect(m.replay?.player.time == fight.end)
        // Help opens over the replay and Esc goes back to it.
        m.handle(.character("?"))
        #expect(m.overlay == .help)
        m.handle(.escape)
        #expect(m.overlay == .none && m.replay != nil)
        // q closes the replay, not the browser; Esc does too.
        m.handle(.character("q"))
        #expect(m.replay == nil && !m.chrome.shouldQuit)
        m.handle(.character("r"))
        m.handle(.escape)
        #expect(m.replay == nil && !m.chrome.shouldQuit)
    }

    /// `o` follows the other side's record: the replay goes on from the other fighter's side, at
    /// the same time, and the browser's selection follows too.
    @Test func otherSideSwapsTheFightersAndFollowsTheRecord() throws {
        let s = try SimulatedStore(fights: 60)
        let (m, grid, clock) = try Self.openReplay(s)
        let first = try #require(m.replay)
        m.handle(.character(" "))
        clock.advance(milliseconds: 3_000)
        m.tick()
        let time = try #require(m.replay?.player.time)
        m.handle(.character("o"))
        let swapped = try #require(m.replay)
        #expect(swapped.record.id == first.other.id && swapped.other.id == first.record.id)
        #expect(m.selectedRecord?.id == first.other.id)
        #expect(swapped.player.time == time && swapped.isPlaying)
        #expect(swapped.player.state.hitPoints == first.player.fight.state(at: time).hitPoints.reversed())
        BrowserView.render(m, on: grid)
        #expect(grid.text.contains("record \(first.other.id)"))
        m.handle(.character("o"))
        #expect(m.replay?.record.id == first.record.id)
    }

    /// Records written before timelines replay "no timeline": the old schema's database grows
    /// the column at its first writable open and `r` says so, never calling it damage.
    @Test func anOldDatabaseSaysNoTimeline() throws {
        let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("BattleLogKitTests/Fixtures/schema-v3.sqlite").path
        let folder = NSTemporaryDirectory() + "battlelog-replay-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.copyItem(atPath: fixture, toPath: folder + "/old.sqlite")
        let store = try BattleStore(path: folder + "/old.sqlite")
        #expect(store.schema.index(ofValueType: "Timeline") != nil)
        let m = try BrowserModel(store: store, labels: .load("en"), databasePath: "old.sqlite", rows: 24, columns: 80)
        m.handle(.enter)
        let id = try #require(m.selectedRecord?.id)
        m.handle(.character("r"))
        #expect(m.replay == nil)
        #expect(m.chrome.status == "record \(id) has no timeline (written before timelines, or imported)")
    }

    /// A damaged timeline is named as damage, with its reason, and nothing opens.
    @Test func aDamagedTimelineIsReported() throws {
        let s = try SimulatedStore(fights: 30)
        let (m, _) = try makeBrowser(s, rows: 24, columns: 80)
        m.handle(.enter)
        let id = try #require(m.selectedRecord?.id)
        try s.store.executeRaw("UPDATE record SET timeline = ? WHERE id = ?", [#"{"actions":[[1,"boom",0,0]],"timescale":600,"version":1}"#, id])
        let fresh = try BrowserModel(store: s.store, labels: .load("en"), databasePath: "b.sqlite", rows: 24, columns: 80)
        fresh.handle(.enter)
        #expect(fresh.selectedRecord?.id == id)
        fresh.handle(.character("r"))
        #expect(fresh.replay == nil)
        #expect(fresh.chrome.status?.hasPrefix("record \(id)'s timeline is damaged: ") == true, "\(fresh.chrome.status ?? "")")
    }

    /// Live refresh during a replay: a record rewritten by another process is replayed as stored
    /// now, at the same time; a deleted one closes the replay and says so.
    @Test func liveRefreshFollowsTheReplayedRecords() throws {
        let s = try SimulatedStore(fights: 60)
        let (m, _, _) = try Self.openReplay(s)
        let replay = try #require(m.replay)
        m.handle(.right)
        let other = try BattleStore(path: s.path)
        // The other side's timeline loses its actions but the first: a different fight.
        let theirs = try #require(replay.other.timeline)
        let cut = Timeline(timescale: theirs.timescale, actions: Array(theirs.actions.prefix(1)))
        try other.executeRaw("UPDATE record SET timeline = ? WHERE id = ?", [TimelineTransformer().storedForm(of: cut), replay.other.id])
        m.tick(now: Date().addingTimeInterval(5))
        let changed = try #require(m.replay)
        #expect(changed.player.fight != replay.player.fight)
        #expect(changed.player.time == replay.player.fight.actions[0].action.time)
        #expect(m.chrome.status == "This record changed: the replay shows it as stored now")
        try other.executeRaw("DELETE FROM record WHERE id = ?", [replay.record.id])
        m.tick(now: Date().addingTimeInterval(10))
        #expect(m.replay == nil)
        #expect(m.chrome.status == "The replayed record was deleted")
    }

    /// The README's key table lists the replay's keys, and each key of the replay's context is
    /// bound once.
    @Test func replayKeysAreBoundOnceEach() {
        var seen: [Key: Action] = [:]
        for b in KeyTable.bindings where b.context == .replay {
            for k in b.keys {
                #expect(seen[k] == nil, "\(k.label) bound to \(seen[k].map(\.rawValue) ?? "") and \(b.action.rawValue)")
                seen[k] = b.action
            }
        }
        #expect(KeyTable.action(for: .character(" "), in: .replay) == .playPause)
        #expect(KeyTable.action(for: .character(" "), in: .browser) == .pageDown)
        #expect(KeyTable.action(for: .control("z"), in: .replay) == .suspend)
        #expect(KeyTable.action(for: .character("f"), in: .replay) == nil)
    }
}

extension ReplayViewTests {
    /// A time that is not one keeps its message in sight whatever its length, in both languages.
    @Test(arguments: ["en", "zh"])
    func aLongBadTimeStillShowsItsMessage(language: String) throws {
        let s = try SimulatedStore(fights: 30)
        let (m, grid, _) = try Self.openReplay(s, rows: 16, columns: 60, language: language, actions: 4)
        m.handle(.character(":"))
        m.type("abcdefghijk" + String(repeating: "9", count: 40))
        m.handle(.enter)
        BrowserView.render(m, on: grid)
        #expect(m.chrome.prompt?.kind == .seek)
        #expect(grid.text.contains(language == "en" ? "not a time" : "不是时间"), "\(grid.text)")
    }

    /// What a person meets in the first minute of a replay: the hint says what Space does now,
    /// a seek past the end says where it went, help starts with the replay's keys, Ctrl-Z and
    /// Ctrl-L work from the seek prompt, and a fight whose log contradicts its record says so.
    @Test func firstMinuteOfAReplay() throws {
        let s = try SimulatedStore(fights: 30)
        let (m, grid, _) = try Self.openReplay(s, rows: 24, columns: 100, actions: 4)
        BrowserView.render(m, on: grid)
        #expect(grid.text.contains("Space:play "))
        m.handle(.character(" "))
        BrowserView.render(m, on: grid)
        #expect(grid.text.contains("Space:pause "))
        m.handle(.character(" "))
        m.handle(.character(":"))
        m.type("9:00")
        m.handle(.enter)
        let end = try #require(m.replay?.player.fight.end)
        #expect(m.chrome.status == "9:00 is past the end of the fight: at its end, \(end.clockDescription)")
        m.handle(.character(":"))
        m.type("1")
        m.handle(.control("z"))
        m.handle(.control("l"))
        #expect(m.chrome.wantsSuspend && m.chrome.wantsFullRedraw)
        #expect(m.chrome.prompt?.text == "1")
        m.handle(.escape)
        m.handle(.character("?"))
        BrowserView.render(m, on: grid)
        let firstHelpLine = grid.text.split(separator: "\n").first { $0.contains("In a replay") || $0.contains("move up") }
        #expect(firstHelpLine?.contains("In a replay") == true, "\(grid.text)")
    }

    @Test func aFightWhoseLogContradictsItsRecordSaysSo() throws {
        let s = try SimulatedStore(fights: 30)
        let (m, _) = try makeBrowser(s, rows: 24, columns: 80)
        m.handle(.enter)
        let record = try #require(m.selectedRecord)
        // The record now says the other result than its fight's log decides.
        let other = record.result == .win ? "loss" : "win"
        try s.store.executeRaw("UPDATE record SET result = ? WHERE id = ?", [other, record.id])
        let fresh = try BrowserModel(store: s.store, labels: .load("en"), databasePath: "b.sqlite", rows: 24, columns: 80)
        fresh.handle(.enter)
        fresh.handle(.character("r"))
        #expect(fresh.replay != nil)
        #expect(fresh.chrome.status?.hasPrefix("This fight's log contradicts its record: ") == true, "\(fresh.chrome.status ?? "")")
    }
}
