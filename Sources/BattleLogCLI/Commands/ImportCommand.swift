import BattleLogKit
import Foundation

/// `battlelog import FILE`: reads `export`'s JSON lines back, all or nothing.
enum ImportCommand: Command {
    static let spec = CommandSpec(
        name: "import", summary: "Import records from an export (JSON lines; - reads standard input); every line is checked first; all or nothing.",
        options: [], positionals: ["FILE"])

    static func run(_ a: ParsedArguments, globals: GlobalOptions, console: Console, environment: [String: String]) throws -> Int32 {
        let path = a.positionals[0]
        let file = path == "-" ? "standard input" : SafeText.escape(path)
        // An existing database first: a file that cannot be imported into is reported before the
        // input is read (a missing one is created only once the input has been read whole).
        // The input must not be the database itself: reading it outside SQLite would drop the
        // store's locks when its descriptor closes.
        var input = stat(), database = stat()
        let databaseExists = stat(globals.databasePath, &database) == 0
        var store = databaseExists ? try openStore(globals) : nil
        if path != "-", databaseExists, stat(path, &input) == 0,
           input.st_dev == database.st_dev, input.st_ino == database.st_ino {
            throw CommandFailure("\(file): is the database itself; import reads an export (battlelog export > FILE)")
        }
        let data = try InputFile.readAll(path)
        if data.isEmpty { throw CommandFailure("\(file): is empty (no records to import)") }
        var imported: [RecordJSON.Imported] = []
        var lineNumber = 0
        for line in data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            lineNumber += 1
            if line.isEmpty || line.allSatisfy({ $0 == 0x20 || $0 == 0x0D }) { continue }
            guard let text = String(validating: line, as: UTF8.self) else {
                throw CommandFailure("\(file): line \(lineNumber): not valid UTF-8")
            }
            do { imported.append(try RecordJSON.decode(text)) }
            catch { throw CommandFailure("\(file): line \(lineNumber): \(error.message)") }
        }
        var seen = Set<Int64>()
        for (i, r) in imported.enumerated() where !seen.insert(r.id).inserted {
            throw CommandFailure("\(file): record \(r.id) appears twice (entry \(i + 1))")
        }
        if store == nil { store = try openStore(globals) }
        try store?.importRecords(imported)
        console.error("imported \(imported.count) records into \(SafeText.escape(globals.databasePath))")
        return ExitStatus.success
    }
}
