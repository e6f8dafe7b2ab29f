import BattleLogCLI
import Foundation
import Synchronization

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

    /// Why `output` does not match `schema`, or nil when it does. Checked by a
    /// `Scripts/validate-json --serve` kept for the whole test run: a Python start with jsonschema
    /// costs about 0.2 s of CPU, and a run checks several hundred outputs. Tests that check at once
    /// each take a validator of their own (an idle one, or a new one), so that a long check (an
    /// export of thousands of lines) never holds up another test.
    public static func violations(of output: String, schema: OutputSchema) -> String? {
        guard let server = idle.withLock({ $0.popLast() }) ?? ValidatorServer() else { return "cannot run Scripts/validate-json" }
        let answer = server.check(output, schema: schema)
        // A validator that stopped answering is not used again.
        if case .success = answer { idle.withLock { $0.append(server) } }
        switch answer {
        case .failure(let failure): return failure.text
        case .success(let a) where a.status == 0: return nil
        case .success(let a): return "the JSON does not match docs/schemas/\(schema.name).schema.json:\n" + a.report
        }
    }

    /// The validators not checking anything now.
    private static let idle = Mutex<[ValidatorServer]>([])
}

/// Why the validator gave no answer.
struct ValidatorFailure: Error {
    var text: String
}

/// A running `Scripts/validate-json --serve`: a request is `SCHEMA LINES LENGTH` and the bytes, its
/// answer `STATUS LENGTH` and the report's bytes.
// @unchecked: a validator serves one check at a time, taken from `idle` and given back under its lock.
final class ValidatorServer: @unchecked Sendable {
    private let process = Process()
    private let requests = Pipe()
    private let answers = Pipe()

    /// Starts the validator (nil when it cannot be run).
    init?() {
        process.executableURL = URL(fileURLWithPath: SchemaCheck.root + "/Scripts/validate-json")
        process.arguments = ["--serve"]
        process.standardInput = requests
        process.standardOutput = answers
        do { try process.run() } catch { return nil }
    }

    deinit {
        try? requests.fileHandleForWriting.close()
        process.waitUntilExit()
    }

    func check(_ output: String, schema: OutputSchema) -> Result<(status: Int32, report: String), ValidatorFailure> {
        let body = Data(output.utf8)
        // A write to a validator that ended would be SIGPIPE for the whole test run.
        guard process.isRunning else { return .failure(ValidatorFailure(text: "Scripts/validate-json ended")) }
        do {
            try requests.fileHandleForWriting.write(contentsOf: Data("\(schema.name) \(schema.isLines ? 1 : 0) \(body.count)\n".utf8) + body)
        } catch {
            return .failure(ValidatorFailure(text: "cannot send the JSON to Scripts/validate-json: \(error)"))
        }
        guard let header = readLine(), case let parts = header.split(separator: " "), parts.count == 2,
              let status = Int32(parts[0]), let length = Int(parts[1]), let report = read(length) else {
            return .failure(ValidatorFailure(text: "Scripts/validate-json gave no answer (is python3-jsonschema installed?)"))
        }
        return .success((status, String(decoding: report, as: UTF8.self)))
    }

    /// The answer's first line, without its newline.
    private func readLine() -> String? {
        var line = Data()
        while true {
            guard let byte = read(1) else { return nil }
            if byte == Data([0x0A]) { return String(decoding: line, as: UTF8.self) }
            line += byte
        }
    }

    /// Exactly `count` bytes of the answer (nil at its end).
    private func read(_ count: Int) -> Data? {
        var data = Data()
        while data.count < count {
            guard let more = try? answers.fileHandleForReading.read(upToCount: count - data.count), !more.isEmpty else { return nil }
            data += more
        }
        return data
    }
}
