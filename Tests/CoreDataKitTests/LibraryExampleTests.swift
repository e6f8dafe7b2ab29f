import BattleLogFoundation
import Foundation
import Testing
@testable import CoreDataKit

/// docs/coredatakit.md's example is the `coredata-example` program, word for word, and it runs on
/// a real store as the page says: another Swift program can read a store through CoreDataKit.
@Suite struct LibraryExampleTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test func thePagesExampleIsTheProgramWordForWord() throws {
        let page = try String(contentsOf: Self.root.appendingPathComponent("docs/coredatakit.md"), encoding: .utf8)
        let program = try String(contentsOf: Self.root.appendingPathComponent("Sources/coredata-example/main.swift"), encoding: .utf8)
        let start = try #require(page.range(of: "```swift\n"))
        let end = try #require(page.range(of: "```", range: start.upperBound..<page.endIndex))
        #expect(String(page[start.upperBound..<end.lowerBound]) == program)
    }

    @Test func theExampleReadsARealStore() throws {
        let testBinary = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        var folder = URL(fileURLWithPath: testBinary).deletingLastPathComponent()
        var example: String?
        for _ in 0..<4 where example == nil {
            let candidate = folder.appendingPathComponent("coredata-example").path
            if FileManager.default.isExecutableFile(atPath: candidate) { example = candidate }
            folder.deleteLastPathComponent()
        }
        let binary = try #require(example, "swift test builds every product: coredata-example is missing")
        let store = Self.root.appendingPathComponent("Tests/CoreDataKitTests/Fixtures/SampleModel2_V2.sqlite").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = [store, "Book"]
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
        // Each entity with the count the store gives, then the books as JSON.
        let opened = try CoreDataStore(path: store)
        for entity in opened.model.entities {
            #expect(lines.contains("\(entity.name): \(try opened.rowCount(entity).map(String.init) ?? "no table")"))
        }
        let objects = lines.filter { $0.hasPrefix("{") }
        // Book and its sub-entity GraphicNovel: three objects, each with its own entity.
        #expect(objects.count == 3)
        for line in objects {
            guard case .object(let o)? = try? JSONParser.parse(line) else { Issue.record("not JSON: \(line)"); continue }
            #expect(o["entity"] != nil, "\(line)")
        }
    }
}
