import BattleLogFoundation
import Foundation

// toml-test's decoder interface over battlelog's TOML reader: a document on standard input;
// valid, its tagged JSON on standard output and exit 0; invalid, the error on standard error
// and exit 1.
let input = FileHandle.standardInput.readDataToEndOfFile()
guard let text = String(validating: input, as: UTF8.self) else {
    FileHandle.standardError.write(Data("toml-test-decoder: the input is not UTF-8\n".utf8))
    exit(1)
}
switch TOMLDocument.taggedJSON(text) {
case .success(let json):
    FileHandle.standardOutput.write(Data((json + "\n").utf8))
    exit(0)
case .failure(let f):
    FileHandle.standardError.write(Data("toml-test-decoder: line \(f.line), column \(f.column): \(f.message)\n".utf8))
    exit(1)
}
