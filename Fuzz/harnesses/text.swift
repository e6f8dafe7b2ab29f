// libFuzzer harness: the text shaping every string from the database goes through before it
// reaches a terminal (escape, truncate, wrap). Whatever the bytes: no control character
// gets out, no line is wider than asked, no more lines than asked.
public func fuzzText(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size >= 2 else { return 0 }
    let width = Int(data[0] % 40)          // 0...39 columns, zero included
    let maxLines = Int(data[1] % 5) + 1    // 1...5 lines
    let text = String(decoding: UnsafeBufferPointer(start: data + 2, count: size - 2), as: UTF8.self)

    func check(_ line: String, _ what: String) {
        require(isShowable(line), "\(what) let a control character out")
        require(DisplayWidth.of(line) <= max(width, 0), "\(what) is \(DisplayWidth.of(line)) columns, over \(width)")
    }
    check(DisplayWidth.truncate(text, to: width), "truncate")
    for atSpaces in [true, false] {
        let lines = DisplayWidth.wrap(text, to: width, maxLines: maxLines, atSpaces: atSpaces)
        require(lines.count <= maxLines, "wrap gave \(lines.count) lines, over \(maxLines)")
        for line in lines { check(line, "wrap") }
    }
    require(isShowable(SafeText.escape(text)), "escape let a control character out")
    return 0
}
