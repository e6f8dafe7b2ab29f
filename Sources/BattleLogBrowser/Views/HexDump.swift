import BattleLogFoundation
import BattleLogPresentation

/// Bytes as the bytes overlay shows them: offset, sixteen bytes in hex and the printable ASCII
/// beside them (the rest as dots), the first 4 KiB, then how many more there are.
enum HexDump {
    static let limit = 4096

    static func lines(_ bytes: [UInt8], labels: Labels) -> [String] {
        var out: [String] = []
        for offset in stride(from: 0, to: min(bytes.count, limit), by: 16) {
            let chunk = bytes[offset..<min(bytes.count, offset + 16)]
            let hex = chunk.map { String($0, radix: 16).leftPadded(to: 2) }.joined(separator: " ")
                + String(repeating: " ", count: (16 - chunk.count) * 3)
            let text = String(chunk.map { $0 >= 0x20 && $0 < 0x7F ? Character(Unicode.Scalar($0)) : "." })
            out.append("  " + String(offset, radix: 16).leftPadded(to: 4) + "  " + hex + " " + text)
        }
        if bytes.count > limit { out.append("  " + labels.fill("cd.moreBytes", GroupedNumber.text(bytes.count - limit))) }
        return out
    }
}
