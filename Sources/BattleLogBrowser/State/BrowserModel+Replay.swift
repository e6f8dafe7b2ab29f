import BattleLogKit
import BattleLogPresentation
import Foundation

/// The replay (`r`): a fight played over the panes at real speed, from the selected record's side.
extension BrowserModel {
    /// Opens the replay of the selected record's fight, or says why there is none.
    func openReplay() throws {
        guard let record = selectedRecord else { chrome.status = labels["noRecords"]; return }
        switch try store.fight(of: record) {
        case .success(let (fight, other)):
            var session = ReplaySession(record: record, other: other, fight: fight)
            session.player.setSpeed(exponent: replaySpeedExponent)
            replay = session
            // A fight whose log contradicts its record still replays, saying so (doctor names it too).
            if let why = record.contradiction(in: fight) {
                chrome.status = labels.fill("replay.contradicts", SafeText.escape(why))
            }
        case .failure(let why):
            chrome.status = why.text(labels)
        }
    }

    /// A key while the replay is open (and no prompt or overlay is).
    func handleReplayKey(_ key: Key) throws {
        guard var session = replay else { return }
        guard let action = chrome.keyMap.action(for: key, in: .replay) else { return }
        chrome.status = nil
        let now = monotonicNow()
        switch action {
        case .playPause: session.togglePlay(now: now)
        case .previousAction: session.step(forward: false)
        case .nextAction: session.step(forward: true)
        case .slower: session.changeSpeed(faster: false, now: now)
        case .faster: session.changeSpeed(faster: true, now: now)
        case .replayStart: session.seek(to: .zero, now: now)
        case .replayEnd: session.seek(to: session.player.fight.end, now: now)
        case .seek: chrome.prompt = Prompt(kind: .seek, text: "")
        case .otherSide:
            // The browser follows the other record too, as `o` in the records pane does.
            try showOtherSide()
            if selectedRecord?.id == session.other.id { session = session.swappedSides() }
        case .closeReplay: replay = nil; return
        case .help: overlay = .help
        case .redraw: chrome.wantsFullRedraw = true
        case .toggleMouse: _ = try performShared(.toggleMouse)
        case .suspend:
            // The fight waits while the process is stopped: paused, it resumes where it was.
            session.pause(now: now)
            chrome.wantsSuspend = true
        case .forceQuit: chrome.shouldQuit = true
        default: break
        }
        replay = session
    }

    /// `:` in a replay: seeks to the typed time, or keeps the prompt open saying what is wrong.
    func submitSeek(_ p: Prompt) {
        guard var session = replay else { return }
        guard let time = MediaTime(clockText: p.text) else {
            chrome.prompt = Prompt(kind: .seek, text: p.text, error: labels.fill("replay.badTime", p.text))
            return
        }
        session.seek(to: time, now: monotonicNow())
        replay = session
        let end = session.player.fight.end
        if MediaTime.compare(time, end) > 0 { chrome.status = labels.fill("replay.pastEnd", p.text, end.clockDescription) }
    }

    /// Moves a playing replay on to the monotonic clock's time.
    func tickReplay() {
        guard var session = replay, session.isPlaying else { return }
        session.tick(now: monotonicNow())
        replay = session
    }

    /// How long the event loop may wait for a key: until the replay must be drawn again, and
    /// never longer than the live refresh's tick.
    public var eventTimeout: Int32 {
        // While the analysis counts, its groups are shown within 50 ms of being counted.
        let analysisWait: Int32 = overlay == .stats && readers.analysisCounterStorage?.isCounting == true ? 50 : Self.idleTick
        // A position being counted is shown within 20 ms of being counted.
        let positionWait: Int32 = isCountingPosition ? 20 : Self.idleTick
        // A filter's matches or a sorted list being found: its first page within 50 ms of it.
        let listWait: Int32 = recordList.level.isSorting ? 50 : Self.idleTick
        return min(analysisWait, positionWait, listWait, replay?.millisecondsToNextFrame() ?? Self.idleTick)
    }
    static let idleTick: Int32 = 250

    /// Live refresh: reads the replayed records again; a deleted one closes the replay, a
    /// rewritten one is replayed as stored now, at the same time.
    func refreshReplay() throws {
        guard let session = replay else { return }
        guard let record = try? store.record(id: session.record.id) else {
            replay = nil
            chrome.status = labels["replay.gone"]
            return
        }
        switch try store.fight(of: record) {
        case .success(let (fight, other)):
            guard fight != session.player.fight || other.id != session.other.id else { return }
            replay = session.continued(record: record, other: other, fight: fight)
            chrome.status = labels["replay.changed"]
        case .failure(let why):
            replay = nil
            chrome.status = why.text(labels)
        }
    }
}
