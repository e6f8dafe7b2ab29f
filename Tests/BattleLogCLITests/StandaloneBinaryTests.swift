import Foundation
import Testing
import BattleLogKit

/// The binary stands alone: the model, the label tables and the name pools are compiled into it
/// (issue 19), so a copy of it alone, run by another user from another folder, works.
@Suite struct StandaloneBinaryTests {
    @Test func aCopyAloneRunByAnotherUserSimulatesShowsAndSpeaksBothLanguages() throws {
        let binary = try requireBinary()
        // A folder every user can enter, holding nothing but the copy.
        let (copy, folder) = try binaryCopyForAnotherUser()
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["battlelog"])
        let prefix = asAnotherUser
        let env = ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "HOME": folder.path]
        let db = folder.file("alone.sqlite")
        let sim = try ChildProcess.run(prefix + ["/usr/bin/env", "-C", "/", copy, "--db", db, "simulate", "--fights", "20", "--seed", "3"],
                                       environment: env)
        #expect(sim.status == 0, "\(sim.err)")
        let en = try ChildProcess.run(prefix + [copy, "--db", db, "show", "1"], environment: env)
        #expect(en.status == 0 && en.out.contains("Owner:"), "\(en.err)")
        let zh = try ChildProcess.run(prefix + [copy, "--db", db, "--lang", "zh", "show", "1"], environment: env)
        #expect(zh.status == 0 && zh.out.contains("所属:"), "\(zh.err)")
        // It looks for no resource bundle (the name SwiftPM gives one), and holds the files itself.
        let bytes = try Data(contentsOf: URL(fileURLWithPath: binary))
        #expect(bytes.range(of: Data("BattleLogResources.resources".utf8)) == nil, "the binary looks for a resource bundle")
        #expect(bytes.range(of: Data("\"valueTransformerName\"".utf8)) != nil, "the model description is not in the binary")
    }
}
