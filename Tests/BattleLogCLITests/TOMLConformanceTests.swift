import Foundation
import Testing

/// The config file's TOML reader against toml-test's TOML 1.0.0 cases (Tests/Fixtures/toml-test,
/// MIT, with its runner): every valid document decodes to the expected tagged JSON, every
/// invalid one is refused (issue 39 §2).
@Suite struct TOMLConformanceTests {
    @Test func tomlTestsCasesAllPass() throws {
        let battlelog = try requireBinary()
        let decoder = URL(fileURLWithPath: battlelog).deletingLastPathComponent().appendingPathComponent("toml-test-decoder").path
        try #require(FileManager.default.isExecutableFile(atPath: decoder), "no toml-test-decoder beside \(battlelog)")
        let runner = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../Fixtures/toml-test/run.py").standardized.path
        let run = try ChildProcess.run(["/usr/bin/env", "python3", runner, decoder], timeout: 600)
        #expect(run.status == 0, "\(run.out.suffix(2000))\(run.err)")
        #expect(run.out.contains("valid 210/210, invalid 499/499"), "\(run.out.suffix(2000))")
    }
}
