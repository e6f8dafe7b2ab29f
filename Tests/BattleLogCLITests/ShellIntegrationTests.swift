import Foundation
import Testing
import BattleLogKit
@testable import BattleLogCLI

/// The completions in real bash, zsh and fish, the man page through groff, and Scripts/install.
@Suite(.serialized) struct ShellIntegrationTests {
    /// A database with a Human whose name has a space, the binary's folder for PATH, and that name.
    static func setUp() throws -> (dir: TempDir, db: String, path: String, name: String) {
        let binary = try requireBinary()
        let dir = TempDir()
        let db = dir.file("names.sqlite")
        _ = cli(["simulate", "--fights", "60", "--seed", "9"], db: db)
        let name = try #require(try BattleStore(path: db).humans.first { $0.name.contains(" ") && $0.name.unicodeScalars.allSatisfy(\.isASCII) }?.name)
        let path = URL(fileURLWithPath: binary).deletingLastPathComponent().path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        return (dir, db, path, name)
    }

    static func shell(_ name: String) throws -> String {
        for folder in ["/usr/bin", "/bin", "/usr/local/bin"] where FileManager.default.isExecutableFile(atPath: folder + "/" + name) {
            return folder + "/" + name
        }
        throw CommandFailureForTests("\(name) is not installed (.ci/run installs it)")
    }

    /// The script the binary writes for `shell`, in a file.
    static func script(_ shell: String, in dir: TempDir) throws -> String {
        let file = dir.file("completion." + shell)
        let run = cli(["completions", shell], db: dir.file("unused.sqlite"))
        #expect(run.status == 0)
        try run.out.write(toFile: file, atomically: true, encoding: .utf8)
        return file
    }

    @Test func bashCompletesCommandsOptionsValuesAndNames() throws {
        let (dir, db, path, name) = try Self.setUp()
        let file = try Self.script("bash", in: dir)
        let half = String(name.prefix { $0 != " " }) + "\\ " + String(name.split(separator: " ")[1].prefix(1))
        let program = """
            source '\(file)'
            t() { COMP_WORDS=("$@"); COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 )); COMPREPLY=(); _battlelog; echo "${COMPREPLY[*]}"; }
            t battlelog si
            t battlelog list --ow
            t battlelog list --kind v
            t battlelog --db '\(db)' list --owner '\(half)'
            t battlelog --db '\(db)' stats --vs Nobody '\(half)'
            t battlelog stats --by date : w
            t battlelog stats --by date :
            """
        let run = try ChildProcess.run([try Self.shell("bash"), "--norc", "--noprofile", "-c", program], environment: ["PATH": path])
        let lines = run.out.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.count >= 5, "\(run.out)\(run.err)")
        guard lines.count >= 5 else { return }
        #expect(lines[0] == "simulate")
        #expect(lines[1] == "--owner")
        #expect(lines[2] == "villain")
        // The name with its space escaped, as the shell needs it on the line.
        #expect(lines[3] == name.replacingOccurrences(of: " ", with: "\\ "), "\(lines[3])")
        #expect(lines[4] == lines[3])
        // A colon splits a word for bash: date:w completes as the part after it, or with it.
        #expect(lines.count >= 7 && lines[5] == "week", "\(run.out)")
        #expect(lines.count >= 7 && lines[6] == ":day :week :month", "\(run.out)")
    }

    @Test func fishCompletesCommandsOptionsValuesAndNames() throws {
        let (dir, db, path, name) = try Self.setUp()
        let file = try Self.script("fish", in: dir)
        let first = String(name.prefix { $0 != " " })
        let program = """
            source '\(file)'
            complete -C 'battlelog si'; echo '=='
            complete -C 'battlelog list --ow'; echo '=='
            complete -C 'battlelog list --kind v'; echo '=='
            complete -C 'battlelog --db \(db) list --owner \(first)'
            """
        let run = try ChildProcess.run([try Self.shell("fish"), "--no-config", "-c", program], environment: ["PATH": path])
        let parts = run.out.components(separatedBy: "==\n").map { $0.split(separator: "\n").map { String($0.split(separator: "\t")[0]) } }
        #expect(parts.count == 4, "\(run.out)\(run.err)")
        guard parts.count == 4 else { return }
        #expect(parts[0] == ["simulate"])
        #expect(parts[1] == ["--owner"])
        #expect(parts[2] == ["villain"])
        #expect(parts[3].contains(name), "\(parts[3])")
    }

    /// `battlelog help --man` is a man page groff reads with no warning, listing every command,
    /// the filter language and the keys.
    @Test func theManPageRendersWithoutWarnings() throws {
        let dir = TempDir()
        let page = dir.file("battlelog.1")
        let run = cli(["help", "--man"], db: dir.file("unused.sqlite"))
        #expect(run.status == 0)
        try run.out.write(toFile: page, atomically: true, encoding: .utf8)
        let groff = try ChildProcess.run(["/usr/bin/groff", "-ww", "-z", "-man", page])
        #expect(groff.status == 0 && groff.err.isEmpty, "\(groff.err)")
        let man = try ChildProcess.run(["/usr/bin/man", "-l", page], environment: ["MANWIDTH": "80", "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"])
        #expect(man.status == 0, "\(man.err)")
        for heading in ["SYNOPSIS", "GLOBAL OPTIONS", "COMMANDS", "FILTER LANGUAGE", "KEYS", "EXIT STATUS"] {
            #expect(man.out.contains(heading), "\(heading)")
        }
        for command in ["simulate", "stats", "replay", "completions", "names"] { #expect(man.out.contains(command)) }
        #expect(man.out.contains("rolls contains N"))
        // Every field a filter takes, the model's query paths too (issue 43: timeline.* were missing).
        for field in ["timeline.firstHit", "timeline.crits", "weapon.rarity", "weapon.enchantments", "weapon.forgedAt"] {
            #expect(man.out.contains(field), "the man page lacks \(field)")
        }
        #expect(man.out.contains("replay the selected record's fight"))
        for heading in ["EXAMPLES", "ENVIRONMENT", "FILES", "SEE ALSO"] { #expect(man.out.contains(heading), "\(heading)") }
        #expect(!run.out.contains("README"), "the page is whole: it sends nobody to the README")
        // The header's date: the release's, or SOURCE_DATE_EPOCH's as YYYY-MM-DD.
        #expect(run.out.hasPrefix(".TH BATTLELOG 1 \(ManPage.releaseDate) "))
        let dated = cli(["help", "--man"], db: dir.file("unused.sqlite"), environment: ["SOURCE_DATE_EPOCH": "1700000000"])
        #expect(dated.out.hasPrefix(".TH BATTLELOG 1 2023-11-14 "))
        // Options are minus signs, never hyphenated: no bare "--" in the source.
        for line in run.out.split(separator: "\n") where !line.hasPrefix(".") {
            #expect(!line.replacingOccurrences(of: "\\-", with: "").contains("--"), "\(line)")
        }
    }

    /// The man page's EXAMPLES run as printed, in order, in an empty folder: each exits 0.
    @Test func theManPagesExamplesRun() throws {
        let dir = TempDir()
        let db = dir.file("battlelog.sqlite")
        for e in ManPage.examples {
            // The examples' relative files are the folder's.
            let arguments = e.arguments.map { $0.hasSuffix(".sqlite") || $0.hasSuffix(".jsonl") ? dir.file($0) : $0 }
            let run = cli(arguments, db: db)
            #expect(run.status == 0, "\(e.arguments): \(run.err)")
            if let output = e.output { try run.out.write(toFile: dir.file(output), atomically: true, encoding: .utf8) }
        }
        #expect(ManPage.examples.count >= 10)
        #expect(try BattleStore(path: dir.file("copy.sqlite")).count(RecordQuery()) > 0)
        #expect(FileManager.default.fileExists(atPath: dir.file("battles-backup.sqlite")))
    }

    /// `Scripts/install PREFIX` puts the binary, the man page and the three completions in place.
    static let installed = ["bin/battlelog", "share/man/man1/battlelog.1", "share/bash-completion/completions/battlelog",
                            "share/zsh/site-functions/_battlelog", "share/fish/vendor_completions.d/battlelog.fish"]

    /// Every file under `folder`, relative to it.
    static func tree(_ folder: String) -> [String] {
        (FileManager.default.enumerator(atPath: folder)?.allObjects as? [String] ?? []).filter { path in
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(atPath: folder + "/" + path, isDirectory: &isFolder) && !isFolder.boolValue
        }.sorted()
    }

    /// Scripts/install PREFIX, run as a packager does (DESTDIR, a relative PREFIX from the
    /// caller's folder), then --uninstall, which removes exactly what it installed (issue 39 §6).
    @Test func installStagesUnderDestdirAndUninstallRemovesExactlyThat() throws {
        let binary = try requireBinary()
        let dir = TempDir()
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Scripts/install").path
        let caller = dir.file("caller")
        try FileManager.default.createDirectory(atPath: caller, withIntermediateDirectories: true)
        let environment = ["BATTLELOG_BINARY": binary, "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"]
        func run(_ arguments: [String], destdir: String? = nil) throws -> (status: Int32, out: String, err: String) {
            var env = environment
            if let destdir { env["DESTDIR"] = destdir }
            return try ChildProcess.run(["/bin/sh", "-c", "cd \"$0\" && exec /bin/bash \"$@\"", caller, script] + arguments, environment: env)
        }
        // A relative PREFIX is the caller's folder's.
        let relative = try run(["my prefix"])
        #expect(relative.status == 0, "\(relative.err)")
        #expect(Self.tree(caller + "/my prefix") == Self.installed.sorted())
        for file in Self.installed {
            let size = (try? FileManager.default.attributesOfItem(atPath: caller + "/my prefix/" + file)[.size] as? Int) ?? 0
            #expect(size > 100, "\(file)")
        }
        #expect(FileManager.default.isExecutableFile(atPath: caller + "/my prefix/bin/battlelog"))
        // DESTDIR stages under itself; nothing lands at PREFIX.
        let stage = dir.file("stage")
        #expect(try run(["/usr/local"], destdir: stage).status == 0)
        #expect(Self.tree(stage) == Self.installed.map { "usr/local/" + $0 }.sorted())
        // --uninstall removes those files and nothing else.
        FileManager.default.createFile(atPath: stage + "/usr/local/bin/other-tool", contents: Data("keep".utf8))
        let removed = try run(["--uninstall", "/usr/local"], destdir: stage)
        #expect(removed.status == 0, "\(removed.err)")
        #expect(Self.tree(stage) == ["usr/local/bin/other-tool"])
        #expect(try run(["--uninstall", "my prefix"]).status == 0)
        #expect(Self.tree(caller + "/my prefix").isEmpty)
        // Usage errors exit 2.
        #expect(try run([]).status == 2)
        #expect(try run(["--bogus"]).status == 2)
    }
}
