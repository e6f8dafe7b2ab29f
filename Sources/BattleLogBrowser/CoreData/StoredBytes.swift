import BattleLogKit
import BattleLogPresentation
import CoreDataKit
import KeyedArchiving

/// The bytes overlay's lines for one stored value: its storage class and size, then a hex dump
/// (offset, sixteen bytes, and the printable ASCII beside them, the rest as dots), the first
/// 4 KiB of it; a keyed archive's object table after it (as `inspect` shows a record's weapon).
enum StoredBytes {
    static let limit = 4096

    static func lines(name: String, value: StoredColumnValue, labels: Labels) -> [String] {
        let title = SafeText.escape(name)
        switch value {
        case .null: return [title + "  NULL"]
        case .integer(let i): return [title + "  INTEGER  " + String(i)]
        case .real(let d): return [title + "  REAL  " + String(d)]
        case .text(let t):
            let bytes = Array(t.utf8)
            return [title + "  TEXT, " + labels.fill(bytes.count == 1 ? "cd.byte" : "cd.bytes", GroupedNumber.text(bytes.count))] + dump(bytes, labels: labels)
        case .blob(let b):
            let table = BinaryPropertyListReader.isBinaryPropertyList(b) ? (try? ArchiveObjectTable(bytes: b)) : nil
            return [title + "  BLOB, " + labels.fill(b.count == 1 ? "cd.byte" : "cd.bytes", GroupedNumber.text(b.count))] + dump(b, labels: labels)
                + (table.map { [""] + ArchiveTableText.lines($0, labels: labels) } ?? [])
        }
    }

    static func dump(_ bytes: [UInt8], labels: Labels) -> [String] {
        var out: [String] = []
        var offset = 0
        while offset < min(bytes.count, limit) {
            let chunk = bytes[offset..<min(bytes.count, offset + 16)]
            var hex = chunk.map { String($0, radix: 16).leftPadded(to: 2) }.joined(separator: " ")
            hex += String(repeating: " ", count: (16 - chunk.count) * 3)
            let text = String(chunk.map { $0 >= 0x20 && $0 < 0x7F ? Character(Unicode.Scalar($0)) : "." })
            out.append("  " + String(offset, radix: 16).leftPadded(to: 4) + "  " + hex + " " + text)
            offset += 16
        }
        if bytes.count > limit { out.append("  " + labels.fill("cd.moreBytes", GroupedNumber.text(bytes.count - limit))) }
        return out
    }
}
