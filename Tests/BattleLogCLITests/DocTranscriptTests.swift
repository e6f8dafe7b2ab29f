import Foundation
import Testing

/// Every transcript in README.md and docs/ (a ```console block: `$ battlelog ...` lines, each
/// followed by what it prints, standard output then standard error) runs as shown, in a folder
/// of its own per file, so that the documentation cannot drift from the binary (issue 39 §7).
@Suite struct DocTranscriptTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    struct Step { let command: String; let output: String; let line: Int }

    /// The steps of a Markdown file's console blocks, in order.
    static func steps(_ text: String) -> [Step] {
        var steps: [Step] = []
        var inBlock = false
        var command: (String, Int)?
        var output: [String] = []
        func close() {
            if let (c, l) = command { steps.append(Step(command: c, output: output.map { $0 + "\n" }.joined(), line: l)) }
            command = nil
            output = []
        }
        for (i, line) in text.components(separatedBy: "\n").enumerated() {
            if !inBlock { if line == "```console" { inBlock = true }; continue }
            if line == "```" { close(); inBlock = false; continue }
            if line.hasPrefix("$ ") { close(); command = (String(line.dropFirst(2)), i + 1) } else { output.append(line) }
        }
        return steps
    }

    static var files: [String] {
        ["README.md"] + ((try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("docs").path)) ?? [])
            .filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
    }

    @Test(arguments: files)
    func everyTranscriptRunsAsShown(_ file: String) throws {
        let binary = try requireBinary()
        let text = try String(contentsOf: Self.root.appendingPathComponent(file), encoding: .utf8)
        let steps = Self.steps(text)
        let dir = TempDir()
        let folder = URL(fileURLWithPath: binary).deletingLastPathComponent().path
        var printed: [String] = []
        defer {
            // UPDATE_DOCS=1 writes what each command printed back into the file.
            if ProcessInfo.processInfo.environment["UPDATE_DOCS"] == "1", printed.count == steps.count {
                try? Self.rewrite(text, outputs: printed).write(to: Self.root.appendingPathComponent(file), atomically: true, encoding: .utf8)
            }
        }
        for step in steps {
            #expect(step.command.hasPrefix("battlelog "), "\(file):\(step.line): a transcript runs battlelog")
            let run = try ChildProcess.run(["/bin/sh", "-c", "cd \"$0\" && eval \"$1\" 2>&1", dir.path, step.command],
                                           environment: ["PATH": folder + ":/usr/bin:/bin", "LANG": "C.UTF-8", "HOME": dir.path,
                                                         "XDG_CONFIG_HOME": dir.file("config"), "XDG_DATA_HOME": dir.file("data"),
                                                         "XDG_STATE_HOME": dir.file("state")])
            // The setup (simulate) prints a summary with its time: only its success counts.
            if step.command.contains(" simulate ") && step.output.isEmpty {
                #expect(run.status == 0, "\(file):\(step.line): \(run.out)")
                printed.append("")
                continue
            }
            printed.append(run.out)
            #expect(run.out == step.output, "\(file):\(step.line): `\(step.command)` prints\n\(run.out)")
        }
        if file == "README.md" { #expect(steps.count >= 5) }
    }

    /// `text` with each console step's output replaced by `outputs` (in step order).
    static func rewrite(_ text: String, outputs: [String]) -> String {
        var out: [String] = []
        var inBlock = false, skipping = false, n = 0
        for line in text.components(separatedBy: "\n") {
            if !inBlock {
                out.append(line)
                if line == "```console" { inBlock = true }
                continue
            }
            if line == "```" { inBlock = false; skipping = false; out.append(line); continue }
            if line.hasPrefix("$ ") {
                out.append(line)
                let printed = n < outputs.count ? outputs[n] : ""
                n += 1
                if !printed.isEmpty { out += printed.dropLast(printed.hasSuffix("\n") ? 1 : 0).components(separatedBy: "\n") }
                skipping = true
                continue
            }
            if !skipping { out.append(line) }
        }
        return out.joined(separator: "\n")
    }
}
