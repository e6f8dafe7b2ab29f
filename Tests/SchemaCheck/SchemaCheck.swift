import BattleLogCLI
import Foundation

/// Checks a command's JSON output against the schema `docs/schemas` publishes for it, with
/// `Scripts/validate-json` (Python's jsonschema): the test suites' `cli` and `runBinary` check
/// every successful command that writes JSON (issue 39).
public enum SchemaCheck {
    /// The repository root, where `Scripts/validate-json` and `docs/schemas` are.
    static let root: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.path
    }()

    /// Why the output of `arguments` (which ended with `status`) does not match its schema, or
    /// nil when it does or is no JSON output.
    public static func violations(of arguments: [String], status: Int32, output: String) -> String? {
        guard status == 0, let schema = OutputSchema.of(arguments) else { return nil }
        return violations(of: output, schema: schema)
    }

    /// Why `output` does not match `schema`, or nil when it does.
    public static func violations(of output: String, schema: OutputSchema) -> String? {
        let file = NSTemporaryDirectory() + "battlelog-json-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: file) }
        guard FileManager.default.createFile(atPath: file, contents: Data(output.utf8)),
              let input = FileHandle(forReadingAtPath: file) else { return "cannot write \(file) to check the JSON" }
        defer { try? input.close() }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: root + "/Scripts/validate-json")
        process.arguments = [schema.name] + (schema.isLines ? ["--lines"] : [])
        process.standardInput = input
        let out = Pipe()
        process.standardOutput = out
        process.standardError = out
        do { try process.run() } catch { return "cannot run Scripts/validate-json: \(error)" }
        let report = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus != 0 else { return nil }
        return "the JSON does not match docs/schemas/\(schema.name).schema.json:\n" + report
    }
}
