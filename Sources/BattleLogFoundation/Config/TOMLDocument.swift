import CTOML

/// A TOML 1.0 document read by toml++ (through the CTOML target): the whole language, its
/// errors with line and column. Both the config file and `toml-test-decoder` read through it.
public enum TOMLDocument {
    /// Why a document is not TOML: toml++'s description and where.
    public struct Failure: Error, Sendable, Equatable {
        public let message: String
        public let line: Int
        public let column: Int
    }

    /// `text` as toml-test's tagged JSON (a table an object, an array an array, every other
    /// value `{"type": T, "value": "..."}`); with `lines`, each value's object also has the
    /// line it starts on.
    public static func taggedJSON(_ text: String, lines: Bool = false) -> Result<String, Failure> {
        var bytes = Array(text.utf8)
        return bytes.withUnsafeMutableBufferPointer { buffer in
            var result = buffer.baseAddress.map { base in
                base.withMemoryRebound(to: CChar.self, capacity: buffer.count) { ctoml_parse($0, buffer.count, lines ? 1 : 0) }
            } ?? ctoml_parse("", 0, lines ? 1 : 0)
            defer { ctoml_result_free(&result) }
            if let json = result.json { return .success(String(cString: json)) }
            let message = result.error.map { String(cString: $0) } ?? "not TOML"
            return .failure(Failure(message: message, line: Int(result.line), column: Int(result.column)))
        }
    }
}
