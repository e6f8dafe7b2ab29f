import Foundation
import Testing
import BattleLogKit
import SQLiteDB

/// Tab in real, interactive bash, zsh and fish (in tmux) over Humans whose names are shell
/// code, quotes, backslashes, control characters and joining scripts (issue 39 §1): nothing
/// runs, and the word each shell puts on the line is the name `battlelog names` prints, which
/// `--owner` takes back.
@Suite(.serialized) struct CompletionSafetyTests {
    /// The names stored, each with a prefix that only it has; `marks` is the folder that the
    /// names' commands would write into if anything ran them.
    static func hostileNames(marks: String) -> [(prefix: String, name: String)] {
        [("Ze", "Zed $(touch \(marks)/ran1)"),
         ("Qu", "Quo'te `touch \(marks)/ran2`"),
         ("Bac", "Back\\slash"),
         ("Ban", "Bang! \"q\" $x ${y}"),
         ("Tw", "Two  spaces\tand a tab"),
         ("Es", "Esc\u{1B}[31mred"),
         ("Ra", "Ra\u{202E}lt"),
         ("Él", "Élan 名字 e\u{301}"),
         ("שָ", "שָׁלוֹם"),
         ("क्", "क्षत्रिय"),
         ("สว", "สวัสดี"),
         ("👩🏽", "👩🏽‍🚀 Ace"),
        ]
    }

    /// A database whose first Humans carry the hostile names.
    static func database(_ dir: TempDir) throws -> (db: String, names: [(prefix: String, name: String)]) {
        let db = dir.file("hostile.sqlite")
        let names = hostileNames(marks: dir.path)
        let run = cli(["simulate", "--fights", "30", "--seed", "5", "--heroes", "\(names.count / 2)", "--villains", "\(names.count - names.count / 2)"], db: db)
        #expect(run.status == 0, "\(run.err)")
        let database = try Database(path: db)
        let ids = try database.prepare("SELECT id FROM human ORDER BY id").map { $0.int(0) }
        try #require(ids.count == names.count)
        for (id, n) in zip(ids, names) { try database.execute("UPDATE human SET name = ? WHERE id = ?", [n.name, id]) }
        return (db, names)
    }

    /// Types `line`, Tab and Enter at an interactive shell's prompt; returns once `got` holds `count` lines.
    static func complete(_ t: TmuxSession, _ line: String, got: String, count: Int) throws {
        // bash and zsh complete before they read the next key; fish may read Enter first, so
        // the pane is let settle before Tab, then given up to 3 s to change and settle again
        // (it may not change: fish can show the completion as its suggestion before Tab).
        try t.sendLiteral(line)
        let before = try stable(t)
        try t.send("Tab")
        let deadline = Date().addingTimeInterval(3)
        while Date() < deadline, try t.capture() == before { Thread.sleep(forTimeInterval: 0.05) }
        _ = try stable(t)
        try t.send("Enter")
        waitForLines(got, count: count)
        if lines(got).count < count {
            Issue.record("nothing was run for \(line): \(try t.capture())")
            try t.send("C-c")
        }
        // The next line is typed only at a settled prompt: an interrupt that a shell takes
        // between commands is acted on once its line editor has started, and throws away
        // what was typed by then (seen in CI: zsh ran "attlelog", having dropped the "b").
        _ = try stable(t)
    }

    /// The pane once two captures 200 ms apart agree (at most 3 s).
    static func stable(_ t: TmuxSession) throws -> String {
        var last = try t.capture()
        let deadline = Date().addingTimeInterval(3)
        while Date() < deadline {
            Thread.sleep(forTimeInterval: 0.2)
            let now = try t.capture()
            if now == last { return now }
            last = now
        }
        return last
    }

    /// Waits (at most 10 s) until the file at `path` holds `count` lines.
    static func waitForLines(_ path: String, count: Int) {
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline, lines(path).count < count { Thread.sleep(forTimeInterval: 0.05) }
    }

    static func lines(_ path: String) -> [String] {
        guard let data = FileManager.default.contents(atPath: path) else { return [] }
        return String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }

    /// Runs `shell` in tmux with the completion loaded and a function `battlelog` that writes
    /// its last argument to a file (completion itself calls the real binary through `command`),
    /// completes each name after `--owner` (bare and after an opening quote), and checks what ran.
    static func check(shell: String, setup: (_ dir: TempDir, _ script: String, _ got: String) throws -> (command: String, rc: String)) throws {
        let binary = try requireBinary()
        let dir = TempDir()
        let (db, names) = try database(dir)
        let script = dir.file("completion." + shell)
        let generated = cli(["completions", shell], db: dir.file("unused.sqlite"))
        try generated.out.write(toFile: script, atomically: true, encoding: .utf8)
        let got = dir.file("got")
        let (command, rc) = try setup(dir, script, got)
        let folder = URL(fileURLWithPath: binary).deletingLastPathComponent().path
        let t = try TmuxSession(command: "env -i HOME=\(dir.path) TERM=xterm-256color LANG=C.UTF-8 PATH=\(folder):/usr/bin:/bin \(command)", columns: 200, rows: 50)
        try t.sendLiteral("source " + rc)
        try t.send("Enter")
        Thread.sleep(forTimeInterval: 0.5)

        var expected: [String] = []
        // Commands, options and values.
        for (line, word) in [("battlelog si", "simulate"), ("battlelog list --kind v", "villain"), ("battlelog list --ow", "--owner"),
                             ("battlelog list --lim", "--limit"), ("battlelog list --no-c", "--no-color"), ("battlelog he", "help")] {
            try complete(t, line, got: got, count: expected.count + 1)
            expected.append(word)
        }
        for n in names {
            try complete(t, "battlelog --db \(db) list --owner \(n.prefix)", got: got, count: expected.count + 1)
            expected.append(SafeText.escape(n.name))
        }
        // In the quote the user opened.
        for (quote, prefix) in [("'", "Qu"), ("\"", "Ze"), ("\"", "Ban"), ("'", "Ban")] {
            try complete(t, "battlelog --db \(db) list --owner \(quote)\(prefix)", got: got, count: expected.count + 1)
            expected.append(names.first { $0.prefix == prefix }!.name)
        }
        let seen = lines(got)
        #expect(seen.count == expected.count, "\(shell): \(seen)")
        for (s, e) in zip(seen, expected) { #expect(s == e, "\(shell) put \(s.debugDescription) on the line for \(e.debugDescription)") }
        let ran = (try? FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasPrefix("ran") }) ?? []
        #expect(ran.isEmpty, "\(shell) ran a stored name: \(ran)")
        // Each completed word is a name --owner finds.
        for e in expected.dropFirst(6) {
            let r = cli(["list", "--owner", e, "--limit", "1"], db: db)
            #expect(r.status == 0, "--owner \(e.debugDescription): \(r.err)")
        }
    }

    /// bash's start-up file for these tests: the completion loaded, `battlelog` a function that
    /// writes its last argument to `got`.
    static func bashRC(_ dir: TempDir, script: String, got: String) throws -> String {
        let rc = dir.file("rc.bash")
        try "source '\(script)'\nbattlelog() { printf '%s\\n' \"${@: -1}\" >> '\(got)'; }\nPS1='$ '\n".write(toFile: rc, atomically: true, encoding: .utf8)
        return rc
    }

    @Test func bashCompletesHostileNamesExactlyAndRunsNothing() throws {
        try Self.check(shell: "bash") { dir, script, got in
            (try ShellIntegrationTests.shell("bash") + " --norc --noprofile -i", try Self.bashRC(dir, script: script, got: got))
        }
    }

    @Test func zshCompletesHostileNamesExactlyAndRunsNothing() throws {
        try Self.check(shell: "zsh") { dir, script, got in
            let rc = dir.file("rc.zsh")
            try "autoload -U compinit; compinit -u -D\nsource '\(script)'\nbattlelog() { print -r -- \"${@[-1]}\" >> '\(got)'; }\nPS1='%% '\n".write(toFile: rc, atomically: true, encoding: .utf8)
            return (try ShellIntegrationTests.shell("zsh") + " -f -i", rc)
        }
    }

    @Test func fishCompletesHostileNamesExactlyAndRunsNothing() throws {
        try Self.check(shell: "fish") { dir, script, got in
            let rc = dir.file("rc.fish")
            try "source '\(script)'\nfunction battlelog; printf '%s\\n' $argv[-1] >> '\(got)'; end\nfunction fish_prompt; echo '> '; end\n".write(toFile: rc, atomically: true, encoding: .utf8)
            return (try ShellIntegrationTests.shell("fish") + " --no-config", rc)
        }
    }

    /// `--db` completes a path with spaces as one word and a folder with its `/` (bash).
    @Test func bashCompletesPathsWithSpacesAsOneWord() throws {
        _ = try requireBinary()
        let dir = TempDir()
        try FileManager.default.createDirectory(atPath: dir.file("my folder"), withIntermediateDirectories: true)
        FileManager.default.createFile(atPath: dir.file("my folder/a db.sqlite"), contents: Data())
        let got = dir.file("got")
        let script = dir.file("completion.bash")
        try cli(["completions", "bash"], db: dir.file("unused.sqlite")).out.write(toFile: script, atomically: true, encoding: .utf8)
        let rc = try Self.bashRC(dir, script: script, got: got)
        let t = try TmuxSession(command: "env -i HOME=\(dir.path) TERM=xterm-256color LANG=C.UTF-8 PATH=/usr/bin:/bin \(try ShellIntegrationTests.shell("bash")) --norc --noprofile -i", columns: 200, rows: 20)
        try t.sendLiteral("source \(rc); cd \(dir.path)")
        try t.send("Enter")
        try t.sendLiteral("battlelog --db my")
        try t.send("Tab")
        try t.waitFor("the folder") { $0.contains("--db my\\ folder/") }
        try t.sendLiteral("a")
        try t.send("Tab")
        try t.waitFor("the file") { $0.contains("--db my\\ folder/a\\ db.sqlite") }
        try t.send("Enter")
        Self.waitForLines(got, count: 1)
        #expect(Self.lines(got) == ["my folder/a db.sqlite"])
    }
}
