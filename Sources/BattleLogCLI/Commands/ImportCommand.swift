import BattleLogKit
import Foundation

/// `battlelog import FILE`: reads `export`'s JSON lines back, all or nothing.
enum ImportCommand: Command {
    static let spec = CommandSpec(
        name: "import", summary: "Import records from an export (JSON lines); every line is checked first; all or nothing.",
        options: [], positionals: ["FILE"])

    static func run(_ a: ParsedArguments, globals: GlobalOptions, console: Console, environment: [String: String]) throws -> Int32 {
        let file = a.positionals[0]
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: file, isDirectory: &isDirectory) else {
            throw CommandFailure("\(file): no such file")
        }
        guard !isDirectory.boolValue else { throw CommandFailure("\(file): is a folder, not an export file") }
        guard let handle = FileHandle(forReadingAtPath: file), let data = try? handle.readToEnd() ?? Data() else {
            throw CommandFailure("\(file): cannot be read")
        }
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
        let store = try openStore(globals)
        try store.importRecords(imported)
        console.error("imported \(imported.count) records into \(globals.databasePath)")
        return ExitStatus.success
    }
}
