import Foundation
import Testing
@testable import BattleLogBrowser
import BattleLogFoundation
import BattleLogKit
import BattleLogPresentation

/// `P` and `E` (issue 43): a record's JSON in the user's pager or editor, from a private
/// read-only file whose path reaches the command as "$1"; nothing stored meets the shell.
@Suite struct ExternalViewerTests {
    static func folder() -> String {
        let path = NSTemporaryDirectory() + "battlelog-viewer-" + UUID().uuidString
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test func theCommandReadsAPrivateReadOnlyFileThatIsGoneAfter() throws {
        let dir = Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let hostile = #"{"name":"Zed $(touch \#(dir)/PWNED) `touch \#(dir)/PWNED2` ' \" \\"}"#
        let request = ExternalViewer.Request(kind: .pager, text: hostile, fileName: "record-7.json")
        // A pager that copies what it was given, says where it was and with which mode.
        let command = #"cp -- "$1" "\#(dir)/seen"; printf %s "$1" > "\#(dir)/path"; stat -c %a "$1" > "\#(dir)/mode"; :"#
        #expect(ExternalViewer.show(request, command: command) == nil)
        #expect(try String(contentsOfFile: dir + "/seen", encoding: .utf8) == hostile)
        #expect(try String(contentsOfFile: dir + "/mode", encoding: .utf8) == "400\n")
        let path = try String(contentsOfFile: dir + "/path", encoding: .utf8)
        #expect(path.hasSuffix("/record-7.json"))
        #expect(!FileManager.default.fileExists(atPath: path))
        #expect(!FileManager.default.fileExists(atPath: (path as NSString).deletingLastPathComponent))
        #expect(!FileManager.default.fileExists(atPath: dir + "/PWNED") && !FileManager.default.fileExists(atPath: dir + "/PWNED2"))
    }

    @Test func aCommandThatFailsIsSaidInOneLine() {
        let request = ExternalViewer.Request(kind: .editor, text: "{}", fileName: "record-1.json")
        let en = Labels.load("en"), zh = Labels.load("zh")
        #expect(ExternalViewer.show(request, command: "exit 3;")?.text(en) == #"EDITOR "exit 3;" exited with status 3"#)
        // The shell's 127: the command is not there, said so (a trial saw only "status 127").
        #expect(ExternalViewer.show(request, command: "no-such-pager-here")?.text(en) == #"EDITOR "no-such-pager-here" was not found"#)
        // In the user's language (a trial saw English under --lang zh).
        #expect(ExternalViewer.show(request, command: "no-such-pager-here")?.text(zh) == "找不到 EDITOR 指定的命令“no-such-pager-here”")
        // Named by the variable that gave it (a trial's $VISUAL was reported as EDITOR).
        let env = ["VISUAL": "no-such-editor-here", "EDITOR": "nano"]
        #expect(ExternalViewer.show(request, command: ExternalViewer.command(.editor, environment: env),
                                    named: ExternalViewer.variable(.editor, environment: env))?.text(en) == #"VISUAL "no-such-editor-here" was not found"#)
        #expect(ExternalViewer.variable(.editor, environment: ["EDITOR": "nano"]) == "EDITOR")
        #expect(ExternalViewer.variable(.pager, environment: ["PAGER": " "]) == "PAGER")
    }

    @Test func theEnvironmentNamesTheCommand() {
        #expect(ExternalViewer.command(.pager, environment: [:]) == "less")
        #expect(ExternalViewer.command(.pager, environment: ["PAGER": " "]) == "less")
        #expect(ExternalViewer.command(.pager, environment: ["PAGER": "most -s"]) == "most -s")
        #expect(ExternalViewer.command(.editor, environment: ["EDITOR": "nano"]) == "nano")
        #expect(ExternalViewer.command(.editor, environment: ["EDITOR": "nano", "VISUAL": "code -w"]) == "code -w")
        #expect(ExternalViewer.command(.editor, environment: [:]) == "vi")
    }

    @Test func theJSONIsLaidOutAndStillTheSameJSON() throws {
        let compact = #"{"a":{},"b":[],"c":"x,{y}:[z] \"q\" \\","d":[1,2.5,{"e":null}],"f":true}"#
        let pretty = JSONIndent.pretty(compact)
        #expect(pretty == """
            {
              "a": {},
              "b": [],
              "c": "x,{y}:[z] \\"q\\" \\\\",
              "d": [
                1,
                2.5,
                {
                  "e": null
                }
              ],
              "f": true
            }

            """)
        #expect(try JSONParser.parse(pretty) == JSONParser.parse(compact))
    }

    @Test func pAndEAskForTheSelectedRecordsJSON() throws {
        let s = try SimulatedStore(fights: 20, heroes: 2, villains: 2)
        let (m, _) = try makeBrowser(s, rows: 24, columns: 80)
        m.handle(.tab)
        let record = try #require(m.selectedRecord)
        m.handle(.character("P"))
        #expect(m.chrome.wantsExternalView == ExternalViewer.Request(kind: .pager, text: JSONIndent.pretty(RecordJSON.encode(record)), fileName: "record-\(record.id).json"))
        m.chrome.wantsExternalView = nil
        m.handle(.character("E"))
        #expect(m.chrome.wantsExternalView?.kind == .editor)
        #expect(try JSONParser.parse(m.chrome.wantsExternalView?.text ?? "") == JSONParser.parse(RecordJSON.encode(record)))
    }
}
