import Foundation
import Testing
@testable import BattleLogCLI
import BattleLogPresentation

/// Help fits the terminal: `COLUMNS` when set, the terminal's width, 80 columns when piped; no
/// escape sequence for `TERM=dumb` (issue 39 §3).
@Suite struct HelpWrapTests {
    @Test(arguments: [72, 60, 100])
    func everyHelpFitsColumns(columns: Int) {
        let dir = TempDir()
        for command in [["--help"], ["-h"], ["help"]] + BattlelogCLI.commands.map({ [$0.spec.name, "--help"] }) {
            let r = cli(command, db: dir.file("x.sqlite"), environment: ["COLUMNS": String(columns)])
            #expect(r.status == 0, "\(command)")
            for line in r.out.split(separator: "\n") {
                #expect(DisplayWidth.of(String(line)) <= columns, "\(command) at \(columns): \(line)")
            }
        }
    }

    @Test func pipedHelpIsEightyColumnsAndWrappedLinesHangUnderTheirText() {
        let dir = TempDir()
        let r = cli(["stats", "--help"], db: dir.file("x.sqlite"))
        #expect(r.out.split(separator: "\n").allSatisfy { DisplayWidth.of(String($0)) <= 80 })
        let narrow = cli(["stats", "--help"], db: dir.file("x.sqlite"), environment: ["COLUMNS": "72"]).out
        // Every word is still there, in order.
        #expect(narrow.split(whereSeparator: \.isWhitespace) == r.out.split(whereSeparator: \.isWhitespace))
        // An option's help goes on under its own first word, not under the option.
        #expect(HelpText.wrap("  --by FIELD            group by one field or two, with a long explanation after it", width: 50)
                == ["  --by FIELD            group by one field or two,", "                        with a long explanation", "                        after it"])
        // So does a command's summary in the list of commands; prose stays flush left.
        #expect(HelpText.wrap("  simulate     Simulate fights and store them (Ctrl-C stops at once)", width: 40)
                == ["  simulate     Simulate fights and store", "               them (Ctrl-C stops at", "               once)"])
        #expect(HelpText.wrap("battlelog COMMAND --help shows a command's  options.", width: 30)
                == ["battlelog COMMAND --help shows", "a command's  options."])
        let top = cli(["--help"], db: dir.file("x.sqlite")).out.split(separator: "\n").map(String.init)
        let simulate = try! #require(top.firstIndex { $0.hasPrefix("  simulate ") })
        #expect(top[simulate + 1].hasPrefix(String(repeating: " ", count: 15)), "\(top[simulate + 1])")
    }

    /// A terminal that takes no escape sequences gets none, from the progress bar either.
    @Test func termDumbGetsNoEscapeSequences() throws {
        let binary = try requireBinary()
        let dir = TempDir()
        let recording = dir.file("pane.bytes")
        let t = try TmuxSession(command: "env TERM=dumb \(binary) --db \(dir.file("d.sqlite")) simulate --fights 60000 --batch 2000; echo DONE; sleep 30",
                                columns: 100, rows: 20, recording: recording)
        try t.waitFor("the end of the run", timeout: 120) { $0.contains("DONE") }
        let bytes = FileManager.default.contents(atPath: recording) ?? Data()
        #expect(!bytes.isEmpty)
        #expect(!bytes.contains(0x1B), "an escape sequence was written for TERM=dumb")
    }
}
