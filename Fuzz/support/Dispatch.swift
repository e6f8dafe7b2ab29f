// The one libFuzzer entry point of the fuzz binary: Fuzz/run builds every harness into one
// program (one optimised build instead of seven) and picks the harness by BATTLELOG_FUZZ.
import Foundation

typealias Harness = (UnsafePointer<UInt8>, Int) -> CInt

/// The harnesses by the name Fuzz/run and the corpus folders use.
let harnesses: [String: Harness] = [
    "magic": fuzzMagic, "mediatime": fuzzMediaTime, "filter": fuzzFilter, "text": fuzzText,
    "prompt": fuzzPrompt, "database": fuzzDatabase, "coredata": fuzzCoreData, "cdbrowse": fuzzCoreDataBrowser,
    "weapon": fuzzWeapon,
]

/// The harness named in the environment, looked up once.
let chosenHarness: Harness = {
    let name = ProcessInfo.processInfo.environment["BATTLELOG_FUZZ"] ?? ""
    guard let harness = harnesses[name] else {
        fputs("BATTLELOG_FUZZ must name a harness: \(harnesses.keys.sorted().joined(separator: ", "))\n", stderr)
        exit(2)
    }
    return harness
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    chosenHarness(data, size)
}
