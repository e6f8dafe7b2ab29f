import Foundation
import Testing
import BattleLogKit

/// Every option that takes a path, with the paths people type (issue 39 §1b): one character,
/// non-ASCII, a space, a leading dash, `..`, a trailing slash, a literal `~`. Each runs the real
/// binary in a folder of its own, so that a trap (Foundation's path functions trap on a
/// one-character path) is a failed status, not a dead test process.
@Suite(.serialized) struct PathEdgeTests {
    /// Runs battlelog with `arguments` in `folder`.
    static func run(_ arguments: [String], in folder: String, stdout: String? = nil) throws -> (status: Int32, out: String, err: String) {
        let binary = try requireBinary()
        return try ChildProcess.run(["/bin/sh", "-c", "cd \"$0\" && exec \"$@\"", folder, binary] + arguments,
                                    environment: ["HOME": folder, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"], stdoutPath: stdout)
    }

    static func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: path) }

    @Test func databasesCreatedAtEveryKindOfPath() throws {
        let dir = TempDir()
        try FileManager.default.createDirectory(atPath: dir.file("sub"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: dir.file("up"), withIntermediateDirectories: true)
        for (path, file) in [("a", "a"), ("é", "é"), ("名", "名"), ("sp ace", "sp ace"), ("-dash", "-dash"), ("sub/b", "sub/b"),
                             ("../up/c", "up/c"), ("./d", "d"), ("~", "~"), ("\(dir.path)/e", "e")] {
            let folder = path.hasPrefix("..") ? dir.file("sub") : dir.path
            let r = try Self.run(["--db", path, "simulate", "--fights", "2", "--seed", "1"], in: folder)
            #expect(r.status == 0, "--db \(path): \(r.status) \(r.err)")
            #expect(Self.exists(dir.file(file)), "--db \(path) made no \(file)")
            let listed = try Self.run(["--db", path, "list", "--limit", "1"], in: folder)
            #expect(listed.status == 0, "list --db \(path): \(listed.err)")
        }
    }

    @Test func pathsThatNameNoFileAreRefusedByName() throws {
        let dir = TempDir()
        try FileManager.default.createDirectory(atPath: dir.file("folder"), withIntermediateDirectories: true)
        for (path, says) in [("folder/", "is a folder"), ("folder", "is a folder"), ("nosuch/", "nosuch/"),
                             ("nosuch/x", "nosuch"), ("~/x", "the folder ~ does not exist")] {
            let command = path == "~/x" ? ["list"] : ["simulate", "--fights", "2"]
            let r = try Self.run(["--db", path] + command, in: dir.path)
            #expect(r.status == 1, "--db \(path): \(r.status) \(r.err)")
            #expect(r.err.contains(says) && r.err.split(separator: "\n").count == 1, "--db \(path): \(r.err)")
        }
        // Nothing was made beside them.
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["folder"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.file("folder")).isEmpty)
    }

    @Test func backupExportAndImportAtEveryKindOfPath() throws {
        let dir = TempDir()
        #expect(try Self.run(["--db", "s", "simulate", "--fights", "3", "--seed", "2"], in: dir.path).status == 0)
        for dest in ["b", "é", "-b", "sp ace", "sub/../c"] {
            if dest.hasPrefix("sub") { try FileManager.default.createDirectory(atPath: dir.file("sub"), withIntermediateDirectories: true) }
            // A name that begins with a dash comes after `--`, as for every Unix command.
            let r = try Self.run(["--db", "s", "backup"] + (dest.hasPrefix("-") ? ["--"] : []) + [dest], in: dir.path)
            #expect(r.status == 0, "backup \(dest): \(r.status) \(r.err)")
            #expect(Self.exists(dir.file(dest)), "backup \(dest)")
        }
        let refused = try Self.run(["--db", "s", "backup", "sub/"], in: dir.path)
        #expect(refused.status == 1 && refused.err.contains("folder"), "\(refused.err)")
        // Export to a one-character file, import it into a one-character database.
        let exported = try Self.run(["--db", "s", "export"], in: dir.path, stdout: dir.file("j"))
        #expect(exported.status == 0)
        let imported = try Self.run(["--db", "k", "import", "j"], in: dir.path)
        #expect(imported.status == 0, "\(imported.err)")
        #expect(try Self.run(["--db", "k", "list"], in: dir.path).out == (try Self.run(["--db", "s", "list"], in: dir.path).out))
    }

    /// A damaged database is refused and nothing is written beside it (no -wal, no -shm).
    @Test func aRefusedDamagedDatabaseGainsNoFiles() throws {
        let dir = TempDir()
        #expect(try Self.run(["--db", "good", "simulate", "--fights", "300", "--seed", "4"], in: dir.path).status == 0)
        let good = try #require(FileManager.default.contents(atPath: dir.file("good")))
        var damaged = good
        damaged.replaceSubrange(100..<3100, with: Data(repeating: 0, count: 3000))
        FileManager.default.createFile(atPath: dir.file("bad"), contents: damaged)
        FileManager.default.createFile(atPath: dir.file("cut"), contents: good.prefix(20_000))
        for file in ["bad", "cut"] {
            for command in [["list"], ["stats"], ["doctor"], ["show", "1"], ["export"], ["backup", "copy"]] {
                let r = try Self.run(["--db", file] + command, in: dir.path)
                #expect(r.status == 1, "\(file) \(command): \(r.status) \(r.err)")
                #expect(!Self.exists(dir.file(file + "-wal")) && !Self.exists(dir.file(file + "-shm")),
                        "\(command) left files beside the refused \(file)")
            }
        }
        #expect(FileManager.default.contents(atPath: dir.file("bad")) == damaged)
        #expect(!Self.exists(dir.file("copy")))
    }
}

/// `import` of an input that is not there names the input, exits 1, and makes no database
/// (issue 43: it said "cannot create the database").
@Suite struct ImportInputTests {
    @Test func aMissingInputIsNamedAndNoDatabaseIsMade() {
        let dir = TempDir()
        let db = dir.file("new.sqlite")
        let r = cli(["import", dir.file("nosuch.jsonl")], db: db)
        #expect(r.status == 1)
        #expect(r.err == "battlelog: \(dir.file("nosuch.jsonl")): cannot read the input: No such file or directory (import reads an export: battlelog export > FILE)\n", "\(r.err)")
        #expect(!FileManager.default.fileExists(atPath: db))
        let folder = cli(["import", dir.path], db: db)
        #expect(folder.status == 1 && folder.err.contains("is a folder"), "\(folder.err)")
        #expect(!FileManager.default.fileExists(atPath: db))
    }

    /// An input that is no export (a CSV) is named, not the database: a trial read
    /// "c.sqlite: cannot create the database: a.csv: ...".
    @Test func anInputThatIsNoExportIsNamedNotTheDatabase() throws {
        let dir = TempDir()
        let db = dir.file("c.sqlite"), csv = dir.file("a.csv")
        try "a,b\n1,2\n".write(toFile: csv, atomically: true, encoding: .utf8)
        let r = cli(["import", csv], db: db)
        #expect(r.status == 1 && r.err.hasPrefix("battlelog: \(csv): line 1: ") && !r.err.contains("cannot create"), "\(r.err)")
        #expect(r.err.split(separator: "\n").count == 1)
    }
}
