import Foundation
import Testing
import BattleLogKit

/// Drives the real binary in tmux, as a person would.
final class TmuxSession {
    let name = "bl-e2e-\(UUID().uuidString.prefix(8))"

    init(command: String, columns: Int, rows: Int) throws {
        try tmux(["new-session", "-d", "-s", name, "-x", String(columns), "-y", String(rows), command])
    }

    /// A session whose every byte written to the pane, from the command's first, is also
    /// appended to `recording` (tmux `pipe-pane`): what the program really sent the terminal,
    /// escape sequences included, which `capture-pane` never shows.
    convenience init(command: String, columns: Int, rows: Int, recording: String) throws {
        try self.init(command: "read _; " + command, columns: columns, rows: rows)
        try tmux(["pipe-pane", "-o", "-t", name, "cat >> '\(recording)'"])
        try send("Enter")
    }

    deinit { _ = try? tmux(["kill-session", "-t", name]) }

    func send(_ keys: String...) throws { try tmux(["send-keys", "-t", name] + keys) }
    func sendLiteral(_ text: String) throws { try tmux(["send-keys", "-l", "-t", name, text]) }
    func resize(columns: Int, rows: Int) throws {
        try tmux(["resize-window", "-t", name, "-x", String(columns), "-y", String(rows)])
    }

    func capture() throws -> String { try tmux(["capture-pane", "-p", "-t", name]) }

    /// Opens the browser on `db` in a new session, waits for its first frame, sends it `signal`,
    /// and returns the pane once the shell has printed `EXITED <status>` and the terminal's
    /// echo and icanon modes (`stty`) after it.
    static func browserEndedBy(_ signal: Int32, binary: String, db: String, pidFile: String) throws -> String {
        // The shell writes its pid and execs the browser, which keeps that pid.
        let command = "sh -c 'echo $$ > \(pidFile); exec env LANG=C.UTF-8 SWIFT_BACKTRACE=enable=no \(binary) --db \(db) --no-color'; echo EXITED $?; stty -a | tr ' ' '\\n' | grep -x -e echo -e -echo -e icanon -e -icanon | tr '\\n' ' '; echo; sleep 60"
        let t = try TmuxSession(command: command, columns: 90, rows: 26)
        try t.waitFor("the first frame") { $0.contains("Roster") && $0.contains("Human 1 of") && $0.contains("?:help") }
        let pid = try #require(pid_t(String(decoding: FileManager.default.contents(atPath: pidFile) ?? Data(), as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)))
        kill(pid, signal)
        return try t.waitFor("the exit after signal \(signal) and the terminal's modes") { $0.contains("EXITED") && $0.contains("icanon") }
    }

    /// Polls the pane until `predicate` holds; fails with the pane's contents after `timeout`.
    @discardableResult
    func waitFor(_ what: String, timeout: Double = 15, _ predicate: (String) -> Bool) throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        var last = ""
        // The pane is looked at once more after the deadline: a machine that stalls past it
        // mid-sleep (seen on CI: every test in the process paused 15 s) must not fail a pane
        // that was ready all along.
        while true {
            last = try capture()
            if predicate(last) { return last }
            if Date() >= deadline { break }
            Thread.sleep(forTimeInterval: 0.1)
        }
        Issue.record("timed out waiting for \(what); the pane shows:\n\(last)")
        return last
    }

    /// Runs tmux on a server of the test process's own (`-L`), so the tests neither see nor
    /// disturb a person's tmux, and the server they start holds none of this process's files.
    @discardableResult
    private func tmux(_ args: [String]) throws -> String {
        try ChildProcess.run(["tmux", "-L", Self.socket] + args).out
    }

    private static let socket = "battlelog-tests-\(getpid())"
}

@Suite(.serialized) struct TmuxEndToEndTests {
    @Test func browseToAVillainSearchResizeQuit() throws {
        let binary = try requireBinary()
        let dir = TempDir()
        let db = dir.file("demo/battlelog/battlelog.sqlite")
        let command = "env -u BATTLELOG_DB LANG=C.UTF-8 TERM=xterm-256color XDG_DATA_HOME='\(dir.file("demo"))' '\(binary)'; echo EXITED $?; stty -a | tr ' ' '\\n' | grep -x -e echo -e icanon -e -echo -e -icanon | tr '\\n' ' '; echo; sleep 60"
        let t = try TmuxSession(command: command, columns: 100, rows: 30)
        // First run: a demo is created and the browser opens on it.
        try t.waitFor("the first frame") { $0.contains("Roster 12+12") && $0.contains("Created a demo database") }
        // Search a villain by name, open its records, find a record with villain magic.
        let store = try BattleStore(path: db, readOnly: true)
        let villain = try #require(store.humans.first { $0.kind == .villain && $0.name.unicodeScalars.allSatisfy(\.isASCII) })
        try t.send("/")
        try t.sendLiteral(villain.name)
        try t.send("Enter")
        // Typing already selects the villain; the status bar comes back once Enter closed the prompt.
        try t.waitFor("the villain's records") { $0.contains("Records — \(villain.name)") && $0.contains("Human ") && !$0.contains("▏") }
        try t.send("Tab")
        let page = try store.page(RecordQuery(ownerID: villain.id), limit: 50)
        let index = try #require(page.firstIndex { ($0.usingMagic.value ?? nil)?.typeName == "villain" })
        for _ in 0..<index { try t.send("j") }
        let magic = try #require(page[index].usingMagic.value ?? nil)
        let gate = try #require(magic.value as? VillainMagic)
        let screen = try t.waitFor("the magic box") { $0.contains("Magic used") && $0.contains("Gate power") && $0.contains("\(gate.powerOfEvilGate)/10") }
        #expect(screen.contains("Evil gate"))
        #expect(screen.contains("record \(index + 1) of"))
        // Resize: the layout follows; too small shows the notice.
        try t.resize(columns: 130, rows: 40)
        try t.waitFor("the wider layout") { $0.split(separator: "\n").first.map { $0.count > 110 } ?? false }
        try t.resize(columns: 40, rows: 10)
        try t.waitFor("the too-small notice") { $0.contains("Terminal too small") }
        try t.resize(columns: 100, rows: 30)
        try t.waitFor("the normal layout again") { $0.contains("Gate power") }
        // Quit: the terminal is restored (cooked mode, echo on).
        try t.send("q")
        let after = try t.waitFor("the exit") { $0.contains("EXITED 0") && $0.contains("icanon") }
        #expect(after.contains("echo") && !after.contains("-echo") && !after.contains("-icanon"), "\(after)")
        #expect(!after.contains("Roster 12+12"))
    }

    /// The second pass's keys in a real terminal: the filter prompt's help and history, search as
    /// you type, go to, and export.
    @Test func filterHelpHistorySearchGoToAndExport() throws {
        let binary = try requireBinary()
        let dir = TempDir()
        let db = dir.file("e2e.sqlite")
        _ = cli(["simulate", "--fights", "300", "--seed", "5"], db: db)
        let store = try BattleStore(path: db, readOnly: true)
        let state = dir.file("state")
        let command = "env LANG=C.UTF-8 TERM=xterm-256color XDG_STATE_HOME='\(state)' '\(binary)' --db '\(db)'; echo EXITED $?; sleep 60"
        let t = try TmuxSession(command: command, columns: 110, rows: 34)
        try t.waitFor("the first frame") { $0.contains("Roster ") }
        // The filter prompt teaches its language, then applies two filters.
        try t.send("f")
        try t.send("F1")
        try t.waitFor("the filter help") { $0.contains("Filter language") && $0.contains("rolls contains N") }
        try t.sendLiteral("power >= 9")
        try t.send("Enter")
        try t.waitFor("the first filter") { $0.contains("f: power >= 9") && !$0.contains("Filter language") }
        try t.send("f")
        try t.send("C-u")
        try t.sendLiteral("result = draw")
        try t.send("Enter")
        try t.waitFor("the second filter") { $0.contains("f: result = draw") }
        // Up walks back through them.
        try t.send("f")
        try t.send("C-u")
        try t.send("Up")
        try t.waitFor("the newest filter") { $0.contains("f: result = draw▏") }
        try t.send("Up")
        try t.waitFor("the older filter") { $0.contains("f: power >= 9▏") }
        try t.send("Escape")
        try t.send("Escape")
        try t.waitFor("the roster back") { $0.contains("Roster ") }
        // Search as you type: the selection moves before Enter.
        let target = try #require(store.humans.last { $0.name.unicodeScalars.allSatisfy(\.isASCII) })
        try t.send("/")
        try t.sendLiteral(String(target.name.prefix(5)))
        try t.waitFor("the match while typing") { $0.contains("Records — \(target.name)") && $0.contains("/\(target.name.prefix(5))▏") }
        try t.send("Enter")
        // Go to a record: its owner's list, the record selected.
        let record = try store.record(id: 77)
        try t.send(":")
        try t.sendLiteral("77")
        try t.send("Enter")
        try t.waitFor("record 77") { $0.contains("Record #77") && $0.contains("Records — \(record.owner.name)") }
        // Export the list in the background.
        let file = dir.file("out.jsonl")
        try t.send("e")
        try t.sendLiteral(file)
        try t.send("Enter")
        let total = try store.tallies()[record.owner.id]?.total ?? -1
        try t.waitFor("the export's end") { $0.contains("Exported \(total) records") }
        #expect(try String(contentsOfFile: file, encoding: .utf8).split(separator: "\n").count == total)
        try t.send("q")
        try t.waitFor("the exit") { $0.contains("EXITED 0") }
        // The history is kept for the next run.
        #expect(try String(contentsOfFile: state + "/battlelog/filter-history", encoding: .utf8) == "power >= 9\nresult = draw\n")
    }

    @Test func ctrlZSuspendsAndFgResumes() throws {
        let binary = try requireBinary()
        let dir = TempDir()
        let db = dir.file("z.sqlite")
        _ = cli(["simulate", "--fights", "50", "--seed", "3"], db: db)
        // An interactive shell, so that there is job control to stop and continue the browser.
        let t = try TmuxSession(command: "env PS1='$ ' bash --norc --noprofile -i", columns: 90, rows: 26)
        try t.sendLiteral("LANG=C.UTF-8 '\(binary)' --db '\(db)'")
        try t.send("Enter")
        try t.waitFor("the first frame") { $0.contains("Roster ") }
        try t.send("C-z")
        let stopped = try t.waitFor("the shell's stopped-job line") { $0.contains("Stopped") }
        #expect(!stopped.contains("Roster"), "the screen was not given back:\n\(stopped)")
        try t.sendLiteral("fg")
        try t.send("Enter")
        try t.waitFor("the browser repainted") { $0.contains("Roster") && $0.contains("Human 1 of") }
        try t.send("q")
        try t.sendLiteral("echo EXITED $?")
        try t.send("Enter")
        try t.waitFor("the exit") { $0.contains("EXITED 0") }
    }

    /// The replay in a real terminal: it plays on its own clock, pauses, steps, seeks, survives
    /// a resize and Ctrl-Z, and closes back to the records.
    @Test func replayPlaysPausesStepsSeeksAndCloses() throws {
        let binary = try requireBinary()
        let dir = TempDir()
        let db = dir.file("replay.sqlite")
        _ = cli(["simulate", "--fights", "80", "--seed", "11"], db: db)
        let t = try TmuxSession(command: "env PS1='$ ' bash --norc --noprofile -i", columns: 100, rows: 30)
        try t.sendLiteral("LANG=C.UTF-8 TERM=xterm-256color '\(binary)' --db '\(db)'")
        try t.send("Enter")
        try t.waitFor("the first frame") { $0.contains("Roster ") }
        try t.send("Enter")
        try t.send("r")
        try t.waitFor("the replay, paused at the start") { $0.contains("Replay — fight") && $0.contains("|| 0:00.000 / ") && $0.contains("action 0 of") }
        // Play at 4x: the clock moves by itself and actions fall due.
        try t.send("]")
        try t.send("]")
        try t.send("Space")
        try t.waitFor("the replay playing") { $0.contains("▶ 0:0") && $0.contains("4x") && $0.contains("playing") }
        try t.waitFor("an action falling due while playing") { !$0.contains("action 0 of") && $0.contains("playing") }
        try t.send("Space")
        let paused = try t.waitFor("the replay paused") { $0.contains("|| ") && $0.contains("paused") }
        let done = try #require(Self.actionsDone(paused))
        // Right steps to the next action; the clock is that action's time.
        try t.send("Right")
        try t.waitFor("the next action") { Self.actionsDone($0) == done + 1 }
        // A function key terminfo does not list arrives as Esc and more bytes at once: ignored,
        // never Esc (which would close the replay) and then the keys.
        try t.send("F5")
        try t.send("Right")
        try t.waitFor("the replay after an unlisted function key") { Self.actionsDone($0) == done + 2 && $0.contains("Replay — fight") }
        // Seek to a typed time.
        try t.send(":")
        try t.waitFor("the seek prompt") { $0.contains("Seek to:") }
        try t.sendLiteral("0:05.5")
        try t.send("Enter")
        try t.waitFor("the sought time") { $0.contains("|| 0:05.500 / ") }
        // A resize redraws the replay at the new size; Ctrl-Z and fg bring it back as it was.
        try t.resize(columns: 120, rows: 40)
        try t.waitFor("the wider replay") { $0.contains("|| 0:05.500 / ") && ($0.split(separator: "\n").first?.count ?? 0) > 110 }
        try t.send("C-z")
        try t.waitFor("the shell's stopped-job line") { $0.contains("Stopped") }
        try t.sendLiteral("fg")
        try t.send("Enter")
        try t.waitFor("the replay repainted") { $0.contains("|| 0:05.500 / ") && $0.contains("Replay — fight") }
        // Home and End as tmux sends them (ESC [1~ and ESC [4~, which TERM=xterm-256color's
        // terminfo does not list): never taken for Esc.
        try t.send("End")
        try t.waitFor("the end") { $0.contains("■ ") && $0.contains("ended") }
        try t.send("Home")
        try t.waitFor("the start") { $0.contains("|| 0:00.000 / ") && $0.contains("Replay — fight") }
        // q closes the replay, and the records are back.
        try t.send("q")
        try t.waitFor("the records again") { $0.contains("Roster ") && !$0.contains("Replay — fight") }
        try t.send("r")
        try t.waitFor("the replay again") { $0.contains("Replay — fight") }
        // Esc and a key in one write (typed quickly, or Alt with the key): Esc, then the key.
        // Here Esc closes the replay and q quits; neither key is lost.
        try t.send("M-q")
        try t.sendLiteral("echo EXITED $?")
        try t.send("Enter")
        try t.waitFor("the exit") { $0.contains("EXITED 0") }
    }

    /// The `N` of "action N of M" on a replay screen.
    static func actionsDone(_ screen: String) -> Int? {
        guard let range = screen.range(of: "action ") else { return nil }
        return Int(screen[range.upperBound...].prefix { $0.isNumber })
    }

    /// A config file's keys act in a real terminal, a Cyrillic letter among them; a bad line
    /// does not stop the browser, which says so once and keeps that setting's default.
    @Test func remappedKeysFromTheConfigFileAct() throws {
        let binary = try requireBinary()
        let dir = TempDir()
        let db = dir.file("keys.sqlite")
        _ = cli(["simulate", "--fights", "40", "--seed", "12"], db: db)
        try FileManager.default.createDirectory(atPath: dir.file("config/battlelog"), withIntermediateDirectories: true)
        try "mouse = false\ntheme = \"neon\"\n[keys]\nfilter = [\"ф\"]\nplayPause = [\"p\"]\n"
            .write(toFile: dir.file("config/battlelog/config.toml"), atomically: true, encoding: .utf8)
        let command = "env LANG=C.UTF-8 TERM=xterm-256color XDG_CONFIG_HOME='\(dir.file("config"))' '\(binary)' --db '\(db)'; echo EXITED $?; sleep 60"
        let t = try TmuxSession(command: command, columns: 120, rows: 30)
        try t.waitFor("the notice of the refused line") { $0.contains("Roster ") && $0.contains("line 2: theme: must be one of") }
        // f is no longer the filter; ф is.
        try t.send("f")
        try t.sendLiteral("ф")
        try t.waitFor("the filter prompt from ф") { $0.contains("f: ▏") }
        try t.send("Escape")
        try t.waitFor("the prompt closed") { !$0.contains("f: ▏") }
        // In a replay, p plays and Space no longer does.
        try t.send("Enter")
        try t.send("r")
        try t.waitFor("the replay") { $0.contains("Replay — fight") && $0.contains("|| 0:00.000") }
        try t.send("Space")
        Thread.sleep(forTimeInterval: 0.3)
        #expect(try t.capture().contains("|| 0:00.000"))
        try t.send("p")
        try t.waitFor("playing from p") { $0.contains("▶ ") }
        try t.send("q")
        try t.send("q")
        try t.waitFor("the exit") { $0.contains("EXITED 0") }
    }

    /// `y` sends the record's JSON to the terminal's clipboard as OSC 52: the exact bytes, the
    /// value in base64 (a name holding an escape sequence never reaches the terminal as one).
    @Test func yCopiesTheRecordThroughOSC52() throws {
        let binary = try requireBinary()
        let dir = TempDir()
        let db = dir.file("copy.sqlite")
        _ = cli(["simulate", "--fights", "20", "--seed", "13"], db: db)
        let store = try BattleStore(path: db)
        // A hero whose name sorts first in the roster, holding an escape sequence.
        let hero = try #require(store.humans.first { $0.kind == .hero })
        try store.executeRaw("UPDATE human SET name = ? WHERE id = ?", ["AAA Evil\u{1B}[31mRed", hero.id])
        let recording = dir.file("pane.bytes")
        let command = "env LANG=C.UTF-8 TERM=xterm-256color '\(binary)' --db '\(db)'; echo EXITED $?; sleep 60"
        let t = try TmuxSession(command: command, columns: 100, rows: 30, recording: recording)
        try t.waitFor("the first frame") { $0.contains("Roster ") }
        try t.send("Enter")
        try t.send("y")
        let screen = try t.waitFor("the copy's message") { $0.contains("Copied record ") }
        let id = try #require(screen.range(of: "Copied record ").flatMap { Int64(screen[$0.upperBound...].prefix { $0.isNumber }) })
        let newest = try BattleStore(path: db, readOnly: true).record(id: id)
        #expect(newest.owner.id == hero.id)
        try t.send("q")
        try t.waitFor("the exit") { $0.contains("EXITED 0") }
        let bytes = try #require(FileManager.default.contents(atPath: recording))
        let text = String(decoding: bytes, as: UTF8.self)
        let start = try #require(text.range(of: "\u{1B}]52;c;"))
        let end = try #require(text[start.upperBound...].firstIndex(of: "\u{07}"))
        let payload = try #require(Data(base64Encoded: String(text[start.upperBound..<end])))
        let copied = String(decoding: payload, as: UTF8.self)
        #expect(copied == RecordJSON.encode(newest))
        #expect(copied.contains("Evil\\u001b[31mRed"))
        #expect(!text.contains("Evil\u{1B}[31mRed"), "the name drove the terminal")
    }

    @Test func boxesAndWideCharactersWhateverTheLocale() throws {
        let binary = try requireBinary()
        let dir = TempDir()
        let db = dir.file("l.sqlite")
        _ = cli(["simulate", "--fights", "50", "--seed", "3", "--heroes", "3", "--villains", "3"], db: db)
        // LANG=C is not UTF-8; zh_CN.UTF-8 is usually not generated, so setlocale falls back to C.
        for (lang, title) in [("C", "┌─ Roster 3+3"), ("zh_CN.UTF-8", "┌─ 名册 3+3")] {
            let t = try TmuxSession(command: "env -u LC_ALL -u LC_CTYPE LANG=\(lang) '\(binary)' --db '\(db)'", columns: 100, rows: 30)
            // The whole frame is drawn before it is judged: a capture can fall mid-draw.
            let screen = try t.waitFor("the frame under LANG=\(lang)") { $0.contains(title) && $0.contains("└") }
            #expect(screen.contains("│") && screen.contains("└"), "LANG=\(lang):\n\(screen)")
            try t.send("q")
        }
    }

    @Test func aTerminalItCannotDriveIsRefusedBeforeAnythingIsWritten() throws {
        let binary = try requireBinary()
        let dir = TempDir()
        let db = dir.file("never/battlelog.sqlite")
        for (term, message) in [("nosuchterm", "TERM=nosuchterm: no such terminal in the terminfo database"),
                                ("dumb", "TERM=dumb cannot move the cursor")] {
            let t = try TmuxSession(command: "env TERM=\(term) BATTLELOG_DB='\(db)' '\(binary)'; echo EXITED $?; sleep 60",
                                    columns: 100, rows: 10)
            let screen = try t.waitFor("the refusal") { $0.contains("EXITED") }
            #expect(screen.contains("battlelog: " + message), "\(screen)")
            #expect(screen.contains("EXITED 1"))
            #expect(!FileManager.default.fileExists(atPath: dir.file("never")))
        }
    }

    @Test func sigtermRestoresTheTerminal() throws {
        let binary = try requireBinary()
        let dir = TempDir()
        let db = dir.file("x.sqlite")
        let pidFile = dir.file("pid")
        _ = cli(["simulate", "--fights", "50", "--seed", "1"], db: db)
        let after = try TmuxSession.browserEndedBy(SIGTERM, binary: binary, db: db, pidFile: pidFile)
        #expect(after.contains("EXITED 143"), "\(after)")
        #expect(after.contains("echo") && !after.contains("-echo"), "\(after)")
    }
}
