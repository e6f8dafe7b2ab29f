// libFuzzer harness: a prompt's line editor fed random Unicode scalars and editing keys, one
// per keystroke as a terminal delivers them (marks, modifiers and joiners that join the
// character before them included), each state drawn at a random width. The cursor always
// stays between two characters, inside the text, and the drawn line always shows it within
// its room, with no control character let out.
public func fuzzPrompt(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    // Scalars that join the character before them, and some that start one.
    let joiners: [UInt32] = [0x0301, 0x0E31, 0x0E34, 0x0E48, 0x05B7, 0x05BC, 0x094D, 0x093F, 0x1F3FD, 0x200D, 0xFE0F,
                             0x20E3, 0x1161, 0x11AB, 0x1F1ED, 0x1F1F9, 0x1F9D9, 0x2642, 0x0E28, 0x05E9, 0x0928, 0x1112, 0x0065]
    let keys: [Key] = [.left, .right, .home, .end, .backspace, .delete, .control("w"), .control("u"), .control("k"), .control("a")]
    var line = InputLine()
    var i = 0
    while i < size {
        let b = data[i]; i += 1
        if b < 40 {
            _ = line.edit(keys[Int(b) % keys.count])
        } else if b < 160 {
            _ = line.edit(.character(Character(Unicode.Scalar(joiners[Int(b) % joiners.count])!)))
        } else if i + 1 < size {
            // Any scalar at all, from the next two bytes and this one's low bits.
            let v = (UInt32(b & 0x1F) << 16 | UInt32(data[i]) << 8 | UInt32(data[i + 1])) % 0x110000
            i += 2
            if let s = Unicode.Scalar(v) { _ = line.edit(.character(Character(s))) }
        }
        require(line.cursor >= 0 && line.cursor <= line.text.count, "cursor \(line.cursor) outside \(line.text.count) characters")
        let room = Int(b % 50) + 1
        let view = InputView(line, room: room)
        require(view.text.contains("▏"), "the cursor mark joined a character")
        require(DisplayWidth.of(view.text) <= room, "the line is \(DisplayWidth.of(view.text)) columns, over \(room)")
        require(isShowable(view.text), "a control character got out")
    }
    return 0
}
