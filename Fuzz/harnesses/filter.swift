// libFuzzer harness: the filter language parser (and the caret rendering of its errors).
public func fuzzFilter(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    do {
        _ = try FilterParser.parse(text)
    } catch {
        require(error.column >= 1 && error.column <= text.count + 1, "error column \(error.column) outside the input")
        _ = error.caretLines
    }
    return 0
}
